import { defineModule } from '../define-module.js';
import { settingsRoutes } from './settings.routes.js';
import { settingsAdminRoutes } from './settings-admin.routes.js';

export const settingsModule = defineModule({ name: 'settings', routes: settingsRoutes, adminRoutes: settingsAdminRoutes, publishes: ['config.changed'] });

export { verifyRegType, withdrawMethodWaitHours } from './settings.service.js';
export { getSetting, findArea, lockSetting } from './settings.repository.js';
