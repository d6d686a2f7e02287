import { describe, expect, it } from 'vitest';
import {
  FOREX_BUY,
  FOREX_SELL,
  checkLots,
  checkPendingPrice,
  checkStops,
  forexFee,
  forexFillPrice,
  forexMargin,
  forexProfit,
  forexProfitExact,
  forexRiskRate,
  isStopOut,
  pendingFills,
  riskRateText,
  settleClose,
  stopTriggered,
} from './forex.js';

describe('forexMargin', () => {
  it.each([
    // mode, lots, units, price, leverage, margin
    [1, '0.1', '100', '9210.0', 10, '10.000000'], // fixed: lots x units, price and leverage ignored
    [1, '0.01', '100000', '1.165', 500, '1000.000000'],
    [2, '1', '100000', '1.16512', 100, '1165.120000'],
    [2, '0.01', '100000', '1.16512', 500, '2.330240'],
    [2, '0.01', '1', '100000.33', 3, '333.334434'], // 333.3344333.. rounds UP
    [2, '0.03', '1', '0.0000001', 7, '0.000001'], // tiny but never zero: charged up
  ] as const)('mode %i %s lots x %s @ %s / %i = %s', (mode, lots, units, price, lev, expected) => {
    expect(forexMargin({ marginMode: mode, lots, contNum: units, price, leverage: lev }).toFixed(6)).toBe(expected);
  });

  it('refuses a leveraged margin without leverage', () => {
    expect(() => forexMargin({ marginMode: 2, lots: '1', contNum: '1', price: '1', leverage: 0 })).toThrow(RangeError);
  });
});

describe('forexFee', () => {
  it.each([
    [1, '0.01', '5', '2.33024', '0.050000'], // per lot
    [1, '1.37', '2', '999', '2.740000'],
    [2, '0.01', '0.001', '2.330240', '0.002331'], // margin x rate, rounded up
    [2, '5', '0', '100', '0.000000'],
  ] as const)('type %i lots %s rate %s margin %s = %s', (feeType, lots, feeRate, margin, expected) => {
    expect(forexFee({ feeType, lots, feeRate, margin }).toFixed(6)).toBe(expected);
  });
});

describe('forexFillPrice: the whole spread against the user', () => {
  it.each([
    [FOREX_BUY, '1.16500', '0.00012', '1.16512'],
    [FOREX_SELL, '1.16500', '0.00012', '1.16488'],
    [FOREX_BUY, '100000.00', '0', '100000'],
  ] as const)('side %i at %s spread %s fills %s', (side, price, spread, expected) => {
    expect(forexFillPrice(side, price, spread).toFixed()).toBe(expected);
  });
});

describe('forexProfit', () => {
  it.each([
    // side, fill, price, lots, units, profit
    [FOREX_BUY, '1.16512', '1.16612', '1', '100000', '100.000000'],
    [FOREX_BUY, '1.16512', '1.16412', '1', '100000', '-100.000000'],
    [FOREX_SELL, '1.16488', '1.16388', '1', '100000', '100.000000'],
    [FOREX_SELL, '1.16488', '1.16588', '0.5', '100000', '-50.000000'],
    [FOREX_BUY, '3', '3.0000001', '0.01', '1', '0.000000'], // a gain rounds down
    [FOREX_BUY, '3', '2.9999999', '0.01', '1', '-0.000001'], // a loss rounds up (more negative)
    [FOREX_SELL, '3', '2.9999999', '0.01', '1', '0.000000'],
    [FOREX_BUY, '5', '5', '3', '7', '0.000000'],
  ] as const)('side %i fill %s at %s x %s x %s = %s', (side, fill, price, lots, units, expected) => {
    expect(forexProfit({ side, fillPrice: fill, price, lots, contNum: units }).toFixed(6)).toBe(expected);
  });

  it('exact profit is linear: sum of parts equals the whole', () => {
    const a = forexProfitExact({ side: FOREX_BUY, fillPrice: '1.1', price: '1.3', lots: '0.3', contNum: '1000' });
    const b = forexProfitExact({ side: FOREX_BUY, fillPrice: '1.1', price: '1.3', lots: '0.7', contNum: '1000' });
    expect(a.plus(b).toFixed()).toBe('200');
  });
});

describe('risk rate and stop-out', () => {
  it.each([
    // cash, margin, floating, level, rate text, stopped out
    ['1000', '100', '0', '50', '1000.00', false],
    ['100', '100', '-50', '50', '50.00', true], // exactly at the level: stopped out
    ['100', '100', '-49.999999', '50', '50.00', false], // a hair above, shown rounded down
    ['100', '100', '-60', '50', '40.00', true],
    ['100', '100', '-200', '50', '-100.00', true],
    ['0', '0', '0', '50', '0.00', false], // no holding orders: no rate, never stopped out
    ['300', '200', '-199', '50', '50.50', false],
  ] as const)('cash %s margin %s floating %s level %s -> %s stop-out %s', (cash, margin, floating, level, rate, stopped) => {
    expect(riskRateText(forexRiskRate({ cash, margin, floating }))).toBe(rate);
    expect(isStopOut({ cash, margin, floating }, level)).toBe(stopped);
  });
});

