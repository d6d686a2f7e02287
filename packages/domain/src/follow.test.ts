import { describe, expect, it } from 'vitest';
import { floorToStep, fundCopy, planCopy, profitShare, sizeCopy, traderStats, windowStats, type CopyInput } from './follow.js';

const FIXED = { pip: '0.01', minCont: '0.01', maxCont: null, contNum: '100', marginMode: 1 };
const LEVERAGED = { pip: '0.01', minCont: '0.01', maxCont: '10', contNum: '100000', marginMode: 2 };

function input(over: Partial<CopyInput>): CopyInput {
  return { traderLots: '1', multiple: '1', maxAmount: '0', symbol: FIXED, price: '1.2', leverage: 100, feeType: 1, feeRate: '0', available: '1000000', ...over };
}

describe('floorToStep', () => {
  it.each([
    ['0.159', '0.01', '0.15'],
    ['0.15', '0.01', '0.15'],
    ['2.5', '1', '2'],
    ['0.009', '0.01', '0'],
    ['1.23456', '0.001', '1.234'],
  ])('%s to step %s = %s', (lots, step, expected) => {
    expect(floorToStep(lots, step).toFixed()).toBe(expected);
  });
});

describe('planCopy', () => {
  it.each([
    // trader lots, multiple, max_amount, symbol, available, outcome (lots or skip reason), margin
    ['1', '1', '0', FIXED, '1000000', '1', '100'],
    ['0.33', '0.5', '0', FIXED, '1000000', '0.16', '16'], // 0.165 rounded down to the pip
    ['1', '3', '0', FIXED, '1000000', '3', '300'],
    ['1', '1', '50', FIXED, '1000000', '0.5', '50'], // reduced to fit max_amount exactly
    ['1', '1', '49.99', FIXED, '1000000', '0.49', '49'], // reduced below max_amount
    ['1', '1', '0.5', FIXED, '1000000', 'below_min_lots', ''], // max too small for the minimum
    ['0.01', '0.5', '0', FIXED, '1000000', 'below_min_lots', ''], // 0.005 rounds to 0
    ['1', '1', '0', FIXED, '99.99', 'insufficient_funds', ''],
    ['1', '1', '0', FIXED, '100', '1', '100'], // exactly enough
    ['5', '4', '0', LEVERAGED, '1000000', '10', '12000'], // capped at the symbol's max lots
    ['1', '1', '600', LEVERAGED, '1000000', '0.5', '600'], // leveraged: 1 lot = 1200 margin
    ['1', '1', '599.99', LEVERAGED, '1000000', '0.49', '588'],
  ] as const)('%s lots x %s, max %s -> %s', (lots, multiple, max, symbol, available, outcome, margin) => {
    const plan = planCopy(input({ traderLots: lots, multiple, maxAmount: max, symbol, available }));
    if (outcome === 'below_min_lots' || outcome === 'insufficient_funds') {
      expect(plan).toMatchObject({ ok: false, reason: outcome });
    } else {
      expect(plan.ok).toBe(true);
      if (plan.ok) {
        expect(plan.lots.toFixed()).toBe(outcome);
        expect(plan.margin.toFixed()).toBe(margin);
      }
    }
  });

  it('counts the fee in what the follower must pay', () => {
    expect(planCopy(input({ feeRate: '1', available: '100.5' }))).toMatchObject({ ok: false, reason: 'insufficient_funds' });
    const ok = planCopy(input({ feeRate: '1', available: '101' }));
    expect(ok.ok && ok.fee.toFixed()).toBe('1');
  });

  it('marks a copy reduced by max_amount', () => {
    const plan = planCopy(input({ maxAmount: '50' }));
    expect(plan.ok && plan.reduced).toBe(true);
  });

  it('sized once per setting, then funded per follower, is planCopy (the fan-out sizes each setting once)', () => {
    const size = sizeCopy(input({ feeRate: '1' }));
    for (const available of ['0', '100.5', '101', '1000000']) {
      expect(fundCopy(size, available)).toEqual(planCopy(input({ feeRate: '1', available })));
    }
    const tooSmall = sizeCopy(input({ maxAmount: '0.5' }));
    expect(fundCopy(tooSmall, '1000000')).toEqual(planCopy(input({ maxAmount: '0.5', available: '1000000' })));
    expect(fundCopy(tooSmall, '0')).toMatchObject({ ok: false, reason: 'below_min_lots' });
  });
});

describe('profitShare', () => {
  it.each([
    ['100', 10, '10'],
    ['0.000019', 10, '0.000001'], // rounded down
    ['0', 10, '0'],
    ['-50', 10, '0'], // losses are not shared
    ['100', 0, '0'],
    ['100', 150, '100'], // never more than the profit
    ['33.333333', '12.5', '4.166666'],
  ] as const)('%s at %s%% = %s', (profit, pct, expected) => {
    expect(profitShare(profit, pct).toFixed()).toBe(expected);
  });
});

describe('statistics', () => {
  const day = 86_400_000;
  const now = Date.UTC(2026, 10, 24, 12);
  const trades = [
    { profit: '10', margin: '100', openedAtMs: now - 30 * day, closedAtMs: now - 30 * day + 60_000 },
    { profit: '-20', margin: '100', openedAtMs: now - 10 * day, closedAtMs: now - 10 * day + 120_000 },
    { profit: '5', margin: '50', openedAtMs: now - day, closedAtMs: now - day + 180_000 },
  ];

  it.each([
    ['all', trades, { rate: '-2.00', win: '66.67', profit: '-5.00', trades: 3 }],
    ['none', [], { rate: '0.00', win: '0.00', profit: '0.00', trades: 0 }],
    ['one loss', [trades[1]!], { rate: '-20.00', win: '0.00', profit: '-20.00', trades: 1 }],
  ] as const)('window of %s', (_name, list, expected) => {
    expect(windowStats(list)).toEqual(expected);
  });

  it('three weeks, all time, drawdown, holding time and the daily curve', () => {
    const s = traderStats(trades, now);
    expect(s.threeWeek).toEqual({ rate: '-10.00', win: '50.00', profit: '-15.00', trades: 2 });
    expect(s.total.trades).toBe(3);
    expect(s.maxDrawdown).toBe('20.00'); // peak 10, trough -10
    expect(s.avgHoldingSeconds).toBe(120);
    expect(s.equityCurve.map((p) => p.equity)).toEqual(['10.00', '-10.00', '-5.00']);
  });

  it('does not depend on the order of the input', () => {
    expect(traderStats([...trades].reverse(), now)).toEqual(traderStats(trades, now));
  });
});
