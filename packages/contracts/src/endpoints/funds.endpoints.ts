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
  list: defineEndpoint({ ...user, access: access.public, methods: ['GET'], path: '/api/fund/list', input: fundListQuery, output: fundPageSchema, idempotent: false }),
  info: defineEndpoint({ ...user, access: access.public, methods: ['GET'], path: '/api/fund/info', input: fundInfoQuery, output: fundSchema, idempotent: false }),
  /** The spec names these two as GET actions: both methods answer (decisions.md "HTTP API"). */
  buy: defineEndpoint({ ...user, methods: ['GET', 'POST'], path: '/api/fund/buy', input: fundBuyInput, output: fundSubscriptionSchema, idempotent: true }),
  applyRefund: defineEndpoint({ ...user, methods: ['GET', 'POST'], path: '/api/fund/applyRefund', input: fundApplyRefundInput, output: fundSubscriptionSchema, idempotent: true }),
  subList: defineEndpoint({ ...user, methods: ['GET'], path: '/api/fund/subList', input: fundSubListQuery, output: fundSubscriptionPageSchema, idempotent: false }),
  insList: defineEndpoint({ ...user, methods: ['GET'], path: '/api/fund/insList', input: fundIncomeListQuery, output: fundIncomePageSchema, idempotent: false }),

  adminFunds: defineEndpoint({ ...config, methods: ['GET'], path: '/admin/api/funds', input: configListQuery, output: z.array(adminFundSchema) }),
  createFund: defineEndpoint({ ...config, methods: ['POST'], path: '/admin/api/funds', input: fundCreateInput, output: adminFundSchema }),
  updateFund: defineEndpoint({ ...config, methods: ['PUT'], path: '/admin/api/funds/:id', params: configItemParams, input: fundUpdateInput, output: adminFundSchema }),

  refunds: defineEndpoint({ methods: ['GET'], path: '/admin/api/fund-refunds', input: adminFundRefundQuery, output: adminFundRefundPageSchema, access: reviewer, idempotent: false, tags: adminTags }),
  approveRefund: defineEndpoint({ ...decision, path: '/admin/api/fund-refunds/:id/approve', input: adminApproveInput }),
  rejectRefund: defineEndpoint({ ...decision, path: '/admin/api/fund-refunds/:id/reject', input: adminRejectInput }),
};