describe('checkLots', () => {
  it.each([
    ['0.01', '0.01', '0.01', null],
    ['0.02', '0.01', '0.01', null],
    ['1.37', '0.01', '0.01', null],
    ['0.005', '0.01', '0.01', 'lots_below_min'],
    ['0', '0.01', '0.01', 'lots_below_min'],
    ['-1', '0.01', '0.01', 'lots_below_min'],
    ['0.015', '0.01', '0.01', 'lots_off_step'],
    ['0.3', '0.1', '0.1', null],
    ['0.35', '0.1', '0.1', 'lots_off_step'],
  ] as const)('%s lots (min %s, step %s) -> %s', (lots, min, pip, expected) => {
    expect(checkLots(lots, min, pip)).toBe(expected);
  });
});

describe('checkStops', () => {
  it.each([
    [FOREX_BUY, '100', '0', '0', null],
    [FOREX_BUY, '100', '99', '101', null],
    [FOREX_BUY, '100', '100', '0', 'stop_loss_invalid'], // equal is the wrong side
    [FOREX_BUY, '100', '101', '0', 'stop_loss_invalid'],
    [FOREX_BUY, '100', '0', '100', 'take_profit_invalid'],
    [FOREX_BUY, '100', '0', '99', 'take_profit_invalid'],
    [FOREX_SELL, '100', '101', '99', null],
    [FOREX_SELL, '100', '99', '0', 'stop_loss_invalid'],
    [FOREX_SELL, '100', '0', '101', 'take_profit_invalid'],
    [FOREX_SELL, '100', '-1', '0', 'stop_loss_invalid'],
    [FOREX_BUY, '100', '0', '-5', 'take_profit_invalid'],
  ] as const)('side %i at %s SL %s TP %s -> %s', (side, price, sl, tp, expected) => {
    expect(checkStops(side, price, sl, tp)).toBe(expected);
  });
});

describe('pending orders', () => {
  it.each([
    [FOREX_BUY, '99', '100', true],
    [FOREX_BUY, '100', '100', false],
    [FOREX_BUY, '101', '100', false],
    [FOREX_SELL, '101', '100', true],
    [FOREX_SELL, '100', '100', false],
    [FOREX_SELL, '0', '100', false],
  ] as const)('side %i target %s with market %s valid %s', (side, target, market, ok) => {
    expect(checkPendingPrice(side, target, market)).toBe(ok);
  });

  it.each([
    [FOREX_BUY, '99', '99', true],
    [FOREX_BUY, '99', '98', true],
    [FOREX_BUY, '99', '99.01', false],
    [FOREX_SELL, '101', '101', true],
    [FOREX_SELL, '101', '100.99', false],
  ] as const)('side %i target %s fills at %s: %s', (side, target, price, fills) => {
    expect(pendingFills(side, target, price)).toBe(fills);
  });
});

describe('stopTriggered', () => {
  it.each([
    [FOREX_BUY, '99', '101', '100', null],
    [FOREX_BUY, '99', '101', '99', 4],
    [FOREX_BUY, '99', '101', '90', 4], // a gap through the stop closes at the tick price
    [FOREX_BUY, '99', '101', '101', 3],
    [FOREX_BUY, '0', '0', '1', null],
    [FOREX_SELL, '101', '99', '101', 4],
    [FOREX_SELL, '101', '99', '98', 3],
    [FOREX_SELL, '0', '99', '100', null],
  ] as const)('side %i SL %s TP %s at %s -> %s', (side, sl, tp, price, expected) => {
    expect(stopTriggered(side, sl, tp, price)).toBe(expected);
  });
});

describe('settleClose (negative balance protection)', () => {
  it.each([
    // available, margin, profit, delta, absorbed
    ['100', '10', '5', '15', '0'],
    ['100', '10', '-10', '0', '0'],
    ['100', '10', '-110', '-100', '0'], // exactly everything
    ['100', '10', '-150', '-100', '40'], // the house absorbs the rest
    ['0', '10', '-10.000001', '0', '0.000001'],
  ] as const)('available %s margin %s profit %s -> delta %s absorbed %s', (available, margin, profit, delta, absorbed) => {
    const s = settleClose({ available, margin, profit });
    expect(s.availableDelta.toFixed()).toBe(delta);
    expect(s.absorbed.toFixed()).toBe(absorbed);
  });
});
