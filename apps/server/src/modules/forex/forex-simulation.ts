import { Decimal, forexFillPrice, forexMargin, forexProfit, forexProfitExact, isStopOut, pendingFills, seededRandom, settleClose, stopTriggered } from '@tp/domain';
import { FOREX_CLOSE_TYPE } from '@tp/contracts';
import type { CoreEffect, CoreOrderInput } from './trigger-core.js';

/**
 * Seeded scenarios for the trigger engine and the REFERENCE MODEL it is checked against: a plain
 * loop over every order and every user on every tick, written from the rules alone (no index).
 * Used by the in-memory simulation (thousands of seeds) and the database simulation.
 */

export interface SimSymbol {
  id: number;
  spread: string;
  contNum: string;
  start: string;
}

export interface SimAccount {
  available: Decimal;
  held: Decimal;
}

/** A scenario order also says its leverage (what an HTTP submit sends). */
export type SimOrder = CoreOrderInput & { leverage: number };

export type SimEvent =
  | { type: 'tick'; symbolId: number; price: string }
  | { type: 'open'; order: SimOrder }
  | { type: 'userClose'; orderId: number }
  | { type: 'restart' };

export interface Scenario {
  symbols: SimSymbol[];
  accounts: Map<number, { available: string }>;
  orders: SimOrder[];
  events: SimEvent[];
}

const round1 = (x: number) => Math.max(0.1, Math.round(x * 10) / 10);

/**
 * A random market: prices on a 0.1 grid (so stops are often hit exactly), random walks with gaps
 * that jump through stop loss and take profit at once, repeated equal prices, spikes that revert,
 * users opening and closing mid-run, and restarts.
 */
export function makeScenario(
  seed: number,
  size: { users: number; orders: number; ticks: number; symbols?: Omit<SimSymbol, 'start'>[]; startBalance?: string },
): Scenario {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const shapes = size.symbols ?? [1, 2, 3].map((id) => ({ id, spread: pick(['0', '0.1', '0.3']), contNum: pick(['1', '10', '100']) }));
  const symbols: SimSymbol[] = shapes.map((s) => ({ ...s, start: round1(50 + rnd() * 100).toFixed(1) }));
  const prices = new Map(symbols.map((s) => [s.id, Number(s.start)]));
  const userIds = Array.from({ length: size.users }, (_, i) => i + 1);
  const accounts = new Map(userIds.map((u) => [u, { available: size.startBalance ?? (100 + Math.floor(rnd() * 3000)).toFixed(2) }]));
  const balance = new Map(userIds.map((u) => [u, new Decimal(accounts.get(u)!.available)]));
  let nextId = 1;

  const newOrder = (): SimOrder | undefined => {
    const s = pick(symbols);
    const userId = pick(userIds);
    const side = rnd() < 0.5 ? 1 : 2;
    const market = prices.get(s.id)!;
    const pending = rnd() < 0.3;
    const ref = pending ? round1(side === 1 ? market * (1 - rnd() * 0.05) - 0.1 : market * (1 + rnd() * 0.05) + 0.1) : market;
    const quantity = (Math.floor(1 + rnd() * 50) / 100).toFixed(2);
    const leverage = pick([5, 10, 20, 50]);
    const fill = forexFillPrice(side, String(ref), s.spread);
    const margin = forexMargin({ marginMode: 2, lots: quantity, contNum: s.contNum, price: fill, leverage });
    if (margin.gt(balance.get(userId)!)) return undefined;
    balance.set(userId, balance.get(userId)!.minus(margin));
    const dir = side === 1 ? 1 : -1;
    const sl = rnd() < 0.7 ? round1(ref * (1 - dir * (0.005 + rnd() * 0.06))) : 0;
    const tp = rnd() < 0.7 ? round1(ref * (1 + dir * (0.005 + rnd() * 0.06))) : 0;
    const valid = (v: number, below: boolean) => v === 0 || (below ? v < ref : v > ref);
    return {
      id: nextId++,
      userId,
      symbolId: s.id,
      side,
      status: pending ? 0 : 1,
      quantity,
      contNum: s.contNum,
      spread: s.spread,
      price: pending ? String(ref) : fill.toFixed(),
      target: pending ? String(ref) : null,
      stopLoss: valid(sl, side === 1) ? String(sl) : '0',
      takeProfit: valid(tp, side !== 1) ? String(tp) : '0',
      margin: margin.toFixed(6),
      leverage,
    };
  };

  const orders: SimOrder[] = [];
  for (let i = 0; i < size.orders; i++) {
    const o = newOrder();
    if (o) orders.push(o);
  }
  const events: SimEvent[] = [];
  const openIds = new Set(orders.map((o) => o.id));
  for (let i = 0; i < size.ticks; i++) {
    const r = rnd();
    if (r < 0.01) {
      events.push({ type: 'restart' });
      continue;
    }
    if (r < 0.03) {
      const o = newOrder();
      if (o) {
        events.push({ type: 'open', order: o });
        openIds.add(o.id);
      }
      continue;
    }
    if (r < 0.04 && openIds.size > 0) {
      events.push({ type: 'userClose', orderId: pick([...openIds]) });
      continue;
    }
    const s = pick(symbols);
    let p = prices.get(s.id)!;
    const m = rnd();
    if (m < 0.15) {
      // equal price again
    } else if (m < 0.22) {
      p = round1(p * (1 + (rnd() < 0.5 ? -1 : 1) * (0.05 + rnd() * 0.15))); // a gap
    } else if (m < 0.25) {
      const spike = round1(p * (1 + (rnd() < 0.5 ? -1 : 1) * (0.08 + rnd() * 0.2)));
      events.push({ type: 'tick', symbolId: s.id, price: spike.toFixed(1) });
    } else {
      p = round1(p + (rnd() - 0.5) * Math.max(0.2, p * 0.01));
    }
    prices.set(s.id, p);
    events.push({ type: 'tick', symbolId: s.id, price: p.toFixed(1) });
  }
  return { symbols, accounts, orders, events };
}

