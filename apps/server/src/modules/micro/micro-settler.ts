import { MICRO_ACCOUNT_TYPE_ID } from '@tp/contracts';
import type { MicroDirection } from '@tp/domain';
import type { StoredTick, TickConsumer, TickConsumerDeps } from '../../engine/tick-consumer.js';
import { lastTicks } from '../../engine/tick-store.js';
import type { ScheduledJob } from '../../engine/scheduled-job.js';
import { pruneSetAside, settleIsolated } from '../../engine/item-isolation.js';
import { privatePushMessage } from '../../realtime/typed-bus.js';
import type { BusMessage } from '../../realtime/bus.js';
import { SYSTEM_ACCOUNTS, baseCurrencyId, systemAccountId } from '../ledger/index.js';
import { ExpiryHeap } from './expiry-queue.js';
import * as repo from './micro.repository.js';
import { MICRO_ORDER_CREATED, MICRO_SETTLED, queuedFromRow, settledPush, settleOrders, type ExitTickRef, type QueuedOrder } from './micro-settlement.js';
import { optionSettlements } from '../../lib/metrics.js';

/** Orders settled per database transaction when catching up after a restart. */
const CATCH_UP_CHUNK = 5000;
/** How often the settler looks for running orders it was never told about (a lost bus message): its scheduler period. */
const SWEEP_EVERY_MS = 10_000;
/** An order is only swept once it is this far past expiry, so the bus has had its chance. */
const SWEEP_GRACE_MS = 3_000;
/** Option settlement's name in the set-aside list (engine/item-isolation.ts). */
export const MICRO_SETTLE_JOB = 'micro.settle';
const itemKey = ({ order }: { order: QueuedOrder }) => `order ${order.id} (user ${order.userId})`;

export interface MicroSettlerOptions {
  /** The sweep's period on the scheduler; 0 declares no sweep job (tests that drive it by hand). */
  sweepEveryMs?: number;
}

function isQueuedOrder(p: Record<string, unknown>): p is Record<string, unknown> & QueuedOrder {
  return typeof p.id === 'string' && typeof p.symbolId === 'number' && typeof p.expireAtMs === 'number' && typeof p.accountId === 'number';
}

/**
 * The option settler: a TickConsumer (engine process only). Running options wait in one expiry
 * heap per symbol; each committed tick batch pops the orders its ticks made due and settles them
 * all in one database transaction at the first stored tick at or after their expiry. New orders
 * arrive over the bus after their commit (from any server process); start() rebuilds the heaps
 * from the database and settles what fell due while no engine ran, from the stored ticks - so a
 * kill -9 and restart neither loses nor repeats a settlement (the UPDATE ... WHERE status = 1
 * closes each order once). An announcement lost on the bus (a Redis hiccup between processes)
 * is caught by a periodic sweep of the database for expired orders the settler does not know: a
 * job on the engine's scheduler, so it runs on the leader alone and once per period.
 *
 * One order that cannot settle (its account holds less than its stake) never holds back the
 * others: the batch settles in one statement when it can and in halves when it cannot, and that
 * order is set aside with its reason (engine/item-isolation.ts). It stays running in the
 * database and out of the heaps, so the sweep - not every tick - tries it again.
 */
export class MicroSettler implements TickConsumer {
  readonly name = 'micro-settler';
  private readonly heaps = new Map<number, ExpiryHeap<QueuedOrder>>();
  /** Ids queued or being settled: an order announced twice (bus and start) is queued once. */
  private readonly known = new Set<string>();
  /** Time of the newest tick this settler has seen per symbol (stored before start, or delivered). */
  private readonly lastAt = new Map<number, number>();
  private houseAccountId = 0;
  private unsubscribe: (() => void) | undefined;
  readonly jobs: readonly ScheduledJob[];
  /** onTicks and the sweep run one at a time, in order. */
  private serial: Promise<unknown> = Promise.resolve();
  /** Settlements done since start (tests and logs). */
  settledCount = 0;
  /** Orders this settler set aside: the sweep retries them, and does not count them as unannounced. */
  private readonly setAside = new Set<string>();

