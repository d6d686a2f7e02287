import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { endpoints, type NotificationPage, type NotificationSetting } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, callEndpoint, demoLogin, expectRefused, registerUser } from '../../test/http-helpers.js';
import { adminToken, fund } from '../../test/wallet-helpers.js';
import { startManualEngine, type ManualFeed } from '../../test/market-helpers.js';
import { symbolId } from '../../test/forex-helpers.js';
import type { MarketEngine } from '../../engine/market-engine.js';
import type { MailSender } from '../../engine/event-consumer.js';
import type { BusMessage } from '../../realtime/bus.js';
import { ForexEngine } from '../forex/index.js';
import { microModule } from '../micro/index.js';
import { createStaff, staffSession } from '../../test/staff-helpers.js';
import { notificationRequestedConsumer } from './notification-consumer.js';

let t: TestApp;
let engine: MarketEngine;
let feed: ManualFeed;
let fx: ForexEngine;
let admin: string;
const clock = { shift: 0 };
const pushes: BusMessage[] = [];
const mails: Parameters<MailSender['deliver']>[0][] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  ({ engine, feed } = await startManualEngine(t.db, t.app.bus, {
    symbols: ['BTCUSDT', 'SOLUSDT'],
    engine: {
      now: () => Date.now() + clock.shift,
      consumers: [(deps) => (fx = new ForexEngine(deps, { pushIntervalMs: 0, reconcileMs: 0 })), ...microModule.tickConsumers],
      eventConsumers: [notificationRequestedConsumer],
      mail: { deliver: async (m) => void mails.push(m) },
    },
  }));
  t.app.bus.subscribe((m) => pushes.push(m));
}, 60_000);
afterAll(async () => {
  await engine?.stop();
  await t?.close();
});

/** What the relay's LISTEN does in production (its timers are off here): deliver the outbox now. */
async function deliver(): Promise<void> {
  await engine.events!.drain();
}
async function tick(code: string, price: string, offsetMs = 0): Promise<number> {
  feed.push({ code, price, atMs: Date.now() + offsetMs });
  await engine.flush();
  await fx.idle();
  return engine.lastPrice(code)!.seq;
}
const list = async (token: string, lang = 'en', page = 1) => (await callEndpoint(t.app, endpoints.notifications.list, { token, headers: { lang }, input: { page } })).body as { code: number; data: NotificationPage };
const storedOf = (userId: number) => t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();

