import { describe, expect, it } from 'vitest';
import { accountsTotal, fixed, profitRatePercent, sum } from './money.js';

describe('fixed', () => {
  it.each([
    ['1.239', 2, 'down', '1.23'],
    ['1.231', 2, 'up', '1.24'],
    ['1.235', 2, 'half-up', '1.24'],
    ['-1.239', 2, 'down', '-1.23'],
    ['-1.231', 2, 'up', '-1.24'],
    ['0.1', 6, 'down', '0.100000'],
    ['123456789012345678.123456789', 2, 'down', '123456789012345678.12'],
  ] as const)('%s to %i places %s = %s', (value, places, rounding, expected) => {
    expect(fixed(value, places, rounding)).toBe(expected);
  });

  it('has no binary-float drift: 0.1 + 0.2 is exactly 0.3', () => {
    expect(sum(['0.1', '0.2']).toString()).toBe('0.3');
  });
});

describe('accountsTotal', () => {
  it.each([
    [[], '0.00'],
    [[{ balance: '10000', lockBalance: '0' }], '10000.00'],
    [[{ balance: '1.005', lockBalance: '0.004' }, { balance: '2', lockBalance: '3.999' }], '7.00'],
    [[{ balance: '10000', lockBalance: '0' }, { balance: '10000', lockBalance: '0' }, { balance: '9999.999', lockBalance: '0' }], '29999.99'],
  ])('%j -> %s', (accounts, expected) => {
    expect(accountsTotal(accounts)).toBe(expected);
  });
});

describe('profitRatePercent', () => {
  it.each([
    ['0', '0', '0.00'], // nothing at all
    ['100', '1100', '10.00'], // started the day at 1000
    ['-50', '950', '-5.00'],
    ['10', '10', '0.00'], // no starting assets: 0 %, not infinity
    ['1', '3001', '0.03'], // 1/3000 = 0.0333 %
  ])('profit %s with total %s -> %s %%', (profit, total, expected) => {
    expect(profitRatePercent(profit, total)).toBe(expected);
  });
});

describe('precision', () => {
  it('sums NUMERIC(36,18) amounts exactly (more than decimal.js default 20 digits)', () => {
    expect(sum(['123456789012345678.123456789012345678', '0.000000000000000001']).toFixed()).toBe('123456789012345678.123456789012345679');
  });
});
