import { sql } from 'kysely';
import { traderStats } from '@tp/domain';
import type { Db, Executor } from '../../db/database.js';
import type { ScheduledJob } from '../../engine/scheduled-job.js';
import type { EngineLog } from '../../engine/engine-log.js';
import { settleIsolated } from '../../engine/item-isolation.js';
import type { StoredTick, TickConsumer, TickConsumerDeps, TickConsumerFactory } from '../../engine/tick-consumer.js';

/**
 * The ranking's figures (follow_trader_stats), computed from each trader's own closed orders by
 * the domain's traderStats - never by a request. Kept current by the close events (FOREX_CLOSED on
 * the bus, published after every close, whoever closed) and recomputed in full by a scheduled job,
 * the safety net of a lost message and what moves the three-week window on.
 */

export async function recomputeTrader(db: Executor, traderId: number, nowMs: number): Promise<void> {
  const orders = await db
    .selectFrom('forex_orders')
    .select(['fact_profits', 'caution_money', 'filled_at', 'closed_at'])
    .where('user_id', '=', traderId)
    .where('origin_id', '=', 0)
    .where('status', '=', 3)
    .execute();
  const s = traderStats(
    orders.map((o) => ({ profit: o.fact_profits ?? '0', margin: o.caution_money, openedAtMs: (o.filled_at ?? o.closed_at!).getTime(), closedAtMs: o.closed_at!.getTime() })),
    nowMs,
  );
  const values = {
    three_week_rate: s.threeWeek.rate,
    three_week_win: s.threeWeek.win,
    three_week_profit: s.threeWeek.profit,
    three_week_trades: s.threeWeek.trades,
    total_rate: s.total.rate,
    total_win: s.total.win,
    total_profit: s.total.profit,
    total_trades: s.total.trades,
    max_drawdown: s.maxDrawdown,
    avg_holding_seconds: s.avgHoldingSeconds,
    equity_curve: JSON.stringify(s.equityCurve.slice(-90)),
    updated_at: new Date(nowMs),
  };
  await db.insertInto('follow_trader_stats').values({ trader_id: traderId, ...values }).onConflict((oc) => oc.column('trader_id').doUpdateSet(values)).execute();
}

const STATS_JOB = 'follow.trader-stats';

/** Every trader (the scheduled full recompute), each in a transaction of its own: one that fails is set aside, the rest go on. */
export async function recomputeAll(db: Db, nowMs: number, log?: EngineLog): Promise<number> {
  const traders = await db.selectFrom('users').select('id').where('is_trader', '=', true).execute();
  const out = await settleIsolated(db, traders, { job: STATS_JOB, key: (t) => `trader ${t.id}`, at: new Date(nowMs), log, each: (trx, t) => recomputeTrader(trx, t.id, nowMs) });
  return out.done.length;
}

export const statsJob: ScheduledJob = {
  name: STATS_JOB,
  periodMs: 10 * 60_000,
  run: async (ctx) => {
    const n = await recomputeAll(ctx.db, ctx.now(), ctx.log);
    ctx.log.info(`follow: statistics of ${n} traders recomputed`);
  },
};

/** Listens for closes on the bus (engine process) and recomputes the closing traders within a second. */
class FollowStatsConsumer implements TickConsumer {
  readonly name = 'follow-stats';
  private readonly dirty = new Set<number>();
  private unsubscribe: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly deps: TickConsumerDeps, private readonly flushMs: number) {}

  async start(): Promise<void> {
    this.unsubscribe = this.deps.bus.subscribe((m) => {
      if (m.topic === 'FOREX_CLOSED' && m.userId !== undefined) this.dirty.add(m.userId);
    });
    if (this.flushMs > 0) {
      this.timer = setInterval(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /** Recomputes the traders among the users whose orders closed since the last flush. */
  flush(): Promise<void> {
    this.running = this.running.then(async () => {
      if (this.dirty.size === 0) return;
      const users = [...this.dirty];
      this.dirty.clear();
      const { rows } = await sql<{ id: number }>`SELECT id FROM users WHERE id = ANY(${sql.val(users)}::int[]) AND is_trader`.execute(this.deps.db);
      for (const r of rows) await recomputeTrader(this.deps.db, r.id, this.deps.now());
    }).catch((err: unknown) => this.deps.log.error('follow statistics update failed', err));
    return this.running;
  }

  onTicks(_ticks: readonly StoredTick[]): Promise<void> {
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}

export function followStatsFactory(flushMs = 1000): TickConsumerFactory {
  return (deps) => new FollowStatsConsumer(deps, flushMs);
}
