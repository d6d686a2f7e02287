import { isLang, LANG_BCP47 } from '@tp/contracts';
import { CHART_TIME_PATTERNS, type ChartTimeLocale } from './chart-time-patterns.js';

/*
 * Every date and time the app shows is written here (decisions.md, "Times on screens"):
 * - on a screen, in the device's time zone, as the phone's own clock reads (no zone named);
 * - where a time stands alone in a document (the loan agreement, a receipt, a statement), with
 *   its zone named: formatDocumentDateTime, <DateTime zone />;
 * - the chart alone keeps the spec's Asia/Bangkok axis (section 9), labelled with that zone.
 */

/** The chart's zone (spec section 9: chart timezone Asia/Bangkok, UTC+7 all year). Only the chart's times are in it. */
export const CHART_TIME_ZONE = 'Asia/Bangkok';

/**
 * Intl locale of an app language: its BCP 47 tag, with Latin digits (as prices are shown) and the
 * Gregorian calendar (Thai would otherwise count Buddhist years, unlike the chart and the wire).
 */
export function dateLocale(lang: string): string {
  return `${isLang(lang) ? LANG_BCP47[lang] : 'en'}-u-nu-latn-ca-gregory`;
}

/**
 * Formatters by language, kind and zone. A formatter without a zone takes the device's when it
 * is made: the device's zone is read again by a new page (a phone that crossed a border).
 */
const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: string, kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${kind}|${options.timeZone ?? ''}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(dateLocale(lang), options);
    cache.set(key, f);
  }
  return f;
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const FULL: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };

/** The device's time zone ("America/New_York"), as the browser reports it. */
export function deviceTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A wire date-time ('YYYY-MM-DD HH:mm:ss', UTC: decisions.md) as Unix ms; null when absent or unreadable. */
export function wireToMs(wire: string | null | undefined): number | null {
  if (!wire) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(wire);
  if (!m) return null;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

/**
 * A moment (Unix ms) as date and time in the language: "24.11.2026, 08:07:30". In the device's
 * zone; `timeZone` names another (tests, a document's zone).
 */
export function formatDateTime(ms: number | null | undefined, lang: string, timeZone?: string): string {
  if (!ms) return '--';
  return formatter(lang, 'full', timeZone ? { ...FULL, timeZone } : FULL).format(ms);
}

/** A moment's date alone, in the language, in the device's zone (or `timeZone`): "24.11.2026". */
export function formatDate(ms: number | null | undefined, lang: string, timeZone?: string): string {
  if (!ms) return '--';
  return formatter(lang, 'date', timeZone ? { ...DATE, timeZone } : DATE).format(ms);
}

/**
 * A message's time, short: the hour and minute on its own day, with the day before ("14:05",
 * "24. Nov., 14:05"), in the device's zone. `nowMs` is the day it is compared with.
 */
export function formatShortDateTime(ms: number, lang: string, nowMs: number, timeZone?: string): string {
  const day = (t: number) => formatDate(t, 'en', timeZone);
  const sameDay = day(ms) === day(nowMs);
  const options: Intl.DateTimeFormatOptions = sameDay ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return formatter(lang, sameDay ? 'short-time' : 'short-day-time', timeZone ? { ...options, timeZone } : options).format(ms);
}

/**
 * The name of the zone a moment is shown in, in the language: "GMT-5", "GMT+7", "UTC+1" in
 * French. Its offset at that moment (summer time counts).
 */
export function zoneLabel(ms: number, lang: string, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = { timeZoneName: 'shortOffset', ...(timeZone ? { timeZone } : {}) };
  return formatter(lang, 'zone', options).formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/**
 * A time that stands alone in a document (an agreement, a receipt, a statement): date, time and
 * the zone's name, "24.11.2026, 08:07:30 GMT-5". In the device's zone, or `timeZone`.
 */
export function formatDocumentDateTime(ms: number | null | undefined, lang: string, timeZone?: string): string {
  if (!ms) return '--';
  return `${formatDateTime(ms, lang, timeZone)} ${zoneLabel(ms, lang, timeZone)}`;
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

/** The chart's zone's name in the app's language, for its label: "GMT+7" ("UTC+7" in French). */
export function chartZoneName(lang: string): string {
  return chartPatterns(lang).zone;
}

/** The chart's zone's name (the name the chart has always read it by). */
export const zoneName = chartZoneName;

/**
 * The chart's times. lightweight-charts draws UTC, so the chart shifts its bars by the zone's
 * offset (candle-chart.tsx); these format such a shifted time as UTC, which reads as the chart's zone.
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