describe('notifications produced by what happens', () => {
  it('a deposit decision: stored once, pushed live in the reader\'s language, e-mailed by default, announced for web push', async () => {
    const alice = await registerUser(t.app, t.dataDir);
    // Alice reads in English: pushes and e-mails follow.
    expect((await list(alice.token)).data).toMatchObject({ data: [], total: 0, unread: 0 });
    pushes.length = 0;
    const chargeId = await fund(t.app, alice.token, admin, '250');
    // Nothing before the relay delivers: the decision only wrote the request in its transaction.
    expect(await storedOf(alice.user.id)).toHaveLength(0);
    await deliver();
    const page = await list(alice.token);
    expect(page.data).toMatchObject({ total: 1, unread: 1, current_page: 1, last_page: 1 });
    expect(page.data.data[0]).toMatchObject({ kind: 'deposit_decided', title: 'Deposit reviewed', body: 'Your deposit of 250.00 was approved and credited.', link: '/mine/charge', read: 0 });
    const notify = pushes.filter((m) => m.topic === 'NOTIFY');
    expect(notify).toEqual([{ topic: 'NOTIFY', userId: alice.user.id, payload: { id: page.data.data[0]!.id, kind: 'deposit_decided', title: 'Deposit reviewed', body: 'Your deposit of 250.00 was approved and credited.', link: '/mine/charge', created_at: page.data.data[0]!.created_at } }]);
    expect(mails.filter((m) => m.to === alice.email)).toEqual([expect.objectContaining({ subject: 'Deposit reviewed', text: 'Your deposit of 250.00 was approved and credited.' })]);
    const stored = await t.db.selectFrom('event_outbox').select('payload').where('name', '=', 'notification.stored').execute();
    expect(stored.map((s) => s.payload)).toContainEqual({ notificationId: page.data.data[0]!.id, userId: alice.user.id, kind: 'deposit_decided' });
    // The same list in another language is worded in it.
    expect((await list(alice.token, 'fr')).data.data[0]).toMatchObject({ title: 'Dépôt examiné', body: 'Votre dépôt de 250,00 a été approuvé et crédité.' });
    expect(chargeId).toBeGreaterThan(0);
  });

  it('an event delivered twice stores, pushes and mails once', async () => {
    const bob = await registerUser(t.app, t.dataDir);
    await fund(t.app, bob.token, admin, '10');
    const event = await t.db
      .selectFrom('event_outbox')
      .select(['id', 'payload'])
      .where('name', '=', 'notification.requested')
      .where(sql<string>`payload->>'userId'`, '=', String(bob.user.id))
      .executeTakeFirstOrThrow();
    pushes.length = 0;
    mails.length = 0;
    const ctx = { db: t.db, bus: t.app.bus, log: { info: () => undefined, warn: () => undefined, error: () => undefined }, mail: { deliver: async (m: Parameters<MailSender['deliver']>[0]) => void mails.push(m) } };
    const payload = event.payload as Parameters<typeof notificationRequestedConsumer.handle>[0];
    await notificationRequestedConsumer.handle(payload, ctx, { eventId: String(event.id) });
    await notificationRequestedConsumer.handle(payload, ctx, { eventId: String(event.id) });
    await deliver(); // and the relay's own delivery of it
    expect(await storedOf(bob.user.id)).toHaveLength(1);
    expect(pushes.filter((m) => m.topic === 'NOTIFY')).toHaveLength(1);
    expect(mails).toHaveLength(1);
  });

  it('a stop-loss close: order_closed with the symbol named, linked to the history tab', async () => {
    const a = await demoLogin(t.app, 'notify-sl-1');
    await tick('BTCUSDT', '100000.00');
    const res = await call<{ Id: number }>(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: { authorization: a.token }, payload: { type: 1, cont: '0.1', forex_id: await symbolId(t.db, 'BTCUSDT'), multiple: 10, stop_loss_price: '99000' } });
    expect(res.body.code).toBe(1);
    await fx.idle();
    await tick('BTCUSDT', '98000.00');
    await deliver();
    const page = await list(a.token);
    expect(page.data.data.map((n) => n.kind)).toEqual(['order_closed']);
    expect(page.data.data[0]).toMatchObject({ body: `Order #${res.body.data.Id} on BTC/USDT was closed by its stop loss. Profit: -201.50.`, link: '/order?source=0&type=3' });
  });

  it('an option settlement: option_settled once, linked to the closed option', async () => {
    const token = (await demoLogin(t.app, 'notify-option-1')).token;
    await tick('SOLUSDT', '200.00');
    const res = await call<{ Id: number }>(t.app, { method: 'POST', url: endpoints.micro.submit.path, headers: { authorization: token }, payload: { forex_id: await symbolId(t.db, 'SOLUSDT'), type: 1, number: '100', seconds: 30 } });
    expect(res.body.code).toBe(1);
    clock.shift = 32_000;
    await tick('SOLUSDT', '200.10', 31_000);
    await tick('SOLUSDT', '150.00', 31_500);
    await deliver();
    const page = await list(token);
    expect(page.data.data).toHaveLength(1);
    expect(page.data.data[0]).toMatchObject({ kind: 'option_settled', body: `Option #${res.body.data.Id} on SOL/USDT won: 80.00.`, link: `/order?source=1&type=3&id=${res.body.data.Id}` });
  });

  it('a support reply: support_reply quoting the reply, linked to the chat', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const sent = await call(t.app, { method: 'POST', url: endpoints.support.send.path, headers: { authorization: u.token }, payload: { client_id: 'c-notify-1', text: 'Hello?' } });
    expect(sent.body.code).toBe(1);
    const conversation = await t.db.selectFrom('support_conversations').select('id').where('user_id', '=', u.user.id).executeTakeFirstOrThrow();
    const staff = await staffSession(t.db, (await createStaff(t.db, 'support')).id);
    const reply = await callEndpoint(t.app, endpoints.support.reply, { token: staff, params: { id: conversation.id }, input: { client_id: 's-notify-1', text: 'We are looking into it.' } });
    expect(reply.body.code).toBe(1);
    await deliver();
    expect((await list(u.token)).data.data).toEqual([expect.objectContaining({ kind: 'support_reply', title: 'Support replied', body: 'We are looking into it.', link: '/mine/chat' })]);
  });
});

