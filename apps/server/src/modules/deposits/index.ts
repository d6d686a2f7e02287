import { defineModule } from '../define-module.js';
import { LEDGER_KINDS } from '../ledger/index.js';
import { depositsRoutes } from './deposits.routes.js';
import { depositsAdminRoutes } from './deposits-admin.routes.js';

export const depositsModule = defineModule({
  name: 'deposits',
  routes: depositsRoutes,
  adminRoutes: depositsAdminRoutes,
  ledgerKinds: [LEDGER_KINDS.deposit],
  publishes: ['config.changed'],
});

export { listChargesForAdmin } from './deposits.service.js';
/** For the admin's decision command (admin/decide-deposit.ts): lock a claim, then record the outcome. */
export { lockCharge, markCharge } from './deposits.repository.js';
