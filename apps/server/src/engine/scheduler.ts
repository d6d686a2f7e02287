import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Bus } from '../realtime/bus.js';
import type { EngineLog } from './engine-log.js';
import type { ScheduledJob } from './scheduled-job.js';
import { schedulerFailures, schedulerRetries, schedulerRuns } from '../lib/metrics.js';
import { SET_ASIDE_RETRY_MS, clearSetAside, reasonOf, recordSetAside } from './item-isolation.js';

export interface SchedulerOptions {
  db: Db;
  bus: Bus;
  log: EngineLog;
  jobs: readonly ScheduledJob[];
  now?: () => number;
  /** How often due periods are looked for; 0: no timer, the caller drives runDue (tests). */
  checkEveryMs?: number;
}

/** Advisory-lock namespace of job runs (the engine lock is 0x7470). */
const JOB_LOCK_NAMESPACE = 0x7471;
/** Run rows kept per job beyond what catch-up needs: a short history to read. */
const KEEP_RUN_ROWS = 50;
/** Failed runs in the set-aside list: this job, the scheduled job's name as the item. */
export const SCHEDULER_JOB = 'scheduler';

/** How long a job whose run failed waits before it is tried again: its period, within 10 s and 1 min. */
function retryDelayMs(job: ScheduledJob): number {
  return Math.max(SET_ASIDE_RETRY_MS, Math.min(job.periodMs, 60_000));
}

/** Start of the period containing `atMs`. */
export function periodStartOf(job: Pick<ScheduledJob, 'periodMs' | 'offsetMs'>, atMs: number): number {
  const offset = job.offsetMs ?? 0;
  return Math.floor((atMs - offset) / job.periodMs) * job.periodMs + offset;
}

/**
 * Runs the modules' scheduled jobs on the engine leader, beside the tick consumers. Each due
 * period of a job runs inside one transaction that first takes the job's advisory lock (skipping
 * the job if another node holds it), checks that no run row exists for (job, period start), runs
 * the job and then inserts that row: the row commits only if the run finished, and the primary key
 * with the lock make a period run once across nodes and restarts. A run that throws leaves no row;
 * the other jobs run as usual, the failure is set aside for staff (job `scheduler`, the job's name, the reason)
 * and the job is tried again after its period (at least 10 s, at most a minute), not at every
 * check; its first run that goes through clears the row. A job settles its own items each on its
 * own (engine/item-isolation.ts), so one bad item fails that item, not the run.
 *
 * Catch-up after downtime: the periods after the job's newest run row up to the current one run
 * in order, at most `catchUp` of them before the current one. A job never run before starts with
 * the current period.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private serial: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;
  /** Jobs whose last run failed: not tried again before this time. */
  private readonly retryAt = new Map<string, number>();

  constructor(private readonly opts: SchedulerOptions) {
    const names = new Set<string>();
    for (const job of opts.jobs) {
      if (names.has(job.name)) throw new Error(`scheduled job ${job.name} is declared twice`);
      if (!(job.periodMs > 0)) throw new Error(`scheduled job ${job.name} needs a positive period`);
      names.add(job.name);
    }
    this.now = opts.now ?? Date.now;
  }

  start(): void {
    const every = this.opts.checkEveryMs ?? 1000;
    if (every <= 0 || this.opts.jobs.length === 0) return;
    void this.runDue();
    this.timer = setInterval(() => void this.runDue(), every);
    this.timer.unref();
  }

  /** Runs every due period of every job, one at a time; returns the runs done by this call. */
  runDue(): Promise<number> {
    const run = this.serial.then(async () => {
      let runs = 0;
      for (const job of this.opts.jobs) {
        if ((this.retryAt.get(job.name) ?? -Infinity) > this.now()) continue;
        if (this.retryAt.has(job.name)) schedulerRetries.inc({ job: job.name });
        try {
          runs += await this.runJob(job);
          this.retryAt.delete(job.name);
        } catch (err) {
          schedulerFailures.inc({ job: job.name });
          this.retryAt.set(job.name, this.now() + retryDelayMs(job));
          this.opts.log.error(`scheduled job ${job.name} failed; retried in ${retryDelayMs(job) / 1000} s`, err);
          await recordSetAside(this.opts.db, SCHEDULER_JOB, [{ key: job.name, reason: reasonOf(err) }], new Date(this.now())).catch((e: unknown) =>
            this.opts.log.error(`scheduled job ${job.name}: its failure could not be recorded`, e),
          );
        }
      }
      return runs;
    });
    this.serial = run.catch(() => undefined);
    return run;
  }

  private async runJob(job: ScheduledJob): Promise<number> {
    const current = periodStartOf(job, this.now());
    const newest = await this.opts.db.selectFrom('scheduled_runs').select((eb) => eb.fn.max('period_start').as('last')).where('job', '=', job.name).executeTakeFirst();
    const last = newest?.last ? new Date(newest.last).getTime() : undefined;
    if (last !== undefined && last >= current) return 0;
    let from = last === undefined ? current : last + job.periodMs;
    const earliest = current - (job.catchUp ?? 0) * job.periodMs;
    if (from < earliest) {
      this.opts.log.warn(`scheduled job ${job.name}: ${(earliest - from) / job.periodMs} missed periods are past its catch-up and skipped`);
      from = earliest;
    }
    let runs = 0;
    for (let start = from; start <= current; start += job.periodMs) {
      if (await this.runPeriod(job, start)) {
        runs += 1;
        schedulerRuns.inc({ job: job.name });
      }
    }
    return runs;
  }

  /** Runs one period unless another node holds the job or its row exists; true if it ran here. */
  private runPeriod(job: ScheduledJob, periodStartMs: number): Promise<boolean> {
    const { db, bus, log } = this.opts;
    return db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${JOB_LOCK_NAMESPACE}, hashtext(${job.name})) AS locked`.execute(trx);
      if (!rows[0]?.locked) return false;
      const periodStart = new Date(periodStartMs);
      const done = await trx.selectFrom('scheduled_runs').select('job').where('job', '=', job.name).where('period_start', '=', periodStart).executeTakeFirst();
      if (done) return false;
      const startedAt = new Date(this.now());
      await job.run({ trx, db, bus, log, periodStartMs, periodEndMs: periodStartMs + job.periodMs, now: this.now });
      await clearSetAside(trx, SCHEDULER_JOB, [job.name]);
      await trx.insertInto('scheduled_runs').values({ job: job.name, period_start: periodStart, started_at: startedAt, finished_at: new Date(this.now()) }).execute();
      const keepFrom = new Date(periodStartMs - (Math.max(job.catchUp ?? 0, 0) + KEEP_RUN_ROWS) * job.periodMs);
      await trx.deleteFrom('scheduled_runs').where('job', '=', job.name).where('period_start', '<', keepFrom).execute();
      return true;
    });
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.serial;
  }
}
