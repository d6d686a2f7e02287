import { combineRoutes, defineModule } from '../define-module.js';
import { registerCopyTrading } from '../forex/index.js';
import { LEDGER_KINDS } from '../ledger/index.js';
import { followRoutes } from './follow.routes.js';
import { followAdminRoutes } from './follow-admin.routes.js';
import { followAdminReadRoutes } from './follow-admin-reads.routes.js';
import { followHooks } from './follow-replication.js';
import { followStatsFactory, statsJob } from './follow-stats.js';

// Copies are made, closed and charged inside forex's engine step and close transaction.
registerCopyTrading(followHooks);

/** Copy trading (issue 15): traders, followers, replication in the forex engine's step, profit share, ranking. */
export const followModule = defineModule({
  name: 'follow',
  routes: followRoutes,
  // The trader-applications queue: the list, and the reviewers' decisions.
  adminRoutes: combineRoutes(followAdminReadRoutes, followAdminRoutes),
  tickConsumers: [followStatsFactory()],
  jobs: [statsJob],
  ledgerKinds: [LEDGER_KINDS.followCopyOpen],
  publishes: ['FOREX_FOLLOW_TRADE'],
  consumes: ['FOREX_CLOSED'],
});
