import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Decimal, forexFillPrice } from '@tp/domain';
import { endpoints, type ForexOrder } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin, expectRefused, type Answer } from '../../test/http-helpers.js';
import { MARKET_OPEN_MS, contractBalance, storeTick, symbolId } from '../../test/forex-helpers.js';
import { verifyLedger } from '../ledger/index.js';
import { publishBusEvent } from '../../realtime/typed-bus.js';
import { SUBMIT_GUARD, submitReadBatch } from './forex.repository.js';
import { submitContextsOf } from './submit-context.js';

/*
 * After a token's first submit, the next ones are priced from the process's kept copy of what the
 * submit reads (submit-context.ts) and read nothing; their write checks the copy is still current.
 * These tests change each thing the copy holds straight in the database - no bus event, as another
 * process or a console that announced nothing would - and expect the very next submit to see it.
 */

let t: TestApp;
let btc: number;
let tick = 100_000;

beforeAll(async () => {
  t = await createTestApp({ now: () => MARKET_OPEN_MS });
  btc = await symbolId(t.db, 'BTCUSDT');
  await storeTick(t.db, 'BTCUSDT', '100000.00');
});
afterAll(async () => {
  await t.close();
});

const auth = (token: string, extra: Record<string, string> = {}) => ({ authorization: token, lang: 'en', ...extra });
function submit(token: string, payload: Record<string, unknown> = {}, key?: string): Promise<Answer<ForexOrder>> {
  return call<ForexOrder>(t.app, {
    method: 'POST',
    url: endpoints.forex.submit.path,
    headers: auth(token, key ? { 'idempotency-key': key } : {}),
    payload: { type: 1, cont: '0.01', forex_id: btc, status: 1, multiple: 100, ...payload },
  });
}
const contexts = () => submitContextsOf(t.db)!;
/** Submit reads sent to the database so far. */
const reads = () => submitReadBatch(t.db).stats.lookups;
const orderCount = async (userId: number) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM forex_orders WHERE user_id = ${userId}`.execute(t.db)).rows[0]!.n);

/** A demo trader whose first submit (a fresh read) filled the kept copy. */
async function warmTrader(name: string) {
  const trader = await demoLogin(t.app, `ctx-${name}`);
  expect((await submit(trader.token)).body.code).toBe(1);
  return trader;
}

/** Counts what the next submits do: answered from the copy, sent back to a fresh read, reads sent. */
function watch() {
  const start = { ...contexts().stats, reads: reads() };
  return () => ({ cached: contexts().stats.cached - start.cached, stale: contexts().stats.stale - start.stale, reads: reads() - start.reads });
}

/** A new newest tick of BTCUSDT, stored as the engine stores it. */
async function nextTick(): Promise<{ seq: number; price: string }> {
  tick += 100;
  const price = `${tick}.00`;
  return { seq: await storeTick(t.db, 'BTCUSDT', price), price };
}

const restores: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const restore of restores.splice(0).reverse()) await restore();
});

describe('the forex submit from the kept context', () => {
  it('reads nothing after a token\'s first submit, and answers as a fresh read would', async () => {
    const trader = await demoLogin(t.app, 'ctx-first');
    const seen = watch();
    const first = (await submit(trader.token)).body;
    expect(seen()).toEqual({ cached: 0, stale: 0, reads: 1 });
    const second = (await submit(trader.token)).body;
    expect(second.code).toBe(1);
    expect(seen()).toEqual({ cached: 1, stale: 0, reads: 1 });
    // Same tick, same symbol, same fee: the same order but for its id, numbered after the first.
    const { Id: id1, CreateTimeHandler: _c1, CompleteTimeHandler: _d1, ...one } = first.data!;
    const { Id: id2, CreateTimeHandler: _c2, CompleteTimeHandler: _d2, ...two } = second.data!;
    expect(two).toEqual(one);
    expect(id2).toBeGreaterThan(id1);
    // 2 x (margin 10.0015 + fee 0.02) off the 10000 a demo account opens with.
    expect(await contractBalance(t.db, trader.user.id)).toEqual({ balance: '9979.957000000000000000', lock_balance: '20.003000000000000000' });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refuses a session revoked since, at once and with nothing written', async () => {
    const trader = await warmTrader('revoked');
    const balance = await contractBalance(t.db, trader.user.id);
    await t.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', trader.user.id).execute();
    const seen = watch();
    expectRefused(await submit(trader.token), 'not_logged_in', 999);
    // The guarded write refused it; the fresh read found no live session.
    expect(seen()).toEqual({ cached: 0, stale: 1, reads: 1 });
    expect(await orderCount(trader.user.id)).toBe(1);
    expect(await contractBalance(t.db, trader.user.id)).toEqual(balance);
  });

  it('refuses a user disabled since, at once and with nothing written', async () => {
    const trader = await warmTrader('disabled');
    await t.db.updateTable('users').set({ status: 0 }).where('id', '=', trader.user.id).execute();
    expectRefused(await submit(trader.token), 'not_logged_in', 999);
    expect(await orderCount(trader.user.id)).toBe(1);
  });

  it('prices with a spread staff changed since', async () => {
    const trader = await warmTrader('spread');
    const { spread } = await t.db.selectFrom('trade_symbols').select('spread').where('id', '=', btc).executeTakeFirstOrThrow();
    restores.push(() => t.db.updateTable('trade_symbols').set({ spread }).where('id', '=', btc).execute());
    const wider = new Decimal(spread).plus(25).toFixed();
    await t.db.updateTable('trade_symbols').set({ spread: wider }).where('id', '=', btc).execute();
    const seen = watch();
    const order = (await submit(trader.token)).body.data!;
    expect(seen()).toEqual({ cached: 0, stale: 1, reads: 1 });
    const { price } = (await t.db.selectFrom('ticks').select('price').where('symbol_id', '=', btc).orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow());
    expect(new Decimal(order.Price).toFixed()).toBe(forexFillPrice(1, price, wider).toFixed());
    const row = await t.db.selectFrom('forex_orders').select('spread').where('id', '=', order.Id).executeTakeFirstOrThrow();
    expect(new Decimal(row.spread).toFixed()).toBe(wider);
    // The copy was read again: the next submit is answered from it.
    expect((await submit(trader.token)).body.code).toBe(1);
    expect(seen()).toEqual({ cached: 1, stale: 1, reads: 1 });
  });

  it('prices at a tick stored since, whether the bus announced it or not', async () => {
    const trader = await warmTrader('tick');
    const silent = await nextTick();
    let seen = watch();
    const unheard = (await submit(trader.token)).body.data!;
    expect(unheard.OriginPrice).toBe(silent.price);
    expect(seen()).toEqual({ cached: 0, stale: 1, reads: 1 });
    // As the market engine announces a committed tick: the copy takes it, no read.
    const announced = await nextTick();
    publishBusEvent(t.app.bus, 'ticks.stored', { ticks: [{ symbolId: btc, seq: String(announced.seq), price: announced.price, atMs: Date.now() }] });
    seen = watch();
    const heard = (await submit(trader.token)).body.data!;
    expect(heard.OriginPrice).toBe(announced.price);
    expect(seen()).toEqual({ cached: 1, stale: 0, reads: 0 });
    const rows = await t.db.selectFrom('forex_orders').select(['id', 'open_tick_seq']).where('id', 'in', [unheard.Id, heard.Id]).orderBy('id').execute();
    expect(rows.map((r) => Number(r.open_tick_seq))).toEqual([silent.seq, announced.seq]);
  });

  it('refuses a symbol disabled since, with nothing written', async () => {
    const trader = await warmTrader('symbol-off');
    restores.push(() => t.db.updateTable('trade_symbols').set({ enabled: true }).where('id', '=', btc).execute());
    await t.db.updateTable('trade_symbols').set({ enabled: false }).where('id', '=', btc).execute();
    // A disabled symbol is close-only: the refusal says so rather than "not found".
    expectRefused(await submit(trader.token), 'forex_symbol_close_only');
    expect(await orderCount(trader.user.id)).toBe(1);
  });

  it('takes the fee with a fee setting changed since', async () => {
    const trader = await warmTrader('fee-setting');
    const before = await t.db.selectFrom('settings').select('value').where('key', '=', 'trade_fee_type').executeTakeFirst();
    restores.push(() => t.db.updateTable('settings').set({ value: before?.value ?? '1' }).where('key', '=', 'trade_fee_type').execute());
    const perLot = (await submit(trader.token)).body.data!.TradeFee;
    // 2: the symbol's fee rate is a share of the margin instead of an amount per lot.
    await t.db.updateTable('settings').set({ value: before?.value === '2' ? '1' : '2' }).where('key', '=', 'trade_fee_type').execute();
    const seen = watch();
    const order = (await submit(trader.token)).body.data!;
    expect(seen().stale).toBe(1);
    expect(order.TradeFee).not.toBe(perLot);
    const row = await t.db.selectFrom('forex_orders').select('trade_fee').where('id', '=', order.Id).executeTakeFirstOrThrow();
    expect(new Decimal(row.trade_fee).eq(order.TradeFee)).toBe(true);
  });

  it('decides again on a fresh read what the copy would refuse: a leverage staff added since', async () => {
    const trader = await warmTrader('leverage');
    const { leverages } = await t.db.selectFrom('trade_symbols').select('leverages').where('id', '=', btc).executeTakeFirstOrThrow();
    restores.push(() => t.db.updateTable('trade_symbols').set({ leverages }).where('id', '=', btc).execute());
    expect(leverages).not.toContain(77);
    await t.db.updateTable('trade_symbols').set({ leverages: [...leverages, 77] }).where('id', '=', btc).execute();
    const seen = watch();
    const res = await submit(trader.token, { multiple: 77 });
    expect(res.body.code).toBe(1);
    expect(res.body.data!.multiple).toBe(77);
    expect(seen()).toEqual({ cached: 0, stale: 1, reads: 1 });
  });

  it('refuses short funds on the write\'s own verdict, with nothing written', async () => {
    const trader = await warmTrader('short');
    const balance = await contractBalance(t.db, trader.user.id);
    const seen = watch();
    expectRefused(await submit(trader.token, { cont: '1', multiple: 10 }), 'forex_insufficient_balance');
    expect(seen()).toEqual({ cached: 0, stale: 0, reads: 0 });
    expect(await contractBalance(t.db, trader.user.id)).toEqual(balance);
    expect(await orderCount(trader.user.id)).toBe(1);
  });

  it('answers a repeated Idempotency-Key with the first answer, one order in the books', async () => {
    const trader = await warmTrader('idempotent');
    const first = await submit(trader.token, {}, 'ctx-key-1');
    const again = await submit(trader.token, {}, 'ctx-key-1');
    expect(again.body).toEqual(first.body);
    expect(await orderCount(trader.user.id)).toBe(2);
    // A replay is an answer too: from the kept copy, a session revoked since gets 999, not the
    // stored answer (the answer's insert, which meets the key, is gated on the guard).
    expect((await submit(trader.token)).body.code).toBe(1);
    await t.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', trader.user.id).execute();
    const seen = watch();
    expectRefused(await submit(trader.token, {}, 'ctx-key-1'), 'not_logged_in', 999);
    expect(seen()).toEqual({ cached: 0, stale: 1, reads: 1 });
    expect(await orderCount(trader.user.id)).toBe(3);
  });

  it('writes concurrent submits from the copy, refusing only the one whose session went', async () => {
    const traders = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => warmTrader(`many-${i}`)));
    await t.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', traders[2]!.user.id).execute();
    const answers = await Promise.all(traders.map((tr) => submit(tr.token)));
    expect(answers.map((a) => a.body.code)).toEqual([1, 1, 999, 1, 1, 1]);
    for (const [i, tr] of traders.entries()) expect(await orderCount(tr.user.id)).toBe(i === 2 ? 1 : 2);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('checks its guard by primary key per submit, never by a scan of every session', async () => {
    // On small tables PostgreSQL planned an EXISTS as one hashed scan of all live sessions; on a
    // real one that would read every session for every batch.
    const guards = JSON.stringify([1, 2, 3].map((i) => ({ session_id: i, symbol_id: btc, symbol_version: '1', fee_type: '1', tick_seq: '1' })));
    const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT ${sql.raw(SUBMIT_GUARD)} FROM jsonb_array_elements(${guards}::jsonb) AS x(g)`.execute(t.db);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index Scan using sessions_pkey/);
    expect(plan).toMatch(/Index Scan using users_pkey/);
    expect(plan).not.toMatch(/hashed|Seq Scan on (sessions|users|trade_symbols)/);
  });

  it('lists open orders newest placed first, even where another process numbered them', async () => {
    const trader = await warmTrader('listing');
    const second = (await submit(trader.token)).body.data!;
    const first = await t.db.selectFrom('forex_orders').select('id').where('user_id', '=', trader.user.id).where('id', '<>', second.Id).executeTakeFirstOrThrow();
    // As if the first had come from another process's block of higher ids: placed later, numbered lower.
    await t.db.updateTable('forex_orders').set({ created_at: new Date(MARKET_OPEN_MS + 60_000) }).where('id', '=', first.id).execute();
    const res = await call<{ data: ForexOrder[] }>(t.app, { method: 'GET', url: `${endpoints.forex.myDeal.path}?status=1&page=1`, headers: auth(trader.token) });
    expect(res.body.data!.data.map((o) => o.Id)).toEqual([first.id, second.Id]);
  });
});
