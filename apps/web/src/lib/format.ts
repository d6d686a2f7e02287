import i18next from 'i18next';
import { isLang, LANG_BCP47 } from '@tp/contracts';
import { dec, fixed, type DecimalLike, type Rounding } from '@tp/domain';
import { COMPACT_PATTERNS, type CompactLocale } from './compact-patterns';
import { NUMBER_PATTERNS, type NumberLocale } from './number-patterns';

/*
 * Every number a screen shows is written here, in the interface language's format (decisions.md,
 * "Times on screens, numbers"): "112,765.26" in English, "112.765,26" in German, "112 765,26" in
 * French, "1,12,765.26" in Hindi, always with Latin digits (as the chart and the wire write them),
 * so one screen never shows two formats side by side.
 *
 * `lang` is an interface language ('de', 'hk', 'jp') or a number locale ('de-u-nu-latn'); without
 * it, the app's current language. The marks come from tables of ICU's patterns
 * (compact-patterns.ts, number-patterns.ts), not from Intl.NumberFormat at run time: the first
 * Intl.NumberFormat of a page loads ICU's number data, 40-75 ms of main thread inside the first
 * render of the market lists, where every price is written. The tests compare the output with
 * Intl.NumberFormat's in every language (less Arabic's direction marks, see DIRECTION_MARKS).
 * Amounts are rounded with decimal.js (strings from the wire, never binary floats).
 */

export const HIDDEN = '******';

/** The app's language now (what i18next shows); English before it has started. */
function appLang(): string {
  return i18next.language ?? 'en';
}

/** The BCP 47 tag of an interface language or a number locale; English for one we do not ship. */
function bcp47(lang: string): string {
  if (isLang(lang)) return LANG_BCP47[lang];
  const base = lang.replace(/-u-.*$/, '');
  return COMPACT_PATTERNS[base] ? base : 'en';
}

/** The Intl locale numbers are written in for an interface language: its tag with Latin digits ("de-u-nu-latn"). */
export function numberLocale(lang: string = appLang()): string {
  return `${bcp47(lang)}-u-nu-latn`;
}

interface Marks extends NumberLocale {
  digits: CompactLocale;
}

/**
 * Direction marks Intl sets around signs and the percent sign in Arabic ("\u200e-5.00",
 * "5.00\u200e%\u200e"). Left out: screens isolate every figure left to right themselves
 * (<bdi dir="ltr">), and a mark inside a figure breaks reading it back (tests, copy and paste).
 */
const DIRECTION_MARKS = /[\u200e\u200f\u061c]/g;

const marksCache = new Map<string, Marks>();
function marksOf(lang: string | undefined): Marks {
  const key = lang ?? appLang();
  let marks = marksCache.get(key);
  if (!marks) {
    const tag = bcp47(key);
    const p = NUMBER_PATTERNS[tag] ?? NUMBER_PATTERNS.en!;
    const bare = (pattern: string) => pattern.replace(DIRECTION_MARKS, '');
    marks = {
      minGrouping: p.minGrouping,
      plus: bare(p.plus),
      minus: bare(p.minus),
      percent: [bare(p.percent[0]), bare(p.percent[1]), bare(p.percent[2])],
      digits: COMPACT_PATTERNS[tag] ?? COMPACT_PATTERNS.en!,
    };
    marksCache.set(key, marks);
  }
  return marks;
}

/** A whole number's digits with the language's group marks ("1234567" -> "1.234.567", "12,34,567"). */
function groupWhole(digits: string, marks: Marks, grouped = true): string {
  const { group, groups } = marks.digits;
  if (!grouped || digits.length < groups[0] + marks.minGrouping) return digits;
  return insertGroupMarks(digits, group, groups);
}

/** The group marks put in a run of digits: the last group `primary` long, the others `secondary`. */
function insertGroupMarks(digits: string, group: string, [primary, secondary]: readonly [number, number]): string {
  let out = digits.slice(-primary);
  let rest = digits.slice(0, -primary);
  while (rest.length > secondary) {
    out = `${rest.slice(-secondary)}${group}${out}`;
    rest = rest.slice(0, -secondary);
  }
  return rest ? `${rest}${group}${out}` : out;
}

const FIXED_POINT = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * A fixed-point decimal text ("-1234567.5", as decimal.js writes it) as the language writes it:
 * "-1,234,567.5" in English, "-1.234.567,5" in German. Any other text ("--") is returned as it is.
 * A plain loop rather than a regex or Intl: every price of the market lists goes through here on
 * each quote tick.
 */
export function localNumber(fixedPoint: string, lang?: string, grouped = true): string {
  const m = FIXED_POINT.exec(fixedPoint);
  if (!m) return fixedPoint;
  const marks = marksOf(lang);
  const whole = groupWhole(m[2]!, marks, grouped);
  const body = m[3] === undefined ? whole : `${whole}${marks.digits.decimal}${m[3]}`;
  return m[1] === '-' ? marks.minus.replace('{n}', body) : m[1] === '+' ? marks.plus.replace('{n}', body) : body;
}

/** The same as localNumber (the name screens have used since amounts were only grouped). */
export const groupThousands = localNumber;

/** A value rounded to `places`, as fixed-point text; null when absent or not a number. */
function fixedOrNull(value: DecimalLike | null | undefined, places: number, rounding: Rounding): string | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    return fixed(value, Math.max(0, places), rounding);
  } catch {
    return null;
  }
}

/** A number with `places` decimals, rounded as named ('half-up' for display), in the language's format. */
export function decimal(value: DecimalLike | null | undefined, places: number, rounding: Rounding = 'half-up', lang?: string): string {
  const text = fixedOrNull(value, places, rounding);
  return text === null ? '--' : localNumber(text, lang);
}

