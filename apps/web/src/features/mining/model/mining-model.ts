import { FUND_DAY_MS, fundDayProfit, fundTotalProfit, checkFundAmount, type FundAmountCheck } from '@tp/domain';
import type { Fund } from '@tp/contracts';

/** Typed text as an amount the server accepts: digits and one dot, at most 8 decimals. */
export function cleanAmount(raw: string): string {
  let v = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = v.indexOf('.');
  if (dot >= 0) v = v.slice(0, dot + 1) + v.slice(dot + 1).replace(/\./g, '');
  const [whole = '', fraction] = v.split('.');
  const w = whole.slice(0, 12);
  return fraction === undefined ? w : `${w || '0'}.${fraction.slice(0, 8)}`;
}

const POSITIVE = /^\d+(\.\d+)?$/;

/** Fund incomes, penalties and refunds are shown with 4 decimals (spec section 9: mining day profit 4 decimals). */
export const MINING_PLACES = 4;

export interface SubscribePreview {
  check: FundAmountCheck;
  daily: string;
  total: string;
  /** Maturity in ms: now + lock_dividend_days x 24 h. */
  maturityMs: number;
}

/**
 * What the subscribe screen shows before confirming, by the same rules the server pays with
 * (packages/domain): the daily income to 4 decimals, the total and the maturity date.
 */
export function subscribePreview(amount: string, fund: Fund, nowMs: number): SubscribePreview | undefined {
  if (!POSITIVE.test(amount) || Number(amount) <= 0) return undefined;
  return {
    check: checkFundAmount(amount, fund.staring_sub_amount, fund.max_sub_amount),
    daily: fundDayProfit(amount, fund.dividend_percentage).toFixed(MINING_PLACES),
    total: fundTotalProfit(amount, { dividendPercentage: fund.dividend_percentage, lockDividendDays: fund.lock_dividend_days }).toFixed(MINING_PLACES),
    maturityMs: nowMs + fund.lock_dividend_days * FUND_DAY_MS,
  };
}
