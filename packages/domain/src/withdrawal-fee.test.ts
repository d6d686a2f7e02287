import { describe, expect, it } from 'vitest';
import { meetsMinimum, quoteWithdrawal, withdrawFee } from './withdrawal-fee.js';

describe('withdrawFee', () => {
  it.each([
    // amount, fee_type, draw_rate, places, fee
    ['100', 1, '1', 2, '1'], // fixed
    ['100', 1, '2.5', 6, '2.5'], // fixed with decimals
    ['5', 1, '10', 2, '10'], // fixed fee larger than the amount (refused by quoteWithdrawal)
    ['100', 2, '0.01', 2, '1'], // 1 %
    ['100', 0, '0.01', 2, '1'], // any non-1 fee_type is a rate
    ['123.45', 2, '0.015', 2, '1.86'], // 1.85175 rounded UP
    ['0.01', 2, '0.001', 2, '0.01'], // 0.00001 rounded up to a cent: never free
    ['100', 2, '0', 2, '0'], // no fee
    ['33.333333', 2, '0.003', 6, '0.1'], // 0.099999999 up to 6 places
    ['1000000000', 2, '0.002', 2, '2000000'], // large amount, exact
  ] as const)('%s with fee_type %i rate %s (%i places) -> %s', (amount, feeType, rate, places, fee) => {
    expect(withdrawFee(amount, { feeType, drawRate: rate, places }).toString()).toBe(fee);
  });
});

describe('quoteWithdrawal', () => {
  it.each([
    ['100', 1, '1', 2, '1', '99'],
    ['100', 2, '0.01', 2, '1', '99'],
    ['10.01', 1, '10', 2, '10', '0.01'], // smallest positive remainder
    ['0.1', 2, '0.1', 8, '0.01', '0.09'],
  ] as const)('%s, fee_type %i rate %s -> fee %s, received %s', (amount, feeType, rate, places, fee, real) => {
    const q = quoteWithdrawal(amount, { feeType, drawRate: rate, places });
    expect(q.ok).toBe(true);
    if (q.ok) {
      expect(q.fee.toString()).toBe(fee);
      expect(q.realNumber.toString()).toBe(real);
      expect(q.fee.plus(q.realNumber).toString()).toBe(String(Number(amount))); // nothing lost or made
    }
  });

  it.each([
    ['10', 1, '10', 2, 'fee_exceeds_amount'], // fee equal to the amount: nothing would arrive
    ['5', 1, '10', 2, 'fee_exceeds_amount'],
    ['0.01', 2, '1', 2, 'fee_exceeds_amount'], // 100 % rate
    ['0.01', 2, '0.5', 2, 'fee_exceeds_amount'], // 0.005 rounds up to 0.01 = the amount
    ['0', 1, '1', 2, 'amount_not_positive'],
    ['-5', 2, '0.01', 2, 'amount_not_positive'],
  ] as const)('%s, fee_type %i rate %s -> refused %s', (amount, feeType, rate, places, reason) => {
    expect(quoteWithdrawal(amount, { feeType, drawRate: rate, places })).toEqual({ ok: false, reason });
  });
});

describe('meetsMinimum', () => {
  it.each([
    ['10', '10', true],
    ['9.99999999', '10', false],
    ['10.00000001', '10', true],
    ['0', '0', true],
  ] as const)('%s against draw_min %s -> %s', (amount, min, ok) => {
    expect(meetsMinimum(amount, min)).toBe(ok);
  });
});
