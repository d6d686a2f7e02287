import { dec } from '@tp/domain';

/** A daily fraction as the percent shown: '0.0025' -> '0.25'. */
export function percent(rate: string): string {
  return dec(rate).times(100).toString();
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
