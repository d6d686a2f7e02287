import { isLang, LANG_BCP47 } from '@tp/contracts';
import { CHART_TIME_PATTERNS, type ChartTimeLocale } from './chart-time-patterns.js';

/**
 * The one time zone of every date and time the app shows: the chart's (spec section 9: chart
 * timezone Asia/Bangkok, UTC+7 all year). Orders, wallet records and the chart all read it here,
 * so a fill time and the candle it landed in say the same hour; each date says its zone.
 */
export const APP_TIME_ZONE = 'Asia/Bangkok';

/**
 * Intl locale of an app language: its BCP 47 tag, with Latin digits (as prices are shown) and the
 * Gregorian calendar (Thai would otherwise count Buddhist years, unlike the chart and the wire).
 */
export function dateLocale(lang: string): string {
  return `${isLang(lang) ? LANG_BCP47[lang] : 'en'}-u-nu-latn-ca-gregory`;
}

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: string, kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${kind}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(dateLocale(lang), options);
    cache.set(key, f);
  }
  return f;
}

const FULL: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };

/** A wire date-time ('YYYY-MM-DD HH:mm:ss', UTC: decisions.md) as Unix ms; null when absent or unreadable. */
export function wireToMs(wire: string | null | undefined): number | null {
  if (!wire) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(wire);
  if (!m) return null;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

/** A moment (Unix ms) as date and time in the app's zone and language: "24.11.2026, 20:07:30". */
export function formatDateTime(ms: number | null | undefined, lang: string): string {
  if (!ms) return '--';
  return formatter(lang, 'full', { ...FULL, timeZone: APP_TIME_ZONE }).format(ms);
}

/**
 * The chart's axis and zone label as ICU writes them, from a table of its patterns
 * (chart-time-patterns.ts): the first Intl.DateTimeFormat of a page loads ICU's calendar and zone
 * data, 35-60 ms of main thread inside the trade chart's first paint. The tests compare the table
 * with Intl in every language.
 */
function chartPatterns(lang: string): ChartTimeLocale {
  return CHART_TIME_PATTERNS[isLang(lang) ? LANG_BCP47[lang] : 'en'] ?? CHART_TIME_PATTERNS.en!;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The zone's name in the app's language: "GMT+7" ("UTC+7" in French). */
export function zoneName(lang: string): string {
  return chartPatterns(lang).zone;
}

/**
 * The chart's times. lightweight-charts draws UTC, so the chart shifts its bars by the zone's
 * offset (candle-chart.tsx); these format such a shifted time as UTC, which reads as app time.
 */
export function formatChartCrosshair(shiftedSeconds: number, lang: string, withTime: boolean): string {
  const options: Intl.DateTimeFormatOptions = withTime
    ? { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' };
  return formatter(lang, withTime ? 'crosshair-time' : 'crosshair-day', options).format(shiftedSeconds * 1000);
}

/** A tick of the chart's time axis: a year, a month, a day of the month or a time of day. */
export function formatChartTick(shiftedSeconds: number, lang: string, tick: 'year' | 'month' | 'day' | 'time'): string {
  const p = chartPatterns(lang);
  const d = new Date(shiftedSeconds * 1000);
  switch (tick) {
    case 'year':
      return p.year.replace('{y}', String(d.getUTCFullYear()));
    case 'month':
      return p.months[d.getUTCMonth()]!;
    case 'day':
      return p.day.replace('{d}', String(d.getUTCDate()));
    case 'time':
      return p.time.replace('{H}', twoDigits(d.getUTCHours())).replace('{m}', twoDigits(d.getUTCMinutes()));
  }
}
