/**
 * The plain values of funds.ts (no zod): a screen that needs only one of them imports this
 * module alone, so none of the schemas is evaluated or shipped with it. funds.ts uses them from here.
 */

/** Subscription status (spec 4): 1 in progress, 2 refunding (waiting for staff), 3 refunded, 4 finished. */
export const FUND_SUB_STATUS = { running: 1, refunding: 2, refunded: 3, finished: 4 } as const;
export type FundSubStatus = (typeof FUND_SUB_STATUS)[keyof typeof FUND_SUB_STATUS];
