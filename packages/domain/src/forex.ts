import { Decimal as BaseDecimal } from 'decimal.js';
import { Decimal, dec, type DecimalLike } from './money.js';

/**
 * Forex (contract) trading rules (spec sections 3 and 9, decisions.md). Pure: prices, balances
 * and settings are arguments; shared by the server (submit, settlement, trigger engine) and the
 * web app (order form preview).
 *
 * Conventions fixed here:
 * - Money amounts (margin, fee, profit) carry 6 decimals. What the user is charged rounds up
 *   (margin, fee); profit rounds toward minus infinity, so a gain is paid rounded down and a loss
 *   is charged rounded up - the same "paid down, charged up" rule as the rest of the money code.
 * - The FULL spread is applied once, at entry: a buy fills at market + spread, a sell at
 *   market - spread. Exits, floating profit and every trigger (stop loss, take profit, pending
 *   fill, stop-out) use the market price itself. So a round trip costs exactly one spread.
 */

export const FOREX_MONEY_PLACES = 6;

/** OrderType: 1 buy (long), 2 sell (short). */
export const FOREX_BUY = 1;
export const FOREX_SELL = 2;
export type ForexSide = typeof FOREX_BUY | typeof FOREX_SELL;

/** MarginMode 1: fixed margin (lots x units per lot); anything else: leveraged. */
export const FOREX_MARGIN_FIXED = 1;
/** trade_fee_type 1: lots x fee rate; anything else: margin x fee rate. */
export const FOREX_FEE_PER_LOT = 1;
/** Base setting `stop_out_level` when unset (percent). */
export const DEFAULT_STOP_OUT_LEVEL = 50;

const ceil6 = (v: Decimal) => v.toDecimalPlaces(FOREX_MONEY_PLACES, BaseDecimal.ROUND_UP);
const floor6 = (v: Decimal) => v.toDecimalPlaces(FOREX_MONEY_PLACES, BaseDecimal.ROUND_FLOOR);

export interface MarginInput {
  marginMode: number;
  lots: DecimalLike;
  contNum: DecimalLike;
  /** The fill price (leveraged mode only). */
  price: DecimalLike;
  leverage: number;
}

/** Margin held for an order: fixed = lots x units; leveraged = lots x units x price / leverage. 6 decimals, rounded up. */
export function forexMargin(i: MarginInput): Decimal {
  const notional = dec(i.lots).times(dec(i.contNum));
  if (i.marginMode === FOREX_MARGIN_FIXED) return ceil6(notional);
  if (!(i.leverage > 0)) throw new RangeError('leverage must be positive');
  return ceil6(notional.times(dec(i.price)).div(i.leverage));
}

export interface FeeInput {
  feeType: number;
  lots: DecimalLike;
  feeRate: DecimalLike;
  margin: DecimalLike;
}

/** Trading fee: type 1 = lots x fee rate, else margin x fee rate. 6 decimals, rounded up. */
export function forexFee(i: FeeInput): Decimal {
  const base = i.feeType === FOREX_FEE_PER_LOT ? dec(i.lots) : dec(i.margin);
  return ceil6(base.times(dec(i.feeRate)));
}

/** Entry price: the market price moved against the user by the whole spread. */
export function forexFillPrice(side: ForexSide, marketPrice: DecimalLike, spread: DecimalLike): Decimal {
  return side === FOREX_BUY ? dec(marketPrice).plus(dec(spread)) : dec(marketPrice).minus(dec(spread));
}

/** +1 for a buy, -1 for a sell: profit = sign x (price - fill) x lots x units. */
export function sideSign(side: number): 1 | -1 {
  return side === FOREX_BUY ? 1 : -1;
}

export interface ProfitInput {
  side: number;
  fillPrice: DecimalLike;
  price: DecimalLike;
  lots: DecimalLike;
  contNum: DecimalLike;
}

/** Exact (unrounded) profit: (price - fill) x lots x units, reversed for a sell. */
export function forexProfitExact(i: ProfitInput): Decimal {
  return dec(i.price).minus(dec(i.fillPrice)).times(dec(i.lots)).times(dec(i.contNum)).times(sideSign(i.side));
}

/** Profit as settled and shown (FactProfits): 6 decimals toward minus infinity. */
export function forexProfit(i: ProfitInput): Decimal {
  return floor6(forexProfitExact(i));
}

export interface RiskInput {
  /** The contract account's money: available plus held (margins of holding and pending orders). */
  cash: DecimalLike;
  /** Total margin of holding orders. */
  margin: DecimalLike;
  /** Floating profit of the holding orders. */
  floating: DecimalLike;
}

