import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type AdminSymbol, type ForexOrder } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callEndpoint, demoLogin, expectRefused } from '../../test/http-helpers.js';
import { adminToken } from '../../test/wallet-helpers.js';
import { storeTick, symbolId } from '../../test/forex-helpers.js';
import { startManualEngine, type ManualFeed } from '../../test/market-helpers.js';
import type { MarketEngine } from '../../engine/market-engine.js';
import type { BusMessage } from '../../realtime/bus.js';

let t: TestApp;
let admin: string;
let engine: MarketEngine;
let feed: ManualFeed;
let btc: number;
let eth: number;
const pushes: BusMessage[] = [];
const e = endpoints.adminConfig;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  btc = await symbolId(t.db, 'BTCUSDT');
  eth = await symbolId(t.db, 'ETHUSDT');
  ({ engine, feed } = await startManualEngine(t.db, t.app.bus, { symbols: ['BTCUSDT', 'ETHUSDT'] }));
  t.app.bus.subscribe((m) => pushes.push(m));
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

const update = (id: number, input: Record<string, unknown>, token = admin) => callEndpoint(t.app, e.updateSymbol, { params: { id }, input: input as never, token, headers: { lang: 'en' } });
const submit = (token: string, payload: Record<string, unknown>) => callEndpoint(t.app, endpoints.forex.submit, { input: payload as never, token, headers: { lang: 'en' } });
const buyBtc = (cont = '0.1') => ({ type: 1, cont, forex_id: btc, status: 1, multiple: 10 });

