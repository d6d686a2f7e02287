import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { OutboxEventPayload } from '@tp/contracts';
import type { Db } from '../db/database.js';
import { createInProcessBus } from '../realtime/bus.js';
import { createTestApp, createTestDatabase } from '../test/test-app.js';
import { defineEventConsumer, type EventConsumer } from './event-consumer.js';
import { emitEvent, eventDeliveryLagMs } from './event-outbox.js';
import { EventRelay, type EventRelayOptions } from './event-relay.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let db: Db;
let url: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, url, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop();
});

type Seen = OutboxEventPayload<'balance.changed'>;

/** A consumer that records what it was handed; `failures` times it throws first. */
function recorder(name: string, failures = 0): EventConsumer<'balance.changed'> & { seen: Seen[]; calls: number } {
  const c = {
    seen: [] as Seen[],
    calls: 0,
    ...defineEventConsumer({
      name,
      event: 'balance.changed',
      async handle(payload: Seen) {
        c.calls += 1;
        if (c.calls <= failures) throw new Error(`${name} is down`);
        c.seen.push(payload);
      },
    }),
  };
  return c;
}

function relay(consumers: EventConsumer[], opts: Partial<EventRelayOptions> = {}): EventRelay {
  return new EventRelay({ db, bus: createInProcessBus(), log: quiet, consumers, pollMs: 0, retryBaseMs: 0, ...opts });
}

const emit = (userId: number) => db.transaction().execute((trx) => emitEvent(trx, 'balance.changed', { userId, accountTypes: [3] }));

async function clearOutbox(): Promise<void> {
  await db.deleteFrom('event_outbox').execute();
}

