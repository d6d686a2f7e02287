import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth-store';
import { useWsTopic } from '../../../lib/ws';
import { NOTIFICATIONS_KEY, unreadQuery } from '../api/notifications';

/**
 * The unread count of the signed-in user, kept live: a NOTIFY push (a new notification) has the
 * count and any open list read again. The count stays the server's.
 */
export function useNotificationUnread(): number {
  const token = useAuth((s) => s.token);
  const queryClient = useQueryClient();
  const q = useQuery(unreadQuery(token));
  useWsTopic(token ? 'NOTIFY' : null, () => {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  });
  return token ? (q.data ?? 0) : 0;
}
