import { defineModule } from '../define-module.js';
import { FUND_LEDGER_KINDS } from './fund-kinds.js';
import { fundIncomeJob } from './funds-income.js';
import { fundsAdminRoutes } from './funds-admin.routes.js';
import { fundsRoutes } from './funds.routes.js';
import { heldBySubscriptions } from './funds.repository.js';

/**
 * Mining funds (issue 17): subscriptions hold their amount on the funding account, the income job
 * pays each day once, maturity releases the hold, early redemption goes through the staff queue.
 */
export const fundsModule = defineModule({
  name: 'funds',
  routes: fundsRoutes,
  adminRoutes: fundsAdminRoutes,
  jobs: [fundIncomeJob],
  ledgerKinds: Object.values(FUND_LEDGER_KINDS),
  // A running or refunding subscription is held on the funding account for its term.
  holds: async (db) => (await heldBySubscriptions(db)).map((r) => ({ accountId: r.account_id, amount: r.amount })),
});

export { payDueIncomes, fundIncomeJob } from './funds-income.js';
export { endSubscriptionsForDemoReset } from './funds.service.js';
