import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'kysely';
import { Decimal } from '@tp/domain';
import { endpoints, type ForexOrder } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin, registerUser } from '../../test/http-helpers.js';
import { adminToken, fund } from '../../test/wallet-helpers.js';
import { startManualEngine, type ManualFeed } from '../../test/market-helpers.js';
import { contractBalance, storeTick, symbolId } from '../../test/forex-helpers.js';
import type { MarketEngine } from '../../engine/market-engine.js';
import type { BusMessage } from '../../realtime/bus.js';
import { verifyLedger } from '../ledger/index.js';
import { ForexEngine } from './forex-engine.js';
import { FOREX_ORDER_CHANGED } from './forex-events.js';
import { ReferenceModel, makeScenario, type SimOrder } from './forex-simulation.js';
import type { CoreEffect } from './trigger-core.js';

let t: TestApp;
let engine: MarketEngine;
let feed: ManualFeed;
let fx: ForexEngine;
let btc: number;
let eth: number;
const pushes: BusMessage[] = [];

async function startEngine(): Promise<void> {
  const started = await startManualEngine(t.db, t.app.bus, {
    symbols: ['BTCUSDT', 'ETHUSDT'],
    engine: { consumers: [(deps) => (fx = new ForexEngine(deps, { pushIntervalMs: 0, reconcileMs: 0 }))] },
  });
  engine = started.engine;
  feed = started.feed;
}

