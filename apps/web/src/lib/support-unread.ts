import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { supportEndpoints } from '@tp/contracts';
import { call } from './api/client';
import { useAuth } from './auth-store';
import { useWsTopic } from './ws';

/**
 * Staff messages of the support chat the user has not read: the header's service icon shows it
 * (settings) and the chat clears it (support). Shared here because features do not import each
 * other. The count is the server's; a SUPPORT_CHAT push only says when to read it again.
 */
export const SUPPORT_UNREAD_KEY = ['support', 'unread'] as const;

export const supportUnreadQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...SUPPORT_UNREAD_KEY, token],
    queryFn: ({ signal }) => call(supportEndpoints.unread, undefined, { signal, silent: true }),
    enabled: !!token,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export function useSupportUnread(): number {
  const token = useAuth((s) => s.token);
  const queryClient = useQueryClient();
  const q = useQuery(supportUnreadQuery(token));
  useWsTopic(token ? 'SUPPORT_CHAT' : null, (m) => {
    if (m.event === 'message' || m.event === 'read') void queryClient.invalidateQueries({ queryKey: SUPPORT_UNREAD_KEY });
  });
  return token ? (q.data?.unread ?? 0) : 0;
}

/** The chat read everything: the badge clears at once. */
export function clearSupportUnread(queryClient: ReturnType<typeof useQueryClient>, token: string | null): void {
  queryClient.setQueryData(supportUnreadQuery(token).queryKey, { unread: 0 });
}
