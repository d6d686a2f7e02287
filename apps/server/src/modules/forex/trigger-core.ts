import { Decimal, FOREX_BUY, forexFillPrice, forexProfit, isStopOut, pendingFills, settleClose, sideSign, stopTriggered } from '@tp/domain';
import { FOREX_CLOSE_TYPE } from '@tp/contracts';
import { TriggerHeap } from './trigger-heap.js';

/**
 * The forex trigger engine's in-memory core: pure, no I/O, no clock. It indexes open orders so a
 * tick touches only what it triggers, decides fills, stop loss / take profit closes and stop-outs,
 * applies their money effects to its own copy of the accounts (the same domain rules the database
 * side runs) and returns them as effects for the caller to persist.
 *
 * Index per symbol: two heaps of float trigger keys. `below` fires when price <= key (pending
 * buys, buy stop losses, sell take profits, stop-outs of net-long users); `above` fires when
 * price >= key (the mirror cases). Keys are widened by a relative 1e-12 so a float can only
 * trigger early, never late; every popped entry is then checked exactly with decimals and put
 * back if it was early.
 *
 * Stop-out without scanning: a user's equity is linear in each symbol's price,
 * equity = cash + sum_s (A_s x P_s - B_s). The slack above the stop-out line
 * (equity - level% x margin) is split equally between the symbols the user is exposed to; each
 * symbol gets a trigger price where its own loss would use up its share. While no share is used
 * up the total loss is below the slack, so the user is provably above the line; when one fires,
 * the user is evaluated exactly (O(symbols held)) and either stopped out or given fresh shares.
 * A user with one symbol gets the exact stop-out price. Every change of a user (fill, close,
 * reload) re-evaluates exactly and re-allocates.
 *
 * Within one tick: pending fills first, then stop loss / take profit (newly filled orders
 * included), then stop-outs; each group in id order. A stop-out closes the user's profitable
 * orders first, so gains offset losses before negative balance protection applies.
 *
 * A parked order (its fill or close was refused by the database, and it is set aside until its
 * retry) triggers nothing: it keeps its place in its user's margin and exposure, but has no heap
 * entries and no stop-out closes it, so a tick never spins on it.
 */

const KIND_FILL = 0;
const KIND_SL = 1;
const KIND_TP = 2;
const KIND_STOP_OUT = 3;

export interface CoreOrderInput {
  id: number;
  userId: number;
  symbolId: number;
  side: number;
  /** 0 pending, 1 holding. */
  status: number;
  quantity: string;
  contNum: string;
  spread: string;
  /** Fill price (holding). */
  price: string;
  /** Pending target. */
  target: string | null;
  stopLoss: string;
  takeProfit: string;
  margin: string;
}

interface CoreOrder extends CoreOrderInput {
  ver: number;
}

interface Exposure {
  a: Decimal;
  b: Decimal;
  count: number;
}

interface CoreUser {
  id: number;
  available: Decimal;
  held: Decimal;
  margin: Decimal;
  exposure: Map<number, Exposure>;
  orders: Set<number>;
  ver: number;
}

class CoreSymbol {
  priceText = '';
  seq = 0;
  readonly below = new TriggerHeap();
  readonly above = new TriggerHeap();
  /** userId -> holding orders in this symbol. */
  readonly holders = new Map<number, number>();
  private parsed: Decimal | null = null;

  constructor(readonly id: number) {}

  /** The price as a decimal, parsed only when an exact check needs it (most ticks trigger nothing). */
  get price(): Decimal | null {
    if (this.parsed === null && this.priceText !== '') this.parsed = new Decimal(this.priceText);
    return this.parsed;
  }

  setPrice(text: string, seq: number): void {
    this.priceText = text;
    this.seq = seq;
    this.parsed = null;
  }
}

export type CoreEffect =
  | { type: 'fill'; orderId: number; userId: number; symbolId: number; price: string; seq: number; fillPrice: string }
  | { type: 'close'; orderId: number; userId: number; symbolId: number; price: string; seq: number; closeType: number; profit: string; absorbed: string };

