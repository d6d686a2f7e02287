import type { TradeSymbol } from '@tp/contracts';
import { checkLots, checkPendingPrice, checkStops, dec, FOREX_BUY, forexFee, forexFillPrice, forexMargin, type Decimal, type ForexSide } from '@tp/domain';
import type { ForexSubmitInput } from '@tp/contracts';
import { localNumber } from '../../../lib/format';

/**
 * The contract order form's rules, pure: the lots stepper, the margin and fee preview (the shared
 * domain rules, fed exactly as the server's submit feeds them) and the checks made before sending.
 * Every amount is a decimal string or a Decimal; no JS float ever holds one.
 */

/** The wire's lots and prices (contracts `boundedDecimalInput`): up to 14 digits and 10 decimals; the server also caps them (MAX_LOTS, MAX_PRICE). */
const WIRE_DECIMAL = /^\d{1,14}(\.\d{1,10})?$/;

/** A user-typed decimal the server would accept ("1." is read as "1"). */
export function parseDecimal(text: string): Decimal | null {
  const s = text.trim().replace(/\.$/, '');
  if (!WIRE_DECIMAL.test(s)) return null;
  return dec(s);
}

const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * What a price or lots field keeps of a keystroke: digits and one decimal point. Arabic-Indic
 * digits become ASCII and a decimal comma a point, so a phone keyboard in any language works.
 */
export function decimalTyping(raw: string): string {
  const ascii = raw
    .replace(ARABIC_DIGITS, (d) => String(d.charCodeAt(0) & 0xf))
    .replace(/[,\u066b]/g, '.')
    .replace(/[^\d.]/g, '');
  const dot = ascii.indexOf('.');
  return dot < 0 ? ascii : ascii.slice(0, dot + 1) + ascii.slice(dot + 1).replace(/\./g, '');
}

/** Minus is off when one step down would reach 0 or go under the minimum. */
export function canDecrease(lots: string, step: string, min: string): boolean {
  const q = parseDecimal(lots);
  if (!q) return false;
  const next = q.minus(dec(step));
  return next.gt(0) && next.gte(dec(min));
}

/** One step up; from nothing (or under the minimum) the minimum. */
export function increaseLots(lots: string, step: string, min: string): string {
  const q = parseDecimal(lots);
  if (!q || q.lt(dec(min))) return dec(min).toFixed();
  return q.plus(dec(step)).toFixed();
}

export function decreaseLots(lots: string, step: string, min: string): string {
  if (!canDecrease(lots, step, min)) return lots;
  return parseDecimal(lots)!.minus(dec(step)).toFixed();
}

export interface FormValues {
  side: ForexSide;
  /** 1 market price, 0 pending price. */
  kind: 0 | 1;
  lots: string;
  leverage: number | null;
  pendingPrice: string;
  stopLossOn: boolean;
  stopLoss: string;
  takeProfitOn: boolean;
  takeProfit: string;
}

export interface Preview {
  /** The price the order would fill at: the reference moved against the user by the spread. */
  fill: Decimal;
  margin: Decimal;
  fee: Decimal;
}

/**
 * Margin and fee as the server's submit computes them: fill = the reference price (the market
 * price, or the pending target) moved by the spread; margin and fee by the domain rules with the
 * trade_fee_type setting. Null while the inputs cannot price an order.
 */
export function forexPreview(symbol: TradeSymbol, v: FormValues, marketPrice: string, feeType: number): Preview | null {
  const lots = parseDecimal(v.lots);
  const reference = parseDecimal(v.kind === 0 ? v.pendingPrice : marketPrice);
  if (!lots || lots.lte(0) || !reference || reference.lte(0) || v.leverage === null || !(v.leverage > 0)) return null;
  const fill = forexFillPrice(v.side, reference, symbol.Spread);
  const margin = forexMargin({ marginMode: symbol.MarginMode, lots, contNum: symbol.ForexContNum, price: fill, leverage: v.leverage });
  const fee = forexFee({ feeType, lots, feeRate: symbol.ForexFeeRate, margin });
  return { fill, margin, fee };
}

/**
 * What the order needs from the contract account beyond its available balance: the server holds
 * the margin and takes the fee from it in one step and refuses when they do not fit. Null when
 * the balance pays it, or while either side is unknown.
 */
