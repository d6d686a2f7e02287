import { sql } from 'kysely';
import type { NotificationKind } from '@tp/contracts';
import type { Executor } from '../../db/database.js';

/** One query per function on the module's own tables (notifications, notification_settings, notification_readers). */

export interface StoredNotification {
  id: number;
  kind: string;
  params: Record<string, string | number>;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}

export async function listPage(db: Executor, userId: number, limit: number, offset: number): Promise<StoredNotification[]> {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'params', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .where('in_app', '=', true)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The caller's listed and unread counts in one read. */
export async function counts(db: Executor, userId: number): Promise<{ total: number; unread: number }> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => [eb.fn.countAll<string>().as('total'), sql<string>`count(*) FILTER (WHERE read_at IS NULL)`.as('unread')])
    .where('user_id', '=', userId)
    .where('in_app', '=', true)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('in_app', '=', true)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the user's listed notifications read; false when the user has none with that id. */
export async function markOneRead(db: Executor, userId: number, id: number): Promise<boolean> {
  const row = await db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, now())` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('in_app', '=', true)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function markAllRead(db: Executor, userId: number): Promise<void> {
  await db.updateTable('notifications').set({ read_at: sql<Date>`now()` }).where('user_id', '=', userId).where('in_app', '=', true).where('read_at', 'is', null).execute();
}

export interface SettingRow {
  kind: string;
  in_app: boolean;
  push: boolean;
  email: boolean;
}

export async function settingsOf(db: Executor, userId: number): Promise<SettingRow[]> {
  return db.selectFrom('notification_settings').select(['kind', 'in_app', 'push', 'email']).where('user_id', '=', userId).execute();
}

export async function settingOf(db: Executor, userId: number, kind: NotificationKind): Promise<SettingRow | undefined> {
  return db.selectFrom('notification_settings').select(['kind', 'in_app', 'push', 'email']).where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
}

export async function saveSetting(db: Executor, userId: number, s: SettingRow): Promise<void> {
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, kind: s.kind, in_app: s.in_app, push: s.push, email: s.email })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ in_app: s.in_app, push: s.push, email: s.email, updated_at: sql<Date>`now()` }))
    .execute();
}

/**
 * Stores a requested notification once per outbox event: a redelivered event inserts nothing and
 * answers undefined. `in_app` is the user's setting for the kind, read in the same statement.
 */
export async function storeOnce(
  db: Executor,
  n: { userId: number; kind: NotificationKind; params: Record<string, string | number>; link: string | null; eventId: string; inAppByDefault: boolean },
): Promise<{ id: number; created_at: Date; in_app: boolean } | undefined> {
  const { rows } = await sql<{ id: number; created_at: Date; in_app: boolean }>`
    INSERT INTO notifications (user_id, kind, params, link, in_app, event_id)
    SELECT ${n.userId}, ${n.kind}, ${JSON.stringify(n.params)}::jsonb, ${n.link},
      coalesce((SELECT in_app FROM notification_settings WHERE user_id = ${n.userId} AND kind = ${n.kind}), ${n.inAppByDefault}),
      ${n.eventId}::bigint
    WHERE EXISTS (SELECT 1 FROM users WHERE id = ${n.userId})
    ON CONFLICT (event_id) DO NOTHING
    RETURNING id, created_at, in_app
  `.execute(db);
  return rows[0];
}

/** The notification stored for an outbox event (a redelivery finishing what a failed try began). */
export async function byEvent(db: Executor, eventId: string): Promise<{ id: number; created_at: Date; in_app: boolean } | undefined> {
  return db.selectFrom('notifications').select(['id', 'created_at', 'in_app']).where('event_id', '=', eventId).executeTakeFirst();
}

export async function readerLang(db: Executor, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('notification_readers').select('lang').where('user_id', '=', userId).executeTakeFirst();
  return row?.lang;
}

/** Remembers the reader's language; writes only when it changed. */
export async function rememberLang(db: Executor, userId: number, lang: string): Promise<void> {
  await sql`
    INSERT INTO notification_readers (user_id, lang) VALUES (${userId}, ${lang})
    ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang WHERE notification_readers.lang <> excluded.lang
  `.execute(db);
}

/*
 * Names for the texts, read across other modules' tables on purpose: the modules that notify
 * import this one, so it cannot import them back (an import circle). Read off the producers' path,
 * once per stored notification.
 */

/** A symbol's name as users see it (show_code). */
export async function symbolName(db: Executor, symbolId: number): Promise<string | undefined> {
  const row = await db.selectFrom('trade_symbols').select('show_code').where('id', '=', symbolId).executeTakeFirst();
  return row?.show_code;
}

/** What a user's public nickname is made of (a trader in a follower's text), and their e-mail address. */
export async function userNameParts(db: Executor, userId: number): Promise<{ uid: string; email: string | null } | undefined> {
  return db.selectFrom('users').select(['uid', 'email']).where('id', '=', userId).executeTakeFirst();
}
