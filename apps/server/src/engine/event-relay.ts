import pg from 'pg';
import { sql } from 'kysely';
import { OUTBOX_EVENTS, isOutboxEventName } from '@tp/contracts';
import type { Db } from '../db/database.js';
import type { Bus } from '../realtime/bus.js';
import type { EventConsumer, EventConsumerContext, MailSender } from './event-consumer.js';
import { EVENT_OUTBOX_CHANNEL } from './event-outbox.js';
import type { EngineLog } from './engine-log.js';
import type { ScheduledJob } from './scheduled-job.js';
import { outboxDeliveries, outboxFailures, outboxRetries } from '../lib/metrics.js';

export interface EventRelayOptions {
  db: Db;
  bus: Bus;
  log: EngineLog;
  consumers: readonly EventConsumer[];
  /** Handed to consumers in their context (e-mail). */
  mail?: MailSender;
  /** Handed to consumers in their context (DATA_DIR's secrets). */
  dataDir?: string;
  /** LISTEN here (a dedicated connection) to deliver right after each commit; without it, poll only. */
  databaseUrl?: string;
  /** The safety-net poll; 0: no timer, the caller drives deliverPending/drain (tests). */
  pollMs?: number;
  /** First retry delay after a consumer failed; doubles per attempt up to a minute. */
  retryBaseMs?: number;
  batchSize?: number;
}

interface PendingRow {
  id: string;
  name: string;
  payload: unknown;
  /** A consumer failed on it before: this pass retries it. */
  retried: boolean;
}

const MAX_RETRY_MS = 60_000;
/** Deliveries of a batch are recorded in groups of this many events. */
const RECORD_EVERY = 20;

/**
 * Delivers the event outbox to the consumers, after commit, at least once. It runs on the engine
 * leader beside the tick consumers (some consumers are part of them: the forex engine). Woken by
 * the NOTIFY of each committing emitEvent, and by a poll that covers a missed notification or a
 * relay that was down at commit time.
 *
 * Per event it calls each consumer of that name that has no recorded delivery yet, records each
 * success in event_deliveries, and marks the event done once all have it. A consumer that throws
 * is recorded with its error and the event waits for a retry (backing off); the other consumers
 * of the event are not held back, nor are later events. A crash between a consumer's handling and
 * its record means that consumer sees the event again - hence consumers are idempotent.
 *
 * One relay is meant to run (the leader's); should two overlap for a moment during a leader
 * change, the worst case is again a second delivery to an idempotent consumer.
 */
export class EventRelay {
  private readonly byEvent = new Map<string, EventConsumer[]>();
  private readonly ctx: EventConsumerContext;
  private listener: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private serial: Promise<unknown> = Promise.resolve();
  private wakeQueued = false;
  private stopped = true;
  /** Set by stop() alone (tests drive a relay that never started): a pass in hand ends early. */
  private stopping = false;

  constructor(private readonly opts: EventRelayOptions) {
    const names = new Set<string>();
    for (const c of opts.consumers) {
      if (names.has(c.name)) throw new Error(`event consumer ${c.name} is declared twice`);
      names.add(c.name);
      const list = this.byEvent.get(c.event) ?? [];
      list.push(c);
      this.byEvent.set(c.event, list);
    }
    this.ctx = { db: opts.db, bus: opts.bus, log: opts.log, mail: opts.mail, dataDir: opts.dataDir };
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.stopping = false;
    const pollMs = this.opts.pollMs ?? 1000;
    if (pollMs > 0) {
      await this.listen();
      this.timer = setInterval(() => {
        if (!this.listener) void this.listen();
        this.wake();
      }, pollMs);
      this.timer.unref();
      // What was committed while no relay ran goes out now.
      this.wake();
    }
  }

