import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

export async function insertSession(db: Executor, userId: number, tokenHash: string): Promise<void> {
  await db.insertInto('sessions').values({ user_id: userId, token_hash: tokenHash }).execute();
}

/** The live session of a token and its active user. */
export async function findSessionUser(db: Executor, tokenHash: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id as session_id', 'u.id as user_id', 'u.is_demo'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('u.status', '=', 1)
    .executeTakeFirst();
}

/** Marks a session used; at most once a minute, so reads do not turn into a write each. */
export async function touchSession(db: Executor, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: sql`now()` })
    .where('id', '=', sessionId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
    .execute();
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeAllSessions(db: Executor, userId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
