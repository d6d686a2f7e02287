import { defineModule } from '../define-module.js';
import { adminRoutes } from './admin.routes.js';

export const adminModule = defineModule({ name: 'admin', adminRoutes });

export { writeAudit } from './audit.repository.js';
