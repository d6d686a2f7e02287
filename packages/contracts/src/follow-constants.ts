/**
 * The plain values of follow.ts (no zod): a screen that needs only one of them imports this
 * module alone, so none of the schemas is evaluated or shipped with it. follow.ts uses them from here.
 */

/** The follower's order multiple: copy lots = trader lots x multiple. */
export const FOLLOW_MULTIPLE_RANGE = { min: '0.01', max: '100' } as const;
/** Most margin one copy may hold. */
export const FOLLOW_MAX_AMOUNT_RANGE = { min: '1', max: '1000000' } as const;
/** FollowType of a copy order (spec: 2 copy order). */
export const FOLLOW_TYPE_COPY = 2;
/** my_deal_follow_order status: 1 currently following (open copies), 3 closed (and skipped). */
export const FOLLOW_ORDER_STATUS = { following: 1, closed: 3 } as const;
/** Trader application status. */
export const TRADER_APPLICATION_STATUS = { none: -1, waiting: 0, approved: 1, rejected: 2 } as const;
export const FOLLOW_PAGE_SIZE = 20;
/** Why a copy was not made (shown to the follower). */
export const COPY_SKIP_REASONS = ['below_min_lots', 'insufficient_funds'] as const;
export type CopySkipReasonKey = (typeof COPY_SKIP_REASONS)[number];
/** Ranking orders (the /rank screen's sort). */
export const FOLLOW_RANK_SORTS = ['rate', 'win', 'profit', 'followers'] as const;
export type FollowRankSort = (typeof FOLLOW_RANK_SORTS)[number];
