import type { AdminRole, Paged, StaffInvitation, StaffMe, StaffMember, StaffName, StaffPendingInvitation } from '@tp/contracts';
import type { Db, Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { wireDateTime } from '../../lib/time.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { writeAudit } from '../audit/index.js';
import { markTrySucceeded, reserveLoginTry, type LockoutRule } from '../users/index.js';
import * as repo from './admin-staff.repository.js';

/** An invitation link works for this long (the staff brief: 72 hours). */
export const INVITATION_VALID_HOURS = 72;

function toMember(row: repo.StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.disabled_at ? 'disabled' : 'active',
    totp_enabled: row.totp_enabled,
    last_login_at: row.last_login_at ? wireDateTime(new Date(row.last_login_at)) : null,
    created_at: wireDateTime(row.created_at),
  };
}

async function memberOrRefuse(db: Executor, id: number): Promise<StaffMember> {
  const row = await repo.findStaffMember(db, id);
  if (!row) refuse('not_found');
  return toMember(row);
}

export async function staffMe(db: Executor, adminId: number): Promise<StaffMe> {
  const { id, email, role, totp_enabled } = await memberOrRefuse(db, adminId);
  return { id, email, role, totp_enabled };
}

/** Every staff account's id and e-mail: any staff member may read who decided an item. */
export async function staffNames(db: Executor): Promise<StaffName[]> {
  return repo.listStaffNames(db);
}

export async function listStaff(db: Executor, page: number): Promise<Paged<StaffMember>> {
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([repo.listStaff(db, limit, offset), repo.countStaff(db)]);
  return paged(rows.map(toMember), total, page);
}

/**
 * Changes the own password after checking the current one. A wrong current password counts as a
 * failed staff login (the same lockout), so a stolen session cannot guess it either. The other
 * sessions of the account end: whoever else held one is out.
 */
export async function changeOwnPassword(
  db: Db,
  me: { id: number; sessionId: number },
  input: { current_password: string; new_password: string },
  ctx: { ip: string; lockout: LockoutRule },
): Promise<void> {
  const row = await repo.findAdminPassword(db, me.id);
  if (!row) refuse('not_logged_in');
  const attempt = await reserveLoginTry(db, 'staff', row.email, ctx.ip, ctx.lockout);
  if (!attempt) refuse('too_many_requests');
  if (!(await verifyPassword(row.password_hash, input.current_password))) {
    await writeAudit(db, { adminId: me.id, action: 'admin.password_failed', target: `admin:${me.id}`, detail: { ip: ctx.ip, email: row.email } });
    refuse('invalid_credentials');
  }
  await markTrySucceeded(db, attempt);
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction().execute(async (trx) => {
    await repo.setPasswordHash(trx, me.id, passwordHash);
    const ended = await repo.revokeStaffSessions(trx, me.id, me.sessionId);
    await writeAudit(trx, { adminId: me.id, action: 'admin.password_changed', target: `admin:${me.id}`, detail: { ip: ctx.ip, sessions_ended: ended } });
  });
}

/**
 * An invitation: a random token whose hash alone is stored, so the link exists only in this
 * answer. An e-mail that is already staff is refused; inviting the same e-mail again is allowed
 * (a lost link) and whichever link is used first creates the account.
 */
export async function inviteStaff(trx: Executor, adminId: number, input: { email: string; role: AdminRole }, origin: string): Promise<StaffInvitation> {
  if (await repo.emailIsStaff(trx, input.email)) refuse('staff_exists');
  const token = newToken();
  const row = await repo.insertInvitation(trx, { tokenHash: hashToken(token), email: input.email, role: input.role, createdBy: adminId, validHours: INVITATION_VALID_HOURS });
  const expiresAt = wireDateTime(row.expires_at);
  await writeAudit(trx, {
    adminId,
    action: 'staff.invite',
    target: `invitation:${row.id}`,
    detail: { email: input.email },
    before: null,
    after: { email: input.email, role: input.role, expires_at: expiresAt },
  });
  return { email: input.email, role: input.role, link: `${origin}/admin/#/accept?token=${token}`, expires_at: expiresAt };
}

export async function listPendingInvitations(db: Executor, page: number): Promise<Paged<StaffPendingInvitation>> {
  const { limit, offset } = pageWindow(page);
  const { rows, total } = await repo.listPendingInvitations(db, limit, offset);
  return paged(
    rows.map((r) => ({ ...r, created_at: wireDateTime(r.created_at), expires_at: wireDateTime(r.expires_at) })),
    total,
    page,
  );
}

