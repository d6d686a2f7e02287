import {
  EMAIL_BY_DEFAULT,
  NOTIFICATION_KINDS,
  isNotificationKind,
  type Lang,
  type NotificationItem,
  type NotificationKind,
  type NotificationPage,
  type NotificationSetting,
} from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { pageWindow, paged } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';
import * as repo from './notifications.repository.js';
import { renderNotification } from './render.js';

/** The switches of a kind the user never changed (issue 43, item 4). */
export function defaultSetting(kind: NotificationKind): { in_app: boolean; push: boolean; email: boolean } {
  return { in_app: true, push: false, email: EMAIL_BY_DEFAULT.includes(kind) };
}

/** The user's switches for one kind: the stored row or the defaults. */
export async function settingFor(db: Executor, userId: number, kind: NotificationKind): Promise<{ in_app: boolean; push: boolean; email: boolean }> {
  return (await repo.settingOf(db, userId, kind)) ?? defaultSetting(kind);
}

const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

export async function settings(db: Executor, userId: number): Promise<NotificationSetting[]> {
  const stored = new Map((await repo.settingsOf(db, userId)).map((r) => [r.kind, r]));
  return NOTIFICATION_KINDS.map((kind) => {
    const s = stored.get(kind) ?? defaultSetting(kind);
    return { kind, in_app: flag(s.in_app), push: flag(s.push), email: flag(s.email) };
  });
}

export async function saveSetting(trx: Executor, userId: number, input: { kind: NotificationKind; in_app: number; push: number; email: number }): Promise<NotificationSetting[]> {
  await repo.saveSetting(trx, userId, { kind: input.kind, in_app: input.in_app === 1, push: input.push === 1, email: input.email === 1 });
  return settings(trx, userId);
}

export async function list(db: Executor, userId: number, lang: Lang, page: number): Promise<NotificationPage> {
  const { limit, offset } = pageWindow(page);
  const [rows, { total, unread }] = await Promise.all([repo.listPage(db, userId, limit, offset), repo.counts(db, userId)]);
  const data: NotificationItem[] = rows.filter((r) => isNotificationKind(r.kind)).map((r) => ({
    id: r.id,
    kind: r.kind as NotificationKind,
    ...renderNotification(lang, r.kind as NotificationKind, r.params),
    link: r.link,
    created_at: wireDateTime(r.created_at),
    read: r.read_at === null ? 0 : 1,
  }));
  return { ...paged(data, total, page), unread };
}

/** Marks one (`id`) or all read; another user's id, or none, is refused as not found. */
export async function markRead(trx: Executor, userId: number, input: { id?: number; all?: number }): Promise<{ unread: number }> {
  if (input.id !== undefined) {
    if (!(await repo.markOneRead(trx, userId, input.id))) refuse('not_found');
  } else {
    await repo.markAllRead(trx, userId);
  }
  return { unread: await repo.unreadCount(trx, userId) };
}
