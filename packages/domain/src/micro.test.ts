import { describe, expect, it } from 'vitest';
import { MICRO_DOWN, MICRO_UP, microLoss, microOutcome, microProfit, microRemainingMs, settleMicro, type MicroDirection } from './micro.js';

describe('microOutcome', () => {
  it.each([
    [MICRO_UP, '100.00', '100.01', 'win'],
    [MICRO_UP, '100.00', '99.99', 'loss'],
    [MICRO_UP, '100.00', '100.00', 'tie'],
    [MICRO_DOWN, '100.00', '99.99', 'win'],
    [MICRO_DOWN, '100.00', '100.01', 'loss'],
    [MICRO_DOWN, '100.00', '100.0000', 'tie'],
    [MICRO_UP, '1.123456789', '1.12345679', 'win'],
  ] as [MicroDirection, string, string, string][])('type %s entry %s exit %s -> %s', (type, entry, exit, outcome) => {
    expect(microOutcome(type, entry, exit)).toBe(outcome);
  });

  it('an up and a down on the same prices never both win', () => {
    for (const [entry, exit] of [['1', '2'], ['2', '1'], ['1', '1']] as const) {
      const wins = [MICRO_UP, MICRO_DOWN].filter((t) => microOutcome(t as MicroDirection, entry, exit) === 'win');
      expect(wins.length).toBeLessThanOrEqual(1);
    }
  });
});

describe('microProfit: amount x ratio rounded down to 2 decimals, 0 for no amount', () => {
  it.each([
    ['100', '0.85', '85.00'],
    ['10', '0.8', '8.00'],
    ['33.33', '0.88', '29.33'], // 29.3304
    ['0.01', '0.85', '0.00'], // 0.0085
    ['12.99', '0.92', '11.95'], // 11.9508
    ['', '0.85', '0.00'],
    ['   ', '0.85', '0.00'],
    ['0', '0.85', '0.00'],
    ['-5', '0.85', '0.00'],
    ['abc', '0.85', '0.00'],
    [null, '0.85', '0.00'],
    [undefined, '0.85', '0.00'],
  ] as [string | null | undefined, string, string][])('%s x %s = %s', (amount, ratio, profit) => {
    expect(microProfit(amount, ratio)).toBe(profit);
  });
});

describe('microLoss', () => {
  it.each([
    ['100', '0.85', 0, '100.00'],
    ['100', '0.85', 1, '85.00'],
    ['33.33', '0.88', 2, '29.33'],
    ['100', '1.5', 1, '100.00'], // never more than the stake
  ] as [string, string, number, string][])('stake %s ratio %s level %s -> %s', (amount, ratio, level, loss) => {
    expect(microLoss(amount, ratio, level)).toBe(loss);
  });
});

describe('settleMicro', () => {
  it.each([
    // type, amount, ratio, entry, exit, level -> outcome, FactProfits, returned, house
    [MICRO_UP, '100', '0.85', '10', '11', 0, 'win', '85.00', '185', '85.00'],
    [MICRO_DOWN, '100', '0.85', '10', '9', 1, 'win', '85.00', '185', '85.00'],
    [MICRO_UP, '100', '0.85', '10', '9', 0, 'loss', '-100.00', '0', '100.00'],
    [MICRO_UP, '100', '0.85', '10', '9', 1, 'loss', '-85.00', '15', '85.00'],
    [MICRO_DOWN, '50.5', '0.8', '10', '10.5', 0, 'loss', '-50.50', '0', '50.50'],
    [MICRO_DOWN, '50.5', '0.8', '10', '10.5', 1, 'loss', '-40.40', '10.1', '40.40'],
    [MICRO_UP, '100', '0.85', '10', '10', 0, 'tie', '0.00', '100', '0.00'],
    [MICRO_DOWN, '100', '0.85', '10', '10.000', 1, 'tie', '0.00', '100', '0.00'],
    [MICRO_UP, '33.33', '0.88', '1', '2', 0, 'win', '29.33', '62.66', '29.33'],
  ] as [MicroDirection, string, string, string, string, number, string, string, string, string][])(
    'type %s stake %s ratio %s %s -> %s level %s: %s %s',
    (type, amount, profitRatio, entry, exit, lossLevel, outcome, factProfits, returned, houseAmount) => {
      expect(settleMicro({ type, amount, profitRatio, entry, exit, lossLevel })).toEqual({ outcome, factProfits, returned, houseAmount });
    },
  );

  it('the money balances: returned + loss = stake on a loss, returned - profit = stake on a win', () => {
    const loss = settleMicro({ type: MICRO_UP, amount: '77.77', profitRatio: '0.92', entry: '2', exit: '1', lossLevel: 1 });
    expect(Number(loss.returned) + Number(loss.houseAmount)).toBeCloseTo(77.77, 10);
    const win = settleMicro({ type: MICRO_UP, amount: '77.77', profitRatio: '0.92', entry: '1', exit: '2', lossLevel: 1 });
    expect(Number(win.returned) - Number(win.houseAmount)).toBeCloseTo(77.77, 10);
  });
});

describe('microRemainingMs', () => {
  it.each([
    [10_000, 4_000, 6_000],
    [10_000, 10_000, 0],
    [10_000, 12_000, 0],
  ])('expire %s now %s -> %s', (expire, now, left) => {
    expect(microRemainingMs(expire, now)).toBe(left);
  });
});