interface ModelOrder extends CoreOrderInput {
  closed: boolean;
  units?: Decimal;
}

/** The reference: every order and every user looked at on every tick, in the documented order. */
export class ReferenceModel {
  readonly orders = new Map<number, ModelOrder>();
  readonly accounts = new Map<number, SimAccount>();
  readonly prices = new Map<number, { price: Decimal; text: string; seq: number }>();
  housePnl = new Decimal(0);

  constructor(
    accounts: Map<number, { available: string }>,
    orders: readonly CoreOrderInput[],
    private readonly level: string,
  ) {
    for (const [u, a] of accounts) this.accounts.set(u, { available: new Decimal(a.available), held: new Decimal(0) });
    for (const o of orders) this.add(o);
  }

  add(o: CoreOrderInput): void {
    this.orders.set(o.id, { ...o, closed: false });
    const a = this.accounts.get(o.userId)!;
    a.available = a.available.minus(o.margin);
    a.held = a.held.plus(o.margin);
  }

  setPrice(symbolId: number, price: string, seq: number): void {
    this.prices.set(symbolId, { price: new Decimal(price), text: price, seq });
  }

  /** Open orders in id order (ids only grow, and a Map iterates in insertion order). */
  private sorted(): ModelOrder[] {
    return [...this.orders.values()].filter((o) => !o.closed);
  }

  private close(o: ModelOrder, closeType: number, out: CoreEffect[]): void {
    const p = this.prices.get(o.symbolId)!;
    const profit = forexProfit({ side: o.side, fillPrice: o.price, price: p.price, lots: o.quantity, contNum: o.contNum });
    const a = this.accounts.get(o.userId)!;
    const s = settleClose({ available: a.available, margin: o.margin, profit });
    a.available = a.available.plus(s.availableDelta);
    a.held = a.held.minus(o.margin);
    this.housePnl = this.housePnl.minus(profit).minus(s.absorbed);
    o.closed = true;
    this.orders.delete(o.id);
    out.push({ type: 'close', orderId: o.id, userId: o.userId, symbolId: o.symbolId, price: p.text, seq: p.seq, closeType, profit: profit.toFixed(), absorbed: s.absorbed.toFixed() });
  }

  private fill(o: ModelOrder, out: CoreEffect[]): void {
    const p = this.prices.get(o.symbolId)!;
    o.price = forexFillPrice(o.side === 1 ? 1 : 2, p.price, o.spread).toFixed();
    o.status = 1;
    out.push({ type: 'fill', orderId: o.id, userId: o.userId, symbolId: o.symbolId, price: p.text, seq: p.seq, fillPrice: o.price });
  }

