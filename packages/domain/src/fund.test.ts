import { describe, expect, it } from 'vitest';
import { checkFundAmount, FUND_DAY_MS, fundDayProfit, fundDaysDue, fundIncomeDueMs, fundMaturityMs, fundPenalty, fundRefund, fundTotalProfit } from './fund.js';

describe('fundDayProfit', () => {
  it.each([
    // amount, dividend_percentage, day profit
    ['1000', '1', '10'],
    ['1000', '0.5', '5'],
    ['100', '1.2345', '1.2345'],
    ['333.33', '0.7', '2.3333'], // 2.33331 cut to 4 decimals
    ['0.01', '0.5', '0'], // 0.00005 cut: nothing
    ['1234.5678', '2.5', '30.8641'], // 30.864195 cut, not rounded up
    ['99999999', '3', '2999999.97'],
    ['500', '0', '0'],
  ] as const)('%s at %s %% -> %s a day', (amount, rate, day) => {
    expect(fundDayProfit(amount, rate).toFixed()).toBe(day);
  });
});

describe('fundTotalProfit', () => {
  it.each([
    // amount, rate, days, total
    ['1000', '1', 30, '300'],
    ['333.33', '0.7', 7, '16.3331'], // 7 x the cut day profit, not the cut of the exact total
    ['100', '1.2345', 1, '1.2345'],
    ['1234.5678', '2.5', 90, '2777.769'],
  ] as const)('%s at %s %% for %i days -> %s', (amount, rate, days, total) => {
    expect(fundTotalProfit(amount, { dividendPercentage: rate, lockDividendDays: days }).toFixed()).toBe(total);
  });
});

describe('fundPenalty and fundRefund', () => {
  it.each([
    // share_amount, liquidated_damages, penalty, refund
    ['1000', '5', '50', '950'],
    ['1000', '0', '0', '1000'],
    ['333.33', '3', '9.9999', '323.3301'], // exact at 4 decimals
    ['123.45', '1.5', '1.8518', '121.5982'], // 1.85175 rounded up
    ['0.01', '33', '0.0033', '0.0067'],
    ['100', '100', '100', '0'], // the whole amount
    ['100', '150', '100', '0'], // never more than the amount held
  ] as const)('%s with %s %% -> penalty %s, back %s', (share, rate, penalty, refund) => {
    expect(fundPenalty(share, rate).toFixed()).toBe(penalty);
    expect(fundRefund(share, rate).toFixed()).toBe(refund);
  });
});

describe('income days', () => {
  const t0 = Date.UTC(2026, 0, 1, 13, 37, 0);
  it.each([
    // ms after sub_time, lock days, days due
    [-1, 30, 0],
    [0, 30, 0],
    [FUND_DAY_MS - 1, 30, 0],
    [FUND_DAY_MS, 30, 1], // exactly sub_time + 24 h
    [FUND_DAY_MS * 2.5, 30, 2],
    [FUND_DAY_MS * 30, 30, 30],
    [FUND_DAY_MS * 400, 30, 30], // never beyond the term
    [FUND_DAY_MS * 7, 7, 7],
  ] as const)('%i ms after subscribing, term %i -> %i incomes due', (after, days, due) => {
    expect(fundDaysDue(t0, t0 + after, days)).toBe(due);
  });

  it('income i is due at sub_time + i x 24 h; maturity with the last one', () => {
    expect(fundIncomeDueMs(t0, 1)).toBe(t0 + FUND_DAY_MS);
    expect(fundIncomeDueMs(t0, 3)).toBe(t0 + 3 * FUND_DAY_MS);
    expect(fundMaturityMs(t0, 30)).toBe(t0 + 30 * FUND_DAY_MS);
  });
});

describe('checkFundAmount', () => {
  it.each([
    ['100', '100', '5000', 'ok'],
    ['5000', '100', '5000', 'ok'],
    ['99.99', '100', '5000', 'below_min'],
    ['5000.01', '100', '5000', 'above_max'],
    ['250.5', '100', '5000', 'ok'],
  ] as const)('%s within [%s, %s] -> %s', (amount, min, max, verdict) => {
    expect(checkFundAmount(amount, min, max)).toBe(verdict);
  });
});
