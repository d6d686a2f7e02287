import type { Db } from '../db/database.js';
import type { EventConsumer } from './event-consumer.js';
import type { ScheduledJob } from './scheduled-job.js';
import type { Bus } from '../realtime/bus.js';
import type { EngineLog } from './engine-log.js';
import type { TickRow } from './tick-store.js';

/** A tick as trading engines see it: stored, numbered per symbol, with its symbol's code (its chain hash is no business of theirs). */
export interface StoredTick extends Omit<TickRow, 'hash'> {
  code: string;
}

/**
 * Something that acts on prices: the forex trigger engine (pending fills, stop loss, take profit,
 * stop-out), the option settler. It runs only in the engine process and only sees ticks after
 * they are committed, so every settlement can cite a stored tick by its sequence number.
 */
export interface TickConsumer {
  readonly name: string;
  /** Rebuild in-memory indexes from the database (and settle what became due while down). */
  start(): Promise<void>;
  /** The ticks of one committed batch, in arrival order. Called one batch at a time. */
  onTicks(ticks: readonly StoredTick[]): Promise<void>;
  stop(): Promise<void>;
  /** Jobs bound to this consumer's state (the option sweep), run by the engine's scheduler. */
  readonly jobs?: readonly ScheduledJob[];
  /** Outbox event handlers bound to this consumer's state (the forex engine's re-read of a user). */
  readonly eventConsumers?: readonly EventConsumer[];
}

export interface TickConsumerDeps {
  db: Db;
  bus: Bus;
  log: EngineLog;
  now: () => number;
  /** The last accepted price of a symbol (for consumers that act on the current market). */
  lastPrice(code: string): { price: string; seq: number; atMs: number } | undefined;
  /** PRICE_MAX_AGE_MS: a consumer acts on no stored tick older than this (a new leader's start); absent: no bound. */
  priceMaxAgeMs?: number;
}

export type TickConsumerFactory = (deps: TickConsumerDeps) => TickConsumer;
