import { defineModule } from '../define-module.js';
import { auditAdminRoutes } from './audit.read.js';

export { writeAudit, type AuditEntry } from './audit.repository.js';

/**
 * The audit log of staff actions: every module that lets staff change something writes here in
 * the same transaction as the change. It depends on no other module, so any module may use it.
 */
export const auditModule = defineModule({ name: 'audit', adminRoutes: auditAdminRoutes });
