import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Paged, type Trader } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, callEndpoint, registerUser } from '../../test/http-helpers.js';
import { adminToken, fund } from '../../test/wallet-helpers.js';
import { startManualEngine, type ManualFeed } from '../../test/market-helpers.js';
import { silentEngineLog } from '../../engine/engine-log.js';
import type { MarketEngine } from '../../engine/market-engine.js';
import { ForexEngine, openInterestBySymbol } from '../forex/index.js';
import { houseDayTotals } from '../ledger/index.js';
import { userCounts } from '../users/index.js';
import { SAMPLE_FUNDING, SAMPLE_TRADER_PLANS, prepareSampleTraders, tradeOnce } from './sample-traders.js';
import { decide, paceOf, signal } from './strategies.js';

const CODES = SAMPLE_TRADER_PLANS.map((p) => p.symbol);
const START: Record<string, number> = { BTCUSDT: 112000, ETHUSDT: 4300, BNBUSDT: 865, XRPUSDT: 2.9 };

let t: TestApp;
let engine: MarketEngine;
let feed: ManualFeed;
let fx: ForexEngine;
let admin: string;
const lines: string[] = [];
const log = (l: string) => lines.push(l);

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  const started = await startManualEngine(t.db, t.app.bus, {
    symbols: CODES,
    engine: { consumers: [(deps) => (fx = new ForexEngine(deps, { pushIntervalMs: 0, reconcileMs: 0 }))] },
  });
  engine = started.engine;
  feed = started.feed;
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

/** `n` ticks on every sample symbol, each a little above the one before (an up-trend). */
async function rise(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    for (const code of CODES) {
      START[code] = START[code]! * 1.0002;
      feed.push({ code, price: START[code]!.toFixed(4) });
    }
  }
  await engine.flush();
  await fx.idle();
}

const samples = () => t.db.selectFrom('sample_traders').innerJoin('users', 'users.id', 'sample_traders.user_id').select(['user_id', 'strategy', 'is_sample', 'is_trader']).orderBy('user_id').execute();
const setting = async () => (await t.db.selectFrom('settings').select('value').where('key', '=', 'sample_traders').executeTakeFirstOrThrow()).value;

