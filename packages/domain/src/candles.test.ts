import { describe, expect, it } from 'vitest';
import { applyTick, candleStart, type CandlePeriod } from './candles.js';

const iso = (ms: number) => new Date(ms).toISOString();

describe('candleStart', () => {
  it.each([
    [1, '2026-11-16T10:00:59.999Z', '2026-11-16T10:00:00.000Z'],
    [5, '2026-11-16T10:04:00Z', '2026-11-16T10:00:00.000Z'],
    [5, '2026-11-16T10:05:00Z', '2026-11-16T10:05:00.000Z'],
    [15, '2026-11-16T10:29:00Z', '2026-11-16T10:15:00.000Z'],
    [30, '2026-11-16T10:31:00Z', '2026-11-16T10:30:00.000Z'],
    [60, '2026-11-16T10:59:00Z', '2026-11-16T10:00:00.000Z'],
    // A day is a Bangkok day: it starts at 17:00 UTC.
    [1440, '2026-11-16T16:59:59Z', '2026-11-15T17:00:00.000Z'],
    [1440, '2026-11-16T17:00:00Z', '2026-11-16T17:00:00.000Z'],
    [1440, '2026-11-16T23:00:00Z', '2026-11-16T17:00:00.000Z'],
  ] as [CandlePeriod, string, string][])('period %i at %s starts %s', (period, at, start) => {
    expect(iso(candleStart(period, Date.parse(at)))).toBe(start);
  });
});

describe('applyTick', () => {
  const t0 = Date.parse('2026-11-16T10:00:10Z');
  it('opens, extends and rolls candles', () => {
    let c = applyTick(undefined, 1, t0, '1.1000', '1');
    expect(c).toEqual({ time: Date.parse('2026-11-16T10:00:00Z'), open: '1.1000', high: '1.1000', low: '1.1000', close: '1.1000', volume: '1' });
    c = applyTick(c, 1, t0 + 1000, '1.1010', '2');
    c = applyTick(c, 1, t0 + 2000, '1.0990', '0.5');
    expect(c).toMatchObject({ open: '1.1000', high: '1.1010', low: '1.0990', close: '1.0990', volume: '3.5' });
    const next = applyTick(c, 1, t0 + 60_000, '1.1005', '1');
    expect(next).toMatchObject({ time: Date.parse('2026-11-16T10:01:00Z'), open: '1.1005', volume: '1' });
  });
});