const WIDEN = 1e-12;
/** The float key for "fires when price <= T": never below T. */
function keyAtLeast(t: Decimal): number {
  const n = t.toNumber();
  return n + Math.abs(n) * WIDEN + Number.MIN_VALUE;
}
/** The float key for "fires when price >= T": never above T. */
function keyAtMost(t: Decimal): number {
  const n = t.toNumber();
  return n - Math.abs(n) * WIDEN - Number.MIN_VALUE;
}

export class TriggerCore {
  private readonly orders = new Map<number, CoreOrder>();
  private readonly users = new Map<number, CoreUser>();
  private readonly symbols = new Map<number, CoreSymbol>();
  /** Orders set aside until their retry: indexed without triggers (see park). */
  private readonly parked = new Set<number>();
  private level: Decimal;
  private verSeq = 0;
  /** Exact checks of popped entries (for tests and the benchmark: how much a tick touched). */
  stats = { popped: 0, early: 0 };

  constructor(stopOutLevel: string) {
    this.level = new Decimal(stopOutLevel);
  }

  setLevel(level: string): void {
    this.level = new Decimal(level);
  }

  private nextVer(): number {
    this.verSeq = (this.verSeq + 1) | 0;
    return this.verSeq;
  }

  private symbol(id: number): CoreSymbol {
    let s = this.symbols.get(id);
    if (!s) {
      s = new CoreSymbol(id);
      this.symbols.set(id, s);
    }
    return s;
  }

  /** The current price of a symbol without triggering anything (start-up). */
  setPrice(symbolId: number, price: string, seq: number): void {
    this.symbol(symbolId).setPrice(price, seq);
  }

  price(symbolId: number): { price: string; seq: number } | undefined {
    const s = this.symbols.get(symbolId);
    return s?.price ? { price: s.priceText, seq: s.seq } : undefined;
  }

  hasUser(userId: number): boolean {
    return this.users.has(userId);
  }

  userIds(): number[] {
    return [...this.users.keys()];
  }

  openOrderCount(): number {
    return this.orders.size;
  }

  /**
   * Parks an order: it triggers nothing until unparked (its heap entries turn stale). The caller
   * reloads its user to have it triggered again after unpark.
   */
  park(orderId: number): void {
    this.parked.add(orderId);
    const o = this.orders.get(orderId);
    if (o) o.ver = this.nextVer();
  }

  unpark(orderId: number): void {
    if (!this.parked.delete(orderId)) return;
    const o = this.orders.get(orderId);
    if (o) this.indexOrder(o);
  }

  isParked(orderId: number): boolean {
    return this.parked.has(orderId);
  }

  /** Whether the core indexes the order as open (pending or holding). */
  hasOrder(orderId: number): boolean {
    return this.orders.has(orderId);
  }

  /** (Re)places a user's whole state: their contract account and every open order. */
  loadUser(userId: number, account: { available: string; held: string }, orders: readonly CoreOrderInput[]): void {
    this.dropUser(userId);
    const user: CoreUser = {
      id: userId,
      available: new Decimal(account.available),
      held: new Decimal(account.held),
      margin: new Decimal(0),
      exposure: new Map(),
      orders: new Set(),
      ver: this.nextVer(),
    };
    this.users.set(userId, user);
    for (const input of orders) {
      const o: CoreOrder = { ...input, ver: 0 };
      this.orders.set(o.id, o);
      user.orders.add(o.id);
      if (o.status === 1) this.addHolding(user, o);
      this.indexOrder(o);
    }
    this.reallocate(user);
  }

  /** Forgets a user (and their orders); their heap entries turn stale. */
  dropUser(userId: number): void {
    const user = this.users.get(userId);
    if (!user) return;
    for (const id of user.orders) {
      const o = this.orders.get(id);
      if (o?.status === 1) this.symbol(o.symbolId).holders.delete(userId);
      this.orders.delete(id);
    }
    this.users.delete(userId);
  }

  private addHolding(user: CoreUser, o: CoreOrder): void {
    const units = new Decimal(o.quantity).times(o.contNum).times(sideSign(o.side));
    const e = user.exposure.get(o.symbolId) ?? { a: new Decimal(0), b: new Decimal(0), count: 0 };
    e.a = e.a.plus(units);
    e.b = e.b.plus(units.times(o.price));
    e.count += 1;
    user.exposure.set(o.symbolId, e);
    user.margin = user.margin.plus(o.margin);
    const s = this.symbol(o.symbolId);
    s.holders.set(user.id, (s.holders.get(user.id) ?? 0) + 1);
  }

