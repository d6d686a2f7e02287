import { Decimal, dec, type DecimalLike } from './money.js';

/** fee_type 1: draw_rate is a fixed fee per withdrawal; any other fee_type: a rate on the amount. */
export const WITHDRAW_FEE_FIXED = 1;

export interface WithdrawFeeRule {
  feeType: number;
  /** The fixed fee (fee_type 1) or the rate, e.g. "0.01" for 1 %. */
  drawRate: DecimalLike;
  /** Decimal places of the currency: a rate-based fee is rounded UP to them (the user is charged). */
  places: number;
}

export type WithdrawQuote =
  | { ok: true; fee: Decimal; realNumber: Decimal }
  | { ok: false; reason: 'amount_not_positive' | 'fee_exceeds_amount' };

/** The fee of a withdrawal of `amount`; rounded up to the currency's places, never negative. */
export function withdrawFee(amount: DecimalLike, rule: WithdrawFeeRule): Decimal {
  const rate = dec(rule.drawRate);
  const raw = rule.feeType === WITHDRAW_FEE_FIXED ? rate : dec(amount).times(rate);
  // Charged to the user, so rounded away from zero: a sub-cent rate never becomes a free withdrawal.
  const fee = raw.toDecimalPlaces(rule.places, Decimal.ROUND_UP);
  return fee.isNegative() ? dec(0) : fee;
}

/** Fee and amount received (amount - fee). Refused when the fee takes the whole amount. */
export function quoteWithdrawal(amount: DecimalLike, rule: WithdrawFeeRule): WithdrawQuote {
  const a = dec(amount);
  if (!a.isFinite() || a.lte(0)) return { ok: false, reason: 'amount_not_positive' };
  const fee = withdrawFee(a, rule);
  const realNumber = a.minus(fee);
  if (realNumber.lte(0)) return { ok: false, reason: 'fee_exceeds_amount' };
  return { ok: true, fee, realNumber };
}

/** draw_min is inclusive: withdrawing exactly the minimum is allowed. */
export function meetsMinimum(amount: DecimalLike, drawMin: DecimalLike): boolean {
  return dec(amount).gte(dec(drawMin));
}