export function fundsShortfall(preview: Preview | null, available: string | null | undefined): { need: Decimal } | null {
  if (!preview) return null;
  const balance = parseDecimal(available ?? '');
  if (!balance) return null;
  const need = preview.margin.plus(preview.fee);
  return need.gt(balance) ? { need } : null;
}

/** A refusal before sending: a forexForm.* key and its values. */
export interface Problem {
  key: string;
  values?: Record<string, string>;
}

export type Checked = { body: ForexSubmitInput; problem?: undefined } | { body?: undefined; problem: Problem };

const problem = (key: string, values?: Record<string, string>): { problem: Problem } => ({ problem: { key, values } });

/** A stop's price: 0 when its switch is off; on, a positive number is required. */
function stopPrice(on: boolean, text: string, requiredKey: string): { value: Decimal } | { problem: Problem } {
  if (!on) return { value: dec(0) };
  if (text.trim() === '') return problem(requiredKey);
  const d = parseDecimal(text);
  if (!d) return problem('forexForm.err_number');
  if (d.lte(0)) return problem(requiredKey);
  return { value: d };
}

/**
 * The checks the server makes, made first so a bad order is explained before it is sent: leverage
 * and quantity present, lots at least the minimum and on the step, a pending buy under / sell over
 * the market, stops on the right side of the price the order opens at. `marketPrice` is the live
 * close; prices in messages keep the symbol's precision and are written as the screen writes
 * its prices (the interface language's format).
 */
export function checkForexOrder(symbol: TradeSymbol, v: FormValues, marketPrice: string): Checked {
  const shown = (d: Decimal) => localNumber(d.toFixed(Math.max(symbol.PricePrecision, d.decimalPlaces())));
  if (symbol.HasForexMultiple.length === 0) return problem('forexForm.no_mult_config');
  if (v.leverage === null || !symbol.HasForexMultiple.some((m) => m.Value === v.leverage)) return problem('forexForm.err_no_mult');
  if (v.lots.trim() === '') return problem('forexForm.err_lots_required');
  const lots = parseDecimal(v.lots);
  if (!lots) return problem('forexForm.err_number');
  const lotsProblem = checkLots(lots, symbol.ForexMinCont, symbol.Pip);
  if (lotsProblem === 'lots_below_min') return problem('forexForm.err_lots_below_min', { min: localNumber(dec(symbol.ForexMinCont).toFixed()) });
  if (lotsProblem === 'lots_off_step') return problem('forexForm.err_lots_off_step', { step: localNumber(dec(symbol.Pip).toFixed()) });

  const market = parseDecimal(marketPrice);
  if (!market) return problem('forexForm.err_no_price');
  let reference = market;
  let target = '0';
  if (v.kind === 0) {
    if (v.pendingPrice.trim() === '') return problem('forexForm.err_price_required');
    const p = parseDecimal(v.pendingPrice);
    if (!p) return problem('forexForm.err_number');
    if (!checkPendingPrice(v.side, p, market)) return problem(v.side === FOREX_BUY ? 'forexForm.err_pending_buy' : 'forexForm.err_pending_sell', { price: shown(market) });
    reference = p;
    target = p.toFixed();
  }

  const sl = stopPrice(v.stopLossOn, v.stopLoss, 'forexForm.err_stop_loss_required');
  if ('problem' in sl) return sl;
  const tp = stopPrice(v.takeProfitOn, v.takeProfit, 'forexForm.err_take_profit_required');
  if ('problem' in tp) return tp;
  const stops = checkStops(v.side, reference, sl.value, tp.value);
  const buy = v.side === FOREX_BUY;
  if (stops === 'stop_loss_invalid') return problem(buy ? 'forexForm.err_stop_loss_buy' : 'forexForm.err_stop_loss_sell', { price: shown(reference) });
  if (stops === 'take_profit_invalid') return problem(buy ? 'forexForm.err_take_profit_buy' : 'forexForm.err_take_profit_sell', { price: shown(reference) });

  return {
    body: {
      type: v.side,
      cont: lots.toFixed(),
      forex_id: symbol.Id,
      status: v.kind,
      target_price: target,
      stop_loss_price: sl.value.toFixed(),
      target_profit_price: tp.value.toFixed(),
      multiple: v.leverage,
    },
  };
}
