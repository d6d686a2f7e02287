import { ACCOUNT_TYPES, type BalanceAccount, type DrawCurrency } from '@tp/contracts';
import { Decimal, dec, quoteWithdrawal, type WithdrawQuote } from '@tp/domain';

/** The three balance accounts in the spec's order (funding, options, contract). */
export const ACCOUNT_IDS = [ACCOUNT_TYPES.change, ACCOUNT_TYPES.micro, ACCOUNT_TYPES.forex] as const;
export type AccountTypeId = (typeof ACCOUNT_IDS)[number];

export function isAccountTypeId(v: unknown): v is AccountTypeId {
  return (ACCOUNT_IDS as readonly number[]).includes(Number(v));
}

/** i18n key of an account's name. */
export function accountNameKey(id: number): string {
  switch (id) {
    case ACCOUNT_TYPES.micro:
      return 'wallet.account_micro';
    case ACCOUNT_TYPES.forex:
      return 'wallet.account_forex';
    default:
      return 'wallet.account_change';
  }
}

export function accountOf(list: readonly BalanceAccount[] | undefined, id: number): BalanceAccount | undefined {
  return list?.find((a) => a.accountTypeId === id);
}

/** An account's own total: available + held. */
export function accountTotal(a: BalanceAccount | undefined): string | undefined {
  if (!a) return undefined;
  return dec(a.balance).plus(dec(a.lockBalance)).toFixed();
}

/**
 * What a user may type as an amount: digits and one point, at most 8 decimals and 12 whole
 * digits (the server's positiveAmountInput). Anything else is dropped as it is typed.
 */
export function cleanAmount(raw: string): string {
  let v = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = v.indexOf('.');
  if (dot >= 0) v = v.slice(0, dot + 1) + v.slice(dot + 1).replace(/\./g, '');
  const [whole = '', fraction] = v.split('.');
  const w = whole.slice(0, 12);
  return fraction === undefined ? w : `${w || '0'}.${fraction.slice(0, 8)}`;
}

/** A typed amount that is a positive number the server accepts. */
export function isPositiveAmount(v: string): boolean {
  return /^\d{1,12}(\.\d{1,8})?$/.test(v) && dec(v).gt(0);
}

/** An available balance as an amount to fill in ('all'): never negative, trailing zeros dropped. */
export function allAmount(balance: string | undefined): string {
  if (!balance) return '';
  const d = dec(balance).toDecimalPlaces(8, Decimal.ROUND_DOWN);
  return d.gt(0) ? d.toFixed() : '';
}

/**
 * Decimal places the fee is rounded up to. The wire does not carry a currency's places: fiat
 * (bank) currencies have 2, crypto ones 8, which is what the server's seeded currencies use.
 */
export function feePlaces(c: Pick<DrawCurrency, 'type'>): number {
  return c.type === 2 ? 2 : 8;
}

/** The withdrawal fee rule of @tp/domain applied to a typed amount; null while no amount. */
export function withdrawPreview(amount: string, currency: DrawCurrency | undefined): WithdrawQuote | null {
  if (!currency || !isPositiveAmount(amount)) return null;
  return quoteWithdrawal(amount, { feeType: currency.fee_type, drawRate: currency.draw_rate, places: feePlaces(currency) });
}

/** A long address or account number with its middle elided, for one-line labels. */
export function shortText(v: string, head = 8, tail = 6): string {
  return v.length > head + tail + 3 ? `${v.slice(0, head)}…${v.slice(-tail)}` : v;
}

/** A decimal string without trailing zeros ('99.00000000' -> '99'), '--' when unreadable. */
export function plainAmount(v: string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '--';
  try {
    return dec(v).toFixed();
  } catch {
    return '--';
  }
}

/** Withdrawal currency label: 'USDT-TRC20', or 'USD' / 'BTC' when the network adds nothing. */
export function currencyLabel(c: { code: string; protocol: string }): string {
  return c.protocol && c.protocol !== c.code ? `${c.code}-${c.protocol}` : c.code;
}
