import type { Db } from '../db/database.js';
import type { Bus } from '../realtime/bus.js';
import type { EngineLog } from './market-engine.js';

/**
 * What a scheduled job's run is given. The scheduler (engine leader only) owns the clock: a run is
 * for one period [periodStartMs, periodEndMs), keyed by (job name, period start) in a unique row,
 * so each period runs once however many nodes run and however often one restarts.
 */
export interface ScheduledJobContext {
  db: Db;
  bus: Bus;
  log: EngineLog;
  periodStartMs: number;
  periodEndMs: number;
  /** The scheduler's clock (tests control it). */
  now(): number;
}

/** Clock-driven work a module declares in its manifest (sweeps, pruning, daily incomes). */
export interface ScheduledJob {
  /** Unique and stable: it keys the run rows. */
  readonly name: string;
  /** Length of one period; periods are aligned to the Unix epoch. */
  readonly periodMs: number;
  run(ctx: ScheduledJobContext): Promise<void>;
}
