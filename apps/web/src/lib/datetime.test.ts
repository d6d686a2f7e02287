import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGS } from '@tp/contracts';
import { CHART_UTC_OFFSET_MS } from '@tp/domain';
import { CHART_TIME_ZONE, chartZoneName, dateLocale, formatChartCrosshair, formatChartTick, formatDate, formatDateTime, formatDocumentDateTime, formatShortDateTime, wireToMs, zoneLabel, zoneName } from './datetime.js';

// 2026-11-24 13:07:30 UTC: 08:07:30 in New York, 20:07:30 in Bangkok.
const MS = Date.UTC(2026, 10, 24, 13, 7, 30);

/** The device's own hour and minute of a moment, as its clock reads them (the zone the tests run in). */
const deviceHourMinute = (ms: number) => `${String(new Date(ms).getHours()).padStart(2, '0')}:${String(new Date(ms).getMinutes()).padStart(2, '0')}`;

describe('dates and times on screens: the device\'s zone, in the app language', () => {
  it('reads wire times as UTC', () => {
    expect(wireToMs('2026-11-24 13:07:30')).toBe(MS);
    expect(wireToMs('')).toBeNull();
    expect(wireToMs(null)).toBeNull();
    expect(wireToMs('yesterday')).toBeNull();
  });

  it.each([
    ['en', '11/24/2026, 08:07:30'],
    ['de', '24.11.2026, 08:07:30'],
    ['hk', '24/11/2026 08:07:30'],
    ['jp', '2026/11/24 08:07:30'],
    // Gregorian years and Latin digits in every language.
    ['th', '24/11/2026 08:07:30'],
    ['ar', '24\u200f/11\u200f/2026، 08:07:30'],
  ])('%s writes a New York time as the language writes it', (lang, text) => {
    // ICU may space with a no-break space: compared as plain spaces.
    expect(formatDateTime(MS, lang, 'America/New_York').replace(/\s/g, ' ')).toBe(text);
  });

  it('without a zone, every language shows the device\'s hour, not Bangkok\'s, and names no zone', () => {
    for (const lang of LANGS) {
      const text = formatDateTime(MS, lang);
      expect(text, lang).toContain(deviceHourMinute(MS).replace(':', text.includes('.07.') ? '.' : ':'));
      expect(text, lang).toContain('2026');
      expect(text, lang).not.toMatch(/GMT|UTC/);
    }
    expect(formatDateTime(null, 'en')).toBe('--');
    expect(formatDate(MS, 'de', 'America/New_York')).toBe('24.11.2026');
  });

  it('a time standing alone in a document names its zone, summer time included', () => {
    expect(formatDocumentDateTime(MS, 'en', 'America/New_York').replace(/\s/g, ' ')).toBe('11/24/2026, 08:07:30 GMT-5');
    expect(formatDocumentDateTime(Date.UTC(2026, 6, 1, 12, 0, 0), 'de', 'America/New_York').replace(/\s/g, ' ')).toBe('01.07.2026, 08:00:00 GMT-4');
    expect(formatDocumentDateTime(MS, 'fr', 'Asia/Bangkok').replace(/\s/g, ' ')).toBe('24/11/2026 20:07:30 UTC+7');
    expect(zoneLabel(MS, 'en', 'UTC')).toMatch(/^GMT(\+0)?$/);
    // The device's zone by default: the same name Intl gives it.
    const device = new Intl.DateTimeFormat('en-u-nu-latn-ca-gregory', { timeZoneName: 'shortOffset' }).formatToParts(MS).find((p) => p.type === 'timeZoneName')!.value;
    expect(formatDocumentDateTime(MS, 'en')).toMatch(new RegExp(`${deviceHourMinute(MS)}:30 ${device.replace('+', '\\+')}$`));
    expect(formatDocumentDateTime(undefined, 'en')).toBe('--');
  });

  it('a message\'s time: the hour on its own day, the date before it on another', () => {
    const now = Date.UTC(2026, 10, 24, 20, 0, 0);
    expect(formatShortDateTime(MS, 'en', now, 'UTC')).toBe('13:07');
    expect(formatShortDateTime(MS - 86_400_000, 'de', now, 'UTC').replace(/\s/g, ' ')).toBe('23. Nov., 13:07');
    // 01:00 UTC on the 25th is still the 24th in New York: the same day there.
    expect(formatShortDateTime(Date.UTC(2026, 10, 25, 1, 0, 0), 'en', now, 'America/New_York')).toBe('20:00');
  });

  it('the chart alone keeps Bangkok: its zone and the name on its label', () => {
    expect(CHART_TIME_ZONE).toBe('Asia/Bangkok');
    for (const lang of LANGS) expect(chartZoneName(lang), lang).toMatch(/\+7$/);
    expect(zoneName('de')).toBe(chartZoneName('de'));
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

  it('names the chart\'s zone as Intl does in every language, and an unknown language as English', () => {
    for (const lang of LANGS) {
      const parts = new Intl.DateTimeFormat(dateLocale(lang), { timeZone: CHART_TIME_ZONE, timeZoneName: 'shortOffset' }).formatToParts(0);
      expect(zoneName(lang), lang).toBe(parts.find((p) => p.type === 'timeZoneName')?.value);
    }
    expect(zoneName('xx')).toBe(zoneName('en'));
    expect(formatChartTick(Date.UTC(2026, 10, 27, 20, 7) / 1000, 'xx', 'month')).toBe('Nov');
  });
});
