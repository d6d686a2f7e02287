import { defineModule } from '../define-module.js';
import { adminRoutes } from './admin.routes.js';
import { adminStaffRoutes } from './admin-staff.routes.js';
import type { ModuleRoutes } from '../define-module.js';

/** The review API and staff accounts share the admin module: both are about who may act as staff. */
const routes: ModuleRoutes = async (app, opts) => {
  await app.register(adminRoutes, opts);
  await app.register(adminStaffRoutes, opts);
};

/** The admin API: login, staff accounts and roles, review queues and their decision commands (decide-deposit.ts, decide-withdrawal.ts). */
export const adminModule = defineModule({ name: 'admin', adminRoutes: routes, publishes: ['staff_session.revoked'] });
