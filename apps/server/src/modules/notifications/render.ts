import { isLang, DEFAULT_LANG, LANG_BCP47, type Lang, type NotificationKind, type NotificationParams } from '@tp/contracts';
import { text, type TextKey } from '../../http/messages/index.js';

/**
 * The param that picks a kind's wording, where it has more than one (an approved or a rejected
 * deposit, a stop loss or a take profit), and the values it may take. A value outside the list
 * falls back to the first, so a producer's typo shows a sentence rather than a key.
 */
const VARIANTS: Partial<Record<NotificationKind, { param: string; values: readonly string[] }>> = {
  order_closed: { param: 'reason', values: ['stop_loss', 'take_profit', 'stop_out', 'trailing'] },
  option_settled: { param: 'result', values: ['win', 'loss', 'tie'] },
  deposit_decided: { param: 'outcome', values: ['approved', 'rejected'] },
  withdrawal_decided: { param: 'outcome', values: ['approved', 'rejected'] },
  real_name_decided: { param: 'outcome', values: ['approved', 'rejected'] },
  loan_decided: { param: 'outcome', values: ['approved', 'rejected'] },
  repayment_decided: { param: 'outcome', values: ['approved', 'rejected'] },
  price_alert: { param: 'direction', values: ['above', 'below'] },
};

/** The longest support reply quoted in a notification's body. */
export const SUPPORT_PREVIEW_CHARS = 120;

/** A notification's title and body in `lang`, from its kind and params (decided when read, not when stored). */
export function renderNotification(lang: Lang, kind: NotificationKind, params: NotificationParams): { title: string; body: string } {
  const vars = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' && k !== 'text' ? localDecimal(shortDecimal(v), lang) : String(v)]));
  const title = text(lang, `notify_title_${kind}` as TextKey);
  if (kind === 'support_reply') {
    const quoted = vars.text ?? '';
    return { title, body: quoted !== '' ? quoted : text(lang, 'notify_body_support_reply_image') };
  }
  const variant = VARIANTS[kind];
  let key = `notify_body_${kind}`;
  if (variant) {
    const value = vars[variant.param];
    key += `_${value !== undefined && variant.values.includes(value) ? value : variant.values[0]}`;
  }
  return { title, body: text(lang, key as TextKey, vars) };
}

/** A stored language name, or the default one. */
export function langOrDefault(value: string | undefined): Lang {
  return value !== undefined && isLang(value) ? value : DEFAULT_LANG;
}

/**
 * A decimal as the ledger stores it (`250.000000000000000000`) written for people: trailing
 * zeros dropped, two places kept (`250.00`, `-201.50`, `0.123456`). Integers and other text pass.
 */
export function shortDecimal(value: string): string {
  const m = /^(-?\d+)\.(\d+)$/.exec(value);
  if (!m) return value;
  const places = m[2]!.replace(/0+$/, '');
  return `${m[1]}.${places.length >= 2 ? places : places.padEnd(2, '0')}`;
}

/** Direction marks Intl puts around signs in Arabic: the screens isolate figures themselves. */
const DIRECTION_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * A decimal written the way the reader's language writes numbers (`1.234,50` in German), with
 * Latin digits as the app shows them in every language; the places are kept as given. Formatted
 * from the decimal string itself (exact, no binary float). Other text passes unchanged.
 */
export function localDecimal(value: string, lang: Lang): string {
  const m = /^-?\d+\.(\d+)$/.exec(value);
  if (!m) return value;
  const places = m[1]!.length;
  const format = new Intl.NumberFormat(`${LANG_BCP47[lang]}-u-nu-latn`, { minimumFractionDigits: places, maximumFractionDigits: places, useGrouping: true });
  // Intl formats a decimal string exactly (a number would round beyond 15 digits).
  return format.format(value as unknown as number).replace(DIRECTION_MARKS, '');
}
