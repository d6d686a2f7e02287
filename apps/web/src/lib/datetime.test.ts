import { describe, expect, it } from 'vitest';
import { LANGS } from '@tp/contracts';
import { CHART_UTC_OFFSET_MS } from '@tp/domain';
import { formatChartCrosshair, formatChartTick, formatDateTime, wireToMs, zoneName } from './datetime.js';

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