  constructor(
    private readonly deps: TickConsumerDeps,
    opts: MicroSettlerOptions = {},
  ) {
    const every = opts.sweepEveryMs ?? SWEEP_EVERY_MS;
    this.jobs = every > 0 ? [{ name: 'micro.sweep', periodMs: every, run: async () => void (await this.sweep()) }] : [];
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.serial.then(work, work);
    this.serial = run.catch(() => undefined);
    return run;
  }

  async start(): Promise<void> {
    const { db } = this.deps;
    // Listen first, then load: an order committed in between arrives by one path or both.
    this.unsubscribe = this.deps.bus.subscribe((m: BusMessage) => {
      if (m.topic === MICRO_ORDER_CREATED && isQueuedOrder(m.payload)) this.enqueue(m.payload);
    });
    const running = (await repo.listRunningOrders(db, MICRO_ACCOUNT_TYPE_ID)).map(queuedFromRow);
    const settled = await this.catchUp(running);
    if (settled > 0) this.deps.log.info(`options: ${settled} overdue orders settled from stored ticks`);
  }

  /**
   * Settles the given running orders whose exit tick is already stored and queues the rest.
   * Returns how many were settled.
   */
  private async catchUp(running: readonly QueuedOrder[]): Promise<number> {
    const symbolIds = [...new Set(running.map((o) => o.symbolId))];
    for (const t of await lastTicks(this.deps.db, symbolIds)) this.lastAt.set(t.symbolId, Math.max(this.lastAt.get(t.symbolId) ?? -Infinity, t.atMs));
    const exits = await this.exitTicksFromDb(running.filter((o) => o.expireAtMs <= (this.lastAt.get(o.symbolId) ?? -Infinity)));
    const due = running.filter((o) => exits.has(o.id)).map((order) => ({ order, exit: exits.get(order.id)! }));
    for (let i = 0; i < due.length; i += CATCH_UP_CHUNK) await this.settle(due.slice(i, i + CATCH_UP_CHUNK));
    for (const o of running) if (!exits.has(o.id)) this.enqueue(o);
    return due.length;
  }

  /**
   * Finds running orders past expiry that this settler was never told about and settles them:
   * the safety net for an order whose bus announcement was lost. Returns how many it found.
   */
  sweep(): Promise<number> {
    return this.inTurn(async () => {
      const now = this.deps.now();
      const expired = (await repo.listRunningOrders(this.deps.db, MICRO_ACCOUNT_TYPE_ID, new Date(now))).map(queuedFromRow);
      // A set-aside order (expired, or it would not have met its exit tick) that ended another
      // way - a demo reset voided it - leaves the list here.
      const waiting = new Set(expired.map((o) => itemKey({ order: o })));
      await pruneSetAside(this.deps.db, MICRO_SETTLE_JOB, (key) => waiting.has(key));
      const expiredIds = new Set(expired.map((o) => o.id));
      for (const id of this.setAside) if (!expiredIds.has(id)) this.setAside.delete(id);
      const missed = expired.filter((o) => o.expireAtMs < now - SWEEP_GRACE_MS && !this.known.has(o.id));
      if (missed.length === 0) return 0;
      const unannounced = missed.filter((o) => !this.setAside.has(o.id)).length;
      if (unannounced > 0) this.deps.log.warn(`options: ${unannounced} running orders were never announced; settling them from the database`);
      await this.catchUp(missed);
      return missed.length;
    });
  }

  /** Queues a running order (idempotent per id). */
  enqueue(order: QueuedOrder): void {
    if (this.known.has(order.id)) return;
    this.known.add(order.id);
    let heap = this.heaps.get(order.symbolId);
    if (!heap) this.heaps.set(order.symbolId, (heap = new ExpiryHeap()));
    heap.push({ ...order, type: order.type as MicroDirection });
  }

  /** Orders waiting for their exit tick (tests and metrics). */
  queued(): number {
    let n = 0;
    for (const h of this.heaps.values()) n += h.size;
    return n;
  }

  onTicks(ticks: readonly StoredTick[]): Promise<void> {
    return this.inTurn(() => this.settleDue(ticks));
  }

