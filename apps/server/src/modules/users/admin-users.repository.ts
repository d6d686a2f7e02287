import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { SESSION_IS_LIVE } from '../../http/session-lookup.js';

/* Staff reads and the login switch of the users area (admin console). */

export interface UserSearch {
  q: string | undefined;
  demo: number | undefined;
  limit: number;
  offset: number;
}

const USER_COLUMNS = ['u.id', 'u.uid', 'u.email', 'u.invite_code', 'u.is_demo', 'u.is_trader', 'u.is_sample', 'u.status', 'u.created_at'] as const;

/**
 * Users whose e-mail contains `q` (case-insensitive), or whose uid or invite code is exactly `q`;
 * newest first. The e-mail match is a substring scan: fine for a staff search over the users
 * table; the uid and invite code are unique keys.
 */
export async function searchUsers(db: Executor, s: UserSearch) {
  let query = db.selectFrom('users as u');
  if (s.q !== undefined) {
    const pattern = `%${s.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const q = s.q;
    query = query.where((eb) => eb.or([eb('u.email', 'ilike', pattern), eb('u.uid', '=', q), eb('u.invite_code', '=', q)]));
  }
  if (s.demo !== undefined) query = query.where('u.is_demo', '=', s.demo === 1);
  const [rows, count] = await Promise.all([
    query.select([...USER_COLUMNS]).orderBy('u.id', 'desc').limit(s.limit).offset(s.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * A user with the inviter and how many of each thing the user's page has tabs for. The counts
 * read other modules' tables directly: a read model for staff, one round trip, no writes.
 */
export async function findUserForStaff(db: Executor, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('users as inv', 'inv.id', 'u.inviter_id')
    .select([...USER_COLUMNS, 'inv.id as inviter_id', 'inv.uid as inviter_uid', 'inv.email as inviter_email'])
    .select([
      sql<string>`(SELECT count(*) FROM forex_orders f WHERE f.user_id = u.id)`.as('forex_orders'),
      sql<string>`(SELECT count(*) FROM micro_orders m WHERE m.user_id = u.id)`.as('options'),
      sql<string>`(SELECT count(*) FROM charges c WHERE c.user_id = u.id)`.as('deposits'),
      sql<string>`(SELECT count(*) FROM withdrawals w WHERE w.user_id = u.id)`.as('withdrawals'),
      sql<string>`(SELECT count(*) FROM sessions s WHERE s.user_id = u.id AND ${SESSION_IS_LIVE})`.as('live_sessions'),
      sql<string>`(SELECT count(*) FROM users i WHERE i.inviter_id = u.id)`.as('invitees'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export async function listSessionsForStaff(db: Executor, userId: number, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('sessions')
      // Never the token hash: staff see when a device logged in and was last used, not its key.
      .select(['id', 'created_at', 'last_used_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db.selectFrom('sessions').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Locks the user row and answers it as it was before a change (null when there is none). */
export async function lockUserStatus(db: Executor, userId: number) {
  return db.selectFrom('users').select(['id', 'status']).where('id', '=', userId).forUpdate().executeTakeFirst();
}

export async function setUserStatus(db: Executor, userId: number, status: number): Promise<void> {
  await db.updateTable('users').set({ status }).where('id', '=', userId).execute();
}

/** Revokes every live token of the user; answers how many there were. */
export async function revokeAllSessionsCounted(db: Executor, userId: number): Promise<number> {
  const res = await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** User numbers of the dashboard: all, opened since `dayStart` (UTC midnight), demo and real. */
export async function userCounts(db: Executor, dayStart: Date) {
  const row = await db
    .selectFrom('users')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE created_at >= ${dayStart})`.as('new_today'),
      sql<string>`count(*) FILTER (WHERE is_demo)`.as('demo'),
    ])
    // The sample traders are the platform's own accounts, not users.
    .where('is_sample', '=', false)
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const demo = Number(row.demo);
  return { total, new_today: Number(row.new_today), demo, real: total - demo };
}
