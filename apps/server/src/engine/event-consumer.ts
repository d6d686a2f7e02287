import type { OutboxEventName, OutboxEventPayload } from '@tp/contracts';
import type { Db } from '../db/database.js';
import type { Bus } from '../realtime/bus.js';
import type { EngineLog } from './engine-log.js';

/** What a consumer of an internal event is given when the outbox relay delivers to it. */
export interface EventConsumerContext {
  db: Db;
  bus: Bus;
  log: EngineLog;
  /** The platform's e-mail sender (modules/notify's outbox), where the composition gave one. */
  mail?: MailSender;
  /** DATA_DIR, where the platform's secrets are kept (the Web Push signing key). */
  dataDir?: string;
}

/** Sends one e-mail: the shape of modules/notify's Outbox, named here so the engine imports no module. */
export interface MailSender {
  deliver(message: { channel: 'email'; to: string; type: string; code: null; subject: string; text: string }): Promise<void>;
}

/** Which outbox row is being delivered: its id is the same on every redelivery (an idempotency key). */
export interface EventDelivery {
  eventId: string;
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
  handle(payload: OutboxEventPayload<N>, ctx: EventConsumerContext, delivery?: EventDelivery): Promise<void>;
}

/** Keeps the event name's literal type, so `handle` gets its payload type. */
export function defineEventConsumer<N extends OutboxEventName>(consumer: EventConsumer<N>): EventConsumer<N> {
  return consumer;
}
