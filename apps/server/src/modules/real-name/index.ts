import { defineModule } from '../define-module.js';
import { realNameAdminRoutes } from './real-name-admin.routes.js';
import { realNameRoutes } from './real-name.routes.js';

/**
 * Real-name authentication: a real account submits its name, id and the two photos of its id
 * (its own uploads); staff approve or reject in the queue /admin/api/real-name. No money moves.
 */
export const realNameModule = defineModule({ name: 'real-name', routes: realNameRoutes, adminRoutes: realNameAdminRoutes });