  private removeHolding(user: CoreUser, o: CoreOrder): void {
    const units = new Decimal(o.quantity).times(o.contNum).times(sideSign(o.side));
    const e = user.exposure.get(o.symbolId)!;
    e.a = e.a.minus(units);
    e.b = e.b.minus(units.times(o.price));
    e.count -= 1;
    if (e.count === 0) user.exposure.delete(o.symbolId);
    user.margin = user.margin.minus(o.margin);
    const s = this.symbol(o.symbolId);
    const left = (s.holders.get(user.id) ?? 1) - 1;
    if (left > 0) s.holders.set(user.id, left);
    else s.holders.delete(user.id);
  }

  /** Puts an order's triggers in its symbol's heaps (a new version: older entries turn stale). */
  private indexOrder(o: CoreOrder): void {
    o.ver = this.nextVer();
    if (this.parked.has(o.id)) return;
    const s = this.symbol(o.symbolId);
    const buy = o.side === FOREX_BUY;
    if (o.status === 0) {
      const t = new Decimal(o.target!);
      if (buy) s.below.push(-keyAtLeast(t), o.id, o.ver, KIND_FILL);
      else s.above.push(keyAtMost(t), o.id, o.ver, KIND_FILL);
      return;
    }
    const sl = new Decimal(o.stopLoss);
    const tp = new Decimal(o.takeProfit);
    if (!sl.isZero()) {
      if (buy) s.below.push(-keyAtLeast(sl), o.id, o.ver, KIND_SL);
      else s.above.push(keyAtMost(sl), o.id, o.ver, KIND_SL);
    }
    if (!tp.isZero()) {
      if (buy) s.above.push(keyAtMost(tp), o.id, o.ver, KIND_TP);
      else s.below.push(-keyAtLeast(tp), o.id, o.ver, KIND_TP);
    }
  }

  private floating(user: CoreUser): Decimal | null {
    let total = new Decimal(0);
    for (const [symbolId, e] of user.exposure) {
      const p = this.symbols.get(symbolId)?.price;
      if (!p) return null;
      total = total.plus(e.a.times(p)).minus(e.b);
    }
    return total;
  }

  private cash(user: CoreUser): Decimal {
    return user.available.plus(user.held);
  }

  /** Exactly: is the user at or below the stop-out level now? */
  private stoppedOut(user: CoreUser): boolean {
    if (user.margin.lte(0)) return false;
    const floating = this.floating(user);
    if (floating === null) return false;
    return isStopOut({ cash: this.cash(user), margin: user.margin, floating }, this.level);
  }

  /**
   * Gives the user fresh stop-out triggers: the slack split over the exposed symbols. Returns
   * false when there is no slack (the caller stops the user out).
   */
  private reallocate(user: CoreUser): boolean {
    user.ver = this.nextVer();
    if (user.margin.lte(0)) return true;
    const floating = this.floating(user);
    if (floating === null) return true; // a symbol without any price yet: nothing can move
    const slack = this.cash(user).plus(floating).minus(user.margin.times(this.level).div(100));
    if (slack.lte(0)) return false;
    const exposed = [...user.exposure].filter(([, e]) => !e.a.isZero());
    if (exposed.length === 0) return true; // fully hedged: no price moves the equity
    const share = slack.div(exposed.length);
    for (const [symbolId, e] of exposed) {
      const s = this.symbols.get(symbolId)!;
      const trigger = s.price!.minus(share.div(e.a));
      if (e.a.gt(0)) s.below.push(-keyAtLeast(trigger), user.id, user.ver, KIND_STOP_OUT);
      else s.above.push(keyAtMost(trigger), user.id, user.ver, KIND_STOP_OUT);
    }
    return true;
  }

  private close(user: CoreUser, o: CoreOrder, closeType: number, effects: CoreEffect[]): void {
    const s = this.symbols.get(o.symbolId)!;
    const profit = forexProfit({ side: o.side, fillPrice: o.price, price: s.price!, lots: o.quantity, contNum: o.contNum });
    const settled = settleClose({ available: user.available, margin: o.margin, profit });
    this.removeHolding(user, o);
    user.available = user.available.plus(settled.availableDelta);
    user.held = user.held.minus(o.margin);
    user.orders.delete(o.id);
    this.orders.delete(o.id);
    effects.push({
      type: 'close',
      orderId: o.id,
      userId: user.id,
      symbolId: o.symbolId,
      price: s.priceText,
      seq: s.seq,
      closeType,
      profit: profit.toFixed(),
      absorbed: settled.absorbed.toFixed(),
    });
  }

