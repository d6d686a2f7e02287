import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import {
  adminApproveInput,
  adminDecisionSchema,
  adminDepositPageSchema,
  adminItemParams,
  adminLoginInput,
  adminQueueQuery,
  adminRejectInput,
  adminSessionSchema,
  adminWithdrawalPageSchema,
  totpCodeInput,
  totpSetupSchema,
  totpStateSchema,
} from '../admin-review.js';

const tags = ['admin'];
/** The review queues: admins and reviewers (support does not decide money). */
const reviewer = access.admin('admin', 'reviewer');
/** Signing out and the own second factor: every staff member. */
const anyStaff = access.admin('admin', 'reviewer', 'support');
const decision = { methods: ['POST'], params: adminItemParams, output: adminDecisionSchema, access: reviewer, idempotent: false, tags } as const;

/**
 * The admin review API (decisions.md): its own login and tokens; review queues are plural nouns
 * with approve/reject actions on `:id`.
 */
export const adminEndpoints = {
  login: defineEndpoint({
    summary: 'Staff login with e-mail, password and, when turned on, a TOTP code',
    methods: ['POST'],
    path: '/admin/api/login',
    input: adminLoginInput,
    output: adminSessionSchema,
    access: access.public,
    idempotent: false,
    rateLimit: { max: 'login', windowMs: 60_000 },
    tags,
  }),
  logout: defineEndpoint({ summary: 'End the staff session of this token', methods: ['POST'], path: '/admin/api/logout', output: z.null(), access: anyStaff, idempotent: false, tags }),
  /** The signed-in staff member's second factor: a new secret to scan (not on until enabled). */
  totpSetup: defineEndpoint({ summary: 'Start setting up the second factor: a new secret to scan', methods: ['POST'], path: '/admin/api/totp/setup', output: totpSetupSchema, access: anyStaff, idempotent: false, tags }),
  /** Turns TOTP on with a valid code of the set-up secret; from then on login needs a code. */
  totpEnable: defineEndpoint({ summary: 'Turn the second factor on with a code of the new secret', methods: ['POST'], path: '/admin/api/totp/enable', input: totpCodeInput, output: totpStateSchema, access: anyStaff, idempotent: false, tags }),
  /** Turns TOTP off; needs a current code. */
  totpDisable: defineEndpoint({ summary: 'Turn the second factor off with a current code', methods: ['POST'], path: '/admin/api/totp/disable', input: totpCodeInput, output: totpStateSchema, access: anyStaff, idempotent: false, tags }),
  deposits: defineEndpoint({ summary: 'The deposit review queue (paged)', methods: ['GET'], path: '/admin/api/deposits', input: adminQueueQuery, output: adminDepositPageSchema, access: reviewer, idempotent: false, tags }),
  withdrawals: defineEndpoint({ summary: 'The withdrawal review queue (paged)', methods: ['GET'], path: '/admin/api/withdrawals', input: adminQueueQuery, output: adminWithdrawalPageSchema, access: reviewer, idempotent: false, tags }),
  approveDeposit: defineEndpoint({ summary: "Approve a deposit: the amount is credited to the user's funding account", ...decision, path: '/admin/api/deposits/:id/approve', input: adminApproveInput }),
  rejectDeposit: defineEndpoint({ summary: 'Reject a deposit with a reason', ...decision, path: '/admin/api/deposits/:id/reject', input: adminRejectInput }),
  approveWithdrawal: defineEndpoint({ summary: 'Approve a withdrawal: the held amount leaves the account', ...decision, path: '/admin/api/withdrawals/:id/approve', input: adminApproveInput }),
  rejectWithdrawal: defineEndpoint({ summary: 'Reject a withdrawal with a reason: the held amount is released', ...decision, path: '/admin/api/withdrawals/:id/reject', input: adminRejectInput }),
};
