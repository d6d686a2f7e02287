import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import { adminApproveInput, adminDecisionSchema, adminItemParams, adminRejectInput } from '../admin-review.js';
import { configItemParams, configListQuery } from '../admin-config.js';
import {
  adminFundRefundPageSchema,
  adminFundRefundQuery,
  adminFundSchema,
  fundApplyRefundInput,
  fundBuyInput,
  fundCreateInput,
  fundIncomeListQuery,
  fundIncomePageSchema,
  fundInfoQuery,
  fundListQuery,
  fundPageSchema,
  fundSchema,
  fundSubListQuery,
  fundSubscriptionPageSchema,
  fundSubscriptionSchema,
  fundUpdateInput,
} from '../funds.js';

const tags = ['fund'];
/** Demo accounts may subscribe too (decisions.md): their incomes come from the demo house. */
const user = { access: access.user, tags } as const;
const adminTags = ['admin-funds'];
const config = { access: access.admin('admin'), idempotent: false, tags: adminTags } as const;
/** The early redemption queue: admins and reviewers, like the other money queues. */
const reviewer = access.admin('admin', 'reviewer');
const decision = { methods: ['POST'], params: adminItemParams, output: adminDecisionSchema, access: reviewer, idempotent: false, tags: adminTags } as const;

export const fundsEndpoints = {
  list: defineEndpoint({ summary: 'The funds one can subscribe to (paged)', ...user, access: access.public, methods: ['GET'], path: '/api/fund/list', input: fundListQuery, output: fundPageSchema, idempotent: false }),
  info: defineEndpoint({ summary: "One fund's terms", ...user, access: access.public, methods: ['GET'], path: '/api/fund/info', input: fundInfoQuery, output: fundSchema, idempotent: false }),
  /** The spec names these two as GET actions: both methods answer (decisions.md "HTTP API"). */
  buy: defineEndpoint({ summary: 'Subscribe to a fund: the amount is taken from the funding account', ...user, methods: ['GET', 'POST'], path: '/api/fund/buy', input: fundBuyInput, output: fundSubscriptionSchema, idempotent: true }),
  applyRefund: defineEndpoint({ summary: 'Ask to redeem a fund subscription early, for review', ...user, methods: ['GET', 'POST'], path: '/api/fund/applyRefund', input: fundApplyRefundInput, output: fundSubscriptionSchema, idempotent: true }),
  subList: defineEndpoint({ summary: "The caller's fund subscriptions (paged)", ...user, methods: ['GET'], path: '/api/fund/subList', input: fundSubListQuery, output: fundSubscriptionPageSchema, idempotent: false }),
  insList: defineEndpoint({ summary: "The incomes the caller's funds paid (paged)", ...user, methods: ['GET'], path: '/api/fund/insList', input: fundIncomeListQuery, output: fundIncomePageSchema, idempotent: false }),

  adminFunds: defineEndpoint({ summary: 'List the funds with their settings', ...config, methods: ['GET'], path: '/admin/api/funds', input: configListQuery, output: z.array(adminFundSchema) }),
  createFund: defineEndpoint({ summary: 'Add a fund', ...config, methods: ['POST'], path: '/admin/api/funds', input: fundCreateInput, output: adminFundSchema }),
  updateFund: defineEndpoint({ summary: 'Change a fund', ...config, methods: ['PUT'], path: '/admin/api/funds/:id', params: configItemParams, input: fundUpdateInput, output: adminFundSchema }),

  refunds: defineEndpoint({ summary: 'The early redemption review queue (paged)', methods: ['GET'], path: '/admin/api/fund-refunds', input: adminFundRefundQuery, output: adminFundRefundPageSchema, access: reviewer, idempotent: false, tags: adminTags }),
  approveRefund: defineEndpoint({ summary: 'Approve an early redemption: the principal returns less the fee', ...decision, path: '/admin/api/fund-refunds/:id/approve', input: adminApproveInput }),
  rejectRefund: defineEndpoint({ summary: 'Reject an early redemption with a reason', ...decision, path: '/admin/api/fund-refunds/:id/reject', input: adminRejectInput }),
};
