import { combineRoutes, defineModule } from '../define-module.js';
import { supportAdminReadRoutes } from './support-admin-reads.routes.js';
import { supportAdminRoutes } from './support-admin.routes.js';
import { supportRoutes } from './support.routes.js';

/**
 * The built-in support chat (issue 14, item 7): a logged-in user's one conversation with staff
 * (roles support and admin) in the admin console. Messages are written in a transaction and pushed
 * after commit on `SUPPORT_CHAT` (the user's sockets) and `SUPPORT_STAFF` (staff sockets).
 */
export const supportModule = defineModule({
  name: 'support',
  routes: supportRoutes,
  adminRoutes: combineRoutes(supportAdminReadRoutes, supportAdminRoutes),
  publishes: ['SUPPORT_CHAT', 'SUPPORT_STAFF'],
});