/**
 * HazardRate = (contract balance + total margin + floating profit) / total margin x 100, where
 * "contract balance + total margin" is the account's whole money (`cash`: available + held).
 * Undefined (null) without holding orders. Exact; round only for display.
 */
export function forexRiskRate(i: RiskInput): Decimal | null {
  const margin = dec(i.margin);
  if (margin.lte(0)) return null;
  return dec(i.cash).plus(dec(i.floating)).div(margin).times(100);
}

/** Stop-out: risk rate at or below the level. Compared without division (exact). */
export function isStopOut(i: RiskInput, stopOutLevel: DecimalLike): boolean {
  const margin = dec(i.margin);
  if (margin.lte(0)) return false;
  return dec(i.cash).plus(dec(i.floating)).times(100).lte(margin.times(dec(stopOutLevel)));
}

/** HazardRate on the wire: 2 decimals, rounded down. */
export function riskRateText(rate: Decimal | null): string {
  return rate === null ? '0.00' : rate.toFixed(2, BaseDecimal.ROUND_DOWN);
}

export type LotsProblem = 'lots_below_min' | 'lots_off_step' | null;

/** Lots must be at least ForexMinCont and a whole number of Pip steps. */
export function checkLots(lots: DecimalLike, minCont: DecimalLike, pip: DecimalLike): LotsProblem {
  const q = dec(lots);
  if (q.lte(0) || q.lt(dec(minCont))) return 'lots_below_min';
  if (!q.mod(dec(pip)).isZero()) return 'lots_off_step';
  return null;
}

/**
 * Stop loss / take profit against a reference price (0 = off): a buy needs SL < price < TP, a
 * sell SL > price > TP. Negative values are never valid.
 */
export function checkStops(side: number, price: DecimalLike, stopLoss: DecimalLike, takeProfit: DecimalLike): 'stop_loss_invalid' | 'take_profit_invalid' | null {
  const p = dec(price);
  const sl = dec(stopLoss);
  const tp = dec(takeProfit);
  if (sl.isNegative()) return 'stop_loss_invalid';
  if (tp.isNegative()) return 'take_profit_invalid';
  if (!sl.isZero() && (side === FOREX_BUY ? !sl.lt(p) : !sl.gt(p))) return 'stop_loss_invalid';
  if (!tp.isZero() && (side === FOREX_BUY ? !tp.gt(p) : !tp.lt(p))) return 'take_profit_invalid';
  return null;
}

/** A pending buy must be below the market (a limit), a pending sell above it. */
export function checkPendingPrice(side: number, target: DecimalLike, marketPrice: DecimalLike): boolean {
  const t = dec(target);
  if (t.lte(0)) return false;
  return side === FOREX_BUY ? t.lt(dec(marketPrice)) : t.gt(dec(marketPrice));
}

/** Whether a pending order fills at this market price: buy at or below its target, sell at or above. */
export function pendingFills(side: number, target: DecimalLike, price: DecimalLike): boolean {
  return side === FOREX_BUY ? dec(price).lte(dec(target)) : dec(price).gte(dec(target));
}

/** CloseType of a holding order at this price, from its stops: 4 stop loss, 3 take profit, or null. */
export function stopTriggered(side: number, stopLoss: DecimalLike, takeProfit: DecimalLike, price: DecimalLike): 3 | 4 | null {
  const p = dec(price);
  const sl = dec(stopLoss);
  const tp = dec(takeProfit);
  if (!sl.isZero() && (side === FOREX_BUY ? p.lte(sl) : p.gte(sl))) return 4;
  if (!tp.isZero() && (side === FOREX_BUY ? p.gte(tp) : p.lte(tp))) return 3;
  return null;
}

export interface SettlementInput {
  /** The account's available balance before the close. */
  available: DecimalLike;
  margin: DecimalLike;
  profit: DecimalLike;
}

export interface Settlement {
  /** What the user's available changes by (margin back plus profit, floored so available stays >= 0). */
  availableDelta: Decimal;
  /** Loss beyond the account the house absorbs (negative balance protection), >= 0. */
  absorbed: Decimal;
}

/**
 * Closing returns margin + profit; a loss deeper than available + margin leaves the account at
 * zero and the house absorbs the rest (negative balance protection).
 */
export function settleClose(i: SettlementInput): Settlement {
  const after = dec(i.available).plus(dec(i.margin)).plus(dec(i.profit));
  if (after.isNegative()) return { availableDelta: dec(i.available).neg(), absorbed: after.neg() };
  return { availableDelta: dec(i.margin).plus(dec(i.profit)), absorbed: new Decimal(0) };
}
