import { defineModule } from '../define-module.js';
import { LEDGER_KINDS } from '../ledger/index.js';
import { withdrawalsRoutes } from './withdrawals.routes.js';

export const withdrawalsModule = defineModule({
  name: 'withdrawals',
  routes: withdrawalsRoutes,
  ledgerKinds: [LEDGER_KINDS.withdrawalHold, LEDGER_KINDS.withdrawalPaid, LEDGER_KINDS.withdrawalRelease],
});

export { decideWithdrawal, listWithdrawalsForAdmin } from './withdrawals.service.js';