describe('list, read and settings', () => {
  it('marks one read, then all; another user\'s id is not found and changes nothing', async () => {
    const carol = await registerUser(t.app, t.dataDir);
    const dave = await registerUser(t.app, t.dataDir);
    await fund(t.app, carol.token, admin, '1');
    await fund(t.app, carol.token, admin, '2');
    await deliver();
    const before = await list(carol.token);
    expect(before.data).toMatchObject({ total: 2, unread: 2 });
    const [newest, older] = before.data.data;
    expect(newest!.body).toContain('2');
    expectRefused(await callEndpoint(t.app, endpoints.notifications.read, { token: dave.token, input: { id: newest!.id } }), 'not_found');
    expect((await list(carol.token)).data.unread).toBe(2);
    const one = await callEndpoint(t.app, endpoints.notifications.read, { token: carol.token, input: { id: older!.id } });
    expect(one.body.data).toEqual({ unread: 1 });
    expect((await list(carol.token)).data.data.map((n) => n.read)).toEqual([0, 1]);
    expect((await callEndpoint(t.app, endpoints.notifications.read, { token: carol.token, input: { all: 1 } })).body.data).toEqual({ unread: 0 });
    // Neither or both of id and all: refused.
    expect((await callEndpoint(t.app, endpoints.notifications.read, { token: carol.token, input: {} as never })).body.code).toBe(0);
    expect((await callEndpoint(t.app, endpoints.notifications.read, { token: carol.token, input: { id: newest!.id, all: 1 } })).body.code).toBe(0);
  });

  it('settings: defaults, a change kept, in-app off hides the kind and e-mail off sends none', async () => {
    const erin = await registerUser(t.app, t.dataDir);
    const defaults = (await callEndpoint(t.app, endpoints.notifications.settings, { token: erin.token })).body.data as NotificationSetting[];
    expect(defaults).toHaveLength(14);
    expect(defaults.find((s) => s.kind === 'deposit_decided')).toEqual({ kind: 'deposit_decided', in_app: 1, push: 0, email: 1 });
    expect(defaults.find((s) => s.kind === 'order_closed')).toEqual({ kind: 'order_closed', in_app: 1, push: 0, email: 0 });
    const saved = await callEndpoint(t.app, endpoints.notifications.saveSettings, { token: erin.token, input: { kind: 'deposit_decided', in_app: 0, push: 0, email: 0 } });
    expect((saved.body.data as NotificationSetting[]).find((s) => s.kind === 'deposit_decided')).toEqual({ kind: 'deposit_decided', in_app: 0, push: 0, email: 0 });
    expectRefused(await callEndpoint(t.app, endpoints.notifications.saveSettings, { token: erin.token, input: { kind: 'nonsense' as never, in_app: 1, push: 0, email: 0 } }), 'bad_request');
    mails.length = 0;
    pushes.length = 0;
    await fund(t.app, erin.token, admin, '5');
    await deliver();
    expect((await list(erin.token)).data).toMatchObject({ total: 0, unread: 0 });
    expect(pushes.filter((m) => m.topic === 'NOTIFY')).toHaveLength(0);
    expect(mails).toHaveLength(0);
    // Stored all the same, for web push to decide by its own switch.
    expect(await storedOf(erin.user.id)).toEqual([expect.objectContaining({ kind: 'deposit_decided', in_app: false })]);
  });

  it('pages 15 a page, newest first', async () => {
    const frank = await registerUser(t.app, t.dataDir);
    const { notifyMany } = await import('./notify.js');
    await t.db.transaction().execute((trx) => notifyMany(trx, Array.from({ length: 17 }, (_, i) => ({ userId: frank.user.id, kind: 'fund_income' as const, params: { fund: 'Gold', amount: String(i) }, link: null }))));
    await deliver();
    const first = await list(frank.token);
    expect(first.data).toMatchObject({ total: 17, unread: 17, last_page: 2, per_page: 15 });
    expect(first.data.data).toHaveLength(15);
    const second = await list(frank.token, 'en', 2);
    expect(second.data.data).toHaveLength(2);
    expect(Math.min(...first.data.data.map((n) => n.id))).toBeGreaterThan(Math.max(...second.data.data.map((n) => n.id)));
  });
});
