import { defineModule } from '../define-module.js';
import { settingsRoutes } from './settings.routes.js';

export const settingsModule = defineModule({ name: 'settings', routes: settingsRoutes });

export { verifyRegType } from './settings.service.js';
export { getSetting, findArea } from './settings.repository.js';
