import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { sessionLifetimeColumns, type SessionLifetime } from '../../http/session-lookup.js';

export async function findAdminByEmail(db: Executor, email: string) {
  return db.selectFrom('admins').select(['id', 'email', 'password_hash', 'totp_secret', 'totp_enabled', 'role', 'disabled_at']).where('email', '=', email).executeTakeFirst();
}

export async function findAdminTotp(db: Executor, adminId: number) {
  return db.selectFrom('admins').select(['id', 'email', 'totp_secret', 'totp_enabled']).where('id', '=', adminId).executeTakeFirst();
}

export async function insertAdminSession(db: Executor, adminId: number, tokenHash: string, lifetime: SessionLifetime): Promise<void> {
  await db.insertInto('admin_sessions').values({ admin_id: adminId, token_hash: tokenHash, ...sessionLifetimeColumns(lifetime) }).execute();
}

export async function revokeAdminSession(db: Executor, sessionId: number): Promise<void> {
  await db.updateTable('admin_sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** A new (sealed) secret, not yet on; refused silently (false) once TOTP is on. */
export async function setPendingTotpSecret(db: Executor, adminId: number, sealedSecret: string): Promise<boolean> {
  const res = await db
    .updateTable('admins')
    .set({ totp_secret: sealedSecret, totp_last_step: null })
    .where('id', '=', adminId)
    .where('totp_enabled', '=', false)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function setTotpEnabled(db: Executor, adminId: number, enabled: boolean): Promise<boolean> {
  const res = await db
    .updateTable('admins')
    .set(enabled ? { totp_enabled: true } : { totp_enabled: false, totp_secret: null, totp_last_step: null })
    .where('id', '=', adminId)
    .where('totp_enabled', '=', !enabled)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/**
 * Takes a code's time step: true only if it is later than every step accepted before, in one
 * statement, so two requests with the same code cannot both pass (no replay inside its window).
 */
export async function advanceTotpStep(db: Executor, adminId: number, step: number): Promise<boolean> {
  const res = await db
    .updateTable('admins')
    .set({ totp_last_step: step })
    .where('id', '=', adminId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}
