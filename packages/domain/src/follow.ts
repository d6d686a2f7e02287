import { Decimal as BaseDecimal } from 'decimal.js';
import { Decimal, dec, type DecimalLike } from './money.js';
import { FOREX_MONEY_PLACES, forexFee, forexMargin } from './forex.js';

/**
 * Copy trading rules (decisions.md "Copy trading"): how many lots a follower's copy gets, what it
 * costs, when it is skipped, the trader's share of a copy's profit, and a trader's statistics.
 */

/** Base setting follow_profit_share when unset: percent of a copy's positive profit. */
export const DEFAULT_FOLLOW_PROFIT_SHARE = 10;
/** Statistics window of the ranking's three_week_* figures. */
export const FOLLOW_WINDOW_DAYS = 21;

/** Why a copy was not made: shown to the follower beside the trader's order. */
export type CopySkipReason = 'below_min_lots' | 'insufficient_funds';

export interface CopySymbol {
  pip: DecimalLike;
  minCont: DecimalLike;
  /** The symbol's largest order; null: none. */
  maxCont: DecimalLike | null;
  contNum: DecimalLike;
  marginMode: number;
}

export interface CopyInput {
  traderLots: DecimalLike;
  /** The follower's order multiple (copy lots = trader lots x multiple). */
  multiple: DecimalLike;
  /** Most margin one copy may hold; 0 = no limit. */
  maxAmount: DecimalLike;
  symbol: CopySymbol;
  /** The trader's fill price and leverage: the copy's are the same. */
  price: DecimalLike;
  leverage: number;
  feeType: number;
  feeRate: DecimalLike;
  /** The follower's available contract balance. */
  available: DecimalLike;
}

export type CopyPlan =
  | { ok: true; lots: Decimal; margin: Decimal; fee: Decimal; reduced: boolean }
  | { ok: false; reason: CopySkipReason; lots: Decimal };

/** Rounds lots down to a whole number of pip steps. */
export function floorToStep(lots: DecimalLike, step: DecimalLike): Decimal {
  const s = dec(step);
  if (s.lte(0)) return dec(lots);
  return dec(lots).div(s).toDecimalPlaces(0, BaseDecimal.ROUND_FLOOR).times(s);
}

/**
 * The copy of one trader order for one follower: lots = trader lots x multiple rounded down to
 * the pip step, capped at the symbol's maximum; when its margin exceeds max_amount the lots are
 * reduced (step by step down from the proportional estimate, as margin rounds up) until it fits.
 * Below the symbol's minimum lots, or more margin and fee than the follower has: skipped.
 */
export function planCopy(i: CopyInput): CopyPlan {
  return fundCopy(sizeCopy(i), i.available);
}

/**
 * planCopy without the follower's balance: the copy's lots, margin and fee follow from the trader
 * order and the follower's settings alone, so a fan-out sizes each distinct (multiple, max_amount)
 * once and only checks each follower's balance (fundCopy).
 */
export function sizeCopy(i: Omit<CopyInput, 'available'>): CopyPlan {
  const margin = (lots: Decimal) => forexMargin({ marginMode: i.symbol.marginMode, lots, contNum: i.symbol.contNum, price: i.price, leverage: i.leverage });
  let lots = floorToStep(dec(i.traderLots).times(dec(i.multiple)), i.symbol.pip);
  if (i.symbol.maxCont !== null && lots.gt(dec(i.symbol.maxCont))) lots = floorToStep(i.symbol.maxCont, i.symbol.pip);
  let reduced = false;
  const max = dec(i.maxAmount);
  if (max.gt(0) && lots.gt(0) && margin(lots).gt(max)) {
    reduced = true;
    // margin is proportional to lots (up to rounding): start from the proportional fit.
    const perLot = margin(lots).div(lots);
    lots = floorToStep(max.div(perLot), i.symbol.pip);
    const step = dec(i.symbol.pip).gt(0) ? dec(i.symbol.pip) : new Decimal('0.00000001');
    while (lots.gt(0) && margin(lots).gt(max)) lots = lots.minus(step);
  }
  if (lots.lte(0) || lots.lt(dec(i.symbol.minCont))) return { ok: false, reason: 'below_min_lots', lots: Decimal.max(lots, 0) };
  const m = margin(lots);
  const fee = forexFee({ feeType: i.feeType, lots, feeRate: i.feeRate, margin: m });
  return { ok: true, lots, margin: m, fee, reduced };
}