  private stopOuts(userIds: readonly number[], out: CoreEffect[]): void {
    const byUser = new Map<number, ModelOrder[]>();
    for (const o of this.sorted()) {
      if (o.status !== 1 || !this.prices.has(o.symbolId)) continue;
      const list = byUser.get(o.userId) ?? [];
      list.push(o);
      byUser.set(o.userId, list);
    }
    for (const u of [...userIds].sort((a, b) => a - b)) {
      const holding = byUser.get(u);
      if (!holding) continue;
      const a = this.accounts.get(u)!;
      let margin = new Decimal(0);
      let floating = new Decimal(0);
      for (const o of holding) {
        margin = margin.plus(o.margin);
        // (price - fill) x lots x units x side, with the order's numbers parsed once.
        o.units ??= forexProfitExact({ side: o.side, fillPrice: '0', price: '1', lots: o.quantity, contNum: o.contNum });
        floating = floating.plus(o.units.times(this.prices.get(o.symbolId)!.price.minus(o.price)));
      }
      if (!isStopOut({ cash: a.available.plus(a.held), margin, floating }, this.level)) continue;
      const ranked = holding.map((o) => ({ o, profit: forexProfit({ side: o.side, fillPrice: o.price, price: this.prices.get(o.symbolId)!.price, lots: o.quantity, contNum: o.contNum }) }));
      ranked.sort((x, y) => y.profit.comparedTo(x.profit) || x.o.id - y.o.id);
      for (const { o } of ranked) this.close(o, FOREX_CLOSE_TYPE.stopOut, out);
    }
  }

  onTick(symbolId: number, price: string, seq: number): CoreEffect[] {
    this.setPrice(symbolId, price, seq);
    const p = new Decimal(price);
    const out: CoreEffect[] = [];
    const open = this.sorted();
    for (const o of open) if (o.symbolId === symbolId && o.status === 0 && pendingFills(o.side, o.target!, p)) this.fill(o, out);
    for (const o of open) {
      if (o.symbolId !== symbolId || o.status !== 1) continue;
      const reason = stopTriggered(o.side, o.stopLoss, o.takeProfit, p);
      if (reason !== null) this.close(o, reason, out);
    }
    this.stopOuts([...this.accounts.keys()], out);
    return out;
  }

  /** What the engine does after re-reading a user: fills, stops, stop-out at current prices. */
  evaluateUser(userId: number): CoreEffect[] {
    const out: CoreEffect[] = [];
    for (const o of this.sorted()) {
      const p = this.prices.get(o.symbolId);
      if (o.userId === userId && o.status === 0 && p && pendingFills(o.side, o.target!, p.price)) this.fill(o, out);
    }
    for (const o of this.sorted()) {
      const p = this.prices.get(o.symbolId);
      if (o.userId !== userId || o.status !== 1 || !p) continue;
      const reason = stopTriggered(o.side, o.stopLoss, o.takeProfit, p.price);
      if (reason !== null) this.close(o, reason, out);
    }
    this.stopOuts([userId], out);
    return out;
  }

  /** A user's close at the current price (CloseType 1). */
  userClose(orderId: number): CoreEffect[] {
    const o = this.orders.get(orderId);
    const out: CoreEffect[] = [];
    if (!o || o.closed || o.status !== 1 || !this.prices.has(o.symbolId)) return out;
    this.close(o, FOREX_CLOSE_TYPE.user, out);
    return out;
  }

  /** The user's open orders and account as the engine would re-read them from the database. */
  userState(userId: number): { account: { available: string; held: string }; orders: CoreOrderInput[] } {
    const a = this.accounts.get(userId)!;
    const orders = this.sorted()
      .filter((o) => o.userId === userId)
      .map(({ closed: _closed, units: _units, ...o }) => o);
    return { account: { available: a.available.toFixed(), held: a.held.toFixed() }, orders };
  }

  totalMoney(): Decimal {
    let total = this.housePnl;
    for (const a of this.accounts.values()) total = total.plus(a.available).plus(a.held);
    return total;
  }
}
