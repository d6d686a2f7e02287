/**
 * The plain values of market.ts (no zod): a screen that needs only one of them imports this
 * module alone, so none of the schemas is evaluated or shipped with it. market.ts uses them from here.
 */

/** Chart periods in minutes the kline endpoint accepts (mirrors domain CANDLE_PERIODS). */
export const KLINE_PERIODS = [1, 5, 15, 30, 60, 1440] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];
/** The spec's names of the periods (decisions.md, Kline periods): what `period` and KLINE pushes say. */
export const KLINE_PERIOD_NAMES = { 1: '1min', 5: '5min', 15: '15min', 30: '30min', 60: '60min', 1440: '1day' } as const satisfies Record<KlinePeriod, string>;
export type KlinePeriodName = (typeof KLINE_PERIOD_NAMES)[KlinePeriod];
export function klinePeriodName(period: KlinePeriod): KlinePeriodName {
  return KLINE_PERIOD_NAMES[period];
}

/** MarketStatus: 1 open, 0 closed (computed from market hours when answered). */
export const MARKET_OPEN = 1;
export const MARKET_CLOSED = 0;
/** MarginMode: 1 fixed margin (lots x units per lot), anything else leveraged. */
export const MARGIN_MODE_FIXED = 1;
export const MARGIN_MODE_LEVERAGED = 2;
