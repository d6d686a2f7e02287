import type { AdminRole } from '@tp/contracts';
import type { Db } from '../db/database.js';
import { hashPassword } from '../lib/passwords.js';
import { hashToken, newToken } from '../lib/tokens.js';

export const STAFF_TEST_PASSWORD = 'staff-password-1';

let counter = 0;

/** A staff member of the role, made directly in the database (the invitation flow has its own tests). */
export async function createStaff(db: Db, role: AdminRole, password = STAFF_TEST_PASSWORD): Promise<{ id: number; email: string; password: string }> {
  counter += 1;
  const email = `${role}${counter}.${Date.now().toString(36)}@staff.example.com`;
  const row = await db.insertInto('admins').values({ email, password_hash: await hashPassword(password), role }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, email, password };
}

/**
 * A live session token of the staff member, made directly (no argon2 login per call): the role
 * matrix needs a fresh token for every call an allowed role makes, since logout ends its own.
 */
export async function staffSession(db: Db, adminId: number): Promise<string> {
  const token = newToken();
  await db.insertInto('admin_sessions').values({ admin_id: adminId, token_hash: hashToken(token) }).execute();
  return token;
}