  private fill(user: CoreUser, o: CoreOrder, effects: CoreEffect[]): void {
    const s = this.symbols.get(o.symbolId)!;
    o.price = forexFillPrice(o.side === FOREX_BUY ? 1 : 2, s.price!, o.spread).toFixed();
    o.status = 1;
    this.addHolding(user, o);
    this.indexOrder(o);
    effects.push({ type: 'fill', orderId: o.id, userId: user.id, symbolId: o.symbolId, price: s.priceText, seq: s.seq, fillPrice: o.price });
  }

  /** Closes every holding order of the user at its symbol's price, gains first. */
  private stopOut(user: CoreUser, effects: CoreEffect[]): void {
    const holding = [...user.orders].map((id) => this.orders.get(id)!).filter((o) => o.status === 1 && !this.parked.has(o.id));
    const ranked = holding.map((o) => ({
      o,
      profit: forexProfit({ side: o.side, fillPrice: o.price, price: this.symbols.get(o.symbolId)!.price!, lots: o.quantity, contNum: o.contNum }),
    }));
    ranked.sort((x, y) => y.profit.comparedTo(x.profit) || x.o.id - y.o.id);
    for (const { o } of ranked) this.close(user, o, FOREX_CLOSE_TYPE.stopOut, effects);
  }

  /** Pops every entry of a heap that fires at `key` (already negated for `below`). */
  private popFiring(heap: TriggerHeap, key: number, out: { ref: number; ver: number; kind: number; key: number }[]): void {
    while (heap.size > 0 && heap.peek() <= key) {
      heap.pop();
      out.push({ ref: heap.ref, ver: heap.ver, kind: heap.kind, key: heap.key });
    }
  }

  /** One committed tick of a symbol. Returns the effects in the order they must be persisted. */
  onTick(symbolId: number, price: string, seq: number): CoreEffect[] {
    const s = this.symbol(symbolId);
    const firstPrice = s.priceText === '';
    s.setPrice(price, seq);
    const p = Number(price);
    // The common case allocates nothing: no first price and no trigger at or past this price.
    if (!firstPrice && !(s.below.size > 0 && s.below.peek() <= -p) && !(s.above.size > 0 && s.above.peek() <= p)) return [];
    const candidates = new Set<number>();
    // A first price: its holders could not be given stop-out triggers without it.
    if (firstPrice) for (const u of s.holders.keys()) candidates.add(u);
    const effects: CoreEffect[] = [];
    const touched = new Set<number>();

    const fired: { ref: number; ver: number; kind: number; key: number; below: boolean }[] = [];
    const collect = () => {
      const below: { ref: number; ver: number; kind: number; key: number }[] = [];
      const above: { ref: number; ver: number; kind: number; key: number }[] = [];
      this.popFiring(s.below, -p, below);
      this.popFiring(s.above, p, above);
      for (const e of below) fired.push({ ...e, below: true });
      for (const e of above) fired.push({ ...e, below: false });
    };
    const early: typeof fired = [];
    const live = (e: (typeof fired)[number]) => {
      if (e.kind === KIND_STOP_OUT) return this.users.get(e.ref)?.ver === e.ver;
      const o = this.orders.get(e.ref);
      return o !== undefined && o.ver === e.ver;
    };

    collect();
    this.stats.popped += fired.length;
    // 1. pending fills
    const fills = fired.filter((e) => e.kind === KIND_FILL && live(e)).sort((x, y) => x.ref - y.ref);
    for (const e of fills) {
      const o = this.orders.get(e.ref)!;
      if (!pendingFills(o.side, o.target!, s.price!)) {
        early.push(e);
        continue;
      }
      const user = this.users.get(o.userId)!;
      this.fill(user, o, effects);
      touched.add(user.id);
    }
    // Newly filled orders may already be past their stops at this very price.
    if (fills.length > 0) {
      const before = fired.length;
      collect();
      this.stats.popped += fired.length - before;
    }
    // 2. stop loss / take profit
    const stops = fired.filter((e) => (e.kind === KIND_SL || e.kind === KIND_TP) && live(e)).sort((x, y) => x.ref - y.ref || x.kind - y.kind);
    for (const e of stops) {
      const o = this.orders.get(e.ref);
      if (!o || o.ver !== e.ver || o.status !== 1) continue; // closed by an earlier entry of this tick
      const reason = stopTriggered(o.side, o.stopLoss, o.takeProfit, s.price!);
      const expected = e.kind === KIND_SL ? FOREX_CLOSE_TYPE.stopLoss : FOREX_CLOSE_TYPE.takeProfit;
      if (reason !== expected) {
        early.push(e);
        continue;
      }
      const user = this.users.get(o.userId)!;
      this.close(user, o, reason, effects);
      touched.add(user.id);
    }
    // 3. stop-out: users whose share of slack this tick used up, and users that changed.
    for (const e of fired) if (e.kind === KIND_STOP_OUT && live(e)) candidates.add(e.ref);
    for (const id of touched) candidates.add(id);
    for (const id of [...candidates].sort((a, b) => a - b)) {
      const user = this.users.get(id);
      if (!user) continue;
      if (this.stoppedOut(user)) this.stopOut(user, effects);
      else this.stats.early += 1;
      this.reallocate(user);
    }
    for (const e of early) {
      this.stats.early += 1;
      const o = this.orders.get(e.ref);
      if (o && o.ver === e.ver) (e.below ? s.below : s.above).push(e.key, e.ref, e.ver, e.kind);
    }
    return effects;
  }

