import type { AdminUserDetail, AdminUserRow } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { wireDateTime } from '../../lib/time.js';
import { writeAudit } from '../audit/index.js';
import { listUserAccounts } from '../ledger/index.js';
import * as repo from './admin-users.repository.js';

/** The users area of the admin console: what staff read about a user, and the login switch. */

type UserColumns = { id: number; uid: string; email: string | null; invite_code: string; is_demo: boolean; is_trader: boolean; is_sample: boolean; status: number; created_at: Date };

export function toAdminUserRow(u: UserColumns): AdminUserRow {
  return {
    id: u.id,
    uid: u.uid,
    email: u.email,
    invite_code: u.invite_code,
    is_demo: u.is_demo,
    is_trader: u.is_trader,
    is_sample: u.is_sample,
    status: u.status,
    created_at: wireDateTime(u.created_at),
  };
}

export async function userDetailForStaff(db: Executor, userId: number): Promise<AdminUserDetail> {
  const u = await repo.findUserForStaff(db, userId);
  if (!u) refuse('user_not_found');
  const accounts = await listUserAccounts(db, userId);
  return {
    ...toAdminUserRow(u),
    inviter: u.inviter_id === null ? null : { id: u.inviter_id, uid: u.inviter_uid ?? '', email: u.inviter_email ?? null },
    accounts: accounts.map((a) => ({ account_type_id: a.account_type, currency: a.currency, available: a.balance, locked: a.lock_balance })),
    counts: {
      forex_orders: Number(u.forex_orders),
      options: Number(u.options),
      deposits: Number(u.deposits),
      withdrawals: Number(u.withdrawals),
      live_sessions: Number(u.live_sessions),
      invitees: Number(u.invitees),
    },
  };
}

export const USER_STATUS = { disabled: 0, active: 1 } as const;
export type LoginAction = 'disable' | 'enable' | 'end_sessions';

/**
 * A staff action on a user's login, in the caller's transaction with its audit line. Disabling
 * also revokes every token: login already refuses a disabled user, and the session lookup
 * ignores one, but a revoked token stays dead even if the user is enabled again later. Ending
 * sessions revokes every token and leaves the status alone. The caller publishes
 * `session.revoked` after commit so open websockets end their login.
 */
export async function changeUserLogin(trx: Executor, adminId: number, userId: number, action: LoginAction) {
  const before = await repo.lockUserStatus(trx, userId);
  if (!before) refuse('user_not_found');
  let status = before.status;
  if (action !== 'end_sessions') {
    status = action === 'disable' ? USER_STATUS.disabled : USER_STATUS.active;
    await repo.setUserStatus(trx, userId, status);
  }
  const revoked = action === 'enable' ? 0 : await repo.revokeAllSessionsCounted(trx, userId);
  await writeAudit(trx, {
    adminId,
    action: `user.${action}`,
    target: `user:${userId}`,
    detail: { sessions_revoked: revoked },
    before: { status: before.status },
    after: { status },
  });
  return { id: userId, status, sessions_revoked: revoked };
}
