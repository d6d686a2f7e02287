import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { endpoints, MAX_WAITING_ALERTS, type PriceAlert } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callEndpoint, expectRefused, registerUser, type Registered } from '../../test/http-helpers.js';
import { startManualEngine, type ManualFeed } from '../../test/market-helpers.js';
import { symbolId } from '../../test/forex-helpers.js';
import type { MarketEngine } from '../../engine/market-engine.js';
import { silentEngineLog } from '../../engine/engine-log.js';
import { AlertEngine } from './alert-engine.js';

let t: TestApp;
let engine: MarketEngine;
let feed: ManualFeed;
let alerts: AlertEngine;
let btc: number;
let eth: number;
let alice: Registered;
let bob: Registered;

beforeAll(async () => {
  t = await createTestApp();
  btc = await symbolId(t.db, 'BTCUSDT');
  eth = await symbolId(t.db, 'ETHUSDT');
  const started = await startManualEngine(t.db, t.app.bus, {
    symbols: ['BTCUSDT', 'ETHUSDT'],
    engine: { consumers: [(deps) => (alerts = new AlertEngine(deps, { catchUpMs: 0 }))] },
  });
  engine = started.engine;
  feed = started.feed;
  alice = await registerUser(t.app, t.dataDir);
  bob = await registerUser(t.app, t.dataDir);
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

/** A tick from the feed, committed, and everything the alert engine does with it done. */
async function tick(code: string, price: string): Promise<void> {
  feed.push({ code, price });
  await engine.flush();
  await alerts.idle();
}

const en = { lang: 'en' };
async function create(token: string, input: Record<string, unknown>): Promise<PriceAlert> {
  const res = await callEndpoint(t.app, endpoints.alerts.create, { token, headers: en, input: input as never });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  await alerts.idle(); // the bus event reached the index
  return res.body.data;
}
const cancel = (token: string, id: number) => callEndpoint(t.app, endpoints.alerts.cancel, { token, headers: en, input: { id } });
const list = (token: string, input: Record<string, unknown> = {}) => callEndpoint(t.app, endpoints.alerts.list, { token, input: input as never });
async function statusOf(id: number) {
  return t.db.selectFrom('price_alerts').select(['status', 'fired_price', 'fired_seq']).where('id', '=', id).executeTakeFirstOrThrow();
}
/** The price_alert notifications requested for an alert (outbox events). */
async function notificationsOf(id: number): Promise<number> {
  const r = await t.db
    .selectFrom('event_outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('name', '=', 'notification.requested')
    .where(sql<boolean>`payload->>'kind' = 'price_alert' AND (payload->'params'->>'alert_id')::int = ${id}`)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('price alerts', () => {
  it('refuses bad input and visitors, and changes nothing', async () => {
    expectRefused(await callEndpoint(t.app, endpoints.alerts.create, { input: { forex_id: btc, direction: 1, price: '1' } }), 'not_logged_in', 999);
    for (const bad of [
      { forex_id: btc, direction: 3, price: '1' },
      { forex_id: btc, direction: 1, price: '0' },
      { forex_id: btc, direction: 1, price: '-5' },
      { forex_id: btc, direction: 1, price: '' },
      { forex_id: btc, direction: 1, price: '2000000000' },
    ]) {
      const res = await callEndpoint(t.app, endpoints.alerts.create, { token: alice.token, headers: en, input: bad as never });
      expect(res.body.code, JSON.stringify(bad)).toBe(0);
    }
    expectRefused(await callEndpoint(t.app, endpoints.alerts.create, { token: alice.token, headers: en, input: { forex_id: 999999, direction: 1, price: '1' } }), 'not_found');
    expect(await t.db.selectFrom('price_alerts').select('id').execute()).toEqual([]);
  });

  it('an above alert fires once, on the first stored tick at its price; not before, not again', async () => {
    await tick('BTCUSDT', '100');
    const a = await create(alice.token, { forex_id: btc, direction: 1, price: '101.5' });
    expect(a).toMatchObject({ forex_id: btc, code: 'BTCUSDT', direction: 1, price: '101.5', status: 1, fired_at: null, fired_price: null });
    await tick('BTCUSDT', '101.49');
    expect((await statusOf(a.id)).status).toBe(1);
    await tick('ETHUSDT', '200'); // another symbol's tick reaches nothing here
    expect((await statusOf(a.id)).status).toBe(1);
    await tick('BTCUSDT', '101.5');
    expect(await statusOf(a.id)).toMatchObject({ status: 2 });
    expect(Number((await statusOf(a.id)).fired_price)).toBe(101.5);
    await tick('BTCUSDT', '103');
    await tick('BTCUSDT', '101.5');
    expect(await notificationsOf(a.id)).toBe(1);
    const listed = (await list(alice.token, { status: 2 })).body.data;
    expect(listed.data).toEqual([expect.objectContaining({ id: a.id, status: 2, fired_price: '101.5', fired_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) })]);
  });

  it('a below alert fires on a tick beyond its price, not on one above it', async () => {
    await tick('ETHUSDT', '200');
    const a = await create(alice.token, { forex_id: eth, direction: 2, price: '190' });
    await tick('ETHUSDT', '195');
    await tick('ETHUSDT', '190.01');
    expect((await statusOf(a.id)).status).toBe(1);
    await tick('ETHUSDT', '185'); // beyond: a gap down still fires it, at the tick's price
    expect(await statusOf(a.id)).toMatchObject({ status: 2 });
    expect(Number((await statusOf(a.id)).fired_price)).toBe(185);
    expect(await notificationsOf(a.id)).toBe(1);
  });

  it('a cancelled alert never fires; only its owner cancels it, and only while it waits', async () => {
    await tick('BTCUSDT', '100');
    const a = await create(alice.token, { forex_id: btc, direction: 1, price: '110' });
    expectRefused(await cancel(bob.token, a.id), 'alert_not_found');
    expect((await statusOf(a.id)).status).toBe(1);
    const res = await cancel(alice.token, a.id);
    expect(res.body).toMatchObject({ code: 1, data: { id: a.id, status: 3 } });
    await alerts.idle();
    expect(alerts.index.has(a.id)).toBe(false);
    await tick('BTCUSDT', '111');
    expect((await statusOf(a.id)).status).toBe(3);
    expect(await notificationsOf(a.id)).toBe(0);
    const again = await cancel(alice.token, a.id);
    expectRefused(again, 'alert_not_found');
    expect(again.body.msg).toBe('No such waiting price alert');
  });

  it(`at most ${MAX_WAITING_ALERTS} waiting alerts per user, with a localized refusal`, async () => {
    const carol = await registerUser(t.app, t.dataDir);
    const made: PriceAlert[] = [];
    for (let i = 0; i < MAX_WAITING_ALERTS; i += 1) made.push(await create(carol.token, { forex_id: btc, direction: 1, price: String(5000 + i) }));
    const refused = await callEndpoint(t.app, endpoints.alerts.create, { token: carol.token, headers: { lang: 'de' }, input: { forex_id: btc, direction: 1, price: '9000' } });
    expectRefused(refused, 'alert_limit');
    expect(refused.body.msg).toContain(String(MAX_WAITING_ALERTS));
    expect(refused.body.msg).toContain('Kursalarme');
    expect((await list(carol.token, { status: 1 })).body.data.total).toBe(MAX_WAITING_ALERTS);
    // A fired or cancelled one frees a place.
    expect((await cancel(carol.token, made[0]!.id)).body.code).toBe(1);
    await create(carol.token, { forex_id: btc, direction: 1, price: '9000' });
    // Bob's list holds none of them; paging and the symbol filter.
    expect((await list(bob.token)).body.data).toMatchObject({ data: [], total: 0 });
    const page2 = (await list(carol.token, { page: 2 })).body.data;
    expect(page2).toMatchObject({ total: MAX_WAITING_ALERTS + 1, current_page: 2 });
    expect((await list(carol.token, { forex_id: eth })).body.data.total).toBe(0);
    // A blank status (a form's empty select) is every status.
    expect((await list(carol.token, { status: '' })).body.data.total).toBe(MAX_WAITING_ALERTS + 1);
  });

  it('restart-safe: a new engine rebuilds the index from the table, and an alert fires once across two engines', async () => {
    await tick('BTCUSDT', '100');
    const a = await create(alice.token, { forex_id: btc, direction: 2, price: '95' });
    // A second engine (a new leader) builds its index from the table.
    const next = new AlertEngine({ db: t.db, bus: t.app.bus, log: silentEngineLog, now: Date.now, lastPrice: () => undefined }, { catchUpMs: 0 });
    await next.start();
    expect(next.index.has(a.id)).toBe(true);
    const stored = { symbolId: btc, code: 'BTCUSDT', seq: 1_000_000, price: '94', volume: '1', atMs: Date.now() };
    await next.onTicks([stored]);
    // The old engine still held it in memory: its own tick finds the row fired and writes nothing.
    await tick('BTCUSDT', '93');
    await next.stop();
    expect(await statusOf(a.id)).toMatchObject({ status: 2, fired_seq: '1000000' });
    expect(await notificationsOf(a.id)).toBe(1);
    expect(alerts.index.has(a.id)).toBe(false);
  });

  it('an alert whose bus event was lost is taken in by the catch-up', async () => {
    const lost = await t.db
      .insertInto('price_alerts')
      .values({ user_id: alice.user.id, symbol_id: btc, direction: 1, price: '150', created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(alerts.index.has(lost.id)).toBe(false);
    await alerts.catchUp();
    expect(alerts.index.has(lost.id)).toBe(true);
    await tick('BTCUSDT', '150');
    expect((await statusOf(lost.id)).status).toBe(2);
  });
});