beforeAll(async () => {
  t = await createTestApp();
  btc = await symbolId(t.db, 'BTCUSDT');
  eth = await symbolId(t.db, 'ETHUSDT');
  // Round numbers for the engine tests: 1 unit per lot, no fee.
  await t.db.updateTable('trade_symbols').set({ fee_rate: '0' }).where('id', 'in', [btc, eth]).execute();
  await startEngine();
  t.app.bus.subscribe((m) => pushes.push(m));
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

/** A tick from the feed, committed, and everything the engine does with it done. */
async function tick(code: string, price: string): Promise<number> {
  feed.push({ code, price });
  await engine.flush();
  await fx.idle();
  return engine.lastPrice(code)!.seq;
}

const auth = (token: string) => ({ authorization: token, lang: 'en' });
async function submit(token: string, payload: Record<string, unknown>) {
  const res = await call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(token), payload });
  await fx.idle();
  return res;
}
/** What the relay's LISTEN and poll do in production (timers are off here): deliver the outbox now. */
async function deliverEvents(): Promise<void> {
  await engine.events!.drain();
  await fx.idle();
}
/** Whether a balance.changed event of the user reached the consumer, recorded as delivered. */
async function deliveredTo(consumer: string, userId: number): Promise<boolean> {
  const rows = await t.db
    .selectFrom('event_outbox as e')
    .innerJoin('event_deliveries as d', 'd.event_id', 'e.id')
    .select('e.id')
    .where('e.name', '=', 'balance.changed')
    .where(sql<boolean>`(e.payload->>'userId')::int = ${userId}`)
    .where('d.consumer', '=', consumer)
    .where('d.delivered_at', 'is not', null)
    .execute();
  return rows.length > 0;
}
const order = (id: number) => t.db.selectFrom('forex_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('forex trigger engine', () => {
  it('re-reads the users of a burst of order changes in one read, not one queued task each', async () => {
    await fx.idle();
    const before = { ...fx.reloads };
    // Fifty order actions answered at once (a busy second on the leader): each announces its user.
    for (let userId = 1; userId <= 50; userId++) t.app.bus.publish(FOREX_ORDER_CHANGED, { userId });
    await fx.idle();
    expect(fx.reloads.runs - before.runs).toBe(1);
    expect(fx.reloads.users - before.users).toBe(50);
    // An order changed: the copies follow (one sync for the burst).
    expect(fx.reloads.copySyncs - before.copySyncs).toBe(1);
  });

  it('re-reads a user whose balance moved without a copy sync (no order changed)', async () => {
    await fx.idle();
    const before = { ...fx.reloads };
    const consumer = fx.eventConsumers.find((c) => c.event === 'balance.changed')!;
    await consumer.handle({ userId: 1, accountTypes: [3] }, { db: t.db, bus: t.app.bus, log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
    expect(fx.reloads.runs - before.runs).toBe(1);
    expect(fx.reloads.copySyncs - before.copySyncs).toBe(0);
  });

  it('closes at stop loss and take profit at the triggering tick, citing its seq, and tells only the owner', async () => {
    const a = await demoLogin(t.app, 'fxe-sl-1');
    const b = await demoLogin(t.app, 'fxe-sl-2');
    await tick('BTCUSDT', '100000.00');
    const sl = (await submit(a.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10, stop_loss_price: '99000' })).body.data;
    const tp = (await submit(b.token, { type: 2, cont: '0.1', forex_id: btc, multiple: 10, target_profit_price: '99500' })).body.data;
    await tick('BTCUSDT', '99600.00');
    expect((await order(sl.Id)).status).toBe(1);
    pushes.length = 0;
    const seq = await tick('BTCUSDT', '98000.00'); // a gap through both
    expect(await order(sl.Id)).toMatchObject({ status: 3, close_type: 4, update_price: '98000.0000000000', close_tick_seq: String(seq) });
    expect(await order(tp.Id)).toMatchObject({ status: 3, close_type: 3, update_price: '98000.0000000000', close_tick_seq: String(seq) });
    const closed = pushes.filter((m) => m.topic === 'FOREX_CLOSED');
    expect(closed).toEqual([
      { topic: 'FOREX_CLOSED', payload: { id: [sl.Id] }, userId: a.user.id },
      { topic: 'FOREX_CLOSED', payload: { id: [tp.Id] }, userId: b.user.id },
    ]);
    // buy 100015 -> 98000: -201.5; sell 99985 -> 98000: +198.5
    expect(await contractBalance(t.db, a.user.id)).toMatchObject({ balance: '9798.500000000000000000', lock_balance: '0.000000000000000000' });
    expect(await contractBalance(t.db, b.user.id)).toMatchObject({ balance: '10198.500000000000000000' });
  });

  it('writes the closes of one tick with group commit: a gap through many stops takes a few transactions, each close settled once', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, (_, i) => demoLogin(t.app, `fxe-wave-${i}`)));
    await tick('ETHUSDT', '4000.00');
    const opened = [];
    for (const u of users) opened.push((await submit(u.token, { type: 1, cont: '1', forex_id: eth, multiple: 10, stop_loss_price: '3900' })).body.data);
    const before = { ...fx.writes.stats };
    const seq = await tick('ETHUSDT', '3800.00');
    const after = fx.writes.stats;
    expect(after.actions - before.actions).toBe(12);
    // The first close leaves at once; the eleven that arrive meanwhile share the next transaction.
    expect(after.batches - before.batches).toBe(2);
    expect(after.rerun - before.rerun).toBe(0);
    for (const o of opened) expect(await order(o.Id)).toMatchObject({ status: 3, close_type: 4, close_tick_seq: String(seq) });
    const closes = await t.db
      .selectFrom('ledger_transactions')
      .select('reference')
      .where('kind', 'like', 'forex_close%')
      .where('reference', 'in', opened.map((o) => `forex_order:${o.Id}`))
      .execute();
    expect(closes.map((c) => c.reference).sort()).toEqual(opened.map((o) => `forex_order:${o.Id}`).sort());
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('fills a pending order when the price crosses its target, at that tick plus the spread', async () => {
    const a = await demoLogin(t.app, 'fxe-fill-1');
    await tick('ETHUSDT', '4000.00');
    const p = (await submit(a.token, { type: 1, cont: '1', forex_id: eth, multiple: 10, status: 0, target_price: '3900', stop_loss_price: '3800' })).body.data;
    await tick('ETHUSDT', '3950.00');
    expect((await order(p.Id)).status).toBe(0);
    const seq = await tick('ETHUSDT', '3890.00');
    expect(await order(p.Id)).toMatchObject({ status: 1, origin_price: '3890.0000000000', price: '3891.2000000000', open_tick_seq: String(seq) });
    await tick('ETHUSDT', '3800.00'); // stop loss at the level exactly
    expect(await order(p.Id)).toMatchObject({ status: 3, close_type: 4, fact_profits: '-91.200000000000000000' });
  });

  it('stops out a user at the stop-out level: every holding order, CloseType 2; the house absorbs a loss beyond the account', async () => {
    const a = await demoLogin(t.app, 'fxe-so-1');
    await tick('BTCUSDT', '100000.00');
    await tick('ETHUSDT', '4000.00');
    // Margin 9001.35 + 40.012 leaves 958.638 available.
    const big = (await submit(a.token, { type: 1, cont: '9', forex_id: btc, multiple: 100 })).body.data;
    const small = (await submit(a.token, { type: 2, cont: '1', forex_id: eth, multiple: 100 })).body.data;
    await tick('BTCUSDT', '99500.00');
    expect((await order(big.Id)).status).toBe(1);
    const seq = await tick('BTCUSDT', '97000.00'); // a gap far below the line
    const rows = await Promise.all([order(big.Id), order(small.Id)]);
    expect(rows.map((r) => [r.status, r.close_type])).toEqual([
      [3, 2],
      [3, 2],
    ]);
    expect(rows[0]!.close_tick_seq).toBe(String(seq));
    expect(await contractBalance(t.db, a.user.id)).toEqual({ balance: '0.000000000000000000', lock_balance: '0.000000000000000000' });
    const absorbed = await t.db.selectFrom('ledger_transactions').select('id').where('kind', '=', 'forex_negative_balance_protection').where('reference', '=', `forex_order:${big.Id}`).execute();
    expect(absorbed).toHaveLength(1);
  });

  it('a wallet transfer out of the contract account that takes the risk rate to the stop-out level stops the user out at once', async () => {
    // The periodic balance check is off in this file (reconcileMs 0): only the transfer's event can do it.
    const u = await registerUser(t.app, t.dataDir);
    await fund(t.app, u.token, await adminToken(t.app), '10000');
    const transfer = (from: number, to: number, balance: string) =>
      call(t.app, { method: 'POST', url: endpoints.wallet.transfer.path, headers: auth(u.token), payload: { balance, from, to, currency_id: 1 } });
    expect((await transfer(1, 3, '10000')).body.code).toBe(1);
    await tick('BTCUSDT', '100000.00');
    // Margin 1000.15 (fill 100015, x10), no fee here.
    const o = (await submit(u.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10 })).body.data;
    await tick('BTCUSDT', '95000.00'); // floating -501.5: with 8999.85 available the risk rate is far above 50
    expect((await order(o.Id)).status).toBe(1);
    pushes.length = 0;
    // Out: (0 + 1000.15 - 501.5) / 1000.15 = 49.86 % <= 50.
    const out = await transfer(3, 1, '8999.85');
    expect(out.body.code).toBe(1);
    await fx.idle();
    // Not over the bus: the transfer's event waits in the outbox until the relay delivers it.
    expect((await order(o.Id)).status).toBe(1);
    await deliverEvents();
    expect(await deliveredTo('forex-engine.balance-changed', u.user.id)).toBe(true);
    const row = await order(o.Id);
    expect([row.status, row.close_type]).toEqual([3, 2]);
    expect(pushes).toContainEqual({ topic: 'FOREX_CLOSED', payload: { id: [o.Id] }, userId: u.user.id });
    // Margin 1000.15 less the loss 501.5 came back.
    expect(await contractBalance(t.db, u.user.id)).toEqual({ balance: '498.650000000000000000', lock_balance: '0.000000000000000000' });
  });

  it('a wallet transfer into the contract account refreshes the engine view of the user at once', async () => {
    const u = await registerUser(t.app, t.dataDir);
    await fund(t.app, u.token, await adminToken(t.app), '3100');
    const transfer = (from: number, to: number, balance: string) =>
      call(t.app, { method: 'POST', url: endpoints.wallet.transfer.path, headers: auth(u.token), payload: { balance, from, to, currency_id: 1 } });
    expect((await transfer(1, 3, '2000')).body.code).toBe(1);
    await tick('BTCUSDT', '100000.00');
    await submit(u.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10 });
    expect(new Decimal(fx.core.account(u.user.id)!.available).toFixed(2)).toBe('999.85');
    expect((await transfer(1, 3, '1000')).body.code).toBe(1);
    await deliverEvents();
    expect(new Decimal(fx.core.account(u.user.id)!.available).toFixed(2)).toBe('1999.85');
    // A transfer between the other accounts is none of the engine's business: no event.
    pushes.length = 0;
    expect((await transfer(1, 2, '10')).body.code).toBe(1);
    expect(pushes.filter((m) => m.topic === 'forex.order_changed')).toEqual([]);
  });

  it('a demo reset reaches the engine through the outbox: the reset user leaves its index', async () => {
    const a = await demoLogin(t.app, 'fxe-reset-1');
    await tick('BTCUSDT', '100000.00');
    await submit(a.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10 });
    expect(fx.core.account(a.user.id)).toBeDefined();
    expect((await call(t.app, { method: 'POST', url: endpoints.users.resetDemo.path, headers: auth(a.token) })).body.code).toBe(1);
    await fx.idle();
    expect(fx.core.account(a.user.id)).toBeDefined(); // the event waits in the outbox
    await deliverEvents();
    expect(fx.core.account(a.user.id)).toBeUndefined();
    expect(await deliveredTo('forex-engine.balance-changed', a.user.id)).toBe(true);
  });

  it("a user's close racing the engine's stop loss settles exactly once", async () => {
    const a = await demoLogin(t.app, 'fxe-race-1');
    await tick('BTCUSDT', '100000.00');
    const o = (await submit(a.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10, stop_loss_price: '99000' })).body.data;
    feed.push({ code: 'BTCUSDT', price: '98500.00' });
    await engine.flush(); // stored: the HTTP close prices at it too
    const [res] = await Promise.all([call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.close.path, headers: auth(a.token), payload: { id: o.Id } }), fx.idle()]);
    await fx.idle();
    const row = await order(o.Id);
    expect(row.status).toBe(3);
    expect([1, 4]).toContain(row.close_type);
    if (res.body.code !== 1) expect(res.body.error).toBe('forex_order_not_holding');
    const closes = await t.db.selectFrom('ledger_transactions').select('id').where('kind', '=', 'forex_close').where('reference', '=', `forex_order:${o.Id}`).execute();
    expect(closes).toHaveLength(1);
  });

  it('rebuilds its index from the database after a restart, including orders placed while it was down', async () => {
    const a = await demoLogin(t.app, 'fxe-restart-1');
    await tick('BTCUSDT', '100000.00');
    const before = (await submit(a.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10, target_profit_price: '101000' })).body.data;
    await engine.stop();
    const during = (await call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(a.token), payload: { type: 2, cont: '0.1', forex_id: btc, multiple: 10, stop_loss_price: '101500' } })).body.data;
    await startEngine();
    await tick('BTCUSDT', '101600.00');
    expect((await order(before.Id)).close_type).toBe(3);
    expect((await order(during.Id)).close_type).toBe(4);
  });

  it('a new leader does not act on a stale stored price: it waits for a fresh tick', async () => {
    const a = await demoLogin(t.app, 'fxe-stale-start-1');
    await tick('BTCUSDT', '100000.00');
    const o = (await submit(a.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10, stop_loss_price: '99000' })).body.data;
    await engine.stop();
    // While no engine ran, a tick through the stop was stored and went stale (11 s old).
    await storeTick(t.db, 'BTCUSDT', '98000.00', Date.now() - 11_000);
    await startEngine();
    await fx.idle();
    expect((await order(o.Id)).status).toBe(1);
    // The next fresh tick decides, at its own price.
    await tick('BTCUSDT', '98500.00');
    const closed = await order(o.Id);
    expect(closed).toMatchObject({ status: 3, close_type: 4 });
    expect(Number(closed.update_price)).toBe(98500);
  });

  it('FOREX_TRADE goes to each holder alone, with profits, margin and risk rate', async () => {
    const a = await demoLogin(t.app, 'fxe-push-1');
    const b = await demoLogin(t.app, 'fxe-push-2');
    await tick('ETHUSDT', '4000.00');
    const oa = (await submit(a.token, { type: 1, cont: '1', forex_id: eth, multiple: 10 })).body.data;
    await tick('ETHUSDT', '4100.00');
    pushes.length = 0;
    fx.pushTrades();
    const trades = pushes.filter((m) => m.topic === 'FOREX_TRADE');
    const mine = trades.filter((m) => m.userId === a.user.id);
    expect(mine).toEqual([
      {
        topic: 'FOREX_TRADE',
        userId: a.user.id,
        payload: {
          ProfitsTotal: '98.800000', // 4100 - 4001.2
          HazardRate: '2523.94', // (10000 + 98.8) / 400.12 x 100, 2 decimals down
          CautionMoneyAll: '400.120000',
          TransOrder: [{ Id: oa.Id, UpdatePrice: '4100.00', FactProfits: '98.800000' }],
        },
      },
    ]);
    expect(trades.some((m) => m.userId === b.user.id)).toBe(false);
    expect(trades.every((m) => m.userId !== undefined)).toBe(true);
  });

  it('private pushes reach only their user over the websocket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    const url = `ws://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/v2/ws`;
    const a = await demoLogin(t.app, 'fxe-ws-1');
    const b = await demoLogin(t.app, 'fxe-ws-2');
    const client = async (token: string) => {
      const ws = new WebSocket(url);
      const inbox: Record<string, unknown>[] = [];
      ws.on('message', (d) => {
        const parsed = JSON.parse(d.toString()) as Record<string, unknown> | Record<string, unknown>[];
        inbox.push(...(Array.isArray(parsed) ? parsed : [parsed]));
      });
      await new Promise((r) => ws.once('open', r));
      for (const m of [{ type: 'login', params: token }, { type: 'sub', params: 'FOREX_CLOSED' }, { type: 'sub', params: 'FOREX_TRADE' }]) ws.send(JSON.stringify(m));
      const deadline = Date.now() + 3000;
      while (inbox.filter((m) => m.type === 'sub_result').length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return { ws, inbox };
    };
    const ca = await client(a.token);
    const cb = await client(b.token);
    await tick('BTCUSDT', '100000.00');
    const o = (await submit(a.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10, stop_loss_price: '99000' })).body.data;
    await tick('BTCUSDT', '99500.00');
    fx.pushTrades();
    await tick('BTCUSDT', '98900.00');
    const deadline = Date.now() + 3000;
    while (!ca.inbox.some((m) => m.type === 'FOREX_CLOSED') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(ca.inbox).toContainEqual({ type: 'FOREX_CLOSED', id: [o.Id] });
    expect(ca.inbox.some((m) => m.type === 'FOREX_TRADE')).toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    expect(cb.inbox.filter((m) => m.type === 'FOREX_CLOSED' || m.type === 'FOREX_TRADE')).toEqual([]);
    ca.ws.close();
    cb.ws.close();
  });
});