describe('sample traders on the simulated market', () => {
  it('are never created with SAMPLE_TRADERS=0 or with a live feed', async () => {
    expect(await prepareSampleTraders(t.db, { wanted: false, simulated: true, log })).toBe(0);
    expect(await prepareSampleTraders(t.db, { wanted: true, simulated: false, log })).toBe(0);
    expect(await samples()).toEqual([]);
    expect(await setting()).toBe('1');
  });

  it('are created once, approved traders funded through the ledger; a second start creates none', async () => {
    const before = await userCounts(t.db, new Date(0));
    expect(await prepareSampleTraders(t.db, { wanted: true, simulated: true, log })).toBe(4);
    expect(await prepareSampleTraders(t.db, { wanted: true, simulated: true, log })).toBe(0);
    const rows = await samples();
    expect(rows.map((r) => r.strategy)).toEqual(['trend', 'mean_reversion', 'breakout', 'momentum']);
    expect(rows.every((r) => r.is_sample && r.is_trader)).toBe(true);
    const funding = await t.db
      .selectFrom('ledger_transactions')
      .select(['reference'])
      .where('kind', '=', 'sample_funding')
      .execute();
    expect(funding.map((f) => f.reference).sort()).toEqual(rows.map((r) => `sample_funding:${r.user_id}`).sort());
    const accounts = await t.db.selectFrom('ledger_accounts').select(['balance']).where('user_id', 'in', rows.map((r) => r.user_id)).where('account_type', '=', 3).execute();
    expect(accounts.map((a) => Number(a.balance))).toEqual([Number(SAMPLE_FUNDING), Number(SAMPLE_FUNDING), Number(SAMPLE_FUNDING), Number(SAMPLE_FUNDING)]);
    // The dashboard's user figures leave them out.
    expect(await userCounts(t.db, new Date(0))).toEqual(before);
    expect(lines.at(-1)).toMatch(/^Sample traders created: trend on BTC\/USDT/);
  });

  it('carry is_sample in the trader list and the trader page; a real trader carries 0', async () => {
    const real = await registerUser(t.app, t.dataDir);
    await t.db.updateTable('users').set({ is_trader: true }).where('id', '=', real.user.id).execute();
    const list = await callEndpoint(t.app, endpoints.follow.traderList, { input: { page: 1 } });
    const page = list.body.data as Paged<Trader>;
    const ids = (await samples()).map((r) => r.user_id);
    expect(page.data.filter((r) => r.is_sample === 1).map((r) => r.id).sort()).toEqual(ids);
    expect(page.data.find((r) => r.id === real.user.id)?.is_sample).toBe(0);
    const detail = await callEndpoint(t.app, endpoints.follow.traderDetail, { input: { id: ids[0]! } });
    expect(detail.body.data).toMatchObject({ trader: { is_sample: 1 }, stats: { is_sample: 1 } });
  });

  it('trade through the real order path at their pace; a follower gets the copy and its close', async () => {
    const [trend] = await samples();
    const follower = await registerUser(t.app, t.dataDir);
    await fund(t.app, follower.token, admin, '2000');
    await call(t.app, { method: 'POST', url: endpoints.wallet.transfer.path, headers: { authorization: follower.token }, payload: { balance: '2000', from: 1, to: 3, currency_id: 1 } });
    const followed = await callEndpoint(t.app, endpoints.follow.followTrader, { token: follower.token, input: { trader_id: trend!.user_id, multiple: '1', max_amount: '1000' } });
    expect(followed.body).toMatchObject({ code: 1 });

    // Too few prices yet: nobody acts.
    await rise(3);
    expect(await tradeOnce(t.db, t.app.bus, Date.now(), silentEngineLog)).toEqual({ opened: 0, closed: 0 });
    await rise(20);
    expect(await tradeOnce(t.db, t.app.bus, Date.now(), silentEngineLog)).toEqual({ opened: 4, closed: 0 });
    await fx.idle();
    // Not yet due again.
    expect(await tradeOnce(t.db, t.app.bus, Date.now(), silentEngineLog)).toEqual({ opened: 0, closed: 0 });

    const own = await t.db.selectFrom('forex_orders').selectAll().where('user_id', '=', trend!.user_id).execute();
    expect(own).toHaveLength(1);
    // The trend follower bought the rise, with its stops, at the stored tick.
    expect(own[0]).toMatchObject({ order_type: 1, status: 1, origin_id: 0 });
    expect(Number(own[0]!.quantity)).toBe(0.02);
    expect(own[0]!.open_tick_seq).not.toBeNull();
    const copy = await t.db.selectFrom('follow_copies').selectAll().where('trader_order_id', '=', own[0]!.id).executeTakeFirstOrThrow();
    expect(copy).toMatchObject({ follower_id: follower.user.id, skip_reason: null });

    // The dashboard's real figures: the follower's copy counts, the sample traders' own play does not.
    const btc = own[0]!.symbol_id;
    expect((await openInterestBySymbol(t.db)).filter((i) => i.positions > 0).map((i) => [i.symbolId, i.positions])).toEqual([[btc, 1]]);
    const house = await houseDayTotals(t.db, new Date(Date.now() - 3_600_000), new Date(Date.now() + 60_000));
    expect(house.filter((h) => !h.demo).map((h) => h.kind).sort()).toEqual(['deposit', 'follow_copy_open', 'transfer']);

    // Held past its time: closed (the copy with it), and a new one opened.
    await sql`UPDATE forex_orders SET created_at = created_at - interval '60 seconds' WHERE user_id = ${trend!.user_id}`.execute(t.db);
    await rise(2);
    const next = await tradeOnce(t.db, t.app.bus, Date.now(), silentEngineLog);
    expect(next.closed).toBe(1);
    expect(next.opened).toBeGreaterThanOrEqual(1);
    await fx.idle();
    const closed = await t.db.selectFrom('forex_orders').select(['status', 'close_type']).where('id', '=', own[0]!.id).executeTakeFirstOrThrow();
    expect(closed.status).toBe(3);
    const copied = await t.db.selectFrom('forex_orders').select(['status']).where('id', '=', copy.copy_order_id!).executeTakeFirstOrThrow();
    expect(copied.status).toBe(3);
  });

  it('stop when staff switch them off, and when a later start does not want them', async () => {
    const off = await call(t.app, { method: 'PUT', url: endpoints.adminConfig.updateSetting.path.replace(':key', 'sample_traders'), headers: { authorization: admin }, payload: { value: '0' } });
    expect(off.body.code).toBe(1);
    await t.db.updateTable('forex_orders').set({ created_at: new Date(Date.now() - 120_000) }).where('user_id', 'in', (await samples()).map((r) => r.user_id)).execute();
    await rise(2);
    expect(await tradeOnce(t.db, t.app.bus, Date.now(), silentEngineLog)).toEqual({ opened: 0, closed: 0 });
    await t.db.updateTable('settings').set({ value: '1' }).where('key', '=', 'sample_traders').execute();
    expect(await prepareSampleTraders(t.db, { wanted: false, simulated: true, log })).toBe(0);
    expect(await setting()).toBe('0');
    expect(lines.at(-1)).toBe('Sample traders stopped (SAMPLE_TRADERS=0)');
    await t.db.updateTable('settings').set({ value: '1' }).where('key', '=', 'sample_traders').execute();
    expect(await prepareSampleTraders(t.db, { wanted: true, simulated: false, log })).toBe(0);
    expect(lines.at(-1)).toBe('Sample traders stopped (live price feed)');
  });
});

describe('the strategies', () => {
  const up = Array.from({ length: 40 }, (_, i) => 100 + i);
  const down = [...up].reverse();
  it('each answer their rule, and wait with too few prices', () => {
    expect(signal('trend', up)).toBe(1);
    expect(signal('trend', down)).toBe(2);
    expect(signal('mean_reversion', up)).toBe(2);
    expect(signal('mean_reversion', down)).toBe(1);
    expect(signal('breakout', up)).toBe(1);
    expect(signal('breakout', down)).toBe(2);
    expect(signal('momentum', up)).toBe(1);
    expect(signal('momentum', down)).toBe(2);
    expect(signal('trend', up.slice(0, 5))).toBeUndefined();
  });

  it('open at their pace, at most three at once, and close what is old or against the signal', () => {
    const pace = paceOf(0);
    expect(decide(1, [], null, 0, pace)).toEqual({ close: [], open: 1 });
    expect(decide(1, [], 1_000, 5_000, pace).open).toBeUndefined();
    const three = [1, 2, 3].map((id) => ({ id, side: 1 as const, openedAtMs: 20_000 }));
    expect(decide(1, three, 20_000, 40_000, pace)).toEqual({ close: [], open: undefined });
    expect(decide(2, three, 20_000, 40_000, pace)).toEqual({ close: [1, 2, 3], open: 2 });
    expect(decide(1, three, 20_000, 60_000, pace).close).toEqual([1, 2, 3]);
  });
});
