import { ACCOUNT_TYPES, FOREX_CLOSE_TYPE, type ForexTradePush } from '@tp/contracts';
import { Decimal, FOREX_MONEY_PLACES, forexRiskRate, priceIsStale, riskRateText } from '@tp/domain';
import type { Db } from '../../db/database.js';
import { GroupTransactions } from '../../db/group-transaction.js';
import type { StoredTick, TickConsumer, TickConsumerDeps, TickConsumerFactory } from '../../engine/tick-consumer.js';
import { defineEventConsumer } from '../../engine/event-consumer.js';
import { SET_ASIDE_RETRY_MS, clearSetAside, isItemFault, pruneSetAside, reasonOf, recordSetAside } from '../../engine/item-isolation.js';
import { publishPush } from '../../realtime/typed-bus.js';
import * as repo from './forex.repository.js';
import { stopOutLevel } from './stop-out-level.js';
import { FOREX_ORDER_CHANGED, publishClosed } from './forex-events.js';
import { closePosition, fillPending } from './position-closer.js';
import { triggerNotice } from './trigger-notices.js';
import { notify } from '../notifications/index.js';
import { TriggerCore, type CoreEffect, type CoreOrderInput } from './trigger-core.js';
import { copyTradingHooks } from './copy-hooks.js';
import { copyChangesOf, publishCopyTrades, tradersOfOrders, type CopyTradeChange } from './copy-pushes.js';
import { forexStopOuts, forexTriggers, tickToTrigger, watchOpenPositions } from '../../lib/metrics.js';

/** The trigger label of a close the engine made, by its close type. */
const TRIGGER_OF_CLOSE: Record<number, string> = {
  [FOREX_CLOSE_TYPE.stopOut]: 'stop_out',
  [FOREX_CLOSE_TYPE.takeProfit]: 'take_profit',
  [FOREX_CLOSE_TYPE.stopLoss]: 'stop_loss',
};

export interface ForexEngineOptions {
  /** FOREX_TRADE is pushed to each user with holding orders at most this often. */
  pushIntervalMs?: number;
  /** How often the contract balances of indexed users are compared with the database (and set-aside orders retried). */
  reconcileMs?: number;
}

/** The trigger engine's fills and closes in the set-aside list (engine/item-isolation.ts). */
export const FOREX_TRIGGERS_JOB = 'forex.triggers';
const itemKey = (orderId: number, userId: number) => `order ${orderId} (user ${userId})`;

function toCoreOrder(r: repo.OrderRow): CoreOrderInput {
  return {
    id: r.id,
    userId: r.user_id,
    symbolId: r.symbol_id,
    side: r.order_type,
    status: r.status,
    quantity: r.quantity,
    contNum: r.cont_num,
    spread: r.spread,
    price: r.price,
    target: r.target_price,
    stopLoss: r.target_loss_price,
    takeProfit: r.target_profit_price,
    margin: r.caution_money,
  };
}

/**
 * The forex trigger engine as a tick consumer (engine process only): fills pending orders, closes
 * at stop loss / take profit, stops out users at the stop-out level - each at the price of the
 * committed tick that triggered it, citing its seq. The deciding is TriggerCore's (in memory,
 * indexed); this class feeds it and persists its effects, one transaction per effect, each guarded
 * by the order's status so nothing is settled twice (a user's concurrent close simply wins).
 *
 * Keeping the index in sync with HTTP changes made in ANY process: forex actions publish
 * `forex.order_changed` {userId} on the bus after commit; money moved on the contract account (a
 * wallet transfer, a demo reset) writes `balance.changed` to the event outbox in its transaction,
 * which the relay delivers here at least once. Either way the engine re-reads that user's open
 * orders and contract account from the database (the truth) and re-checks them at the current
 * prices. The periodic balance reconcile stays as the safety net for a lost bus message and for
 * money moved by paths that announce nothing. Ticks, reloads and reconciles run one at a time on
 * one queue.
 *
 * A fill or close the database refuses for the order's own reason (its account holds less than
 * its margin) is set aside with that reason for staff: the order is parked in the core (it
 * triggers nothing, so no tick spins on it) and retried by the reconcile once its retry is due;
 * every other effect of the tick goes through. The row goes when the order settles or leaves.
 */
