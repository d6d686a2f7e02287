/**
 * The plain values of forex.ts (no zod): a screen that needs only one of them imports this
 * module alone, so none of the schemas is evaluated or shipped with it. forex.ts uses them from here.
 */

/** OrderType: 1 buy, 2 sell. */
export const FOREX_ORDER_TYPE = { buy: 1, sell: 2 } as const;
/** Submit `status`: 1 market price, 0 pending price (`target_price`). */
export const FOREX_SUBMIT_KIND = { pending: 0, market: 1 } as const;
/** Order Status (decisions.md). */
export const FOREX_STATUS = { pending: 0, holding: 1, closing: 2, closed: 3, cancelled: 4 } as const;
export type ForexStatus = (typeof FOREX_STATUS)[keyof typeof FOREX_STATUS];
/** my_deal `status` tabs (the web's order tabs): 0 pending, 1 holding, 3 history. */
export const FOREX_DEAL_TAB = { pending: 0, holding: 1, history: 3 } as const;
export type ForexDealTab = (typeof FOREX_DEAL_TAB)[keyof typeof FOREX_DEAL_TAB];
export const FOREX_DEAL_TABS = Object.values(FOREX_DEAL_TAB) as readonly ForexDealTab[];
/** The order statuses each tab lists: history is closed and cancelled orders. */
export const FOREX_DEAL_TAB_STATUSES: Readonly<Record<ForexDealTab, readonly ForexStatus[]>> = {
  [FOREX_DEAL_TAB.pending]: [FOREX_STATUS.pending],
  [FOREX_DEAL_TAB.holding]: [FOREX_STATUS.holding],
  [FOREX_DEAL_TAB.history]: [FOREX_STATUS.closed, FOREX_STATUS.cancelled],
};
/** CloseType: why an order left the book. 5 (admin) is reserved and never used (decisions.md). */
export const FOREX_CLOSE_TYPE = { user: 1, stopOut: 2, takeProfit: 3, stopLoss: 4, admin: 5 } as const;
export type ForexCloseType = (typeof FOREX_CLOSE_TYPE)[keyof typeof FOREX_CLOSE_TYPE];
/** my_deal page size. */
export const FOREX_PAGE_SIZE = 20;
