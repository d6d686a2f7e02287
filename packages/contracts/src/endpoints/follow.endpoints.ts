import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import { adminApproveInput, adminDecisionSchema, adminItemParams, adminQueueQuery, adminRejectInput } from '../admin-review.js';
import {
  adminTraderApplicationPageSchema,
  applyTraderSchema,
  canalFollowInput,
  followedTraderSchemaPage,
  followListQuery,
  followListSchema,
  followTraderInput,
  followSettingsSchema,
  myDealFollowOrderQuery,
  myDealFollowOrderSchema,
  myFollowerSchema,
  traderDetailQuery,
  traderDetailSchema,
  traderListQuery,
  traderListSchema,
} from '../follow.js';
import { ignoredT, pageQuery } from '../envelope.js';

const tags = ['follow'];
const read = { methods: ['GET'], idempotent: false, tags } as const;
const reviewer = access.admin('admin', 'reviewer');

/**
 * Copy trading (spec section 7). The ranking, trader list and trader page are public (the Follow
 * and Ranking tabs show to visitors); everything of one's own needs a login; becoming a trader
 * needs a real account.
 */
export const followEndpoints = {
  list: defineEndpoint({ summary: 'The copy trading ranking of traders, by return, wins, profit or followers', ...read, path: '/api/follow/list', input: followListQuery, output: followListSchema, access: access.public }),
  traderList: defineEndpoint({ summary: 'The traders one can follow, with their figures (paged)', ...read, path: '/api/follow/trader_list', input: traderListQuery, output: traderListSchema, access: access.public }),
  traderDetail: defineEndpoint({ summary: "A trader's page: figures, recent orders and whether the caller follows", ...read, path: '/api/follow/trader_detail', input: traderDetailQuery, output: traderDetailSchema, access: access.public }),
  applyTrader: defineEndpoint({ summary: 'Apply to become a trader others can follow', methods: ['POST'], path: '/api/follow/apply_trader', input: z.object({ ...ignoredT }).nullish(), output: applyTraderSchema, access: access.real, idempotent: false, tags }),
  /** The caller's application: -1 none, 0 waiting, 1 approved, 2 rejected (the apply page's state). */
  application: defineEndpoint({ summary: "The state of the caller's trader application", ...read, path: '/api/follow/application', output: applyTraderSchema, access: access.user }),
  followTrader: defineEndpoint({ summary: 'Follow a trader, or change how the caller follows them', methods: ['POST'], path: '/api/follow/follow_trader', input: followTraderInput, output: followSettingsSchema, access: access.user, idempotent: false, tags }),
  canalFollow: defineEndpoint({ summary: 'Stop following a trader', methods: ['POST'], path: '/api/follow/canal_follow', input: canalFollowInput, output: z.null(), access: access.user, idempotent: false, tags }),
  followedTrader: defineEndpoint({ summary: 'The traders the caller follows (paged)', ...read, path: '/api/follow/followed_trader', input: z.object({ ...pageQuery.shape, ...ignoredT }), output: followedTraderSchemaPage, access: access.user }),
  myFollower: defineEndpoint({ summary: "The caller's followers, as a trader (paged)", ...read, path: '/api/follow/my_follower', input: z.object({ ...pageQuery.shape, ...ignoredT }), output: myFollowerSchema, access: access.user }),
  myDealFollowOrder: defineEndpoint({ summary: "The caller's copied orders (paged)", ...read, path: '/v2/api/forex/my_deal_follow_order', input: myDealFollowOrderQuery, output: myDealFollowOrderSchema, access: access.user }),
  /** The console's queue of trader applications. */
  adminApplications: defineEndpoint({ summary: 'The trader application review queue (paged)', ...read, path: '/admin/api/trader-applications', input: adminQueueQuery, output: adminTraderApplicationPageSchema, access: reviewer, tags: ['admin'] }),
  approveApplication: defineEndpoint({ summary: 'Approve a trader application', methods: ['POST'], path: '/admin/api/trader-applications/:id/approve', params: adminItemParams, input: adminApproveInput, output: adminDecisionSchema, access: reviewer, idempotent: false, tags: ['admin'] }),
  rejectApplication: defineEndpoint({ summary: 'Reject a trader application with a reason', methods: ['POST'], path: '/admin/api/trader-applications/:id/reject', params: adminItemParams, input: adminRejectInput, output: adminDecisionSchema, access: reviewer, idempotent: false, tags: ['admin'] }),
};
