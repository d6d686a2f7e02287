import { defineModule } from '../define-module.js';
import { adminRoutes } from './admin.routes.js';

/** The admin API: login, review queues and their decision commands (decide-deposit.ts, decide-withdrawal.ts). */
export const adminModule = defineModule({ name: 'admin', adminRoutes });