/** Revokes a waiting invitation (a link sent to the wrong address): its link stops working at once. */
export async function revokeInvitation(trx: Executor, adminId: number, invitationId: number): Promise<void> {
  const before = await repo.expireInvitation(trx, invitationId);
  if (!before) refuse('staff_invite_invalid');
  await writeAudit(trx, {
    adminId,
    action: 'staff.invitation_revoke',
    target: `invitation:${invitationId}`,
    detail: { email: before.email },
    before: { email: before.email, role: before.role, expires_at: wireDateTime(before.expires_at) },
    after: { email: before.email, role: before.role, status: 'revoked' },
  });
}

/**
 * Uses an invitation once: the account is created with the invited role and the token is spent,
 * in one transaction with the invitation row locked, so two uses of one link cannot both pass.
 */
export async function acceptInvitation(db: Db, input: { token: string; password: string }): Promise<{ email: string; role: AdminRole }> {
  // Hashed before the transaction: argon2 is slow and must not hold the row lock.
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const invitation = await repo.lockUsableInvitation(trx, hashToken(input.token));
    if (!invitation) refuse('staff_invite_invalid');
    const created = await repo.insertStaffMember(trx, { email: invitation.email, passwordHash, role: invitation.role, invitedBy: invitation.created_by });
    if (!created) refuse('staff_exists');
    await repo.markInvitationUsed(trx, invitation.id);
    await writeAudit(trx, {
      adminId: created.id,
      action: 'staff.join',
      target: `admin:${created.id}`,
      detail: { invitation_id: invitation.id, invited_by: invitation.created_by },
      before: null,
      after: { email: invitation.email, role: invitation.role, status: 'active' },
    });
    return { email: invitation.email, role: invitation.role };
  });
}

/**
 * Locks what a staff change needs and checks who may make it: never on oneself (an admin cannot
 * lock themselves out or raise themselves), and only while the actor is still an active admin
 * (the route checked the role at the start of the request; another admin may have changed it since).
 */
async function lockForStaffChange(trx: Executor, actorId: number, targetId: number) {
  if (targetId === actorId) refuse('staff_self_change');
  const activeAdmins = await repo.lockActiveAdmins(trx);
  if (!activeAdmins.includes(actorId)) refuse('staff_role_forbidden');
  const target = await repo.lockStaffMember(trx, targetId);
  if (!target) refuse('not_found');
  return { activeAdmins, target };
}

/**
 * Changes a staff member's role and/or disables or enables them. Refused if it would leave no
 * active admin. Disabling ends every session of theirs at once. Audited with before and after.
 */
export async function updateStaff(trx: Executor, actorId: number, targetId: number, input: { role?: AdminRole | undefined; disabled?: boolean | undefined }): Promise<StaffMember> {
  const { activeAdmins, target } = await lockForStaffChange(trx, actorId, targetId);
  const before = { role: target.role, disabled: target.disabled_at !== null };
  const after = { role: input.role ?? before.role, disabled: input.disabled ?? before.disabled };
  const staysActiveAdmin = after.role === 'admin' && !after.disabled;
  if (activeAdmins.includes(targetId) && !staysActiveAdmin && activeAdmins.length <= 1) refuse('staff_last_admin');
  if (after.role !== before.role || after.disabled !== before.disabled) {
    await repo.setRoleAndDisabled(trx, targetId, after.role, after.disabled);
    const ended = after.disabled && !before.disabled ? await repo.revokeStaffSessions(trx, targetId) : 0;
    await writeAudit(trx, { adminId: actorId, action: 'staff.update', target: `admin:${targetId}`, detail: { email: target.email, sessions_ended: ended }, before, after });
  }
  return memberOrRefuse(trx, targetId);
}

/** Turns another staff member's second factor off (a lost phone): they set it up again after signing in. */
export async function resetStaffTotp(trx: Executor, actorId: number, targetId: number): Promise<{ enabled: false }> {
  const { target } = await lockForStaffChange(trx, actorId, targetId);
  await repo.clearTotp(trx, targetId);
  await writeAudit(trx, {
    adminId: actorId,
    action: 'staff.reset_totp',
    target: `admin:${targetId}`,
    detail: { email: target.email },
    before: { totp_enabled: target.totp_enabled },
    after: { totp_enabled: false },
  });
  return { enabled: false };
}
