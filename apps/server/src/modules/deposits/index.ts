import { defineModule } from '../define-module.js';
import { LEDGER_KINDS } from '../ledger/index.js';
import { depositsRoutes } from './deposits.routes.js';
import { depositsAdminRoutes } from './admin-deposits.js';

export const depositsModule = defineModule({ name: 'deposits', routes: depositsRoutes, adminRoutes: depositsAdminRoutes, ledgerKinds: [LEDGER_KINDS.deposit] });

export { listChargesForAdmin } from './deposits.service.js';
export { waitingDepositTotals } from './admin-deposits.js';
/** For the admin's decision command (admin/decide-deposit.ts): lock a claim, then record the outcome. */
export { lockCharge, markCharge } from './deposits.repository.js';
