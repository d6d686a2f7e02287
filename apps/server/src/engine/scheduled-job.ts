import type { Transaction } from 'kysely';
import type { DB, Db } from '../db/database.js';
import type { Bus } from '../realtime/bus.js';
import type { EngineLog } from './engine-log.js';

/**
 * What a scheduled job's run is given. The scheduler (engine leader only) owns the clock: a run is
 * for one period [periodStartMs, periodEndMs), keyed by (job name, period start) in a unique row,
 * so each period runs once however many nodes run and however often one restarts.
 */
export interface ScheduledJobContext {
  /**
   * The run's own transaction: what the job writes through it commits together with the run row,
   * or not at all - exactly once per period (daily incomes, penalties). Prefer it.
   */
  trx: Transaction<DB>;
  /** The pool, for work that must commit in pieces (a sweep settling through its own transactions). */
  db: Db;
  bus: Bus;
  log: EngineLog;
  periodStartMs: number;
  periodEndMs: number;
  /** The scheduler's clock (tests control it). */
  now(): number;
}

/**
 * Clock-driven work a module declares in its manifest (sweeps, pruning, daily incomes). A period's
 * run is due from the period's start. Writes through `trx` commit with the run row, exactly once;
 * writes through `db` commit on their own, so they must be idempotent per period (e.g. a ledger
 * reference naming the period): a crash after them and before the run row runs the period again.
 */
export interface ScheduledJob {
  /** Unique and stable: it keys the run rows. */
  readonly name: string;
  /** Length of one period. */
  readonly periodMs: number;
  /**
   * Periods start at Unix epoch + offsetMs + k * periodMs: 0 aligns a daily job to midnight UTC,
   * 8 h to midnight in UTC-8 is -8 h (or 16 h). Default 0.
   */
  readonly offsetMs?: number;
  /**
   * How many missed periods before the current one run after downtime, oldest first. 0 (default)
   * suits jobs whose one run covers everything (sweeps, pruning); a daily income says how many
   * days it must make up. Older missed periods are skipped, and said so in the log.
   */
  readonly catchUp?: number;
  run(ctx: ScheduledJobContext): Promise<void>;
}
