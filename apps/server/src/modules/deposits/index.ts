import { combineRoutes, defineModule } from '../define-module.js';
import { LEDGER_KINDS } from '../ledger/index.js';
import { depositsRoutes } from './deposits.routes.js';
import { depositsAdminReadRoutes } from './deposits-admin-reads.routes.js';
import { depositsAdminRoutes } from './deposits-admin.routes.js';

export const depositsModule = defineModule({
  name: 'deposits',
  routes: depositsRoutes,
  // The staff's reads of a user's deposits, and the configuration of deposit addresses and collection accounts.
  adminRoutes: combineRoutes(depositsAdminReadRoutes, depositsAdminRoutes),
  ledgerKinds: [LEDGER_KINDS.deposit],
  publishes: ['config.changed'],
});

export { listChargesForAdmin } from './deposits.service.js';
export { waitingDepositTotals } from './deposits-admin-reads.routes.js';
/** For the admin's decision command (admin/decide-deposit.ts): lock a claim, then record the outcome. */
export { lockCharge, markCharge } from './deposits.repository.js';
