import { dec, fixed } from '@tp/domain';

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

const compactFormats = new Map<string, Intl.NumberFormat>();
/**
 * One compact formatter per locale, kept: building an Intl.NumberFormat costs far more than
 * formatting with it, and the market lists format every row's volume on every price tick.
 */
function compactFormat(locale: string): Intl.NumberFormat {
  let f = compactFormats.get(locale);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 });
    } catch {
      // A locale tag the runtime refuses: English digits rather than no number.
      f = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 });
    }
    compactFormats.set(locale, f);
  }
  return f;
}

/** A traded volume, short: "1086001.8" -> "1.09M" (display only, never money arithmetic). */
export function compactNumber(value: string | null | undefined, locale = 'en'): string {
  if (value === null || value === undefined || value === '') return '--';
  const n = Number(value);
  if (!Number.isFinite(n)) return '--';
  return compactFormat(locale).format(n);
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
