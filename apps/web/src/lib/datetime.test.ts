import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGS } from '@tp/contracts';
import { CHART_UTC_OFFSET_MS } from '@tp/domain';
import { APP_TIME_ZONE, dateLocale, formatChartCrosshair, formatChartTick, formatDateTime, wireToMs, zoneName } from './datetime.js';

// 2026-11-24 13:07:30 UTC is 20:07:30 in Bangkok, whatever zone the device (or CI) is in.
const MS = Date.UTC(2026, 10, 24, 13, 7, 30);

describe('dates and times: one zone (the chart\'s), shown, in the app language', () => {
  it('reads wire times as UTC', () => {
    expect(wireToMs('2026-11-24 13:07:30')).toBe(MS);
    expect(wireToMs('')).toBeNull();
    expect(wireToMs(null)).toBeNull();
    expect(wireToMs('yesterday')).toBeNull();
  });

  it.each([
    ['en', '11/24/2026, 20:07:30'],
    ['de', '24.11.2026, 20:07:30'],
    ['hk', '24/11/2026 20:07:30'],
    ['jp', '2026/11/24 20:07:30'],
    // Gregorian years and Latin digits in every language.
    ['th', '24/11/2026 20:07:30'],
    ['ar', '24\u200f/11\u200f/2026، 20:07:30'],
  ])('%s shows Bangkok time as the language writes it', (lang, text) => {
    // ICU may space with a no-break space: compared as plain spaces.
    expect(formatDateTime(MS, lang).replace(/\s/g, ' ')).toBe(text);
  });

  it('every language shows the hour in Bangkok and names the zone', () => {
    for (const lang of LANGS) {
      expect(formatDateTime(MS, lang), lang).toMatch(/20[:.]07[:.]30/);
      expect(formatDateTime(MS, lang), lang).toContain('2026');
      expect(zoneName(lang), lang).toMatch(/\+7$/);
    }
    expect(formatDateTime(null, 'en')).toBe('--');
  });

  it('the chart crosshair and ticks speak the app language, not the browser\'s', () => {
    const shifted = (MS + CHART_UTC_OFFSET_MS) / 1000;
    expect(formatChartCrosshair(shifted, 'de', true).replace(/\s/g, ' ')).toBe('24. Nov. 2026, 20:07');
    expect(formatChartCrosshair(shifted, 'fr', false).replace(/\s/g, ' ')).toBe('24 nov. 2026');
    expect(formatChartCrosshair(shifted, 'jp', true)).toContain('20:07');
    expect(formatChartTick(shifted, 'ru', 'month')).toBe('нояб.');
    expect(formatChartTick(shifted, 'en', 'time')).toBe('20:07');
    expect(formatChartTick(shifted, 'en', 'day')).toBe('24');
  });
});

// The axis and the zone label come from a table of ICU's patterns (chart-time-patterns.ts), not
// from Intl at run time. When these fail after a Node upgrade, run scripts/chart-time-patterns.mjs.
describe('the chart axis from the table of patterns writes what Intl writes', () => {
  const TICK_OPTIONS = {
    year: { timeZone: 'UTC', year: 'numeric' },
    month: { timeZone: 'UTC', month: 'short' },
    day: { timeZone: 'UTC', day: 'numeric' },
    time: { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  } as const satisfies Record<string, Intl.DateTimeFormatOptions>;
  const TICKS = Object.keys(TICK_OPTIONS) as (keyof typeof TICK_OPTIONS)[];
  const intl = (seconds: number, lang: string, tick: keyof typeof TICK_OPTIONS) => new Intl.DateTimeFormat(dateLocale(lang), TICK_OPTIONS[tick]).format(seconds * 1000);

  it('in every language: each month, each day of a month, each hour and the turns of the minute, years far apart', () => {
    const moments = [
      ...Array.from({ length: 12 }, (_, m) => Date.UTC(2026, m, 1)),
      ...Array.from({ length: 31 }, (_, d) => Date.UTC(2026, 0, d + 1)),
      ...Array.from({ length: 24 }, (_, h) => Date.UTC(2026, 10, 27, h, 0)),
      Date.UTC(2026, 10, 27, 9, 5),
      Date.UTC(2026, 10, 27, 23, 59),
      Date.UTC(2024, 1, 29, 12, 30),
      Date.UTC(1999, 11, 31, 23, 59),
      Date.UTC(2100, 0, 1, 0, 0),
      Date.UTC(1970, 0, 1, 0, 0),
    ];
    for (const lang of LANGS) {
      for (const ms of moments) {
        for (const tick of TICKS) expect(formatChartTick(ms / 1000, lang, tick), `${lang} ${tick} ${new Date(ms).toISOString()}`).toBe(intl(ms / 1000, lang, tick));
      }
    }
  });

  it('at random moments of a century', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) / 60_000 }), fc.constantFrom(...LANGS), fc.constantFrom(...TICKS), (minutes, lang, tick) => {
        expect(formatChartTick(minutes * 60, lang, tick)).toBe(intl(minutes * 60, lang, tick));
      }),
      { numRuns: 3000 },
    );
  });

  it('names the app\'s zone as Intl does in every language, and an unknown language as English', () => {
    for (const lang of LANGS) {
      const parts = new Intl.DateTimeFormat(dateLocale(lang), { timeZone: APP_TIME_ZONE, timeZoneName: 'shortOffset' }).formatToParts(0);
      expect(zoneName(lang), lang).toBe(parts.find((p) => p.type === 'timeZoneName')?.value);
    }
    expect(zoneName('xx')).toBe(zoneName('en'));
    expect(formatChartTick(Date.UTC(2026, 10, 27, 20, 7) / 1000, 'xx', 'month')).toBe('Nov');
  });
});
