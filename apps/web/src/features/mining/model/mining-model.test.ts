import { describe, expect, it } from 'vitest';
import type { Fund } from '@tp/contracts';
import { cleanAmount, subscribePreview } from './mining-model';

const fund: Fund = {
  id: 1,
  title: 'BTC Hash Power 7D',
  image: '/funds/btc.webp',
  currency_code: 'USDT',
  dividend_percentage: '0.8',
  staring_sub_amount: '100',
  max_sub_amount: '10000',
  lock_dividend_days: 7,
  liquidated_damages: '5',
  desc: '',
};
const now = Date.UTC(2026, 0, 1, 12, 0, 0);

describe('subscribePreview: what the screen shows before confirming', () => {
  it.each([
    // amount, check, daily, total
    ['1000', 'ok', '8.0000', '56.0000'],
    ['100', 'ok', '0.8000', '5.6000'],
    ['333.33', 'ok', '2.6666', '18.6662'], // 2.66664 cut to 4 decimals, then x 7
    ['99.99', 'below_min', '0.7999', '5.5993'],
    ['10000.01', 'above_max', '80.0000', '560.0000'],
  ] as const)('%s -> %s, %s a day, %s in all', (amount, check, daily, total) => {
    expect(subscribePreview(amount, fund, now)).toEqual({ check, daily, total, maturityMs: now + 7 * 24 * 3600 * 1000 });
  });

  it.each(['', '0', '0.0', 'abc', '.'])('no preview for %j', (amount) => {
    expect(subscribePreview(amount, fund, now)).toBeUndefined();
  });
});

describe('cleanAmount', () => {
  it.each([
    ['1,5', '1.5'],
    ['12a3', '123'],
    ['1.2.3', '1.23'],
    ['.5', '0.5'],
    ['1.123456789', '1.12345678'],
  ])('%s -> %s', (raw, clean) => {
    expect(cleanAmount(raw)).toBe(clean);
  });
});
