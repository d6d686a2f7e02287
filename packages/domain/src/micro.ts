import { Decimal, dec, fixed, type DecimalLike } from './money.js';

/**
 * Option (micro) settlement rules (spec sections 3, 9; decisions.md "Option (micro) orders").
 * Pure: prices, amounts and the loss level are arguments; nothing here reads a clock or a table.
 */

/** Type: 1 up (wins when the exit is above the entry), 2 down (wins when it is below). */
export const MICRO_UP = 1;
export const MICRO_DOWN = 2;
export type MicroDirection = typeof MICRO_UP | typeof MICRO_DOWN;

export type MicroOutcome = 'win' | 'loss' | 'tie';

/** Money figures of options carry 2 decimals (spec section 9: "Micro profit ... (2 decimals)"). */
export const MICRO_PLACES = 2;

/** Up wins if exit > entry, down wins if exit < entry; an equal exit is a tie whatever the side. */
export function microOutcome(type: MicroDirection, entry: DecimalLike, exit: DecimalLike): MicroOutcome {
  const cmp = dec(exit).comparedTo(dec(entry));
  if (cmp === 0) return 'tie';
  const up = cmp > 0;
  return (type === MICRO_UP) === up ? 'win' : 'loss';
}

/**
 * profit = amount x ProfitRatio, rounded DOWN to 2 decimals (what the house pays never exceeds the
 * ratio). An empty, non-numeric, zero or negative amount previews as 0 (spec section 5).
 */
export function microProfit(amount: DecimalLike | null | undefined, profitRatio: DecimalLike): string {
  if (amount === null || amount === undefined || (typeof amount === 'string' && amount.trim() === '')) return fixed(0, MICRO_PLACES, 'down');
  let a: Decimal;
  try {
    a = dec(typeof amount === 'string' ? amount.trim() : amount);
  } catch {
    return fixed(0, MICRO_PLACES, 'down');
  }
  if (!a.isFinite() || a.lte(0)) return fixed(0, MICRO_PLACES, 'down');
  return fixed(a.times(dec(profitRatio)), MICRO_PLACES, 'down');
}

/**
 * What a loss costs: the whole stake when micro_loss_level is 0, otherwise the profit figure
 * (spec section 9), never more than the stake (a ratio above 1 cannot take more than was staked).
 */
export function microLoss(amount: DecimalLike, profitRatio: DecimalLike, lossLevel: number): string {
  const stake = dec(amount);
  if (lossLevel === 0) return fixed(stake, MICRO_PLACES, 'down');
  return fixed(Decimal.min(dec(microProfit(amount, profitRatio)), stake), MICRO_PLACES, 'down');
}

export interface MicroSettlementInput {
  type: MicroDirection;
  amount: DecimalLike;
  profitRatio: DecimalLike;
  entry: DecimalLike;
  exit: DecimalLike;
  /** The base setting micro_loss_level (0: a loss takes the whole stake). */
  lossLevel: number;
}

export interface MicroSettlement {
  outcome: MicroOutcome;
  /** Signed result for the user: +profit on a win, -loss on a loss, 0 on a tie (FactProfits). */
  factProfits: string;
  /** What goes back from held to available on the user's options account. */
  returned: string;
  /** What the house pays in (win: the profit) or takes (loss: the loss), as a positive figure. */
  houseAmount: string;
}

/**
 * The whole settlement of one option: the outcome and where the money goes. Win: stake back plus
 * profit from the house. Loss: the loss to the house, the rest of the stake back. Tie: stake back.
 */
export function settleMicro(input: MicroSettlementInput): MicroSettlement {
  const stake = dec(input.amount);
  const outcome = microOutcome(input.type, input.entry, input.exit);
  const zero = fixed(0, MICRO_PLACES, 'down');
  if (outcome === 'tie') return { outcome, factProfits: zero, returned: stake.toFixed(), houseAmount: zero };
  if (outcome === 'win') {
    const profit = microProfit(stake, input.profitRatio);
    return { outcome, factProfits: profit, returned: stake.plus(profit).toFixed(), houseAmount: profit };
  }
  const loss = microLoss(stake, input.profitRatio, input.lossLevel);
  return { outcome, factProfits: dec(loss).neg().toFixed(MICRO_PLACES), returned: stake.minus(loss).toFixed(), houseAmount: loss };
}

/** Time left of a running option, never negative. */
export function microRemainingMs(expireAtMs: number, nowMs: number): number {
  return Math.max(0, expireAtMs - nowMs);
}