describe('forex trigger engine against the reference model, through the database', () => {
  it('gives the same fills and closes at the same prices and ticks as the model, over seeded runs with restarts', async () => {
    await t.db.updateTable('trade_symbols').set({ spread: '0.3', cont_num: '10', fee_rate: '0' }).where('id', '=', btc).execute();
    await t.db.updateTable('trade_symbols').set({ spread: '0.1', cont_num: '1', fee_rate: '0' }).where('id', '=', eth).execute();
    const codes = new Map([
      [btc, 'BTCUSDT'],
      [eth, 'ETHUSDT'],
    ]);
    const seeds = [11, 12, 13, 14, 15, 16];
    let effectsSeen = 0;
    for (const seed of seeds) {
      const scenario = makeScenario(seed, {
        users: 3,
        orders: 10,
        ticks: 50,
        startBalance: '10000',
        symbols: [
          { id: btc, spread: '0.3', contNum: '10' },
          { id: eth, spread: '0.1', contNum: '1' },
        ],
      });
      const users = new Map<number, { token: string; id: number }>();
      for (const u of scenario.accounts.keys()) {
        const d = await demoLogin(t.app, `fxe-sim-${seed}-${u}`);
        users.set(u, { token: d.token, id: d.user.id });
      }
      const model = new ReferenceModel(scenario.accounts, [], '50');
      const ids = new Map<number, number>(); // scenario order id -> database id
      const wantEffects: CoreEffect[] = [];
      const fmt = (p: string) => new Decimal(p).toFixed(2);
      const place = async (o: SimOrder) => {
        const res = await submit(users.get(o.userId)!.token, {
          type: o.side,
          cont: o.quantity,
          forex_id: o.symbolId,
          multiple: o.leverage,
          status: o.status === 0 ? 0 : 1,
          target_price: o.target ?? '',
          stop_loss_price: o.stopLoss,
          target_profit_price: o.takeProfit,
        });
        expect(res.body, `seed ${seed} order ${o.id}`).toMatchObject({ code: 1, data: { CautionMoney: new Decimal(o.margin).toFixed(6) } });
        ids.set(o.id, res.body.data.Id);
        model.add(o);
        wantEffects.push(...model.evaluateUser(o.userId));
      };
      for (const s of scenario.symbols) {
        const seq = await tick(codes.get(s.id)!, fmt(s.start));
        wantEffects.push(...model.onTick(s.id, fmt(s.start), seq));
      }
      for (const o of scenario.orders) await place(o);
      for (const event of scenario.events) {
        if (event.type === 'tick') {
          const seq = await tick(codes.get(event.symbolId)!, fmt(event.price));
          wantEffects.push(...model.onTick(event.symbolId, fmt(event.price), seq));
        } else if (event.type === 'open') {
          if (model.accounts.get(event.order.userId)!.available.gte(event.order.margin)) await place(event.order);
        } else if (event.type === 'userClose') {
          const o = model.orders.get(event.orderId);
          if (!o || o.status !== 1 || !ids.has(event.orderId)) continue;
          const res = await call(t.app, { method: 'POST', url: endpoints.forex.close.path, headers: auth(users.get(o.userId)!.token), payload: { id: ids.get(event.orderId) } });
          await fx.idle();
          expect(res.body.code, `seed ${seed} close ${event.orderId}`).toBe(1);
          model.userClose(event.orderId);
          wantEffects.push(...model.evaluateUser(o.userId));
        } else {
          await engine.stop();
          await startEngine();
          await fx.idle();
        }
      }
      // Every order in the database is where the model says, at the model's prices and ticks.
      for (const want of wantEffects) {
        const row = await order(ids.get(want.orderId)!);
        if (want.type === 'fill') {
          expect(Number(row.open_tick_seq), `seed ${seed} fill ${want.orderId}`).toBe(want.seq);
          expect(new Decimal(row.origin_price).eq(want.price)).toBe(true);
          continue;
        }
        expect({ status: row.status, closeType: row.close_type, seq: Number(row.close_tick_seq) }, `seed ${seed} close ${want.orderId}`).toEqual({ status: 3, closeType: want.closeType, seq: want.seq });
        expect(new Decimal(row.update_price!).eq(want.price) && new Decimal(row.fact_profits!).eq(want.profit)).toBe(true);
      }
      const openInModel = [...model.orders.values()].filter((o) => !o.closed);
      for (const o of openInModel) expect((await order(ids.get(o.id)!)).status, `seed ${seed} open ${o.id}`).toBe(o.status);
      for (const [u, { id }] of users) {
        const a = model.accounts.get(u)!;
        const bal = await contractBalance(t.db, id);
        expect(new Decimal(bal.balance).eq(a.available) && new Decimal(bal.lock_balance).eq(a.held), `seed ${seed} user ${u}`).toBe(true);
      }
      effectsSeen += wantEffects.length;
    }
    expect(effectsSeen).toBeGreaterThan(20);
  }, 240_000);
});