export class ForexEngine implements TickConsumer {
  readonly name = 'forex';
  core = new TriggerCore('50');
  private readonly db: Db;
  /**
   * The fills and closes of a tick, written with group commit: one transaction per batch of up
   * to 64, a savepoint per effect, instead of one transaction each (a stop-out wave closes many
   * positions at once). One lane, so batches and the effects in them keep the tick's order.
   */
  readonly writes: GroupTransactions;
  private queue: Promise<void> = Promise.resolve();
  /** Users waiting for the next coalesced reload (requestReload), and that reload's task. */
  private readonly reloadWanted = new Set<number>();
  private reloadTask: Promise<void> | undefined;
  /** Whether the pending reload ends with a copy sync (an order changed, not only a balance). */
  private reloadSyncs = false;
  /** Coalesced reloads run, and the users they read (tests; a gauge for operators later). */
  readonly reloads = { runs: 0, users: 0, copySyncs: 0 };
  private unsubscribe: (() => void) | undefined;
  private timers: NodeJS.Timeout[] = [];
  private unwatchOpenPositions: (() => void) | undefined;
  private readonly dirtySymbols = new Set<number>();
  private readonly dirtyUsers = new Set<number>();
  /**
   * The indexed users' open copies (orders with origin_id > 0) and the trader each copies, by
   * order id per follower: their floating profit goes out as FOREX_FOLLOW_TRADE with FOREX_TRADE.
   */
  private readonly copyTraders = new Map<number, Map<number, number>>();
  private stopped = false;
  /** The stop-out level the index was built with (base setting stop_out_level). */
  private level = '50';
  /** Parked orders (set aside): their user and when they are tried again. */
  private readonly parked = new Map<number, { userId: number; retryAtMs: number }>();
  /** Keys with a set-aside row (this engine's and its predecessors'): cleared when their order settles. */
  private readonly setAsideKeys = new Set<string>();
  /**
   * Money moved on a user's contract account (a wallet transfer, a demo reset): delivered from the
   * event outbox, so it is not lost however the processes are laid out. Re-reading the user is
   * idempotent; a failed re-read throws, and the relay retries it.
   */
  readonly eventConsumers = [
    defineEventConsumer({
      name: 'forex-engine.balance-changed',
      event: 'balance.changed',
      handle: async ({ userId, accountTypes }) => {
        if (!accountTypes.includes(ACCOUNT_TYPES.forex)) return;
        // Not recorded as delivered: the next engine's relay hands it over again.
        if (this.stopped) throw new Error('the forex engine is stopping');
        // Only the balance moved: no order changed, so copy trading has nothing to follow. (The
        // relay awaits its events one by one: a copy sync per event made a backlog of them
        // after a restart take tens of seconds.)
        await this.requestReload([userId], false);
      },
    }),
  ];

