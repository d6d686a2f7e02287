import { sql } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import { Decimal } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { openInterestBySymbol } from '../forex/index.js';
import { lastTicks } from '../market/index.js';
import { jobLag } from './dashboard.js';

/**
 * The database is read at most once a second: scrapes that arrive together (several Prometheus
 * servers, a dashboard refresh) share one read. A scrape interval is 10 s or more.
 */
export const BUSINESS_CACHE_MS = 1_000;

interface BusinessFigures {
  queues: { deposits: number; deposits_age: number | null; withdrawals: number; withdrawals_age: number | null; real_name: number; loan_kyc: number; loans: number; loan_repayments: number };
  leaseEpoch: number | null;
  outboxLag: number | null;
  outboxPending: number;
  consumerLag: { consumer: string; lag: number }[];
  jobs: { job: string; lateSeconds: number }[];
  exposure: { symbol: string; value: number }[];
}

/**
 * The queues, the outbox and the engine lease in one statement: counts on the status indexes and
 * the oldest waiting row of each review queue, the same from every node.
 */
async function queueFigures(db: Executor) {
  const { rows } = await sql<{
    deposits: number;
    deposits_age: number | null;
    withdrawals: number;
    withdrawals_age: number | null;
    real_name: number;
    loan_kyc: number;
    loans: number;
    loan_repayments: number;
    lease_epoch: string | null;
    outbox_lag: number | null;
    outbox_pending: number;
  }>`
    SELECT
      (SELECT count(*) FROM charges WHERE status = 0)::int AS deposits,
      (SELECT extract(epoch FROM now() - min(created_at)) FROM charges WHERE status = 0)::float8 AS deposits_age,
      (SELECT count(*) FROM withdrawals WHERE status = 0)::int AS withdrawals,
      (SELECT extract(epoch FROM now() - min(created_at)) FROM withdrawals WHERE status = 0)::float8 AS withdrawals_age,
      (SELECT count(*) FROM real_name_auths WHERE status = 1)::int AS real_name,
      (SELECT count(*) FROM loan_kyc WHERE status = 1)::int AS loan_kyc,
      (SELECT count(*) FROM loans WHERE status = 1)::int AS loans,
      (SELECT count(*) FROM loans WHERE status = 4)::int AS loan_repayments,
      (SELECT epoch::text FROM engine_lease WHERE id = 1) AS lease_epoch,
      (SELECT extract(epoch FROM now() - min(created_at)) FROM event_outbox WHERE done_at IS NULL)::float8 AS outbox_lag,
      (SELECT count(*) FROM event_outbox WHERE done_at IS NULL)::int AS outbox_pending
  `.execute(db);
  return rows[0]!;
}

/** Per consumer, the age of the oldest event it failed on and has not had yet (a consumer that keeps failing holds its events back). */
async function consumerLag(db: Executor): Promise<{ consumer: string; lag: number }[]> {
  const { rows } = await sql<{ consumer: string; lag: number }>`
    SELECT d.consumer, extract(epoch FROM now() - min(e.created_at))::float8 AS lag
    FROM event_deliveries d JOIN event_outbox e ON e.id = d.event_id
    WHERE d.delivered_at IS NULL AND e.done_at IS NULL
    GROUP BY d.consumer
  `.execute(db);
  return rows;
}

async function readFigures(db: Executor): Promise<BusinessFigures> {
  const now = new Date();
  const [q, consumers, jobs, ticks, interest] = await Promise.all([queueFigures(db), consumerLag(db), jobLag(db, now), lastTicks(db), openInterestBySymbol(db)]);
  const codes = new Map(ticks.map((t) => [t.id, t] as const));
  return {
    queues: q,
    leaseEpoch: q.lease_epoch === null ? null : Number(q.lease_epoch),
    outboxLag: q.outbox_lag,
    outboxPending: q.outbox_pending,
    consumerLag: consumers,
    jobs: jobs.map((j) => ({ job: j.name, lateSeconds: j.late_ms / 1000 })),
    // The house is the other side of every real position: minus the users' net contracts, at the last price (as the dashboard shows it).
    exposure: interest.flatMap((i) => {
      const t = codes.get(i.symbolId);
      if (!t || t.price === null) return [];
      return [{ symbol: t.code, value: new Decimal(i.netContracts).times(t.price).neg().toNumber() }];
    }),
  };
}

/**
 * The business gauges of /metrics: the review queues and their age, the outbox and scheduler lag,
 * the engine lease and the house's exposure, read when Prometheus scrapes (at most once a second).
 */
export function registerBusinessMetrics(db: Executor, registry: Registry): void {
  let cached: { at: number; figures: Promise<BusinessFigures | undefined> } | undefined;
  const figures = () => {
    const now = Date.now();
    if (!cached || now - cached.at > BUSINESS_CACHE_MS) {
      // A failed read (the database away) leaves the gauges out of this scrape rather than failing it.
      cached = { at: now, figures: readFigures(db).catch(() => undefined) };
    }
    return cached.figures;
  };
  const gauge = (name: string, help: string, labelNames: string[], fill: (g: Gauge, f: BusinessFigures) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        const f = await figures();
        if (f) fill(this, f);
      },
    });

  gauge('tp_deposits_waiting', 'Deposits waiting for review.', [], (g, f) => g.set(f.queues.deposits));
  gauge('tp_deposits_oldest_waiting_seconds', 'Age of the oldest deposit waiting for review (0 when none waits).', [], (g, f) => g.set(f.queues.deposits_age ?? 0));
  gauge('tp_withdrawals_waiting', 'Withdrawals waiting for review.', [], (g, f) => g.set(f.queues.withdrawals));
  gauge('tp_withdrawals_oldest_waiting_seconds', 'Age of the oldest withdrawal waiting for review (0 when none waits).', [], (g, f) => g.set(f.queues.withdrawals_age ?? 0));
  gauge('tp_reviews_waiting', 'Items waiting in each staff review queue.', ['queue'], (g, f) => {
    for (const queue of ['deposits', 'withdrawals', 'real_name', 'loan_kyc', 'loans', 'loan_repayments'] as const) g.set({ queue }, f.queues[queue]);
  });
  gauge('tp_engine_lease_epoch', 'The engine lease epoch in the database (the same from every node; a change is a takeover).', [], (g, f) => {
    if (f.leaseEpoch !== null) g.set(f.leaseEpoch);
  });
  gauge('tp_outbox_lag_seconds', 'Age of the oldest outbox event not yet delivered to all its consumers (0 when none waits).', [], (g, f) => g.set(f.outboxLag ?? 0));
  gauge('tp_outbox_pending_events', 'Outbox events not yet delivered to all their consumers.', [], (g, f) => g.set(f.outboxPending));
  gauge('tp_outbox_consumer_lag_seconds', 'Per consumer, the age of the oldest event it failed on and still owes.', ['consumer'], (g, f) => {
    for (const c of f.consumerLag) g.set({ consumer: c.consumer }, c.lag);
  });
  gauge('tp_scheduler_lag_seconds', 'How late each scheduled job\'s next period is (0 when on time), the same from every node.', ['job'], (g, f) => {
    for (const j of f.jobs) g.set({ job: j.job }, j.lateSeconds);
  });
  gauge('tp_house_exposure', 'The house\'s side of real open positions per symbol: minus the users\' net contracts at the last price (quote currency).', ['symbol'], (g, f) => {
    for (const e of f.exposure) g.set({ symbol: e.symbol }, e.value);
  });
}
