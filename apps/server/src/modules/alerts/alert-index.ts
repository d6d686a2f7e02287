import { ALERT_DIRECTION } from '@tp/contracts';
import { Decimal } from '@tp/domain';

/**
 * A binary min-heap of (key, id) in flat typed arrays: 10^5 alerts cost a few megabytes and no
 * per-entry objects. The "below" side stores negated keys, so its top is the highest threshold.
 */
class ThresholdHeap {
  private keys = new Float64Array(16);
  private ids = new Int32Array(16);
  private n = 0;

  get size(): number {
    return this.n;
  }

  /** The smallest key, or +Infinity when empty. */
  peek(): number {
    return this.n > 0 ? this.keys[0]! : Infinity;
  }

  peekId(): number {
    return this.ids[0]!;
  }

  push(key: number, id: number): void {
    if (this.n === this.keys.length) {
      const keys = new Float64Array(this.n * 2);
      keys.set(this.keys);
      const ids = new Int32Array(this.n * 2);
      ids.set(this.ids);
      this.keys = keys;
      this.ids = ids;
    }
    const { keys, ids } = this;
    let i = this.n++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      ids[i] = ids[parent]!;
      i = parent;
    }
    keys[i] = key;
    ids[i] = id;
  }

  /** Removes the smallest entry. */
  pop(): void {
    const { keys, ids } = this;
    const last = --this.n;
    if (last <= 0) return;
    const key = keys[last]!;
    const id = ids[last]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      if (child + 1 < last && keys[child + 1]! < keys[child]!) child += 1;
      if (keys[child]! >= key) break;
      keys[i] = keys[child]!;
      ids[i] = ids[child]!;
      i = child;
    }
    keys[i] = key;
    ids[i] = id;
  }
}

export interface IndexedAlert {
  id: number;
  userId: number;
  symbolId: number;
  direction: number;
  /** The threshold as stored (decimal text): the exact comparison is made on it, never on the float. */
  price: string;
}

/**
 * The waiting price alerts of every symbol, for the tick path: per symbol a min-heap of the
 * "above" thresholds and a max-heap of the "below" ones, so a tick looks at the two tops and pops
 * only what it reached - O(log n) per fired alert and O(1) for a tick that fires nothing, however
 * many alerts wait. Removal (a cancel) is lazy: the alert leaves the live map and its heap entry is
 * skipped when it surfaces.
 *
 * The heaps order by float; the decision is made on the decimals. Rounding to a float keeps order
 * (a >= b implies float(a) >= float(b)), so the float never misses an alert the decimal reaches;
 * where two different decimals round to the same float, the decimal check keeps the alert waiting.
 */
export class AlertIndex {
  private readonly live = new Map<number, IndexedAlert>();
  private readonly above = new Map<number, ThresholdHeap>();
  private readonly below = new Map<number, ThresholdHeap>();

  get size(): number {
    return this.live.size;
  }

  has(id: number): boolean {
    return this.live.has(id);
  }

  add(alert: IndexedAlert): void {
    if (this.live.has(alert.id)) return;
    this.live.set(alert.id, alert);
    this.pushEntry(alert);
  }

  private pushEntry(alert: IndexedAlert): void {
    const isAbove = alert.direction === ALERT_DIRECTION.above;
    const sides = isAbove ? this.above : this.below;
    let heap = sides.get(alert.symbolId);
    if (!heap) {
      heap = new ThresholdHeap();
      sides.set(alert.symbolId, heap);
    }
    const key = Number(alert.price);
    heap.push(isAbove ? key : -key, alert.id);
  }

  /** Heap entries of alerts no longer live, not yet surfaced. */
  private stale = 0;

  remove(id: number): void {
    if (!this.live.delete(id)) return;
    // Cancelled alerts far from the market would never surface: past a bound, rebuild the heaps.
    if (++this.stale > this.live.size + 1024) this.rebuild();
  }

  private rebuild(): void {
    this.above.clear();
    this.below.clear();
    this.stale = 0;
    for (const a of this.live.values()) this.pushEntry(a);
  }

  /**
   * The alerts this price reaches (above: price >= threshold; below: price <= threshold), taken out
   * of the index. The caller puts back (restore) any it could not fire.
   */
  take(symbolId: number, price: string): IndexedAlert[] {
    const due: IndexedAlert[] = [];
    const p = Number(price);
    const above = this.above.get(symbolId);
    if (above && above.peek() <= p) this.drain(above, (key) => key <= p, price, due, (a, d) => d.gte(a.price));
    const below = this.below.get(symbolId);
    if (below && below.peek() <= -p) this.drain(below, (key) => key <= -p, price, due, (a, d) => d.lte(a.price));
    return due;
  }

  private drain(heap: ThresholdHeap, reached: (key: number) => boolean, price: string, due: IndexedAlert[], exact: (a: IndexedAlert, p: Decimal) => boolean): void {
    const p = new Decimal(price);
    const kept: IndexedAlert[] = [];
    while (heap.size > 0 && reached(heap.peek())) {
      const id = heap.peekId();
      heap.pop();
      const alert = this.live.get(id);
      if (!alert) {
        this.stale = Math.max(0, this.stale - 1);
        continue; // cancelled: a stale entry
      }
      if (exact(alert, p)) {
        this.live.delete(id);
        due.push(alert);
      } else {
        kept.push(alert); // the same float, a decimal not reached yet
      }
    }
    for (const a of kept) this.pushEntry(a);
  }

  /** Puts back an alert take() handed out whose firing failed (it is tried on the next tick). */
  restore(alert: IndexedAlert): void {
    this.add(alert);
  }

  /** Heap entries held, live and stale (tests: stale entries are dropped as they surface). */
  entries(): number {
    let n = 0;
    for (const h of this.above.values()) n += h.size;
    for (const h of this.below.values()) n += h.size;
    return n;
  }
}
