import type { OutboxEventName, OutboxEventPayload } from '@tp/contracts';
import type { Db } from '../db/database.js';
import type { Bus } from '../realtime/bus.js';
import type { EngineLog } from './engine-log.js';

/** What a consumer of an internal event is given when the outbox relay delivers to it. */
export interface EventConsumerContext {
  db: Db;
  bus: Bus;
  log: EngineLog;
}

/**
 * A handler of one outbox event, delivered by the relay (engine leader) after the writing
 * transaction committed, at least once and in no guaranteed order: the handler must be idempotent
 * and must not rely on an earlier event having arrived first. A handler that throws is retried
 * later with the same payload; one that returns has its delivery recorded and never sees the
 * event again.
 */
export interface EventConsumer<N extends OutboxEventName = OutboxEventName> {
  /** Unique and stable: delivery progress is recorded per consumer. */
  readonly name: string;
  /** The event's name (contracts map each to its payload schema). */
  readonly event: N;
  // Method syntax on purpose: consumers of different events share one list.
  handle(payload: OutboxEventPayload<N>, ctx: EventConsumerContext): Promise<void>;
}

/** Keeps the event name's literal type, so `handle` gets its payload type. */
export function defineEventConsumer<N extends OutboxEventName>(consumer: EventConsumer<N>): EventConsumer<N> {
  return consumer;
}
