import { ALERT_DIRECTION } from '@tp/contracts';
import type { StoredTick, TickConsumer, TickConsumerDeps, TickConsumerFactory } from '../../engine/tick-consumer.js';
import { notify } from '../notifications/index.js';
import { AlertIndex, type IndexedAlert } from './alert-index.js';
import * as repo from './alerts.repository.js';

export interface AlertEngineOptions {
  /** How often alerts created lately are re-read, in case their bus event was lost (0: never). */
  catchUpMs?: number;
}

/** How far back the catch-up reads: far beyond any create's transaction. */
const CATCH_UP_WINDOW_MS = 60_000;

const toIndexed = (r: { id: number; user_id: number; symbol_id: number; direction: number; price: string }): IndexedAlert => ({
  id: r.id,
  userId: r.user_id,
  symbolId: r.symbol_id,
  direction: r.direction,
  price: r.price,
});

/**
 * Price alerts as a tick consumer (engine leader only). The waiting alerts live in an AlertIndex
 * (per symbol, sorted thresholds), built from the table on start and kept current by the
 * `price_alert.changed` bus event of a create or cancel in any process, with a periodic re-read of
 * recent alerts as the safety net. A committed tick that reaches an alert fires it: the row is
 * marked fired with the tick's price and seq, and the `price_alert` notification is requested, in
 * one transaction guarded by the row's status - so an alert fires exactly once, also when a new
 * leader rebuilds its index from rows the old one was firing (the epoch fence on price_alerts
 * refuses the deposed leader's write). A cancelled alert still in the index fails that guard and
 * is dropped. Ticks, index changes and catch-ups run one at a time on one queue.
 */
export class AlertEngine implements TickConsumer {
  readonly name = 'alerts';
  readonly index = new AlertIndex();
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Alerts fired by this engine (tests; an operator's figure). */
  fired = 0;

  constructor(
    private readonly deps: TickConsumerDeps,
    private readonly opts: AlertEngineOptions = {},
  ) {}

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task).catch((err: unknown) => this.deps.log.error('alert engine task failed', err));
    this.queue = run;
    return run;
  }

  async start(): Promise<void> {
    // Listen before reading: an alert named while the index is being built is read after it.
    const namedDuringBuild = new Set<number>();
    let building = true;
    this.unsubscribe = this.deps.bus.subscribe((m) => {
      if (this.stopped || m.topic !== 'price_alert.changed') return;
      const id = Number(m.payload.alertId);
      if (!Number.isInteger(id) || id <= 0) return;
      if (building) namedDuringBuild.add(id);
      else void this.enqueue(() => this.reread(id));
    });
    for (const r of await repo.allWaiting(this.deps.db)) this.index.add(toIndexed(r));
    building = false;
    await this.enqueue(async () => {
      for (const id of namedDuringBuild) await this.reread(id);
    });
    const catchUpMs = this.opts.catchUpMs ?? 10_000;
    if (catchUpMs > 0) {
      this.timer = setInterval(() => void this.enqueue(() => this.catchUp()), catchUpMs);
      this.timer.unref();
    }
    this.deps.log.info(`alert engine indexed ${this.index.size} waiting price alerts`);
  }

  /** The database is the truth: a waiting alert is indexed, any other leaves the index. */
  private async reread(id: number): Promise<void> {
    const row = await repo.waitingById(this.deps.db, id);
    if (row) this.index.add(toIndexed(row));
    else this.index.remove(id);
  }

  /** Alerts created lately that no bus event brought (a lost message, a Redis outage). */
  async catchUp(): Promise<void> {
    const since = new Date(this.deps.now() - CATCH_UP_WINDOW_MS);
    for (const r of await repo.waitingSince(this.deps.db, since)) this.index.add(toIndexed(r));
  }

  onTicks(ticks: readonly StoredTick[]): Promise<void> {
    return this.enqueue(async () => {
      for (const tick of ticks) {
        const due = this.index.take(tick.symbolId, tick.price);
        if (due.length > 0) await this.fire(due, tick);
      }
    });
  }

  /**
   * Fires the alerts a tick reached, each in its own transaction (one failing leaves the others
   * fired); a failed one goes back into the index and is tried on the next tick that reaches it.
   */
  private async fire(due: readonly IndexedAlert[], tick: StoredTick): Promise<void> {
    const at = new Date(tick.atMs);
    for (const alert of due) {
      try {
        const fired = await this.deps.db.transaction().execute(async (trx) => {
          const row = await repo.markFired(trx, alert.id, { price: tick.price, seq: tick.seq, at });
          if (!row) return false; // cancelled meanwhile, or fired already (by a previous leader)
          await notify(trx, {
            userId: row.user_id,
            kind: 'price_alert',
            params: {
              alert_id: row.id,
              symbol: tick.code,
              direction: row.direction === ALERT_DIRECTION.above ? 'above' : 'below',
              price: plainPrice(row.price),
              fired_price: plainPrice(tick.price),
            },
            link: '/alerts',
          });
          return true;
        });
        if (fired) this.fired += 1;
      } catch (err) {
        this.deps.log.error(`price alert ${alert.id} could not fire; kept for the next tick`, err);
        if (!this.stopped) this.index.restore(alert);
      }
    }
  }

  /** Resolves once everything queued so far is done (tests). */
  idle(): Promise<void> {
    return this.queue;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    await this.queue;
  }
}

/** A stored NUMERIC without the column's trailing zeros. */
function plainPrice(v: string): string {
  return v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v;
}

export function alertEngineFactory(opts: AlertEngineOptions = {}): TickConsumerFactory {
  return (deps) => new AlertEngine(deps, opts);
}
