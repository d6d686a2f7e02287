import { dec, fixed } from '@tp/domain';
import { COMPACT_PATTERNS, type CompactLocale } from './compact-patterns';

export const HIDDEN = '******';

/**
 * Thousands separated by commas, as trading apps show amounts: "30000.00" -> "30,000.00". A plain
 * loop rather than a lookahead regex: every price of the market lists goes through here on each
 * quote tick.
 */
export function groupThousands(fixedPoint: string): string {
  const dot = fixedPoint.indexOf('.');
  const whole = dot === -1 ? fixedPoint : fixedPoint.slice(0, dot);
  const sign = whole.startsWith('-') || whole.startsWith('+') ? whole[0]! : '';
  const digits = whole.slice(sign.length);
  if (digits.length <= 3 || !/^\d+$/.test(digits)) return fixedPoint;
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return sign + grouped + (dot === -1 ? '' : fixedPoint.slice(dot));
}

/** A money amount with 2 decimals (rounded down, as shown to users), or stars when hidden. */
export function money(value: string | null | undefined, hidden = false, places = 2): string {
  if (hidden) return HIDDEN;
  if (value === null || value === undefined || value === '') return '--';
  try {
    return groupThousands(fixed(value, places, 'down'));
  } catch {
    return '--';
  }
}

/** A percentage with its sign: "+1.25%" / "-0.50%" / "0.00%". */
export function signedPercent(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '--';
  try {
    const d = dec(value);
    const s = fixed(d, 2, 'half-up');
    return `${d.gt(0) ? '+' : ''}${s}%`;
  } catch {
    return '--';
  }
}

/** 'up' | 'down' | 'flat' for colouring a change. */
export function trend(value: string | null | undefined): 'up' | 'down' | 'flat' {
  if (!value) return 'flat';
  try {
    const d = dec(value);
    return d.gt(0) ? 'up' : d.lt(0) ? 'down' : 'flat';
  } catch {
    return 'flat';
  }
}

/** A price with the symbol's precision and grouped thousands: ("112352.6", 2) -> "112,352.60". */
export function price(value: string | null | undefined, precision: number): string {
  if (value === null || value === undefined || value === '') return '--';
  try {
    return groupThousands(fixed(value, Math.max(0, precision), 'half-up'));
  } catch {
    return '--';
  }
}

/** The number marks and short forms of a locale ('de-u-nu-latn' reads 'de'); English for one we do not ship. */
function compactLocale(locale: string): CompactLocale {
  return COMPACT_PATTERNS[locale.replace(/-u-.*$/, '')] ?? COMPACT_PATTERNS.en!;
}

/** Group marks in a run of digits, from five digits on as the short forms group ("15.000", "1500"). */
function groupDigits(digits: string, { group, groups: [primary, secondary] }: CompactLocale): string {
  if (digits.length < 5) return digits;
  let out = digits.slice(-primary);
  let rest = digits.slice(0, -primary);
  while (rest.length > secondary) {
    out = `${rest.slice(-secondary)}${group}${out}`;
    rest = rest.slice(0, -secondary);
  }
  return rest ? `${rest}${group}${out}` : out;
}

/**
 * A traded volume, short: "1086001.8" -> "1.09M", "108.6万", "1,09 Mio." (display only, never money
 * arithmetic). The text of Intl's compact notation with two decimals at most, written from a
 * table of its patterns and marks (compact-patterns.ts, checked against Intl by the tests): the
 * first Intl.NumberFormat in a page loads ICU's number data, 40-75 ms of main thread here, inside
 * the first render of a market list.
 */
export function compactNumber(value: string | null | undefined, locale = 'en'): string {
  if (value === null || value === undefined || value === '') return '--';
  const n = Number(value);
  if (!Number.isFinite(n)) return '--';
  // From the number, as Intl formats it: its shortest decimal, exactly ("562341.325").
  const exact = dec(n);
  const marks = compactLocale(locale);
  const patternFor = (power: number) => {
    let found = marks.rows[0]!;
    for (const row of marks.rows) if (row[0] <= power) found = row;
    return found;
  };
  // Decimal arithmetic, as ICU's: a float division rounds 562341.325 to .32, ICU to .33.
  const shown = (divide: number) => dec(fixed(exact.abs().div(dec(`1e${divide}`)), 2, 'half-up'));
  // The power of ten of the leading digit (decimal.js keeps it as `e`; a logarithm at 60 digits is slow).
  const power = exact.isZero() ? 0 : exact.e;
  let row = patternFor(power);
  let amount = shown(row[1]);
  // Rounding carried into the next power (999,999 -> "1000K"): that power's pattern, as ICU does.
  if (amount.times(dec(`1e${row[1]}`)).gte(dec(`1e${power + 1}`))) {
    row = patternFor(power + 1);
    amount = shown(row[1]);
  }
  // A label that changes with the number shown (Arabic: "3 آلاف", "1 ألف").
  const form = marks.forms?.find(([from, shownAs]) => from === row[0] && shownAs.includes(amount.toFixed()));
  const [before, after] = form ? [form[2], form[3]] : [row[2], row[3]];
  const [whole, fraction] = amount.toFixed().split('.');
  const digits = `${groupDigits(whole!, marks)}${fraction ? `${marks.decimal}${fraction}` : ''}`;
  return `${before}${exact.isNegative() ? marks.minus : ''}${digits}${after}`;
}

/** A money amount with an explicit '+' on a gain: "+80.00" / "-100.00"; an amount shown as zero is "0.00". */
export function signedMoney(value: string | null | undefined, places = 2): string {
  if (value === null || value === undefined || value === '') return '--';
  const text = money(value, false, places);
  if (text === '--') return text;
  const shown = trend(text.replace(/,/g, ''));
  return shown === 'up' ? `+${text}` : shown === 'down' ? text : text.replace('-', '');
}

/** The colour class of a signed amount as shown (2 decimals): gains green, losses red, zero muted. */
export function trendClass(value: string | null | undefined, places = 2): 'tp-up' | 'tp-down' | 'tp-muted' {
  const text = money(value, false, places);
  const t = text === '--' ? 'flat' : trend(text.replace(/,/g, ''));
  return t === 'up' ? 'tp-up' : t === 'down' ? 'tp-down' : 'tp-muted';
}

/**
 * A price from the wire shown with every decimal it carries (at least `precision`), grouped: a
 * fill moved by the spread may carry more decimals than the symbol's precision.
 */
export function exactPrice(value: string | null | undefined, precision = 0): string {
  if (value === null || value === undefined || value === '') return '--';
  return price(value, Math.max(precision, value.split('.')[1]?.length ?? 0));
}
