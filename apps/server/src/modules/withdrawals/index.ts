import { defineModule } from '../define-module.js';
import { LEDGER_KINDS } from '../ledger/index.js';
import { withdrawalsRoutes } from './withdrawals.routes.js';
import { withdrawalsAdminRoutes } from './withdrawals-admin-reads.routes.js';
import { heldByPendingWithdrawals } from './withdrawals.repository.js';

export const withdrawalsModule = defineModule({
  name: 'withdrawals',
  routes: withdrawalsRoutes,
  // A user's withdrawals on the user's page of the admin console (read only).
  adminRoutes: withdrawalsAdminRoutes,
  ledgerKinds: [LEDGER_KINDS.withdrawalHold, LEDGER_KINDS.withdrawalPaid, LEDGER_KINDS.withdrawalRelease],
  // A pending withdrawal is held until staff pay or reject it.
  holds: async (db) => (await heldByPendingWithdrawals(db)).map((r) => ({ accountId: r.account_id, amount: r.amount })),
});

export { listWithdrawalsForAdmin } from './withdrawals.service.js';
export { waitingWithdrawalTotals } from './withdrawals-admin-reads.routes.js';
/** For the admin's decision command (admin/decide-withdrawal.ts): lock a request, then record the outcome. */
export { lockWithdrawal, markWithdrawal } from './withdrawals.repository.js';