  private async listen(): Promise<void> {
    if (!this.opts.databaseUrl || this.stopped) return;
    const client = new pg.Client({ connectionString: this.opts.databaseUrl, application_name: 'tp-event-relay' });
    client.on('error', (err) => {
      this.opts.log.warn(`event relay listener: ${err.message}; polling until it reconnects`);
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
    });
    client.on('notification', () => this.wake());
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENT_OUTBOX_CHANNEL}`);
      if (this.stopped) await client.end();
      else this.listener = client;
    } catch (err) {
      this.opts.log.warn(`event relay listener: ${String(err)}; polling until it reconnects`);
      await client.end().catch(() => undefined);
    }
  }

  /** Coalesces wake-ups: a burst of commits is one pass (or two). */
  private wake(): void {
    if (this.wakeQueued || this.stopped) return;
    this.wakeQueued = true;
    void this.inTurn(async () => {
      this.wakeQueued = false;
      await this.drain();
    }).catch((err: unknown) => this.opts.log.error('event relay pass failed', err));
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.serial.then(work, work);
    this.serial = run.catch(() => undefined);
    return run;
  }

  /**
   * Passes until no event is due or a pass made no progress (only failures): returns how many
   * deliveries succeeded. Tests call it to deliver deterministically.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const { seen, delivered, done } = await this.pass();
      total += delivered;
      if (seen === 0 || (delivered === 0 && done === 0) || this.stopping) return total;
    }
  }

  /** One batch of due events, oldest first (tests step with it). */
  async pass(): Promise<{ seen: number; delivered: number; done: number }> {
    const { db } = this.opts;
    const events = (
      await sql<PendingRow>`
        SELECT id::text AS id, name, payload, retry_at IS NOT NULL AS retried FROM event_outbox
        WHERE done_at IS NULL AND (retry_at IS NULL OR retry_at <= now())
        ORDER BY id LIMIT ${this.opts.batchSize ?? 200}
      `.execute(db)
    ).rows;
    if (events.length === 0) return { seen: 0, delivered: 0, done: 0 };
    const have = new Set(
      (
        await db
          .selectFrom('event_deliveries')
          .select(['event_id', 'consumer'])
          .where('event_id', 'in', events.map((e) => e.id))
          .where('delivered_at', 'is not', null)
          .execute()
      ).map((d) => `${d.event_id}:${d.consumer}`),
    );
    // Successes are recorded in two statements per group of events (a crash before them hands
    // those events again: consumers are idempotent); failures are rare and recorded one by one.
    const deliveredTo: { eventId: string; consumer: string }[] = [];
    const doneIds: string[] = [];
    let delivered = 0;
    let done = 0;
    // Recorded every few events, not once per batch: a slow consumer or a lost connection halfway
    // through a batch of 200 would otherwise leave every event of it pending (and hand them all
    // again to the next relay), and the outbox would look stalled meanwhile.
    const record = async () => {
      const deliveries = deliveredTo.splice(0);
      const ids = doneIds.splice(0);
      await this.recordDeliveries(deliveries);
      if (ids.length > 0) await sql`UPDATE event_outbox SET done_at = now(), retry_at = NULL WHERE id = ANY(${ids}::bigint[])`.execute(db);
      delivered += deliveries.length;
      done += ids.length;
    };
    for (const [index, event] of events.entries()) {
      if (index > 0 && index % RECORD_EVERY === 0) await record();
      // Stopping (a handover waits): the rest of the batch is left for the next relay.
      if (this.stopping) break;
      let failedAttempts = 0;
      for (const consumer of this.byEvent.get(event.name) ?? []) {
        if (have.has(`${event.id}:${consumer.name}`)) continue;
        if (event.retried) outboxRetries.inc({ consumer: consumer.name });
        try {
          await consumer.handle(this.payloadOf(event), this.ctx, { eventId: event.id });
          deliveredTo.push({ eventId: event.id, consumer: consumer.name });
          outboxDeliveries.inc({ consumer: consumer.name });
        } catch (err) {
          outboxFailures.inc({ consumer: consumer.name });
          this.opts.log.error(`event ${event.name} #${event.id} to ${consumer.name} failed; it will be retried`, err);
          failedAttempts = Math.max(failedAttempts, await this.recordFailure(event.id, consumer.name, err));
        }
      }
      if (failedAttempts > 0) {
        const delayMs = Math.min((this.opts.retryBaseMs ?? 1000) * 2 ** (failedAttempts - 1), MAX_RETRY_MS);
        await sql`UPDATE event_outbox SET retry_at = now() + make_interval(secs => ${delayMs / 1000}) WHERE id = ${event.id}`.execute(db);
      } else {
        // Every consumer has it (an event nobody consumes is done at once).
        doneIds.push(event.id);
      }
    }
    await record();
    return { seen: events.length, delivered, done };
  }

  /** The stored payload as its schema reads it: a payload of an older shape fails here, loudly. */
  private payloadOf(event: PendingRow): never {
    if (!isOutboxEventName(event.name)) throw new Error(`unknown outbox event ${event.name}`);
    return OUTBOX_EVENTS[event.name].parse(event.payload) as never;
  }

  /** Records the successful deliveries of a pass, in one statement. */
  private async recordDeliveries(delivered: readonly { eventId: string; consumer: string }[]): Promise<void> {
    if (delivered.length === 0) return;
    await sql`
      INSERT INTO event_deliveries (event_id, consumer, delivered_at, attempts, last_error)
      SELECT d.event_id, d.consumer, now(), 1, NULL
      FROM unnest(${delivered.map((d) => d.eventId)}::bigint[], ${delivered.map((d) => d.consumer)}::text[]) AS d(event_id, consumer)
      ON CONFLICT (event_id, consumer) DO UPDATE
        SET delivered_at = excluded.delivered_at, attempts = event_deliveries.attempts + 1, last_error = NULL
    `.execute(this.opts.db);
  }

  /** Records a failed attempt; returns the attempts so far. */
  private async recordFailure(eventId: string, consumer: string, err: unknown): Promise<number> {
    const lastError = String(err instanceof Error ? err.message : err).slice(0, 500);
    const { rows } = await sql<{ attempts: number }>`
      INSERT INTO event_deliveries (event_id, consumer, delivered_at, attempts, last_error)
      VALUES (${eventId}, ${consumer}, NULL, 1, ${lastError})
      ON CONFLICT (event_id, consumer) DO UPDATE
        SET delivered_at = NULL, attempts = event_deliveries.attempts + 1, last_error = excluded.last_error
      RETURNING attempts
    `.execute(this.opts.db);
    return rows[0]?.attempts ?? 1;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.serial;
  }
}

/** Delivered events are kept this long for inspection, then deleted (with their delivery rows). */
export const EVENT_OUTBOX_RETENTION_MS = 7 * 24 * 3_600_000;

/** Daily job: deletes events every consumer had, past the retention. */
export const eventOutboxPruneJob: ScheduledJob = {
  name: 'event-outbox.prune',
  periodMs: 24 * 3_600_000,
  async run({ trx, now }) {
    await trx.deleteFrom('event_outbox').where('done_at', '<', new Date(now() - EVENT_OUTBOX_RETENTION_MS)).execute();
  },
};