describe('event outbox and relay', () => {
  it('never delivers an event whose transaction rolled back, and delivers a committed one once', async () => {
    await clearOutbox();
    const c = recorder('rollback-check');
    await expect(
      db.transaction().execute(async (trx) => {
        await emitEvent(trx, 'balance.changed', { userId: 1, accountTypes: [3] });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await emit(2);
    const r = relay([c]);
    expect(await r.drain()).toBe(1);
    expect(await r.drain()).toBe(0);
    expect(c.seen).toEqual([{ userId: 2, accountTypes: [3] }]);
    expect(await eventDeliveryLagMs(db)).toBeNull();
  });

  it('a relay told to stop in the middle of a batch finishes the event in hand and leaves the rest to the next relay', async () => {
    await clearOutbox();
    for (const u of [21, 22, 23]) await emit(u);
    let release: () => void = () => undefined;
    const seen: number[] = [];
    const slow = defineEventConsumer({
      name: 'handover-check',
      event: 'balance.changed',
      async handle(payload: Seen) {
        seen.push(payload.userId);
        // The first event takes long: the stop (a handover) arrives meanwhile.
        if (seen.length === 1) await new Promise<void>((r) => (release = r));
      },
    });
    const first = relay([slow], { databaseUrl: url, pollMs: 60_000 });
    await first.start();
    await vi.waitFor(() => expect(seen).toEqual([21]), { timeout: 5000, interval: 10 });
    const stopping = first.stop();
    release();
    await stopping;
    expect(seen).toEqual([21]);
    // The next relay (a new leader) delivers the rest, and the first event is not handed again.
    const next = relay([slow]);
    await next.drain();
    expect(seen).toEqual([21, 22, 23]);
  });

  it('records deliveries every few events, so a slow consumer halfway through a batch leaves the first ones done', async () => {
    await clearOutbox();
    for (let u = 1; u <= 30; u++) await emit(100 + u);
    let release: () => void = () => undefined;
    let handled = 0;
    const slowAt25 = defineEventConsumer({
      name: 'progress-check',
      event: 'balance.changed',
      async handle() {
        handled += 1;
        if (handled === 25) await new Promise<void>((r) => (release = r));
      },
    });
    const r = relay([slowAt25]);
    const draining = r.drain();
    await vi.waitFor(() => expect(handled).toBe(25), { timeout: 5000, interval: 10 });
    // The pass is still on event 25: the first 20 are already on record.
    const done = await db.selectFrom('event_outbox').select(db.fn.countAll<string>().as('n')).where('done_at', 'is not', null).executeTakeFirstOrThrow();
    expect(Number(done.n)).toBe(20);
    release();
    expect(await draining).toBe(30);
    expect(await eventDeliveryLagMs(db)).toBeNull();
  });

  it('delivers what was committed while no relay ran as soon as one starts, then each new commit by its NOTIFY', async () => {
    await clearOutbox();
    const c = recorder('restart-check');
    await emit(10); // the relay is down
    // A poll far away: only the start-up pass and the NOTIFY of the next commit can deliver.
    const r = relay([c], { databaseUrl: url, pollMs: 60_000 });
    await r.start();
    try {
      await vi.waitFor(() => expect(c.seen.map((p) => p.userId)).toEqual([10]), { timeout: 5000, interval: 20 });
      await emit(11);
      await vi.waitFor(() => expect(c.seen.map((p) => p.userId)).toEqual([10, 11]), { timeout: 5000, interval: 20 });
    } finally {
      await r.stop();
    }
    // A relay started again later finds nothing left to do.
    const again = recorder('restart-check');
    expect(await relay([again]).drain()).toBe(0);
    expect(again.calls).toBe(0);
  });

  it('retries a failing consumer without handing the event again to the consumer that already has it', async () => {
    await clearOutbox();
    const flaky = recorder('flaky', 1);
    const steady = recorder('steady');
    const r = relay([flaky, steady]);
    await emit(20);
    expect(await r.pass()).toEqual({ seen: 1, delivered: 1, done: 0 });
    expect([flaky.seen.length, steady.seen.length]).toEqual([0, 1]);
    const failed = await db.selectFrom('event_deliveries').selectAll().where('consumer', '=', 'flaky').executeTakeFirstOrThrow();
    expect([failed.delivered_at, failed.attempts, failed.last_error]).toEqual([null, 1, 'flaky is down']);
    // Undelivered, so the lag shows.
    expect(await eventDeliveryLagMs(db)).not.toBeNull();
    expect(await r.pass()).toEqual({ seen: 1, delivered: 1, done: 1 });
    expect([flaky.seen.length, steady.calls]).toEqual([1, 1]);
    const event = await db.selectFrom('event_outbox').select(['done_at']).executeTakeFirstOrThrow();
    expect(event.done_at).not.toBeNull();
    expect(await eventDeliveryLagMs(db)).toBeNull();
  });

  it('waits the back-off before retrying a failed event', async () => {
    await clearOutbox();
    const flaky = recorder('slow-retry', 1);
    const r = relay([flaky], { retryBaseMs: 60_000 });
    await emit(30);
    await r.drain();
    await r.drain();
    expect(flaky.calls).toBe(1);
    await sql`UPDATE event_outbox SET retry_at = now() - interval '1 second'`.execute(db);
    await r.drain();
    expect(flaky.seen.map((p) => p.userId)).toEqual([30]);
  });

  it('refuses two consumers of one name (delivery is recorded per name)', () => {
    expect(() => relay([recorder('twice'), recorder('twice')])).toThrow('declared twice');
  });
});

describe('/healthz and the outbox', () => {
  it('shows the age of the oldest undelivered event, and says degraded (still 200) past EVENT_LAG_DEGRADED_MS', async () => {
    const t = await createTestApp({ config: { eventLagDegradedMs: 30_000 } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
      await t.db.transaction().execute((trx) => emitEvent(trx, 'balance.changed', { userId: 1, accountTypes: [1] }));
      const young = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(young.statusCode).toBe(200);
      expect(young.json()).toMatchObject({ status: 'ok', event_lag_ms: expect.any(Number) });
      expect(young.json().event_lag_ms).toBeLessThan(30_000);
      await sql`UPDATE event_outbox SET created_at = now() - interval '2 minutes'`.execute(t.db);
      const old = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(old.statusCode).toBe(200);
      expect(old.json().status).toBe('degraded');
      expect(old.json().event_lag_ms).toBeGreaterThanOrEqual(120_000);
    } finally {
      await t.close();
    }
  });
});
