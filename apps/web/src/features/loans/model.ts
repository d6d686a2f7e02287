import { dec } from '@tp/domain';
import { plainNumber } from '../../lib/format';

/** A daily fraction as the percent shown, in the language's number format: '0.0025' -> '0.25', '0,25' in German. */
export function percent(rate: string): string {
  return plainNumber(dec(rate).times(100).toFixed());
}

/** What a user types into an amount: digits and one point, two decimals at most. */
export function cleanAmount(v: string): string {
  const s = v.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const [int = '', ...rest] = s.split('.');
  return rest.length ? `${int}.${rest.join('').slice(0, 2)}` : int;
}

/** Today in the browser's calendar, yyyy-mm-dd (the birthday's upper bound). */
export function todayIso(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** Whether an amount is within a term's bounds (both included); a blank or malformed amount is not. */
export function amountWithin(amount: string, term: { min_amount: string; max_amount: string }): boolean {
  if (!/^\d+(\.\d+)?$/.test(amount)) return false;
  const a = dec(amount);
  return a.gt(0) && a.gte(dec(term.min_amount)) && a.lte(dec(term.max_amount));
}

/**
 * The loan form's last and first name from the one full name of a real-name verification:
 * "CHAN, Tai Man" and "CHAN Tai Man" (family name first, as on a Hong Kong ID), "Ann Lee"
 * (given names first), "陳大文" (a Chinese name: the family name is its first character). A
 * name it cannot split is the last name alone; the form keeps both fields editable.
 */
export function splitFullName(full: string): { last: string; first: string } {
  const name = full.trim().replace(/\s+/g, ' ');
  if (!name) return { last: '', first: '' };
  const comma = name.indexOf(',');
  if (comma > 0) return { last: name.slice(0, comma).trim(), first: name.slice(comma + 1).trim() };
  const words = name.split(' ');
  if (words.length > 1) {
    const [head, ...rest] = words as [string, ...string[]];
    const shouting = (w: string) => /\p{L}{2,}/u.test(w) && w === w.toUpperCase() && w !== w.toLowerCase();
    if (shouting(head) && !rest.every(shouting)) return { last: head, first: rest.join(' ') };
    return { last: words.at(-1)!, first: words.slice(0, -1).join(' ') };
  }
  if (/^\p{Script=Han}{2,4}$/u.test(name)) return { last: name.slice(0, 1), first: name.slice(1) };
  return { last: name, first: '' };
}

/** A stored mobile number, "+852-91234567", as its dialling code and number. */
export function splitMobile(mobile: string): { code: string; number: string } {
  const m = /^\+?(\d{1,4})-(\d+)$/.exec(mobile.trim());
  return m ? { code: m[1]!, number: m[2]! } : { code: '', number: '' };
}

/** An ID number shown with only its first and last characters: enough to recognise, not to copy. */
export function maskId(id: string): string {
  const s = id.trim();
  if (s.length <= 4) return s.replace(/./g, '•');
  return `${s.slice(0, 2)}${'•'.repeat(s.length - 4)}${s.slice(-2)}`;
}
