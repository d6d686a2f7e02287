import { sql } from 'kysely';
import { Decimal, isMarketOpen, type MarketSchedule } from '@tp/domain';
import type { AdminDashboard } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { eventDeliveryLagMs } from '../../engine/event-outbox.js';
import { countSetAsideItems, listSetAsideItems } from '../../engine/item-isolation.js';
import { ENGINE_LOCK, ENGINE_LOCK_APP_PREFIX } from '../../engine/leader-election.js';
import { utcDay, wireDateTime } from '../../lib/time.js';
import { waitingDepositTotals } from '../deposits/index.js';
import { openInterestBySymbol } from '../forex/index.js';
import { houseDayTotals, type HouseDayRow } from '../ledger/index.js';
import { lastTicks } from '../market/index.js';
import { userCounts } from '../users/index.js';
import { waitingWithdrawalTotals } from '../withdrawals/index.js';

/** What the composition tells about this process (app.engineStatus). */
export interface ProcessEngineStatus {
  node: string;
  role: string;
  staleFeeds: string[];
}

export interface DashboardContext {
  now: Date;
  feedStaleMs: number;
  engine: ProcessEngineStatus;
}

/**
 * The connection holding the engine's advisory lock, read from PostgreSQL: every node sees the
 * same answer. Its application_name carries the leader's host:pid (leader-election.ts).
 */
async function engineLeader(db: Executor) {
  const [classId, objId] = ENGINE_LOCK;
  const { rows } = await sql<{ application_name: string; client_addr: string | null; backend_start: Date | null }>`
    SELECT a.application_name, host(a.client_addr) AS client_addr, a.backend_start
    FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE l.locktype = 'advisory' AND l.classid = ${classId} AND l.objid = ${objId} AND l.objsubid = 2 AND l.granted
    LIMIT 1
  `.execute(db);
  const row = rows[0];
  if (!row) return null;
  const name = row.application_name.startsWith(ENGINE_LOCK_APP_PREFIX) ? row.application_name.slice(ENGINE_LOCK_APP_PREFIX.length).trim() : row.application_name;
  return { name: name || row.application_name, client_addr: row.client_addr, since: row.backend_start ? wireDateTime(row.backend_start) : null };
}

/**
 * Each scheduled job's newest run and how late its next one is. The jobs are declared in code on
 * the engine leader, so from any node the period is read from the spacing of the last two run
 * rows the scheduler keeps; the next period is due one period after the last one started.
 */
export async function jobLag(db: Executor, now: Date): Promise<AdminDashboard['jobs']> {
  const { rows } = await sql<{ job: string; last_start: Date; last_finished: Date; previous_start: Date | null }>`
    SELECT job, last_start, last_finished, previous_start FROM (
      SELECT job, period_start AS last_start, finished_at AS last_finished,
        lead(period_start) OVER (PARTITION BY job ORDER BY period_start DESC) AS previous_start,
        row_number() OVER (PARTITION BY job ORDER BY period_start DESC) AS n
      FROM scheduled_runs
    ) r WHERE n = 1 ORDER BY job
  `.execute(db);
  return rows.map((r) => {
    const period = r.previous_start ? r.last_start.getTime() - r.previous_start.getTime() : null;
    const nextDue = period ? new Date(r.last_start.getTime() + period) : null;
    return {
      name: r.job,
      period_ms: period,
      last_period_start: wireDateTime(r.last_start),
      last_finished_at: wireDateTime(r.last_finished),
      next_due_at: nextDue ? wireDateTime(nextDue) : null,
      // The next period's run is due from its start; while it has no row it is this late.
      late_ms: nextDue ? Math.max(0, now.getTime() - nextDue.getTime()) : 0,
    };
  });
}

function houseDay(rows: readonly HouseDayRow[], demo: boolean) {
  const mine = rows.filter((r) => r.demo === demo && !new Decimal(r.house).isZero());
  const fees = rows.filter((r) => r.demo === demo).reduce((sum, r) => sum.plus(r.fees), new Decimal(0));
  return { by_kind: mine.map((r) => ({ kind: r.kind, amount: r.house })), fee_revenue: fees.toFixed() };
}

/**
 * The dashboard in one call, cheap enough to poll every 5 s: each part is one indexed query
 * (today's ledger transactions by the created_at index, the last tick per symbol by the ticks key,
 * open orders by their partial index, the set-aside items by their last failure), run side by side.
 */
export async function dashboard(db: Executor, ctx: DashboardContext): Promise<AdminDashboard> {
  const { now } = ctx;
  const today = utcDay(now);
  const [users, deposits, withdrawals, ticks, interest, house, leader, lag, jobs, setAside, setAsideTotal] = await Promise.all([
    userCounts(db, today.from),
    waitingDepositTotals(db),
    waitingWithdrawalTotals(db),
    lastTicks(db),
    openInterestBySymbol(db),
    houseDayTotals(db, today.from, today.to),
    engineLeader(db),
    eventDeliveryLagMs(db),
    jobLag(db, now),
    listSetAsideItems(db),
    countSetAsideItems(db),
  ]);
  const bySymbol = new Map(interest.map((i) => [i.symbolId, i]));
  const symbols = ticks.map((t) => {
    const oi = bySymbol.get(t.id);
    const age = t.at ? Math.max(0, now.getTime() - t.at.getTime()) : null;
    // The house is the other side of every position: its exposure is minus the users' net.
    const open = isMarketOpen(t.schedule as MarketSchedule, now.getTime());
    const exposure = t.price === null ? null : oi ? new Decimal(oi.netContracts).times(t.price).neg() : new Decimal(0);
    return {
      id: t.id,
      code: t.code,
      enabled: t.enabled,
      schedule: t.schedule,
      last_price: t.price,
      last_tick_at: t.at ? wireDateTime(t.at) : null,
      tick_age_ms: age,
      market_open: open,
      stale: t.enabled && open && (age === null || age > ctx.feedStaleMs),
      buy_lots: oi?.buyLots ?? '0',
      sell_lots: oi?.sellLots ?? '0',
      positions: oi?.positions ?? 0,
      demo_positions: oi?.demoPositions ?? 0,
      house_exposure: exposure === null ? null : exposure.isZero() ? '0' : exposure.toFixed(2),
    };
  });
  return {
    generated_at: wireDateTime(now),
    users,
    deposits_waiting: deposits,
    withdrawals_waiting: withdrawals,
    symbols,
    house_today: { real: houseDay(house, false), demo: houseDay(house, true) },
    engine: { this_node: { node: ctx.engine.node, role: ctx.engine.role }, leader, stale_feeds: ctx.engine.staleFeeds },
    event_lag_ms: lag,
    jobs,
    set_aside: setAside.map((r) => ({ job: r.job, item: r.item, reason: r.reason, attempts: r.attempts, first_at: wireDateTime(r.first_at), last_at: wireDateTime(r.last_at) })),
    set_aside_total: setAsideTotal,
  };
}
