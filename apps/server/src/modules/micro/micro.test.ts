import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { endpoints, type MicroOrder, type MicroSeconds, type Paged } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin, expectRefused, registerUser } from '../../test/http-helpers.js';
import { startManualEngine, type ManualFeed } from '../../test/market-helpers.js';
import { createInProcessBus, type BusMessage } from '../../realtime/bus.js';
import type { MarketEngine } from '../../engine/market-engine.js';
import { Scheduler } from '../../engine/scheduler.js';
import { MicroSettler, createMicroSettler } from './micro-settler.js';

let t: TestApp;
let engine: MarketEngine;
let feed: ManualFeed;
/** The engine's clock runs this far ahead of the wall clock, so a test can reach an expiry at once. */
const clock = { shift: 0 };
const pushes: BusMessage[] = [];
const symbolIds = new Map<string, number>();
let settler: MicroSettler | undefined;

beforeAll(async () => {
  t = await createTestApp();
  for (const s of await t.db.selectFrom('trade_symbols').select(['id', 'code']).execute()) symbolIds.set(s.code, s.id);
  t.app.bus.subscribe((m) => {
    if (m.topic === 'MICRO_SETTLED') pushes.push(m);
  });
  ({ engine, feed } = await startManualEngine(t.db, t.app.bus, {
    symbols: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT', 'XRPUSDT'],
    engine: {
      now: () => Date.now() + clock.shift,
      consumers: [
        (deps) => {
          settler = createMicroSettler(deps);
          return settler;
        },
      ],
    },
  }));
}, 60_000);
afterAll(async () => {
  await engine?.stop();
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const auth = (token: string) => ({ authorization: token });
let demoCounter = 0;
async function demo(): Promise<string> {
  demoCounter += 1;
  return (await demoLogin(t.app, `micro-demo-${demoCounter}-${Date.now()}`)).token;
}

async function tick(code: string, price: string, offsetMs = 0): Promise<void> {
  feed.push({ code, price, atMs: Date.now() + offsetMs });
  await engine.flush();
}

/** Ticks after a 30-second option's expiry: the engine's clock moves ahead to accept them. */
async function afterExpiry(code: string, price: string, seconds = 30): Promise<void> {
  clock.shift = Math.max(clock.shift, (seconds + 2) * 1000);
  await tick(code, price, (seconds + 1) * 1000);
}

function submit(token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call<MicroOrder>(t.app, { method: 'POST', url: endpoints.micro.submit.path, headers: { ...auth(token), lang: 'en', ...headers }, payload: body });
}

async function microAccount(token: string): Promise<{ balance: string; lockBalance: string }> {
  const res = await call<{ accountTypeId: number; balance: string; lockBalance: string }[]>(t.app, { method: 'GET', url: endpoints.wallet.balances.path, headers: auth(token) });
  const micro = res.body.data.find((a) => a.accountTypeId === 2)!;
  return { balance: micro.balance, lockBalance: micro.lockBalance };
}

async function orders(token: string, status: 1 | 3, page = 1) {
  return (await call<Paged<MicroOrder>>(t.app, { method: 'GET', url: `${endpoints.micro.orders.path}?status=${status}&page=${page}`, headers: auth(token) })).body;
}

async function housePnl(): Promise<string> {
  const row = await t.db.selectFrom('ledger_accounts').select('balance').where('system_code', '=', 'house_pnl').executeTakeFirstOrThrow();
  return row.balance;
}

describe('GET /v2/api/micro/get_seconds', () => {
  it('answers the seeded seconds options and amount presets, to visitors too', async () => {
    const res = await call<MicroSeconds>(t.app, { method: 'GET', url: `${endpoints.micro.seconds.path}?t=1` });
    expect(res.body.code).toBe(1);
    expect(res.body.data.seconds).toEqual([
      { Id: expect.any(Number), Seconds: 30, ProfitRatio: '0.8', LimitAmount: '10.00' },
      { Id: expect.any(Number), Seconds: 60, ProfitRatio: '0.85', LimitAmount: '10.00' },
      { Id: expect.any(Number), Seconds: 120, ProfitRatio: '0.88', LimitAmount: '50.00' },
      { Id: expect.any(Number), Seconds: 300, ProfitRatio: '0.92', LimitAmount: '100.00' },
    ]);
    expect(res.body.data.number).toEqual(['10', '50', '100', '500', '1000'].map((n) => ({ Number: n })));
  });
});

describe('POST /v2/api/micro/submit refusals', () => {
  it('needs a login (999)', async () => {
    const res = await call(t.app, { method: 'POST', url: endpoints.micro.submit.path, payload: { forex_id: symbolIds.get('BTCUSDT'), type: 1, number: '10', seconds: 30 } });
    expectRefused(res, 'not_logged_in', 999);
  });

  it('refuses a closed market', async () => {
    const token = await demo();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z')); // a Saturday: the forex week is shut
    const res = await submit(token, { forex_id: symbolIds.get('EURUSD'), type: 1, number: '10', seconds: 30 });
    vi.useRealTimers();
    expectRefused(res, 'micro_market_closed');
    expect(res.body.msg).toBe('The market is closed');
  });

  it('refuses a symbol without a stored price, and writes nothing', async () => {
    const token = await demo();
    // DOGEUSDT is open around the clock but no engine here prices it.
    const res = await submit(token, { forex_id: symbolIds.get('DOGEUSDT'), type: 1, number: '10', seconds: 30 });
    expectRefused(res, 'forex_no_price');
    expect(await microAccount(token)).toEqual({ balance: '10000.00000000', lockBalance: '0.00000000' });
  });

  it('prices only from a tick younger than PRICE_MAX_AGE_MS (10 s by default)', async () => {
    const token = await demo();
    // The newest stored tick is 11 s old: the feed (or the engine storing it) has stopped.
    await tick('SOLUSDT', '150.000', -11_000);
    const stale = await submit(token, { forex_id: symbolIds.get('SOLUSDT'), type: 1, number: '10', seconds: 30 });
    expectRefused(stale, 'prices_delayed');
    expect(stale.body.msg).toBe('Prices are delayed: nothing was placed, please try again shortly');
    expect(await microAccount(token)).toEqual({ balance: '10000.00000000', lockBalance: '0.00000000' });
    expect((await orders(token, 1)).data.total).toBe(0);
    // Fresh again: accepted at that price (then voided by a reset, so no later test settles it).
    await tick('SOLUSDT', '151.000');
    const fresh = await submit(token, { forex_id: symbolIds.get('SOLUSDT'), type: 1, number: '10', seconds: 30 });
    expect(fresh.body).toMatchObject({ code: 1, data: { OpenPrice: '151.00' } });
    expect((await call(t.app, { method: 'GET', url: endpoints.users.resetDemo.path, headers: auth(token) })).body.code).toBe(1);
  });

  it('refuses seconds that are not offered, an amount under the option minimum, and more than the balance', async () => {
    await tick('BTCUSDT', '100000.00');
    const token = await demo();
    const btc = symbolIds.get('BTCUSDT');
    expectRefused(await submit(token, { forex_id: btc, type: 1, number: '10', seconds: 45 }), 'micro_seconds_invalid');
    const low = await submit(token, { forex_id: btc, type: 1, number: '99.99', seconds: 300 });
    expectRefused(low, 'micro_amount_too_low');
    expect(low.body.msg).toBe('The amount must be at least 100.00');
    expectRefused(await submit(token, { forex_id: btc, type: 1, number: '0', seconds: 30 }), 'micro_amount_too_low');
    expectRefused(await submit(token, { forex_id: btc, type: 1, number: '10000.01', seconds: 30 }), 'micro_insufficient_balance');
    expectRefused(await submit(token, { forex_id: btc, type: 3, number: '10', seconds: 30 }), 'bad_request');
    expectRefused(await submit(token, { forex_id: 999999, type: 1, number: '10', seconds: 30 }), 'not_found');
    // A registered (real) account starts with nothing in its options account.
    const real = await registerUser(t.app, t.dataDir);
    expectRefused(await submit(real.token, { forex_id: btc, type: 2, number: '10', seconds: 30 }), 'micro_insufficient_balance');
    // Nothing was held by any refusal.
    expect(await microAccount(token)).toEqual({ balance: '10000.00000000', lockBalance: '0.00000000' });
    expect((await orders(token, 1)).data.total).toBe(0);
  });
});

describe('submit, list and settle', () => {
  it('opens at the last stored tick, holds the stake, and a retry with the same Idempotency-Key acts once', async () => {
    await tick('ETHUSDT', '4000.00');
    await tick('ETHUSDT', '4001.50');
    const last = await t.db.selectFrom('ticks').select(['seq', 'price']).where('symbol_id', '=', symbolIds.get('ETHUSDT')!).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    const token = await demo();
    const body = { forex_id: String(symbolIds.get('ETHUSDT')), type: '1', number: '100', seconds: '60' }; // form-style strings
    const first = await submit(token, body, { 'Idempotency-Key': 'k-1' });
    expect(first.body).toMatchObject({ code: 1, msg: 'Order placed' });
    expect(first.body.data).toMatchObject({ Type: 1, Number: '100.00', Seconds: 60, OpenPrice: '4001.50', EndPrice: null, ProfitRatio: '0.85', FactProfits: null, Status: 1, CompleteAtST: null, ForexTradeList: { Id: symbolIds.get('ETHUSDT'), ShowCode: 'ETH/USDT' } });
    expect(first.body.data.RemainMilliSeconds).toBeGreaterThan(58_000);
    expect(first.body.data.ExpireAtST - first.body.data.CreatedAtST).toBe(60_000);
    const again = await submit(token, body, { 'Idempotency-Key': 'k-1' });
    expect(again.body.data).toEqual(first.body.data);
    const row = await t.db.selectFrom('micro_orders').select(['entry_tick_seq', 'open_price']).where('id', '=', String(first.body.data.Id)).executeTakeFirstOrThrow();
    expect(row.entry_tick_seq).toBe(last.seq);
    expect(await microAccount(token)).toEqual({ balance: '9900.00000000', lockBalance: '100.00000000' });

    const list = await orders(token, 1);
    expect(list).toMatchObject({ code: 1, data: { total: 1, current_page: 1, last_page: 1, per_page: 10 } });
    expect(list.data.data[0]!.Id).toBe(first.body.data.Id);
    expect((await orders(token, 3)).data.total).toBe(0);
  });

  it('two concurrent submits with the same Idempotency-Key open one option and answer alike', async () => {
    await tick('ETHUSDT', '4002.00');
    const token = await demo();
    const body = { forex_id: symbolIds.get('ETHUSDT'), type: 2, number: '25', seconds: 60 };
    const [a, b] = await Promise.all([submit(token, body, { 'Idempotency-Key': 'same-key' }), submit(token, body, { 'Idempotency-Key': 'same-key' })]);
    expect(a.body.code).toBe(1);
    expect(b.body.data).toEqual(a.body.data);
    expect((await orders(token, 1)).data.total).toBe(1);
    expect(await microAccount(token)).toEqual({ balance: '9975.00000000', lockBalance: '25.00000000' });
    // A different key is a different order.
    expect((await submit(token, body, { 'Idempotency-Key': 'other-key' })).body.data.Id).not.toBe(a.body.data.Id);
  });

  it('a win pays stake + profit from the house, exactly once, and pushes MICRO_SETTLED to the owner', async () => {
    await tick('SOLUSDT', '200.00');
    const token = await demo();
    const house = await housePnl();
    const res = await submit(token, { forex_id: symbolIds.get('SOLUSDT'), type: 1, number: '100', seconds: 30 });
    const id = res.body.data.Id;
    await tick('SOLUSDT', '201.00', 10_000); // before expiry: nothing happens
    expect((await orders(token, 1)).data.total).toBe(1);
    pushes.length = 0;
    await afterExpiry('SOLUSDT', '200.10');
    await afterExpiry('SOLUSDT', '150.00'); // a later tick changes nothing
    const closed = await orders(token, 3);
    expect(closed.data.data).toHaveLength(1);
    expect(closed.data.data[0]).toMatchObject({ Id: id, Status: 3, OpenPrice: '200.00', EndPrice: '200.10', FactProfits: '80.00', RemainMilliSeconds: 0 });
    expect(closed.data.data[0]!.CompleteAtST).toEqual(expect.any(Number));
    expect(await microAccount(token)).toEqual({ balance: '10080.00000000', lockBalance: '0.00000000' });
    expect(Number(await housePnl())).toBeCloseTo(Number(house) - 80, 8);
    const me = await t.db.selectFrom('micro_orders').select('user_id').where('id', '=', String(id)).executeTakeFirstOrThrow();
    expect(pushes).toEqual([{ topic: 'MICRO_SETTLED', userId: me.user_id, payload: expect.objectContaining({ id, result: 'win', FactProfits: '80.00', EndPrice: '200.10', ShowCode: 'SOL/USDT' }) }]);
    const entries = await t.db.selectFrom('ledger_transactions').select(['kind']).where('reference', '=', `micro:${id}`).orderBy('id').execute();
    expect(entries.map((e) => e.kind)).toEqual(['micro_stake', 'micro_settlement']);
  });

  it('an up and a down opened on the same tick never both win; a loss takes the stake, or with micro_loss_level only the profit figure; a tie returns it', async () => {
    await tick('BNBUSDT', '800.00');
    const a = await demo();
    const b = await demo();
    const bnb = symbolIds.get('BNBUSDT');
    const up = (await submit(a, { forex_id: bnb, type: 1, number: '100', seconds: 30 })).body.data;
    await t.db.updateTable('settings').set({ value: '1' }).where('key', '=', 'micro_loss_level').execute();
    const down = (await submit(b, { forex_id: bnb, type: 2, number: '100', seconds: 30 })).body.data;
    await t.db.updateTable('settings').set({ value: '0' }).where('key', '=', 'micro_loss_level').execute();
    expect(up.OpenPrice).toBe(down.OpenPrice);
    await afterExpiry('BNBUSDT', '801.00');
    const [upDone] = (await orders(a, 3)).data.data;
    const [downDone] = (await orders(b, 3)).data.data;
    expect(upDone).toMatchObject({ FactProfits: '80.00', EndPrice: '801.00' });
    // down lost under loss level 1 (set when it was opened): only the profit figure is taken
    expect(downDone).toMatchObject({ FactProfits: '-80.00', EndPrice: '801.00' });
    expect(await microAccount(b)).toEqual({ balance: '9920.00000000', lockBalance: '0.00000000' });

    // level 0: the whole stake
    const c = await demo();
    const loser = (await submit(c, { forex_id: bnb, type: 2, number: '50', seconds: 30 })).body.data;
    expect(loser.OpenPrice).toBe('801.00');
    clock.shift = 80_000;
    await tick('BNBUSDT', '802.00', 60_000); // the engine's clock is already past this expiry
    expect((await orders(c, 3)).data.data[0]).toMatchObject({ Id: loser.Id, FactProfits: '-50.00', EndPrice: '802.00' });
    // a tie gives the stake back
    const tie = (await submit(c, { forex_id: bnb, type: 1, number: '20', seconds: 30 })).body.data;
    await tick('BNBUSDT', '802.00', 70_000);
    expect((await orders(c, 3)).data.data[0]).toMatchObject({ Id: tie.Id, FactProfits: '0.00', EndPrice: '802.00' });
    expect(await microAccount(c)).toEqual({ balance: '9950.00000000', lockBalance: '0.00000000' });
  });

  it('lists only the caller\'s own orders, paged', async () => {
    await tick('XRPUSDT', '2.9000');
    const mine = await demo();
    const other = await demo();
    for (let i = 0; i < 11; i++) expect((await submit(mine, { forex_id: symbolIds.get('XRPUSDT'), type: 1, number: '100', seconds: 300 })).body.code).toBe(1);
    const page1 = await orders(mine, 1);
    expect(page1.data).toMatchObject({ total: 11, last_page: 2, per_page: 10 });
    expect(page1.data.data).toHaveLength(10);
    expect((await orders(mine, 1, 2)).data.data).toHaveLength(1);
    expect((await orders(other, 1)).data).toMatchObject({ total: 0, data: [] });
    const bad = await call(t.app, { method: 'GET', url: `${endpoints.micro.orders.path}?status=2`, headers: auth(mine) });
    expectRefused(bad, 'bad_request');
    expectRefused(await call(t.app, { method: 'GET', url: `${endpoints.micro.orders.path}?status=1` }), 'not_logged_in', 999);
  });

  it('a demo reset voids running options and restores the starting balance', async () => {
    await tick('XRPUSDT', '2.9100');
    const token = await demo();
    const o = (await submit(token, { forex_id: symbolIds.get('XRPUSDT'), type: 1, number: '100', seconds: 300 })).body.data;
    const reset = await call(t.app, { method: 'GET', url: endpoints.users.resetDemo.path, headers: auth(token) });
    expect(reset.body.code).toBe(1);
    expect(await microAccount(token)).toEqual({ balance: '10000.00000000', lockBalance: '0.00000000' });
    expect((await orders(token, 3)).data.data[0]).toMatchObject({ Id: o.Id, FactProfits: '0.00', EndPrice: null });
    // Its expiry later moves no money.
    await afterExpiry('XRPUSDT', '3.0000', 300);
    expect(await microAccount(token)).toEqual({ balance: '10000.00000000', lockBalance: '0.00000000' });
  });
});

describe('settlement survives a crash', () => {
  it('an engine killed after the exit tick was stored settles the order once on restart, from the stored tick', async () => {
    const bus = t.app.bus;
    const first = await startManualEngine(t.db, bus, { symbols: ['DOGEUSDT'], engine: { consumers: [createMicroSettler] } });
    first.feed.push({ code: 'DOGEUSDT', price: '0.20000' });
    await first.engine.flush();
    const token = await demo();
    const order = (await submit(token, { forex_id: symbolIds.get('DOGEUSDT'), type: 2, number: '100', seconds: 30 })).body.data;
    // The process dies (kill -9) right after committing the tick batch that reaches the expiry,
    // before any consumer saw it: the tick is stored, the order still running, and stop() never runs.
    const doge = symbolIds.get('DOGEUSDT')!;
    const last = await t.db.selectFrom('ticks').select(sql<string>`max(seq)`.as('seq')).where('symbol_id', '=', doge).executeTakeFirstOrThrow();
    const expireAt = order.ExpireAtST;
    await t.db
      .insertInto('ticks')
      .values([
        { symbol_id: doge, seq: Number(last.seq) + 1, price: '0.19000', volume: '1', at: new Date(expireAt - 1) }, // just before: not the exit
        { symbol_id: doge, seq: Number(last.seq) + 2, price: '0.19500', volume: '1', at: new Date(expireAt) }, // at expiry: the exit
        { symbol_id: doge, seq: Number(last.seq) + 3, price: '0.25000', volume: '1', at: new Date(expireAt + 500) },
      ])
      .execute();
    const abandoned = first.engine; // dropped without stop()

    const settled: BusMessage[] = [];
    const restartBus = createInProcessBus();
    restartBus.subscribe((m) => m.topic === 'MICRO_SETTLED' && settled.push(m));
    let restarted: MicroSettler | undefined;
    const second = await startManualEngine(t.db, restartBus, {
      symbols: ['DOGEUSDT'],
      engine: { now: () => expireAt + 5000, consumers: [(d) => (restarted = createMicroSettler(d))] },
    });
    expect(restarted!.settledCount).toBe(1);
    const [closed] = (await orders(token, 3)).data.data;
    expect(closed).toMatchObject({ Id: order.Id, EndPrice: '0.19500', FactProfits: '80.00' });
    const row = await t.db.selectFrom('micro_orders').select('exit_tick_seq').where('id', '=', String(order.Id)).executeTakeFirstOrThrow();
    expect(row.exit_tick_seq).toBe(String(Number(last.seq) + 2));
    expect(settled).toHaveLength(1);
    expect(await microAccount(token)).toEqual({ balance: '10080.00000000', lockBalance: '0.00000000' });

    // The dead engine's settler still held the order: fed the exit tick now, it moves nothing.
    const stale = await t.db.selectFrom('ticks').select(['seq', 'price', 'at']).where('symbol_id', '=', doge).where('seq', '=', String(Number(last.seq) + 2)).executeTakeFirstOrThrow();
    await expect(
      (abandoned as unknown as { consumers: MicroSettler[] }).consumers[0]!.onTicks([{ symbolId: doge, code: 'DOGEUSDT', seq: Number(stale.seq), price: stale.price, volume: '1', atMs: stale.at.getTime() }]),
    ).resolves.toBeUndefined();
    // A third start (another restart) finds nothing to settle.
    await second.engine.stop();
    let third: MicroSettler | undefined;
    const again = await startManualEngine(t.db, createInProcessBus(), { symbols: ['DOGEUSDT'], engine: { consumers: [(d) => (third = createMicroSettler(d))] } });
    expect(third!.settledCount).toBe(0);
    await again.engine.stop();
    expect(await microAccount(token)).toEqual({ balance: '10080.00000000', lockBalance: '0.00000000' });
    const entries = await t.db.selectFrom('ledger_transactions').select('kind').where('reference', '=', `micro:${order.Id}`).execute();
    expect(entries.map((e) => e.kind).sort()).toEqual(['micro_settlement', 'micro_stake']);
  });

  it('an order whose creation event was missed is picked up by start() and settled at its first stored tick after expiry', async () => {
    // The main engine's settler stops listening (its process lost the bus for a while).
    expect(settler).toBeDefined();
    await settler!.stop();
    await tick('ETHUSDT', '4100.00');
    const token = await demo();
    const o = (await submit(token, { forex_id: symbolIds.get('ETHUSDT'), type: 1, number: '10', seconds: 30 })).body.data;
    await afterExpiry('ETHUSDT', '4099.00');
    await afterExpiry('ETHUSDT', '4200.00');
    expect((await orders(token, 1)).data.total).toBe(1); // nobody queued it
    const fresh = createMicroSettler({ db: t.db, bus: t.app.bus, log: { info: () => undefined, warn: () => undefined, error: () => undefined }, now: Date.now, lastPrice: () => undefined });
    await fresh.start();
    const [done] = (await orders(token, 3)).data.data;
    expect(done).toMatchObject({ Id: o.Id, EndPrice: '4099.00', FactProfits: '-10.00' });
    await fresh.stop();
  });

  it('a running settler that never heard of an order (its announcement was lost) finds it by the periodic sweep and settles it once', async () => {
    const doge = symbolIds.get('DOGEUSDT')!;
    const shift = { ms: 0 };
    // Its own bus: the order's creation message never reaches this settler.
    const deaf = createMicroSettler({ db: t.db, bus: createInProcessBus(), log: { info: () => undefined, warn: () => undefined, error: () => undefined }, now: () => Date.now() + shift.ms, lastPrice: () => undefined }, { sweepEveryMs: 25 });
    await deaf.start();
    // The sweep is a job of the engine's scheduler: a scheduler on the same shifted clock runs it.
    const scheduler = new Scheduler({ db: t.db, bus: createInProcessBus(), log: { info: () => undefined, warn: () => undefined, error: () => undefined }, now: () => Date.now() + shift.ms, jobs: deaf.jobs, checkEveryMs: 25 });
    scheduler.start();
    const nextSeq = async () => Number((await t.db.selectFrom('ticks').select(sql<string>`max(seq)`.as('seq')).where('symbol_id', '=', doge).executeTakeFirstOrThrow()).seq) + 1;
    await t.db.insertInto('ticks').values({ symbol_id: doge, seq: await nextSeq(), price: '0.30000', volume: '1', at: new Date() }).execute();
    const token = await demo();
    const order = (await submit(token, { forex_id: doge, type: 1, number: '100', seconds: 30 })).body.data;
    expect(order.OpenPrice).toBe('0.30000');
    const exitSeq = await nextSeq();
    await t.db.insertInto('ticks').values({ symbol_id: doge, seq: exitSeq, price: '0.31000', volume: '1', at: new Date(order.ExpireAtST) }).execute();
    // Before expiry (plus the grace) the sweep leaves it alone; after it, the timer settles it.
    expect(await deaf.sweep()).toBe(0);
    shift.ms = 40_000;
    await vi.waitFor(async () => expect((await orders(token, 3)).data.total).toBe(1), { timeout: 5000, interval: 50 });
    const [closed] = (await orders(token, 3)).data.data;
    expect(closed).toMatchObject({ Id: order.Id, EndPrice: '0.31000', FactProfits: '80.00' });
    expect(deaf.settledCount).toBe(1);
    expect(await deaf.sweep()).toBe(0);
    await scheduler.stop();
    await deaf.stop();
    const entries = await t.db.selectFrom('ledger_transactions').select('kind').where('reference', '=', `micro:${order.Id}`).execute();
    expect(entries.map((e) => e.kind).sort()).toEqual(['micro_settlement', 'micro_stake']);
  });
});
