import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AdminRole } from '@tp/contracts';
import type { Db } from '../db/database.js';
import { hashToken } from '../lib/tokens.js';
import { tokenFromHeader } from './auth.js';
import { refuse } from './refusal.js';
import { SESSION_EXTENDED, SESSION_IS_LIVE } from './session-lookup.js';

export interface AuthAdmin {
  id: number;
  sessionId: number;
  email: string;
  /** Read on every request, so a role change applies to the next call. */
  role: AdminRole;
}

/**
 * Resolves an admin token. Admin sessions live in their own table: a user token is never found
 * here, and an admin token is never found in `sessions` (requireUser), so neither opens the other.
 * A disabled staff member's token is not found either: disabling revokes their sessions, and this
 * check makes it hold from the very next request even for a session revoked a moment later.
 */
export async function adminForToken(db: Db, token: string | undefined): Promise<AuthAdmin | undefined> {
  if (!token) return undefined;
  const row = await db
    .selectFrom('admin_sessions as s')
    .innerJoin('admins as a', 'a.id', 's.admin_id')
    .select(['s.id as session_id', 'a.id as admin_id', 'a.email', 'a.role'])
    .where('s.token_hash', '=', hashToken(token))
    .where(SESSION_IS_LIVE)
    .where('a.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  // Marked used only while live, as a user's session (touchSession): an ended one is never revived.
  await db
    .updateTable('admin_sessions as s')
    .set({ last_used_at: sql`now()`, expires_at: SESSION_EXTENDED })
    .where('s.id', '=', row.session_id)
    .where(SESSION_IS_LIVE)
    .where((eb) => eb.or([eb('s.last_used_at', 'is', null), eb('s.last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
    .execute();
  return { id: row.admin_id, sessionId: row.session_id, email: row.email, role: row.role };
}

/** preHandler of /admin/api: answers 999 unless a live admin token is sent. Sets `req.admin`. */
export async function requireAdmin(this: { db: Db }, req: FastifyRequest): Promise<void> {
  const admin = await adminForToken(this.db, tokenFromHeader(req.headers.authorization));
  if (!admin) refuse('not_logged_in');
  req.admin = admin;
}

export function currentAdmin(req: FastifyRequest): AuthAdmin {
  if (!req.admin) refuse('not_logged_in');
  return req.admin;
}

/**
 * Of these staff sessions, those still live for a staff member enabled and holding one of the
 * roles: the websocket gateway's periodic re-check of its staff sockets.
 */
export async function liveStaffSessionIds(db: Db, sessionIds: readonly number[], roles: readonly AdminRole[]): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('admin_sessions as s')
    .innerJoin('admins as a', 'a.id', 's.admin_id')
    .select('s.id')
    .where('s.id', 'in', [...sessionIds])
    .where(SESSION_IS_LIVE)
    .where('a.disabled_at', 'is', null)
    .where('a.role', 'in', [...roles])
    .execute();
  return new Set(rows.map((r) => r.id));
}