describe('symbol configuration', () => {
  it('lists every symbol, enabled or not, with its configuration as decimal strings', async () => {
    const res = await callEndpoint(t.app, e.symbols, { token: admin });
    expect(res.body.code).toBe(1);
    const list = res.body.data as AdminSymbol[];
    expect(list.length).toBeGreaterThanOrEqual(20);
    expect(list.find((s) => s.code === 'BTCUSDT')).toMatchObject({ id: btc, category_code: 'crypto', spread: '15', min_cont: '0.01', max_cont: null, schedule: 'always', enabled: true });
  });

  it('only an admin token opens it: a user token and no token are answered 999', async () => {
    const { token } = await demoLogin(t.app, 'symcfg-user');
    expectRefused(await callEndpoint(t.app, e.symbols, { token }), 'not_logged_in', 999);
    expectRefused(await update(btc, { spread: '1' }, token), 'not_logged_in', 999);
    expectRefused(await callEndpoint(t.app, e.symbols), 'not_logged_in', 999);
  });

  it('refuses bad values and changes nothing', async () => {
    const before = await t.db.selectFrom('trade_symbols').selectAll().where('id', '=', btc).executeTakeFirstOrThrow();
    for (const bad of [
      { spread: '-1' },
      { spread: 'abc' },
      { fee_rate: '-0.1' },
      { leverages: [] },
      { leverages: [10, 5] },
      { leverages: [5, 5] },
      { leverages: [0, 5] },
      { leverages: [1.5] },
      { min_cont: '0' },
      { min_cont: '2', max_cont: '1' },
      { schedule: 'weekdays' },
      { enabled: 'yes' },
    ]) {
      expectRefused(await update(btc, bad), 'bad_request');
    }
    // Against the stored value: a maximum below the stored minimum.
    await expect(update(btc, { max_cont: '0.001' })).resolves.toMatchObject({ body: { code: 0, error: 'config_lots_range' } });
    expectRefused(await update(999_999, { spread: '1' }), 'not_found');
    expect(await t.db.selectFrom('trade_symbols').selectAll().where('id', '=', btc).executeTakeFirstOrThrow()).toEqual(before);
    expect(await t.db.selectFrom('audit_log').select('id').where('target', '=', `symbol:${btc}`).execute()).toEqual([]);
  });

  it('a fee rate of 1 or more is refused while the fee is a share of the margin', async () => {
    await t.db.updateTable('settings').set({ value: '2' }).where('key', '=', 'trade_fee_type').execute();
    try {
      await expect(update(eth, { fee_rate: '1' })).resolves.toMatchObject({ body: { code: 0, error: 'config_fee_rate_range' } });
      expect((await update(eth, { fee_rate: '0.001' })).body.code).toBe(1);
    } finally {
      await t.db.updateTable('settings').set({ value: '1' }).where('key', '=', 'trade_fee_type').execute();
    }
    expect((await update(eth, { fee_rate: '2' })).body.code).toBe(1);
  });

  it('a new spread applies to the next order: it fills at the market plus the new spread; audited with before and after', async () => {
    const { token } = await demoLogin(t.app, 'symcfg-spread');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    const first = await submit(token, buyBtc());
    expect(first.body.data).toMatchObject({ OriginPrice: '100000.00', Price: '100015.00' });

    const changed = await update(btc, { spread: '40.5', leverages: [5, 10, 20] });
    expect(changed.body).toMatchObject({ code: 1, msg: 'Saved', data: { spread: '40.5', leverages: [5, 10, 20] } });
    const next = await submit(token, buyBtc());
    expect(next.body.data as ForexOrder).toMatchObject({ OriginPrice: '100000.00', Price: '100040.50' });
    const sell = await submit(token, { ...buyBtc(), type: 2 });
    expect(sell.body.data).toMatchObject({ OriginPrice: '100000.00', Price: '99959.50' });
    // The leverage list is the new one too.
    expectRefused(await submit(token, { ...buyBtc(), multiple: 50 }), 'forex_multiple_invalid');

    const audit = await t.db.selectFrom('audit_log').selectAll().where('target', '=', `symbol:${btc}`).where('action', '=', 'symbol.update').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.admin_id).toEqual(expect.any(Number));
    expect(audit[0]!.detail).toMatchObject({ code: 'BTCUSDT', before: { spread: '15', leverages: [2, 5, 10, 20, 50, 100] }, after: { spread: '40.5', leverages: [5, 10, 20] } });
    await update(btc, { spread: '15', leverages: [2, 5, 10, 20, 50, 100] });
  });

  it('a maximum of lots is enforced on submit; null lifts it', async () => {
    const { token } = await demoLogin(t.app, 'symcfg-max');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    expect((await update(btc, { max_cont: '0.5' })).body.data).toMatchObject({ max_cont: '0.5' });
    // Leverage 100 keeps the margins small: only the lot limit decides.
    expectRefused(await submit(token, { ...buyBtc('0.51'), multiple: 100 }), 'forex_lots_above_max');
    expect((await submit(token, { ...buyBtc('0.5'), multiple: 100 })).body.code).toBe(1);
    expect((await update(btc, { max_cont: null })).body.data).toMatchObject({ max_cont: null });
    expect((await submit(token, { ...buyBtc('0.51'), multiple: 100 })).body.code).toBe(1);
  });

  it('disabling a symbol refuses new orders, drops it from the lists and quotes it only while positions are held on it (close-only); enabling brings it back', async () => {
    const { token } = await demoLogin(t.app, 'symcfg-disable');
    await storeTick(t.db, 'ETHUSDT', '4000.00');
    const ethOrder = { type: 1, cont: '1', forex_id: eth, status: 1, multiple: 10 };
    expect((await submit(token, ethOrder)).body.code).toBe(1);
    // The console shows what a switch-off leaves unpriced.
    const listed = (await callEndpoint(t.app, e.symbols, { token: admin })).body.data as AdminSymbol[];
    expect(listed.find((s) => s.id === eth)).toMatchObject({ open_orders: 1, running_options: 0 });

    expect((await update(eth, { enabled: false })).body.data).toMatchObject({ enabled: false, open_orders: 1 });
    // The route announced it after commit; wait for the engine to act on it.
    await engine.refreshSymbols();
    expectRefused(await submit(token, ethOrder), 'forex_symbol_close_only');
    const list = await callEndpoint(t.app, endpoints.market.tradeList, {});
    expect((list.body.data as { Code: string }[]).map((s) => s.Code)).not.toContain('ETHUSDT');

    // The held position keeps its symbol quoted, so it can be closed (and its stops fire) at a live price.
    const quoted = () => pushes.filter((m) => m.topic === 'DAY_MARKET').map((m) => m.payload.symbol);
    expect(feed.symbols.map((s) => s.code).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    pushes.length = 0;
    feed.push({ code: 'ETHUSDT', price: '4100.00' });
    expect(quoted()).toEqual(['ETHUSDT']);
    const held = (await callEndpoint(t.app, endpoints.forex.myDeal, { input: { status: 1, page: 1 } as never, token })).body.data as { data: { Id: number }[] };
    expect(held.data).toHaveLength(1);
    await storeTick(t.db, 'ETHUSDT', '4100.00');
    for (const o of held.data) expect((await callEndpoint(t.app, endpoints.forex.close, { input: { id: o.Id } as never, token, headers: { lang: 'en' } })).body.code).toBe(1);

    // Nothing held any more: the next check stops its quotes.
    await engine.refreshSymbols();
    pushes.length = 0;
    feed.push({ code: 'ETHUSDT', price: '4100.00' });
    feed.push({ code: 'BTCUSDT', price: '100100.00' });
    expect(quoted()).toEqual(['BTCUSDT']);
    expect(feed.symbols.map((s) => s.code)).toEqual(['BTCUSDT']);

    expect((await update(eth, { enabled: true })).body.code).toBe(1);
    await engine.refreshSymbols();
    expect(feed.symbols.map((s) => s.code).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    pushes.length = 0;
    feed.push({ code: 'ETHUSDT', price: '4100.00' });
    expect(quoted()).toEqual(['ETHUSDT']);
    expect((await submit(token, ethOrder)).body.code).toBe(1);
  });

  it('market hours follow the schedule on the running engine at once', async () => {
    const schedules = (engine as unknown as { schedules: Map<string, string> }).schedules;
    expect((await update(eth, { schedule: 'forex' })).body.data).toMatchObject({ schedule: 'forex' });
    await engine.refreshSymbols();
    expect(schedules.get('ETHUSDT')).toBe('forex');
    expect((await update(eth, { schedule: 'always' })).body.code).toBe(1);
    await engine.refreshSymbols();
    expect(schedules.get('ETHUSDT')).toBe('always');
  });
});