/** A money amount with 2 decimals (rounded down, as shown to users), or stars when hidden. */
export function money(value: DecimalLike | null | undefined, hidden = false, places = 2, lang?: string): string {
  if (hidden) return HIDDEN;
  return decimal(value, places, 'down', lang);
}

/** A price with the symbol's precision: ("112352.6", 2) -> "112,352.60", "112.352,60". */
export function price(value: DecimalLike | null | undefined, precision: number, lang?: string): string {
  return decimal(value, precision, 'half-up', lang);
}

/**
 * A price from the wire shown with every decimal it carries (at least `precision`): a fill moved
 * by the spread may carry more decimals than the symbol's precision.
 */
export function exactPrice(value: string | null | undefined, precision = 0, lang?: string): string {
  if (value === null || value === undefined || value === '') return '--';
  return price(value, Math.max(precision, value.split('.')[1]?.length ?? 0), lang);
}

/** A number with exactly the decimals it carries (lots "0.01", a leverage "20"), in the language's format. */
export function plainNumber(value: DecimalLike | null | undefined, lang?: string): string {
  if (value === null || value === undefined || value === '') return '--';
  if (typeof value === 'string' && FIXED_POINT.test(value)) return localNumber(value, lang);
  try {
    return localNumber(dec(value).toFixed(), lang);
  } catch {
    return '--';
  }
}

/** 'up' | 'down' | 'flat' for colouring a change. */
export function trend(value: DecimalLike | null | undefined): 'up' | 'down' | 'flat' {
  if (value === null || value === undefined || value === '') return 'flat';
  try {
    const d = dec(value);
    return d.gt(0) ? 'up' : d.lt(0) ? 'down' : 'flat';
  } catch {
    return 'flat';
  }
}

/** Digits with the sign the rounded value has: a gain '+', a loss '-', nothing when it shows as zero ("-0.00" is "0.00"). */
function signed(text: string, lang: string | undefined): string {
  const t = trend(text);
  const body = localNumber(text.replace(/^[+-]/, ''), lang);
  const marks = marksOf(lang);
  return t === 'up' ? marks.plus.replace('{n}', body) : t === 'down' ? marks.minus.replace('{n}', body) : body;
}

/** A money amount with an explicit '+' on a gain: "+80.00" / "-100.00"; an amount shown as zero is "0.00". */
export function signedMoney(value: DecimalLike | null | undefined, places = 2, lang?: string): string {
  const text = fixedOrNull(value, places, 'down');
  return text === null ? '--' : signed(text, lang);
}

/** The colour class of a signed amount as shown (2 decimals): gains green, losses red, zero muted. */
export function trendClass(value: DecimalLike | null | undefined, places = 2): 'tp-up' | 'tp-down' | 'tp-muted' {
  const t = trend(fixedOrNull(value, places, 'down'));
  return t === 'up' ? 'tp-up' : t === 'down' ? 'tp-down' : 'tp-muted';
}

/** A percentage given in percent ("1.256" is 1.256 %), 2 decimals, as the language writes it: "1.26%", "1,26 %", "%1,26". */
function percentText(value: DecimalLike | null | undefined, places: number, withSign: boolean, lang: string | undefined, grouped = true): string {
  const text = fixedOrNull(value, places, 'half-up');
  if (text === null) return '--';
  const marks = marksOf(lang);
  const t = trend(text);
  const body = localNumber(text.replace(/^[+-]/, ''), lang, grouped);
  const [plain, up, down] = marks.percent;
  return (t === 'down' ? down : t === 'up' && withSign ? up : plain).replace('{n}', body);
}

/** A percentage with its sign: "+1.25%" / "-0.50%" / "0.00%" ("+1,25 %" in German). */
export function signedPercent(value: DecimalLike | null | undefined, places = 2, lang?: string): string {
  return percentText(value, places, true, lang);
}

/** A percentage without a '+' (a rate, a share): "0.25%", "0,25 %"; a negative one keeps its '-'. */
export function percent(value: DecimalLike | null | undefined, places = 2, lang?: string): string {
  return percentText(value, places, false, lang);
}

/** A configured rate with the decimals it carries ("0.8" -> "0.8%", "0,8 %"): a fund's daily rate, a penalty rate. */
export function plainPercent(value: string | null | undefined, lang?: string): string {
  if (value === null || value === undefined || value === '') return '--';
  return percentText(value, value.split('.')[1]?.length ?? 0, false, lang);
}

/**
 * A ratio that runs into thousands of percent (the contract account's risk rate, "6399.07%"),
 * with the language's decimal mark and percent sign but no group marks, as the order screens
 * have always written it: it is read against the stop-out level, not as an amount.
 */
export function ratePercent(value: DecimalLike | null | undefined, places = 2, lang?: string): string {
  return percentText(value, places, false, lang, false);
}

/** Group marks in a run of digits, from five digits on as the short forms group ("15.000", "1500"). */
function groupDigits(digits: string, { group, groups }: CompactLocale): string {
  return digits.length < 5 ? digits : insertGroupMarks(digits, group, groups);
}

/**
 * A traded volume, short: "1086001.8" -> "1.09M", "108.6万", "1,09 Mio." (display only, never money
 * arithmetic). The text of Intl's compact notation with two decimals at most, written from a
 * table of its patterns and marks (compact-patterns.ts, checked against Intl by the tests).
 * `locale` is an interface language or a number locale; the app's language without it.
 */
export function compactNumber(value: string | null | undefined, locale: string = appLang()): string {
  if (value === null || value === undefined || value === '') return '--';
  const n = Number(value);
  if (!Number.isFinite(n)) return '--';
  // From the number, as Intl formats it: its shortest decimal, exactly ("562341.325").
  const exact = dec(n);
  const marks = marksOf(locale).digits;
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