  /**
   * Re-checks one user at the current prices after a reload (an HTTP change can land just after
   * the tick that should have triggered it): fills, stops, then stop-out, as a tick would.
   */
  evaluateUser(userId: number): CoreEffect[] {
    const user = this.users.get(userId);
    const effects: CoreEffect[] = [];
    if (!user) return effects;
    for (const id of [...user.orders].sort((a, b) => a - b)) {
      const o = this.orders.get(id)!;
      const s = this.symbols.get(o.symbolId);
      if (this.parked.has(id)) continue;
      if (o.status === 0 && s?.price && pendingFills(o.side, o.target!, s.price)) this.fill(user, o, effects);
    }
    for (const id of [...user.orders].sort((a, b) => a - b)) {
      const o = this.orders.get(id)!;
      const s = this.symbols.get(o.symbolId);
      if (o.status !== 1 || !s?.price || this.parked.has(id)) continue;
      const reason = stopTriggered(o.side, o.stopLoss, o.takeProfit, s.price);
      if (reason !== null) this.close(user, o, reason, effects);
    }
    if (this.stoppedOut(user)) this.stopOut(user, effects);
    this.reallocate(user);
    return effects;
  }

  /** What FOREX_TRADE shows a user: holding orders at current prices, totals and risk rate. */
  userView(userId: number): { orders: { id: number; price: string; profit: Decimal }[]; cash: Decimal; margin: Decimal; floating: Decimal } | undefined {
    const user = this.users.get(userId);
    if (!user || user.margin.lte(0)) return undefined;
    const floating = this.floating(user);
    if (floating === null) return undefined;
    const orders: { id: number; price: string; profit: Decimal }[] = [];
    for (const id of [...user.orders].sort((a, b) => a - b)) {
      const o = this.orders.get(id)!;
      if (o.status !== 1) continue;
      const s = this.symbols.get(o.symbolId)!;
      orders.push({ id, price: s.priceText, profit: forexProfit({ side: o.side, fillPrice: o.price, price: s.price!, lots: o.quantity, contNum: o.contNum }) });
    }
    return { orders, cash: this.cash(user), margin: user.margin, floating };
  }

  /** Users holding a symbol (whose FOREX_TRADE a tick of it changes). */
  holders(symbolId: number): Iterable<number> {
    return this.symbols.get(symbolId)?.holders.keys() ?? [];
  }

  account(userId: number): { available: string; held: string } | undefined {
    const u = this.users.get(userId);
    return u ? { available: u.available.toFixed(), held: u.held.toFixed() } : undefined;
  }
}
