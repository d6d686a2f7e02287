import { combineRoutes, defineModule } from '../define-module.js';
import { LEDGER_KINDS } from '../ledger/index.js';
import { usersRoutes } from './users.routes.js';
import { adminUsersRoutes } from './admin-users.routes.js';
import { inviteRoutes } from './invite.routes.js';

export const usersModule = defineModule({
  name: 'users',
  routes: combineRoutes(usersRoutes, inviteRoutes),
  // The users area of the admin console: search, a user's page, disable/enable, end sessions.
  adminRoutes: adminUsersRoutes,
  ledgerKinds: [LEDGER_KINDS.demoFunding, LEDGER_KINDS.demoReset],
  // The demo reset writes it to the event outbox in its transaction.
  publishes: ['balance.changed', 'FOREX_CLOSED', 'session.revoked'],
});

export { accountEmail, findUserByEmail } from './users.repository.js';
export { markTrySucceeded, reserveLoginTry, type LockoutRule, type LoginTry } from './login-lockout.js';
export { userCounts } from './admin-users.repository.js';