/** A sized copy for a follower with `available`: skipped when its margin and fee are more than that. */
export function fundCopy(sized: CopyPlan, available: DecimalLike): CopyPlan {
  if (sized.ok && sized.margin.plus(sized.fee).gt(dec(available))) return { ok: false, reason: 'insufficient_funds', lots: sized.lots };
  return sized;
}

/** The trader's share of a closed copy: percent of a positive profit, 6 decimals rounded down; nothing of a loss. */
export function profitShare(profit: DecimalLike, percent: DecimalLike): Decimal {
  const p = dec(profit);
  const pct = dec(percent);
  if (p.lte(0) || pct.lte(0)) return new Decimal(0);
  return p.times(Decimal.min(pct, 100)).div(100).toDecimalPlaces(FOREX_MONEY_PLACES, BaseDecimal.ROUND_FLOOR);
}

/** One closed contract order of a trader, as statistics read it. */
export interface ClosedTrade {
  profit: DecimalLike;
  margin: DecimalLike;
  openedAtMs: number;
  closedAtMs: number;
}

export interface WindowStats {
  /** Realized profit / margin used x 100, 2 decimals. */
  rate: string;
  /** Share of closed orders with profit > 0, percent, 2 decimals. */
  win: string;
  profit: string;
  trades: number;
}

export interface TraderStats {
  threeWeek: WindowStats;
  total: WindowStats;
  /** Largest fall of the cumulative realized profit from its running peak (money, 2 decimals). */
  maxDrawdown: string;
  /** Average time from fill to close, whole seconds. */
  avgHoldingSeconds: number;
  /** Cumulative realized profit at the end of each UTC day with a close (YYYY-MM-DD). */
  equityCurve: { day: string; equity: string }[];
}

const pct2 = (v: Decimal) => v.toDecimalPlaces(2, BaseDecimal.ROUND_HALF_UP).toFixed(2);

export function windowStats(trades: readonly ClosedTrade[]): WindowStats {
  let profit = new Decimal(0);
  let margin = new Decimal(0);
  let wins = 0;
  for (const t of trades) {
    const p = dec(t.profit);
    profit = profit.plus(p);
    margin = margin.plus(dec(t.margin));
    if (p.gt(0)) wins += 1;
  }
  return {
    rate: margin.gt(0) ? pct2(profit.div(margin).times(100)) : '0.00',
    win: trades.length > 0 ? pct2(new Decimal(wins).div(trades.length).times(100)) : '0.00',
    profit: profit.toFixed(2, BaseDecimal.ROUND_HALF_UP),
    trades: trades.length,
  };
}

/** A trader's statistics from their closed orders at `nowMs` (order of the input does not matter). */
export function traderStats(trades: readonly ClosedTrade[], nowMs: number): TraderStats {
  const sorted = [...trades].sort((a, b) => a.closedAtMs - b.closedAtMs);
  const since = nowMs - FOLLOW_WINDOW_DAYS * 86_400_000;
  let equity = new Decimal(0);
  let peak = new Decimal(0);
  let drawdown = new Decimal(0);
  let held = 0;
  const days = new Map<string, string>();
  for (const t of sorted) {
    equity = equity.plus(dec(t.profit));
    peak = Decimal.max(peak, equity);
    drawdown = Decimal.max(drawdown, peak.minus(equity));
    held += Math.max(0, t.closedAtMs - t.openedAtMs);
    days.set(new Date(t.closedAtMs).toISOString().slice(0, 10), equity.toFixed(2, BaseDecimal.ROUND_HALF_UP));
  }
  return {
    threeWeek: windowStats(sorted.filter((t) => t.closedAtMs >= since)),
    total: windowStats(sorted),
    maxDrawdown: drawdown.toFixed(2, BaseDecimal.ROUND_HALF_UP),
    avgHoldingSeconds: sorted.length > 0 ? Math.round(held / sorted.length / 1000) : 0,
    equityCurve: [...days].map(([day, e]) => ({ day, equity: e })),
  };
}

/** A trader's public name: the e-mail masked (ab***@host), else the uid. No other profile exists. */
export function traderNickname(uid: string, email: string | null): string {
  if (!email) return uid;
  const [local = '', host = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${host}`;
}
