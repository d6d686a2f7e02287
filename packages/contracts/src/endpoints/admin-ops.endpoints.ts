import { access, defineEndpoint } from './define-endpoint.js';
import { adminAuditPageSchema, adminAuditQuery, adminDashboardSchema, adminOutboxPageSchema, adminOutboxQuery } from '../admin-ops.js';

const tags = ['admin'];

/** The operations pages of the admin console. */
export const adminOpsEndpoints = {
  /** Every staff seat sees the dashboard. Cheap enough to poll every 5 s. */
  dashboard: defineEndpoint({ summary: 'The dashboard: users, review queues, open positions, money totals and engine state', methods: ['GET'], path: '/admin/api/dashboard', output: adminDashboardSchema, access: access.admin('admin', 'reviewer', 'support'), idempotent: false, tags }),
  /** The audit log, newest first: admins only (it shows what every staff member did). */
  audit: defineEndpoint({ summary: 'The audit log of staff actions, newest first (paged)', methods: ['GET'], path: '/admin/api/audit', input: adminAuditQuery, output: adminAuditPageSchema, access: access.admin('admin'), idempotent: false, tags }),
  /** The e-mails and texts sent, newest first: admins and support (who answer "I got no code"). */
  outbox: defineEndpoint({ summary: 'The e-mails and texts the platform sent, newest first (paged)', methods: ['GET'], path: '/admin/api/outbox', input: adminOutboxQuery, output: adminOutboxPageSchema, access: access.admin('admin', 'support'), idempotent: false, tags }),
};
