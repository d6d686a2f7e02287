import type { AdminSession, ErrorKey } from '@tp/contracts';
import type { Db, Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { markTrySucceeded, reserveLoginTry, type LockoutRule } from '../users/index.js';
import type { SessionLifetime } from '../../http/session-lookup.js';
import * as repo from './admin.repository.js';
import { writeAudit } from '../audit/index.js';
import { consumeTotpCode, newTotpSecret } from './staff-totp.js';

export interface StaffContext {
  ip: string;
  /** The users' lockout rule (LOGIN_FAIL_LIMIT in the window), counted in the staff realm. */
  lockout: LockoutRule;
  /** How long a staff session lives (shorter than a user's). */
  sessionLifetime: SessionLifetime;
  /** The DATA_DIR key that seals TOTP secrets; read only when a secret is needed. */
  secretKey: () => Promise<Buffer>;
}

/**
 * Admin login: its own sessions table and tokens (never valid on user routes). Locked per account
 * like users after the failure limit; every failure and every locked refusal goes to the audit log
 * with its IP. With TOTP on, the code is required: a missing or wrong code is a failure too. A
 * disabled staff member is refused. The answer carries the role, so the console knows what to show. Runs
 * on the database, not in one transaction: failures must be recorded although the answer refuses.
 */
export async function adminLogin(db: Db, input: { email: string; password: string; totp?: string | undefined }, ctx: StaffContext): Promise<AdminSession> {
  const { email } = input;
  const { ip } = ctx;
  // Counted before the password and the code are compared (reserveLoginTry): parallel guesses count each.
  const attempt = await reserveLoginTry(db, 'staff', email, ip, ctx.lockout);
  if (!attempt) {
    await writeAudit(db, { adminId: null, action: 'admin.login_locked', target: null, detail: { ip, email } });
    refuse('too_many_requests');
  }
  const admin = await repo.findAdminByEmail(db, email);
  // Verify against a dummy hash for an unknown e-mail so the answer time does not tell.
  const ok = await verifyPassword(admin?.password_hash ?? (await dummyPasswordHash()), input.password);
  const fail = async (reason: string, key: ErrorKey): Promise<never> => {
    await writeAudit(db, { adminId: admin?.id ?? null, action: 'admin.login_failed', target: admin ? `admin:${admin.id}` : null, detail: { ip, email, reason } });
    refuse(key);
  };
  if (!admin || !ok) return fail(admin ? 'password' : 'unknown_account', 'invalid_credentials');
  // Said only after the right password, so the refusal tells nothing to someone guessing.
  if (admin.disabled_at) return fail('disabled', 'account_disabled');
  if (admin.totp_enabled && admin.totp_secret) {
    if (input.totp === undefined) return fail('totp_missing', 'totp_required');
    if (!(await consumeTotpCode(db, admin.id, admin.totp_secret, input.totp, await ctx.secretKey()))) return fail('totp_invalid', 'totp_invalid');
  }
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await markTrySucceeded(trx, attempt);
    await repo.insertAdminSession(trx, admin.id, hashToken(token), ctx.sessionLifetime);
    await writeAudit(trx, { adminId: admin.id, action: 'admin.login', target: `admin:${admin.id}`, detail: { ip } });
  });
  return { token, admin: { id: admin.id, email: admin.email, role: admin.role } };
}

export async function adminLogout(trx: Executor, adminId: number, sessionId: number): Promise<void> {
  await repo.revokeAdminSession(trx, sessionId);
  await writeAudit(trx, { adminId, action: 'admin.logout', target: `admin:${adminId}`, detail: {} });
}

async function currentTotp(db: Executor, adminId: number) {
  const row = await repo.findAdminTotp(db, adminId);
  if (!row) refuse('not_logged_in');
  return row;
}

/** A new secret to scan; TOTP is not on until totpEnable confirms a code of it. */
export async function totpSetup(db: Db, adminId: number, ctx: StaffContext): Promise<{ secret: string; otpauth_uri: string }> {
  const row = await currentTotp(db, adminId);
  if (row.totp_enabled) refuse('totp_already_enabled');
  const { secret, sealed, otpauthUri } = newTotpSecret(await ctx.secretKey(), row.email);
  if (!(await repo.setPendingTotpSecret(db, adminId, sealed))) refuse('totp_already_enabled');
  await writeAudit(db, { adminId, action: 'admin.totp_setup', target: `admin:${adminId}`, detail: { ip: ctx.ip } });
  return { secret, otpauth_uri: otpauthUri };
}

/**
 * Turning TOTP on or off needs a valid code. A wrong code counts as a failed staff login (the
 * same lockout), so a stolen session cannot try the million codes either.
 */
export async function totpSwitch(db: Db, adminId: number, enable: boolean, code: string, ctx: StaffContext): Promise<{ enabled: boolean }> {
  const row = await currentTotp(db, adminId);
  if (enable && row.totp_enabled) refuse('totp_already_enabled');
  if (!enable && !row.totp_enabled) refuse('totp_not_enabled');
  if (!row.totp_secret) refuse('totp_not_set_up');
  const { ip } = ctx;
  const attempt = await reserveLoginTry(db, 'staff', row.email, ip, ctx.lockout);
  if (!attempt) {
    await writeAudit(db, { adminId, action: 'admin.login_locked', target: `admin:${adminId}`, detail: { ip, email: row.email } });
    refuse('too_many_requests');
  }
  if (!(await consumeTotpCode(db, adminId, row.totp_secret, code, await ctx.secretKey()))) {
    await writeAudit(db, { adminId, action: 'admin.totp_failed', target: `admin:${adminId}`, detail: { ip, email: row.email } });
    refuse('totp_invalid');
  }
  await markTrySucceeded(db, attempt);
  await db.transaction().execute(async (trx) => {
    if (!(await repo.setTotpEnabled(trx, adminId, enable))) refuse(enable ? 'totp_already_enabled' : 'totp_not_enabled');
    await writeAudit(trx, { adminId, action: enable ? 'admin.totp_enabled' : 'admin.totp_disabled', target: `admin:${adminId}`, detail: { ip } });
  });
  return { enabled: enable };
}
