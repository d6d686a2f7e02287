import { LANG_BCP47, type Lang } from '@tp/contracts';
import { currentLang } from './i18n';
/**
 * A decimal string of the API ("250.00000000") as staff read it ("250.00"): trailing zeros past
 * two decimals dropped, every significant digit kept. Strings in, strings out: money is never a
 * float here either.
 */
export function formatDecimal(value: string): string {
  const match = /^(-?\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const [, whole, fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  return `${whole}.${significant.padEnd(2, '0')}`;
}

/** An amount and its currency: "250.00 USDT". */
export function formatAmount(value: string, currency: string): string {
  return `${formatDecimal(value)} ${currency}`;
}

/**
 * Numbers in fixed columns (dashboard, a user's page). Money and prices arrive as decimal strings and are rounded here on
 * their digits (half away from zero), never through a binary float, so a shown amount is the
 * amount.
 */

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `value` rounded to `places` decimals (a table column of one precision), digits grouped by thousands: `-1234.5` -> `-1,234.50`. */
export function formatFixed(value: string | null | undefined, places = 2): string {
  if (value === null || value === undefined || value === '') return '-';
  const m = PLAIN.exec(value.trim());
  if (!m) return value;
  const [, sign, int, frac = ''] = m;
  const scaled = BigInt(int! + frac.padEnd(places, '0').slice(0, places));
  const roundUp = frac.length > places && Number(frac[places]) >= 5;
  const digits = (scaled + (roundUp ? 1n : 0n)).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = places > 0 ? `.${digits.slice(digits.length - places)}` : '';
  const isZero = /^[0,]*$/.test(whole) && /^\.?0*$/.test(decimals);
  return `${sign && !isZero ? '-' : ''}${whole}${decimals}`;
}

/** A decimal string with its trailing zeros dropped (lots, ratios): `0.010000` -> `0.01`. */
export function trimDecimal(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/** Whether a decimal string is below zero (for colouring). */
export function isNegative(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim().startsWith('-') && /[1-9]/.test(value);
}

/**
 * A moment's time of day in the console's language, on the 24-hour clock every console language
 * reads (no English "AM/PM" beside Chinese text): `15:04:05`.
 */
export function formatClock(ms: number, lang: Lang = currentLang()): string {
  return new Intl.DateTimeFormat(LANG_BCP47[lang], { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(ms);
}

export function formatCount(n: number | null | undefined): string {
  return n === null || n === undefined ? '-' : n.toLocaleString('en-US');
}

/** A duration in ms as staff read it: `850 ms`, `12.3 s`, `4 min 05 s`, `2 h 10 min`. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.floor(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}
