import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { sessionLifetimeColumns, type SessionLifetime } from '../../http/session-lookup.js';

/* Session writes; the per-request lookup lives in http/session-lookup.ts, below the modules. */

export async function insertSession(db: Executor, userId: number, tokenHash: string, lifetime: SessionLifetime): Promise<void> {
  await db.insertInto('sessions').values({ user_id: userId, token_hash: tokenHash, ...sessionLifetimeColumns(lifetime) }).execute();
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeAllSessions(db: Executor, userId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
