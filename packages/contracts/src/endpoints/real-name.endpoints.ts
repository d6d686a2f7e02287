import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import { ignoredT } from '../envelope.js';
import { adminApproveInput, adminDecisionSchema, adminItemParams, adminQueueQuery, adminRejectInput } from '../admin-review.js';
import { adminRealNamePageSchema, realNameCenterSchema, realNameInput } from '../real-name.js';

const tags = ['real-name'];
/** The queue: admins and reviewers. */
const reviewer = access.admin('admin', 'reviewer');
const decision = { methods: ['POST'], params: adminItemParams, output: adminDecisionSchema, access: reviewer, idempotent: false, tags } as const;

/** Real-name authentication: real accounts only (demo accounts get 'only true account'), reviewed by staff. */
export const realNameEndpoints = {
  submit: defineEndpoint({ summary: "Submit the caller's real name and identity document, for review", methods: ['POST'], path: '/api/user_real/real_name', input: realNameInput, output: realNameCenterSchema, access: access.real, idempotent: false, tags }),
  center: defineEndpoint({ summary: "The caller's real-name state and submitted details", methods: ['GET'], path: '/api/user_real/center', input: z.object(ignoredT), output: realNameCenterSchema, access: access.real, idempotent: false, tags }),
  adminList: defineEndpoint({ summary: 'The real-name review queue (paged)', methods: ['GET'], path: '/admin/api/real-name', input: adminQueueQuery, output: adminRealNamePageSchema, access: reviewer, idempotent: false, tags }),
  approve: defineEndpoint({ summary: 'Approve a real-name submission', ...decision, path: '/admin/api/real-name/:id/approve', input: adminApproveInput }),
  reject: defineEndpoint({ summary: 'Reject a real-name submission with a reason', ...decision, path: '/admin/api/real-name/:id/reject', input: adminRejectInput }),
};
