import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { notificationsEndpoints, type NotificationKind, type NotificationPage, type NotificationSetting } from '@tp/contracts';
import { call } from '../../../lib/api/client';

/** Query keys: everything of the signed-in user's notifications starts with NOTIFICATIONS_KEY (a NOTIFY push refreshes it all). */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const notificationKeys = {
  list: (token: string | null, lang: string) => [...NOTIFICATIONS_KEY, 'list', token, lang] as const,
  unread: (token: string | null) => [...NOTIFICATIONS_KEY, 'unread', token] as const,
  settings: (token: string | null) => [...NOTIFICATIONS_KEY, 'settings', token] as const,
};

/** GET /api/notification/list: titles and bodies come in the request's language. */
export function fetchNotifications(page: number, signal?: AbortSignal): Promise<NotificationPage> {
  return call(notificationsEndpoints.list, { page }, { signal });
}

export const notificationsQuery = (token: string | null, lang: string) =>
  infiniteQueryOptions<NotificationPage, Error, InfiniteData<NotificationPage, number>, readonly unknown[], number>({
    queryKey: notificationKeys.list(token, lang),
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: !!token,
  });

/** The bell's count: the list's `unread`, read with its first page (the count is the server's). */
export const unreadQuery = (token: string | null) =>
  queryOptions({
    queryKey: notificationKeys.unread(token),
    queryFn: async ({ signal }) => (await call(notificationsEndpoints.list, { page: 1 }, { signal, silent: true })).unread,
    enabled: !!token,
    staleTime: 30_000,
    refetchInterval: 120_000,
  });

export function markRead(input: { id: number } | { all: 1 }): Promise<{ unread: number }> {
  return call(notificationsEndpoints.read, input);
}

export const settingsQuery = (token: string | null) =>
  queryOptions({
    queryKey: notificationKeys.settings(token),
    queryFn: ({ signal }) => call(notificationsEndpoints.settings, undefined, { signal }),
    enabled: !!token,
  });

export function saveSetting(row: { kind: NotificationKind; in_app: 0 | 1; push: 0 | 1; email: 0 | 1 }): Promise<NotificationSetting[]> {
  return call(notificationsEndpoints.saveSettings, row);
}
