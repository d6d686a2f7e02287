import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

export async function findAdminByEmail(db: Executor, email: string) {
  return db.selectFrom('admins').select(['id', 'email', 'password_hash']).where('email', '=', email).executeTakeFirst();
}

export async function insertAdminSession(db: Executor, adminId: number, tokenHash: string): Promise<void> {
  await db.insertInto('admin_sessions').values({ admin_id: adminId, token_hash: tokenHash }).execute();
}

export async function revokeAdminSession(db: Executor, sessionId: number): Promise<void> {
  await db.updateTable('admin_sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}
