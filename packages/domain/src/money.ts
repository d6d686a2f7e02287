import { Decimal as BaseDecimal } from 'decimal.js';

/**
 * The one Decimal of the project. decimal.js rounds every result to 20 significant digits by
 * default; NUMERIC(36, 18) amounts need 36 exact digits, so money is computed with 60.
 */
export const Decimal = BaseDecimal.clone({ precision: 60 });
export type Decimal = InstanceType<typeof Decimal>;

/**
 * Money rules. Every rounding names its direction: `down` toward zero (what a user is paid or
 * shown as available), `up` away from zero (what a user is charged), `half-up` for display only.
 */
export type Rounding = 'down' | 'up' | 'half-up';
const MODES: Record<Rounding, BaseDecimal.Rounding> = {
  down: BaseDecimal.ROUND_DOWN,
  up: BaseDecimal.ROUND_UP,
  'half-up': BaseDecimal.ROUND_HALF_UP,
};

export type DecimalLike = Decimal | string | number;

export function dec(value: DecimalLike): Decimal {
  return value instanceof Decimal ? value : new Decimal(value);
}

/** Round to `places` decimals in the named direction and render as a fixed-point string. */
export function fixed(value: DecimalLike, places: number, rounding: Rounding): string {
  return dec(value).toFixed(places, MODES[rounding]);
}

export function sum(values: readonly DecimalLike[]): Decimal {
  return values.reduce<Decimal>((acc, v) => acc.plus(dec(v)), new Decimal(0));
}

/** Balances are shown with 2 decimals (spec section 9). */
export const BALANCE_PLACES = 2;

export interface AccountAmounts { balance: DecimalLike; lockBalance: DecimalLike }

/** Total of a set of accounts = sum of available plus held, 2 decimals (spec section 3). */
export function accountsTotal(accounts: readonly AccountAmounts[]): string {
  return fixed(sum(accounts.flatMap((a) => [a.balance, a.lockBalance])), BALANCE_PLACES, 'down');
}

/**
 * Today's profit percentage for the home balance card: profit over the assets the day started
 * with (total now minus today's profit). No starting assets means 0 %, never a division by zero.
 */
export function profitRatePercent(profitToday: DecimalLike, totalNow: DecimalLike): string {
  const start = dec(totalNow).minus(dec(profitToday));
  if (start.lte(0)) return fixed(0, 2, 'half-up');
  return fixed(dec(profitToday).div(start).times(100), 2, 'half-up');
}
