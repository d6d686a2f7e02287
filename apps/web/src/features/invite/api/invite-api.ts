import { queryOptions, useQuery } from '@tanstack/react-query';
import { inviteEndpoints } from '@tp/contracts';
import { call } from '../../../lib/api/client';
import { useAuth } from '../../../lib/auth-store';

/** The caller's own invite figures; keyed by token so another user never sees them. */
export const inviteStatsQuery = (token: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: ['invite', 'stats', token],
    queryFn: ({ signal }) => call(inviteEndpoints.stats, undefined, { signal }),
    enabled: !!token && enabled,
    staleTime: 10_000,
  });

export function useInviteStats(enabled: boolean) {
  const token = useAuth((s) => s.token);
  return useQuery(inviteStatsQuery(token, enabled));
}

/** The link a friend opens: the register page with the code, which it prefills (spec section 2). */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/#/register?invite_code=${encodeURIComponent(code)}`;
}