  private async settleDue(ticks: readonly StoredTick[]): Promise<void> {
    const bySymbol = new Map<number, StoredTick[]>();
    for (const t of ticks) {
      let list = bySymbol.get(t.symbolId);
      if (!list) bySymbol.set(t.symbolId, (list = []));
      list.push(t);
    }
    const due: { order: QueuedOrder; exit: ExitTickRef }[] = [];
    const fromDb: QueuedOrder[] = [];
    const popped: QueuedOrder[] = [];
    for (const [symbolId, list] of bySymbol) {
      const seenBefore = this.lastAt.get(symbolId) ?? -Infinity;
      this.lastAt.set(symbolId, Math.max(seenBefore, list.at(-1)!.atMs));
      const heap = this.heaps.get(symbolId);
      if (!heap) continue;
      for (const order of heap.popDue(list.at(-1)!.atMs)) {
        popped.push(order);
        // A tick before this batch already reached the expiry (the order was queued late, or an
        // earlier batch failed): the exit is that earlier stored tick, so ask the database.
        const exit = order.expireAtMs <= seenBefore ? undefined : list.find((t) => t.atMs >= order.expireAtMs && t.seq > Number(order.entrySeq));
        if (exit) due.push({ order, exit: { seq: String(exit.seq), price: exit.price } });
        else fromDb.push(order);
      }
    }
    if (popped.length === 0) return;
    const notStoredYet: QueuedOrder[] = [];
    try {
      if (fromDb.length > 0) {
        const exits = await this.exitTicksFromDb(fromDb);
        for (const order of fromDb) {
          const exit = exits.get(order.id);
          if (exit) due.push({ order, exit });
          else notStoredYet.push(order);
        }
      }
      await this.settle(due);
    } catch (err) {
      // Nothing was committed: every popped order waits again; the next batch finds the ticks
      // already seen and looks its exit up in the database.
      for (const order of popped) this.requeue(order);
      throw err;
    }
    for (const order of notStoredYet) this.requeue(order);
  }

  private requeue(order: QueuedOrder): void {
    this.known.delete(order.id);
    this.enqueue(order);
  }

  private async exitTicksFromDb(orders: readonly QueuedOrder[]): Promise<Map<string, ExitTickRef>> {
    const rows = await repo.firstTicksAtOrAfter(
      this.deps.db,
      orders.map((o) => ({ id: o.id, symbolId: o.symbolId, entrySeq: o.entrySeq, expireAtMs: o.expireAtMs })),
    );
    return new Map(rows.map((r) => [r.orderId, { seq: r.seq, price: r.price }]));
  }

  /**
   * One database transaction for the whole set, settled in one statement set unless an order in
   * it cannot settle (then in halves, and that order set aside); pushes go out after the commit.
   */
  private async settle(due: readonly { order: QueuedOrder; exit: ExitTickRef }[]): Promise<void> {
    if (due.length === 0) return;
    // Looked up on first use: an engine on a database without the ledger seeded (market-only
    // tests) has no options to settle and must still start.
    this.houseAccountId ||= await systemAccountId(this.deps.db, SYSTEM_ACCOUNTS.housePnl, await baseCurrencyId(this.deps.db));
    const completeAt = new Date(this.deps.now());
    const house = this.houseAccountId;
    const out = await this.deps.db.transaction().execute((trx) =>
      settleIsolated(trx, due, { job: MICRO_SETTLE_JOB, key: itemKey, at: completeAt, log: this.deps.log, bulk: (t, part) => settleOrders(t, part, house, completeAt) }),
    );
    // A set-aside order is forgotten here like a settled one: still running in the database, it
    // is the sweep's to try again.
    for (const { order } of due) this.known.delete(order.id);
    for (const { order } of out.done) this.setAside.delete(order.id);
    for (const { item } of out.failed) this.setAside.add(item.order.id);
    const settled = out.results;
    this.settledCount += settled.length;
    for (const order of settled) optionSettlements.inc({ outcome: order.outcome });
    this.deps.bus.publishBatch(settled.map((s) => privatePushMessage(MICRO_SETTLED, settledPush(s), s.order.userId)));
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.serial;
  }
}

export function createMicroSettler(deps: TickConsumerDeps, opts?: MicroSettlerOptions): MicroSettler {
  return new MicroSettler(deps, opts);
}
