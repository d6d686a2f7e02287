import { Decimal, dec, type DecimalLike } from './money.js';

/**
 * Mining fund rules (spec 9; decisions.md "Mining funds"): the figures the subscribe screen shows
 * before confirming are exactly the ones the server pays, so both read them from here.
 */

/** Day profit is kept to 4 decimals (spec 9). */
export const FUND_PROFIT_PLACES = 4;
/** One income per 24 hours after the subscription. */
export const FUND_DAY_MS = 24 * 60 * 60 * 1000;

export interface FundTerms {
  dividendPercentage: DecimalLike;
  lockDividendDays: number;
  liquidatedDamages: DecimalLike;
}

/**
 * amount x dividend_percentage / 100, cut (not rounded up) to 4 decimals: the house never pays a
 * fraction the screen did not show.
 */
export function fundDayProfit(amount: DecimalLike, dividendPercentage: DecimalLike): Decimal {
  return dec(amount).times(dec(dividendPercentage)).div(100).toDecimalPlaces(FUND_PROFIT_PLACES, Decimal.ROUND_DOWN);
}

/** lock_dividend_days x day profit: the sum of every income of a full term. */
export function fundTotalProfit(amount: DecimalLike, terms: Pick<FundTerms, 'dividendPercentage' | 'lockDividendDays'>): Decimal {
  return fundDayProfit(amount, terms.dividendPercentage).times(terms.lockDividendDays);
}

/**
 * Early redemption: share_amount x liquidated_damages / 100, to 4 decimals rounded up (the house
 * never keeps less than the rate says), and never more than the amount held.
 */
export function fundPenalty(shareAmount: DecimalLike, liquidatedDamages: DecimalLike): Decimal {
  const p = dec(shareAmount).times(dec(liquidatedDamages)).div(100).toDecimalPlaces(FUND_PROFIT_PLACES, Decimal.ROUND_UP);
  return Decimal.min(p, dec(shareAmount));
}

/** What an approved early redemption gives back: the held amount less the penalty. */
export function fundRefund(shareAmount: DecimalLike, liquidatedDamages: DecimalLike): Decimal {
  return dec(shareAmount).minus(fundPenalty(shareAmount, liquidatedDamages));
}

/** When income `day` (1 ... lock_dividend_days) of a subscription is due. */
export function fundIncomeDueMs(subTimeMs: number, day: number): number {
  return subTimeMs + day * FUND_DAY_MS;
}

/** How many incomes are due by `nowMs`: the days whose due time has passed, at most the term. */
export function fundDaysDue(subTimeMs: number, nowMs: number, lockDividendDays: number): number {
  if (nowMs < subTimeMs) return 0;
  return Math.min(lockDividendDays, Math.floor((nowMs - subTimeMs) / FUND_DAY_MS));
}

/** The maturity (release of the hold): when the last income is due. */
export function fundMaturityMs(subTimeMs: number, lockDividendDays: number): number {
  return fundIncomeDueMs(subTimeMs, lockDividendDays);
}

export type FundAmountCheck = 'ok' | 'below_min' | 'above_max';

/** The amount must lie within staring_sub_amount and max_sub_amount, both included. */
export function checkFundAmount(amount: DecimalLike, min: DecimalLike, max: DecimalLike): FundAmountCheck {
  const a = dec(amount);
  if (a.lessThan(dec(min))) return 'below_min';
  if (a.greaterThan(dec(max))) return 'above_max';
  return 'ok';
}
