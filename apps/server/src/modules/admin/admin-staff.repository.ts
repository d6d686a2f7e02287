import { sql } from 'kysely';
import type { AdminRole } from '@tp/contracts';
import type { Executor } from '../../db/database.js';

/** Staff accounts and invitations (migration 0012). */

const MEMBER_COLUMNS = ['a.id', 'a.email', 'a.role', 'a.disabled_at', 'a.totp_enabled', 'a.created_at'] as const;

function memberQuery(db: Executor) {
  return db
    .selectFrom('admins as a')
    .select(MEMBER_COLUMNS)
    // A session is opened only by a successful login, so its newest one is the last login.
    .select((eb) => eb.selectFrom('admin_sessions as s').select((e) => e.fn.max('s.created_at').as('m')).whereRef('s.admin_id', '=', 'a.id').as('last_login_at'));
}
export type StaffRow = Awaited<ReturnType<ReturnType<typeof memberQuery>['executeTakeFirstOrThrow']>>;

export async function listStaff(db: Executor, limit: number, offset: number): Promise<StaffRow[]> {
  return memberQuery(db).orderBy('a.id').limit(limit).offset(offset).execute();
}

/** Every staff account's id and e-mail, disabled ones too (they decided items in the past). */
export async function listStaffNames(db: Executor): Promise<{ id: number; email: string }[]> {
  return db.selectFrom('admins').select(['id', 'email']).orderBy('id').execute();
}

export async function countStaff(db: Executor): Promise<number> {
  const row = await db.selectFrom('admins').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findStaffMember(db: Executor, id: number): Promise<StaffRow | undefined> {
  return memberQuery(db).where('a.id', '=', id).executeTakeFirst();
}

export async function findAdminPassword(db: Executor, adminId: number) {
  return db.selectFrom('admins').select(['id', 'email', 'password_hash']).where('id', '=', adminId).executeTakeFirst();
}

export async function emailIsStaff(db: Executor, email: string): Promise<boolean> {
  return (await db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;
}

/**
 * Locks the rows of the active admins (in id order, so two callers never wait on each other in a
 * circle) and answers their ids. A change that could remove an admin takes this first: two admins
 * demoting each other at once then run one after the other, and the second sees the first's change.
 */
export async function lockActiveAdmins(db: Executor): Promise<number[]> {
  const rows = await db.selectFrom('admins').select('id').where('role', '=', 'admin').where('disabled_at', 'is', null).orderBy('id').forUpdate().execute();
  return rows.map((r) => r.id);
}

export async function lockStaffMember(db: Executor, id: number) {
  return db.selectFrom('admins').select(['id', 'email', 'role', 'disabled_at', 'totp_enabled']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setRoleAndDisabled(db: Executor, id: number, role: AdminRole, disabled: boolean): Promise<void> {
  await db
    .updateTable('admins')
    .set({ role, disabled_at: disabled ? sql<Date>`coalesce(disabled_at, now())` : null })
    .where('id', '=', id)
    .execute();
}

export async function clearTotp(db: Executor, id: number): Promise<void> {
  await db.updateTable('admins').set({ totp_enabled: false, totp_secret: null, totp_last_step: null }).where('id', '=', id).execute();
}

export async function setPasswordHash(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/** Ends the staff member's sessions, all of them or all but `keepSessionId`; answers how many. */
export async function revokeStaffSessions(db: Executor, adminId: number, keepSessionId?: number): Promise<number> {
  let q = db.updateTable('admin_sessions').set({ revoked_at: sql`now()` }).where('admin_id', '=', adminId).where('revoked_at', 'is', null);
  if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function insertInvitation(db: Executor, row: { tokenHash: string; email: string; role: AdminRole; createdBy: number; validHours: number }) {
  return db
    .insertInto('staff_invitations')
    .values({
      token_hash: row.tokenHash,
      email: row.email,
      role: row.role,
      created_by: row.createdBy,
      expires_at: sql<Date>`now() + make_interval(hours => ${row.validHours})`,
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** The invitation of a token, locked, if it can still be used (not used, not expired). */
export async function lockUsableInvitation(db: Executor, tokenHash: string) {
  return db
    .selectFrom('staff_invitations')
    .select(['id', 'email', 'role', 'created_by'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .forUpdate()
    .executeTakeFirst();
}

/** The invitations still usable, newest first, with the inviting admin's e-mail. */
export async function listPendingInvitations(db: Executor, limit: number, offset: number) {
  const pending = db.selectFrom('staff_invitations as i').where('i.used_at', 'is', null).where('i.expires_at', '>', sql<Date>`now()`);
  const [rows, count] = await Promise.all([
    pending
      .innerJoin('admins as a', 'a.id', 'i.created_by')
      .select(['i.id', 'i.email', 'i.role', 'a.email as invited_by', 'i.created_at', 'i.expires_at'])
      .orderBy('i.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    pending.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Ends a usable invitation now by moving its expiry to this instant (an expired link is refused
 * like a used one); answers the row as it was, or undefined when it was no longer usable.
 */
export async function expireInvitation(db: Executor, id: number) {
  const before = await db
    .selectFrom('staff_invitations')
    .select(['id', 'email', 'role', 'expires_at'])
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable('staff_invitations').set({ expires_at: sql`now()` }).where('id', '=', id).execute();
  return before;
}

export async function markInvitationUsed(db: Executor, id: number): Promise<void> {
  await db.updateTable('staff_invitations').set({ used_at: sql`now()` }).where('id', '=', id).execute();
}

/** Creates the account; undefined if the e-mail became staff meanwhile (another invitation). */
export async function insertStaffMember(db: Executor, row: { email: string; passwordHash: string; role: AdminRole; invitedBy: number }) {
  return db
    .insertInto('admins')
    .values({ email: row.email, password_hash: row.passwordHash, role: row.role, invited_by: row.invitedBy })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(['id'])
    .executeTakeFirst();
}
