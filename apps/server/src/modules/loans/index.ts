import { combineRoutes, defineModule } from '../define-module.js';
import { loanPenaltyJob } from './loan-penalty-job.js';
import { LOAN_LEDGER_KINDS } from './loan-ledger.js';
import { loansAdminReadRoutes } from './loans-admin-reads.routes.js';
import { loansAdminRoutes } from './loans-admin.routes.js';
import { loansRoutes } from './loans.routes.js';

/** Loans (issue 16): identity check, signed applications, payout, daily late fees, repayment. */
export const loansModule = defineModule({
  name: 'loans',
  routes: loansRoutes,
  // The three review queues with each loan's evidence, their decisions, and the loan terms.
  adminRoutes: combineRoutes(loansAdminReadRoutes, loansAdminRoutes),
  jobs: [loanPenaltyJob],
  ledgerKinds: Object.values(LOAN_LEDGER_KINDS),
});
