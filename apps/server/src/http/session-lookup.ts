import { sql } from 'kysely';
import { preparedQuery, type Db, type Executor } from '../db/database.js';
import { ReadBatch, readBatchOf } from '../db/read-batch.js';

/*
 * The read side of user sessions, below the modules: every authenticated request (HTTP and
 * websocket login) resolves its token here, so the transport layer needs no module. The users
 * module owns the writes (login, logout, revocation) in its sessions repository.
 */

const SESSION_LIVE = 's.revoked_at IS NULL AND s.expires_at > now()';
const USER_ACTIVE = 'u.status = 1';

/**
 * The rule of a live session over its own row - not revoked, not expired - as the condition of a
 * query that names the session table `s`: a user's (sessions) or a staff member's (admin_sessions).
 */
export const SESSION_IS_LIVE = sql<boolean>`${sql.raw(SESSION_LIVE)}`;

/**
 * The one rule of a live session, as SQL joins for the statements that check a token: the session
 * of the token hash in `tokenHash` (an SQL expression), not revoked, and its user active. It names
 * them `s` and `u`; `LIVE_SESSION_COLUMNS` is what the check answers.
 */
export function liveSessionJoin(tokenHash: string): string {
  return `JOIN sessions s ON s.token_hash = ${tokenHash} AND ${SESSION_LIVE}
   JOIN users u ON u.id = s.user_id AND ${USER_ACTIVE}`;
}
export const LIVE_SESSION_COLUMNS = 's.id AS session_id, u.id AS user_id, u.is_demo';

/**
 * The same rule for a session already found by its token (an SQL expression for its id): true
 * while it is live, else false. A write that acts on a session it looked up earlier checks it in
 * its own statement with this (the forex submit's kept context), so a revocation counts at once
 * there too. A scalar subquery, looked up by primary key for each row that asks: PostgreSQL may
 * turn an EXISTS into one hashed scan of every live session instead.
 */
export function liveSessionHolds(sessionId: string): string {
  return `coalesce((SELECT true FROM sessions s JOIN users u ON u.id = s.user_id AND ${USER_ACTIVE} WHERE s.id = ${sessionId} AND ${SESSION_LIVE}), false)`;
}

const sessionUserStatement = preparedQuery<{ n: string; session_id: number; user_id: number; is_demo: boolean }>(
  'session_user',
  `SELECT q.n, ${LIVE_SESSION_COLUMNS}
   FROM unnest($1::text[]) WITH ORDINALITY AS q(token_hash, n)
   ${liveSessionJoin('q.token_hash')}`,
);

const sessionReads = new WeakMap<Db, ReadBatch<{ n: string; session_id: number; user_id: number; is_demo: boolean }>>();

/**
 * The live session of a token and its active user: every authenticated request asks, so it is
 * one indexed lookup (sessions.token_hash is unique) run as a prepared statement, and the lookups
 * of concurrent requests share one statement (db/read-batch.ts). Revocation and a disabled user
 * count at once: nothing is cached.
 */
export async function findSessionUser(db: Db, tokenHash: string) {
  return sessionReadBatch(db).read([tokenHash]);
}

/** The token checks' read group of a database. */
export function sessionReadBatch(db: Db) {
  return readBatchOf(sessionReads, db, sessionUserStatement);
}

/**
 * How long a session lives (config: SESSION_IDLE_MS and SESSION_MAX_MS for users, the STAFF_
 * ones for staff). Kept on the session when it starts (idle_for, hard_expires_at), so the token
 * check itself needs no configuration: it compares expires_at with now().
 */
export interface SessionLifetime {
  idleMs: number;
  maxMs: number;
}

/** The lifetime columns of a session starting now. */
export function sessionLifetimeColumns(lifetime: SessionLifetime) {
  return {
    idle_for: sql<string>`${lifetime.idleMs} * interval '1 millisecond'`,
    hard_expires_at: sql<Date>`now() + ${lifetime.maxMs} * interval '1 millisecond'`,
    expires_at: sql<Date>`now() + ${Math.min(lifetime.idleMs, lifetime.maxMs)} * interval '1 millisecond'`,
  };
}

/** A used session lives on for its idle time, never past its absolute lifetime. */
export const SESSION_EXTENDED = sql<Date>`least(hard_expires_at, now() + idle_for)`;

/**
 * Marks a session used, extending its idle expiry; at most once a minute, so reads do not turn into
 * a write each. Only while it is live: a session that ended since it was looked up (a submit from
 * the kept copy marks its session before its write checks it) stays ended, not revived by its use.
 */
export async function touchSession(db: Executor, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions as s')
    .set({ last_used_at: sql`now()`, expires_at: SESSION_EXTENDED })
    .where('s.id', '=', sessionId)
    .where(SESSION_IS_LIVE)
    .where((eb) => eb.or([eb('s.last_used_at', 'is', null), eb('s.last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
    .execute();
}

/**
 * Of these sessions, the ones still live with an active user: the websocket gateway's periodic
 * safety net (a revocation or a disabled user that reached no bus event still ends the login).
 */
export async function liveSessionIds(db: Executor, sessionIds: readonly number[]): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('s.id')
    .where('s.id', '=', sql<number>`any(${sql.val([...sessionIds])}::int[])`)
    .where(SESSION_IS_LIVE)
    .where('u.status', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.id));
}
