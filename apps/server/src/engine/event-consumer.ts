import type { Db } from '../db/database.js';
import type { Bus } from '../realtime/bus.js';
import type { EngineLog } from './market-engine.js';

/** What a consumer of an internal event is given when the outbox relay delivers to it. */
export interface EventConsumerContext {
  db: Db;
  bus: Bus;
  log: EngineLog;
}

/**
 * A module's handler of one internal event, delivered by the outbox relay after the writing
 * transaction committed, at least once: the handler must be idempotent.
 */
export interface EventConsumer {
  /** Unique and stable: delivery progress is recorded per consumer. */
  readonly name: string;
  /** The internal event's name (contracts map each to its payload schema). */
  readonly event: string;
  handle(payload: unknown, ctx: EventConsumerContext): Promise<void>;
}