  constructor(
    private readonly deps: TickConsumerDeps,
    private readonly opts: ForexEngineOptions = {},
  ) {
    this.db = deps.db;
    this.writes = new GroupTransactions(deps.db, 1, 64);
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task).catch((err: unknown) => this.deps.log.error('forex engine task failed', err));
    this.queue = run;
    return run;
  }

  /**
   * Re-reads these users at the queue's next turn. Requests that arrive before that turn join the
   * same read: under load every order action asks for its user (and each reload ends with a copy
   * sync), and one task per request filled the queue faster than it drained - the outbox relay,
   * waiting behind it, stalled for tens of seconds. A request made while a reload runs gets the
   * next one (it may have changed what that one read).
   */
  private requestReload(userIds: readonly number[], syncCopies = true): Promise<void> {
    for (const u of userIds) this.reloadWanted.add(u);
    if (syncCopies) this.reloadSyncs = true;
    this.reloadTask ??= this.enqueueOrThrow(async () => {
      this.reloadTask = undefined;
      const users = [...this.reloadWanted];
      const sync = this.reloadSyncs;
      this.reloadWanted.clear();
      this.reloadSyncs = false;
      this.reloads.runs += 1;
      this.reloads.users += users.length;
      if (users.length > 0) await this.reload(users, 0, sync);
    });
    return this.reloadTask;
  }

  /** Like enqueue, but the caller sees the task's failure (the relay must retry it). */
  private enqueueOrThrow(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task);
    this.queue = run.catch((err: unknown) => this.deps.log.error('forex engine task failed', err));
    return run;
  }

  async start(): Promise<void> {
    // Listen before reading, so a change committed while the index is being built is not lost:
    // its user is re-read once the build is done.
    const changedDuringBuild = new Set<number>();
    let building = true;
    this.unsubscribe = this.deps.bus.subscribe((m) => {
      if (this.stopped) return;
      // A base setting changed in the admin console: the stop-out level may be new.
      if (m.topic === 'config.changed' && m.payload.area === 'settings') {
        void this.enqueue(() => this.refreshStopOutLevel());
        return;
      }
      if (m.topic !== FOREX_ORDER_CHANGED) return;
      const userId = Number(m.payload.userId);
      if (!Number.isInteger(userId) || userId <= 0) return;
      if (building) changedDuringBuild.add(userId);
      else this.requestReload([userId]).catch(() => undefined); // logged by the queue
    });
    this.level = await stopOutLevel(this.db);
    this.core = new TriggerCore(this.level);
    const symbolIds = (await this.db.selectFrom('trade_symbols').select('id').execute()).map((s) => s.id);
    // Only fresh stored prices: a leader taking over after the feed (or the previous leader) went
    // silent must not close or fill at a price the market has left. A symbol without a price
    // triggers nothing until its next tick.
    const maxAgeMs = this.deps.priceMaxAgeMs ?? Number.POSITIVE_INFINITY;
    for (const [symbolId, tick] of await repo.lastStoredTicks(this.db, symbolIds)) {
      if (!priceIsStale(tick.at.getTime(), this.deps.now(), maxAgeMs)) this.core.setPrice(symbolId, tick.price, Number(tick.seq));
    }
    const orders = await repo.allOpenOrders(this.db);
    const byUser = new Map<number, CoreOrderInput[]>();
    for (const r of orders) {
      const list = byUser.get(r.user_id) ?? [];
      list.push(toCoreOrder(r));
      byUser.set(r.user_id, list);
    }
    // Rows a previous engine set aside: those whose order is no longer open go; the rest are
    // tried again by the evaluation below and cleared when they settle.
    const open = new Set(orders.map((o) => itemKey(o.id, o.user_id)));
    for (const key of await pruneSetAside(this.db, FOREX_TRIGGERS_JOB, (k) => open.has(k))) this.setAsideKeys.add(key);
    const accounts = await repo.contractAccounts(this.db, [...byUser.keys()], ACCOUNT_TYPES.forex);
    for (const a of accounts) this.core.loadUser(a.user_id!, { available: a.balance, held: a.lock_balance }, byUser.get(a.user_id!) ?? []);
    await this.noteCopies(orders);
    building = false;
    // On the queue, so a change arriving from now on waits behind this.
    await this.enqueue(async () => {
      if (changedDuringBuild.size > 0) await this.reload([...changedDuringBuild]);
      // Whatever became due while no engine ran (or raced the last tick) is settled now.
      const users = [...byUser.keys()].sort((a, b) => a - b);
      await this.apply(users.flatMap((u) => this.core.evaluateUser(u)), this.deps.now());
      // Copies a stopped engine owed (fills, closes, stop changes of traders) are made now.
      await this.syncCopies();
    });
    const pushMs = this.opts.pushIntervalMs ?? 1000;
    const reconcileMs = this.opts.reconcileMs ?? 5000;
    if (pushMs > 0) this.timers.push(setInterval(() => this.pushTrades(), pushMs));
    if (reconcileMs > 0) this.timers.push(setInterval(() => void this.enqueue(() => this.reconcile()), reconcileMs));
    for (const t of this.timers) t.unref();
    this.unwatchOpenPositions = watchOpenPositions(() => [[{}, this.core.openOrderCount()]]);
    this.deps.log.info(`forex engine indexed ${this.core.openOrderCount()} open orders of ${accounts.length} users`);
  }

  onTicks(ticks: readonly StoredTick[]): Promise<void> {
    return this.enqueue(async () => {
      for (const tick of ticks) {
        this.dirtySymbols.add(tick.symbolId);
        const effects = this.core.onTick(tick.symbolId, tick.price, tick.seq);
        if (effects.length > 0) {
          await this.apply(effects, tick.atMs);
          tickToTrigger.observe(Math.max(0, this.deps.now() - tick.atMs) / 1000);
          // Same step, same tick: a trader's fill or close reaches the copies before the next tick.
          await this.syncCopies();
        }
      }
    });
  }

  /**
   * Persists effects in order, all at once through the engine's group commit (each effect in its
   * own savepoint: one that fails is rolled back alone and retried on its own after its batch); a
   * user whose effect the database refused is re-read, and an effect refused for its order's own
   * reason sets that order aside (parked until its retry). Publishes after commit.
   */
  private async apply(effects: readonly CoreEffect[], atMs: number, depth = 0): Promise<void> {
    if (effects.length === 0) return;
    const at = new Date(atMs);
    const closed = new Map<number, number[]>();
    const closedCopies: repo.OrderRow[] = [];
    const stale = new Set<number>();
    const failed: { key: string; reason: string }[] = [];
    const settled: string[] = [];
    for (const e of effects) this.dirtyUsers.add(e.userId);
    const rows = await Promise.allSettled(
      effects.map((e) =>
        this.writes.run(
          async (trx) => {
            const row = e.type === 'fill' ? await fillPending(trx, e.orderId, { price: e.price, seq: e.seq, at }) : await closePosition(trx, e.orderId, { price: e.price, seq: e.seq, closeType: e.closeType, at });
            // The user hears of it from the same savepoint: one outbox row, no read.
            const notice = row ? triggerNotice(e, row) : undefined;
            if (notice) await notify(trx, notice);
            return row;
          },
          // No error is an effect's own answer: a failed one is retried on its own after its batch.
          () => false,
          [e.userId],
        ),
      ),
    );
    effects.forEach((e, i) => {
      const outcome = rows[i]!;
      const key = itemKey(e.orderId, e.userId);
      if (outcome.status === 'rejected') {
        stale.add(e.userId);
        if (isItemFault(outcome.reason)) {
          this.core.park(e.orderId);
          this.parked.set(e.orderId, { userId: e.userId, retryAtMs: this.deps.now() + SET_ASIDE_RETRY_MS });
          failed.push({ key, reason: `${e.type}: ${reasonOf(outcome.reason)}` });
        } else {
          this.deps.log.error(`forex ${e.type} of order ${e.orderId} failed; re-reading the user`, outcome.reason);
        }
        return;
      }
      if (this.setAsideKeys.has(key)) settled.push(key);
      const row = outcome.value;
      if (!row) {
        stale.add(e.userId); // someone else (the user, another close) got there first
        return;
      }
      forexTriggers.inc({ trigger: e.type === 'fill' ? 'pending_fill' : (TRIGGER_OF_CLOSE[e.closeType] ?? 'other') });
      if (e.type === 'close' && e.closeType === FOREX_CLOSE_TYPE.stopOut) forexStopOuts.inc();
      if (e.type === 'close') {
        closed.set(e.userId, [...(closed.get(e.userId) ?? []), e.orderId]);
        // A copy's own stop loss, take profit or stop-out: its follower and trader are told.
        if (row.origin_id > 0) closedCopies.push(row);
      }
    });
    for (const [userId, ids] of closed) publishClosed(this.deps.bus, userId, ids);
    if (closedCopies.length > 0) await this.publishClosedCopies(closedCopies);
    await this.noteSetAside(failed, settled, at);
    if (stale.size > 0) await this.reload([...stale], depth + 1);
  }

  /** Records the orders set aside and clears the rows of set-aside orders that settled now. */
  private async noteSetAside(failed: readonly { key: string; reason: string }[], settled: readonly string[], at: Date): Promise<void> {
    try {
      await recordSetAside(this.db, FOREX_TRIGGERS_JOB, failed, at, this.deps.log);
      for (const f of failed) this.setAsideKeys.add(f.key);
      if (settled.length > 0) {
        await clearSetAside(this.db, FOREX_TRIGGERS_JOB, settled);
        for (const k of settled) this.setAsideKeys.delete(k);
      }
    } catch (err) {
      this.deps.log.error('forex: the set-aside list could not be written', err);
    }
  }

  /**
   * Tries the parked orders whose retry is due: unparked and their users re-read, which settles
   * what is due for them now (or parks them again, one more attempt on their row). An order that
   * left meanwhile (its user closed it) leaves the list. Runs with the reconcile; tests call it.
   */
  retrySetAside(): Promise<void> {
    return this.enqueueOrThrow(() => this.retryDue());
  }

  private async retryDue(): Promise<void> {
    const now = this.deps.now();
    const due = [...this.parked].filter(([, p]) => p.retryAtMs <= now);
    if (due.length === 0) return;
    for (const [orderId] of due) {
      this.parked.delete(orderId);
      this.core.unpark(orderId);
    }
    await this.reload([...new Set(due.map(([, p]) => p.userId))]);
    const gone = due.filter(([orderId]) => !this.core.hasOrder(orderId) && !this.parked.has(orderId)).map(([orderId, p]) => itemKey(orderId, p.userId));
    const left = gone.filter((k) => this.setAsideKeys.has(k));
    if (left.length > 0) await this.noteSetAside([], left, new Date(now));
  }

  private async publishClosedCopies(rows: readonly repo.OrderRow[]): Promise<void> {
    try {
      publishCopyTrades(this.deps.bus, await copyChangesOf(this.db, rows));
    } catch (err) {
      this.deps.log.error('copy close pushes failed', err); // best effort: the pages re-read on the next push
    }
  }

  /** Remembers which open orders are copies and of which trader (for their floating-profit pushes). */
  private async noteCopies(orders: readonly repo.OrderRow[]): Promise<void> {
    const copies = orders.filter((o) => o.origin_id > 0 && o.status === 1);
    if (copies.length === 0) return;
    const traders = await tradersOfOrders(this.db, copies.map((o) => o.origin_id));
    for (const o of copies) {
      const traderId = traders.get(o.origin_id);
      if (traderId === undefined) continue;
      let mine = this.copyTraders.get(o.user_id);
      if (!mine) this.copyTraders.set(o.user_id, (mine = new Map()));
      mine.set(o.id, traderId);
    }
  }

  /** Re-reads users from the database, re-indexes them and settles what is due for them now. */
  private async reload(userIds: readonly number[], depth = 0, syncCopies = true): Promise<void> {
    const rows = await repo.contractAccounts(this.db, userIds, ACCOUNT_TYPES.forex);
    const effects: CoreEffect[] = [];
    // One read of every user's open orders: a trader's fill re-reads thousands of followers.
    const openByUser = await repo.openOrdersOfUsers(this.db, rows.map((a) => a.user_id!));
    for (const a of rows) this.copyTraders.delete(a.user_id!);
    await this.noteCopies([...openByUser.values()].flat());
    for (const a of rows) {
      const orders = (openByUser.get(a.user_id!) ?? []).map(toCoreOrder);
      if (orders.length === 0) {
        this.core.dropUser(a.user_id!);
        continue;
      }
      this.core.loadUser(a.user_id!, { available: a.balance, held: a.lock_balance }, orders);
      this.dirtyUsers.add(a.user_id!);
      effects.push(...this.core.evaluateUser(a.user_id!));
    }
    // A refused effect re-reads again; twice more at most, then the next tick or reconcile retries.
    if (depth < 2) await this.apply(effects, this.deps.now(), depth);
    // A user's orders changed over HTTP (a trader's market fill, close or new stops): the copies follow.
    if (depth === 0 && syncCopies) {
      this.reloads.copySyncs += 1;
      await this.syncCopies();
    }
  }

  /**
   * Copy trading: the follow module brings copies in line with their traders' orders, and the
   * followers whose open orders that changed are re-indexed at once. A failure is logged; the
   * next tick, reload or reconcile runs it again (it works from the database).
   */
  private async syncCopies(): Promise<void> {
    const hooks = copyTradingHooks();
    if (!hooks) return;
    try {
      const changed = await hooks.sync(this.db, this.deps.bus, this.deps.now(), this.deps.log);
      if (changed.length > 0) await this.reload(changed, 1);
    } catch (err) {
      this.deps.log.error('copy trading sync failed', err);
    }
  }

  /**
   * Re-reads the stop-out level; when staff changed it, every indexed user is re-read and
   * re-indexed under the new level (their stop-out lines move) and whoever is now at or below it
   * is stopped out at the current prices.
   */
  private async refreshStopOutLevel(): Promise<void> {
    const level = await stopOutLevel(this.db);
    if (new Decimal(level).eq(this.level)) return;
    this.deps.log.info(`forex engine: stop-out level ${this.level} -> ${level}`);
    this.level = level;
    this.core.setLevel(level);
    const users = this.core.userIds();
    for (let i = 0; i < users.length; i += 5000) await this.reload(users.slice(i, i + 5000));
  }

  /** Money moved outside forex (a transfer) changes the risk rate: re-read users whose balance differs. */
  private async reconcile(): Promise<void> {
    // The safety net of a lost config.changed: the level is one small read.
    await this.refreshStopOutLevel();
    await this.retryDue();
    const users = this.core.userIds();
    const changed: number[] = [];
    for (let i = 0; i < users.length; i += 5000) {
      for (const a of await repo.contractAccounts(this.db, users.slice(i, i + 5000), ACCOUNT_TYPES.forex)) {
        const mine = this.core.account(a.user_id!);
        if (!mine || !sameAmount(mine.available, a.balance) || !sameAmount(mine.held, a.lock_balance)) changed.push(a.user_id!);
      }
    }
    if (changed.length > 0) await this.reload(changed);
    // The safety net of a lost order_changed message for copy trading.
    await this.syncCopies();
  }

  /**
   * FOREX_TRADE to users whose floating profit may have changed since the last push; with it, at
   * the same cadence, FOREX_FOLLOW_TRADE for their open copies (one push per trader and follower
   * pair to each of the two, all of the pair's copies in it): a copy's price and floating profit
   * reach its follower and trader at most once per push interval, however fast the ticks come.
   */
  pushTrades(): void {
    const users = new Set(this.dirtyUsers);
    this.dirtyUsers.clear();
    for (const s of this.dirtySymbols) for (const u of this.core.holders(s)) users.add(u);
    this.dirtySymbols.clear();
    const copyChanges: CopyTradeChange[] = [];
    for (const userId of users) {
      const view = this.core.userView(userId);
      if (!view) continue;
      const copies = this.copyTraders.get(userId);
      if (copies) {
        for (const o of view.orders) {
          const traderId = copies.get(o.id);
          if (traderId !== undefined) copyChanges.push({ traderId, followerId: userId, order: { Id: o.id, UpdatePrice: o.price, FactProfits: o.profit.toFixed(FOREX_MONEY_PLACES), Status: 1 } });
        }
      }
      const total = view.orders.reduce((acc, o) => acc.plus(o.profit), new Decimal(0));
      const payload: ForexTradePush = {
        ProfitsTotal: total.toFixed(FOREX_MONEY_PLACES),
        HazardRate: riskRateText(forexRiskRate({ cash: view.cash, margin: view.margin, floating: view.floating })),
        CautionMoneyAll: view.margin.toFixed(FOREX_MONEY_PLACES),
        TransOrder: view.orders.map((o) => ({ Id: o.id, UpdatePrice: o.price, FactProfits: o.profit.toFixed(FOREX_MONEY_PLACES) })),
      };
      publishPush(this.deps.bus, 'FOREX_TRADE', payload, userId);
    }
    publishCopyTrades(this.deps.bus, copyChanges);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unwatchOpenPositions?.();
    this.unwatchOpenPositions = undefined;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.unsubscribe?.();
    await this.queue;
  }

  /** Waits until every queued tick, reload and reconcile is done (tests). */
  idle(): Promise<void> {
    return this.queue;
  }
}

function sameAmount(a: string, b: string): boolean {
  return new Decimal(a).eq(b);
}

export function forexEngineFactory(opts: ForexEngineOptions = {}): TickConsumerFactory {
  return (deps) => new ForexEngine(deps, opts);
}
