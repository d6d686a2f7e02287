import { describe, expect, it } from 'vitest';
import { CANDLE_PERIODS, candleStart } from './candles.js';
import { generateCandleHistory, isOpenDuring } from './candle-history.js';
import { isMarketOpen } from './market-hours.js';
import { seededRandom } from './price-walk.js';

const at = (iso: string) => Date.parse(iso);

function history(period: (typeof CANDLE_PERIODS)[number], endIso: string, schedule: 'forex' | 'always' = 'forex', count = 400) {
  return generateCandleHistory({
    price: '1.16500',
    annualVolatility: 0.08,
    precision: 5,
    period,
    count,
    endMs: at(endIso),
    schedule,
    volumePerBar: 100,
    volumePrecision: 4,
    random: seededRandom(7),
  });
}

describe('isOpenDuring', () => {
  it.each([
    ['2026-11-20T21:00:00Z', 60, true], // Friday's last hour
    ['2026-11-20T22:00:00Z', 60, false], // the first closed hour
    ['2026-11-22T21:00:00Z', 60, false], // Sunday's hour before the opening
    ['2026-11-22T21:30:00Z', 60, true], // an hour that the opening falls into
    ['2026-11-21T17:00:00Z', 1440, false], // Sunday in Bangkok: closed all day
    ['2026-11-20T17:00:00Z', 1440, true], // Saturday in Bangkok: open until 05:00
  ])('%s for %i min -> %s', (iso, minutes, open) => {
    expect(isOpenDuring('forex', at(iso), at(iso) + minutes * 60_000)).toBe(open);
  });
});

describe('generateCandleHistory', () => {
  // Ending on a Sunday (closed), a Monday morning just after the opening, and a Wednesday.
  for (const end of ['2026-11-22T08:00:00Z', '2026-11-23T01:00:00Z', '2026-11-25T12:00:00Z']) {
    it.each([...CANDLE_PERIODS])(`ending ${end}, period %i: no candle in the closed hours of the forex week`, (period) => {
      const bars = history(period, end);
      expect(bars).toHaveLength(400);
      const sizeMs = period * 60_000;
      for (const b of bars) {
        expect(b.time).toBe(candleStart(period, b.time));
        expect(isOpenDuring('forex', b.time, b.time + sizeMs), new Date(b.time).toISOString()).toBe(true);
      }
      for (let i = 1; i < bars.length; i++) expect(bars[i]!.time).toBeGreaterThan(bars[i - 1]!.time);
      // The newest bar is the last one in which the market was open up to the end.
      expect(bars.at(-1)!.time).toBeLessThanOrEqual(at(end));
    });
  }

  it('a 1-minute history ending at the weekend stops at Friday 21:59 UTC and has no Saturday minute', () => {
    const bars = history(1, '2026-11-21T12:00:00Z', 'forex', 1500);
    expect(new Date(bars.at(-1)!.time).toISOString()).toBe('2026-11-20T21:59:00.000Z');
    expect(bars.every((b) => isMarketOpen('forex', b.time))).toBe(true);
  });

  it('crypto has a candle for every period of the weekend', () => {
    const bars = history(60, '2026-11-22T08:00:00Z', 'always', 72);
    for (let i = 1; i < bars.length; i++) expect(bars[i]!.time - bars[i - 1]!.time).toBe(3_600_000);
  });
});
