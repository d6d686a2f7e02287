import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Decimal } from '@tp/domain';
import { endpoints, type ForexMyDeal, type ForexOrder } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin, expectRefused, registerUser } from '../../test/http-helpers.js';
import { MARKET_CLOSED_MS, MARKET_OPEN_MS, contractBalance, storeTick, symbolId } from '../../test/forex-helpers.js';
import type { BusMessage } from '../../realtime/bus.js';
import { feeShardCode, feeShardCodeSql } from './fee-shards.js';

let t: TestApp;
let clock = MARKET_OPEN_MS;
const pushes: BusMessage[] = [];
let btc: number;
let eur: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  t.app.bus.subscribe((m) => pushes.push(m));
  btc = await symbolId(t.db, 'BTCUSDT');
  eur = await symbolId(t.db, 'EURUSD');
  await storeTick(t.db, 'BTCUSDT', '100000.00');
  await storeTick(t.db, 'EURUSD', '1.16500');
  await storeTick(t.db, 'JPN225', '42650.0');
});
afterAll(async () => {
  await t.close();
});

const auth = (token: string, extra: Record<string, string> = {}) => ({ authorization: token, lang: 'en', ...extra });

async function submit(token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(token, headers), payload });
}
type ForexAction = 'close' | 'cancel' | 'setStop';
async function action(endpoint: ForexAction, token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex[endpoint].path, headers: auth(token, headers), payload });
}
async function myDeal(token: string, status: number, page = 1) {
  return call<ForexMyDeal>(t.app, { method: 'GET', url: `${endpoints.forex.myDeal.path}?status=${status}&page=${page}&t=1`, headers: auth(token) });
}

const buyBtc = { type: 1, cont: '0.1', forex_id: 0, status: 1, multiple: 10 };

describe('POST /v2/api/forex/submit', () => {
  it('opens a market buy at the last stored tick plus the spread, holding margin and taking the fee', async () => {
    const { token, user } = await demoLogin(t.app, 'fx-submit-1');
    const seq = await storeTick(t.db, 'BTCUSDT', '100000.00');
    const res = await submit(token, { ...buyBtc, forex_id: btc, stop_loss_price: '90000', target_profit_price: 110000 });
    expect(res.body).toMatchObject({ code: 1, msg: 'Order placed' });
    expect(res.body.data).toMatchObject({
      OrderType: 1,
      Quantity: '0.1',
      OriginPrice: '100000.00',
      Price: '100015.00', // spread 15.00 against the buyer
      CautionMoney: '1000.150000', // 0.1 x 1 x 100015 / 10
      TradeFee: '0.200000', // trade_fee_type 1: 0.1 lots x 2
      TargetLossPrice: '90000.00',
      TargetProfitPrice: '110000.00',
      Status: 1,
      CloseType: 0,
      multiple: 10,
      FactProfits: '-1.500000', // marked at the market: the spread is the cost
      ForexTradeLists: { Id: btc, Code: 'BTCUSDT', ShowCode: 'BTC/USDT', PricePrecision: 2 },
    });
    const row = await t.db.selectFrom('forex_orders').selectAll().where('id', '=', res.body.data.Id).executeTakeFirstOrThrow();
    expect(Number(row.open_tick_seq)).toBe(seq);
    // The answer is built before the order is written (one statement writes it): it is what is stored.
    expect((await myDeal(token, 1)).body.data.data).toEqual([res.body.data]);
    const tx = await t.db.selectFrom('ledger_transactions').select(['kind', 'reference']).where('reference', '=', `forex_order:${res.body.data.Id}`).execute();
    expect(tx).toEqual([{ kind: 'forex_open', reference: `forex_order:${res.body.data.Id}` }]);
    expect(await contractBalance(t.db, user.id)).toEqual({ balance: '8999.650000000000000000', lock_balance: '1000.150000000000000000' });
  });

  it('accepts a form body and a sell with stops above and below', async () => {
    const { token } = await demoLogin(t.app, 'fx-submit-form');
    const res = await call<ForexOrder>(t.app, {
      method: 'POST',
      url: endpoints.forex.submit.path,
      headers: { ...auth(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `type=2&cont=0.02&forex_id=${btc}&status=1&multiple=20&stop_loss_price=101000&target_profit_price=99000`,
    });
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({ OrderType: 2, Price: '99985.00', CautionMoney: '99.985000', TradeFee: '0.040000' });
  });

  it('refuses: not logged in (999), unknown symbol, no leverage, leverage not offered, lots, closed market, no price', async () => {
    const { token } = await demoLogin(t.app, 'fx-submit-refusals');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.forex.submit.path, payload: { ...buyBtc, forex_id: btc } }), 'not_logged_in', 999);
    expectRefused(await submit(token, { ...buyBtc, forex_id: 999999 }), 'not_found');
    const jpn = await symbolId(t.db, 'JPN225');
    const noMult = await submit(token, { ...buyBtc, forex_id: jpn, multiple: undefined });
    expectRefused(noMult, 'no_mult_config');
    expect(noMult.body.msg).toBe('No leverage is configured for this symbol, so no order can be placed');
    expectRefused(await submit(token, { ...buyBtc, forex_id: btc, multiple: 7 }), 'forex_multiple_invalid');
    expectRefused(await submit(token, { ...buyBtc, forex_id: btc, multiple: undefined }), 'forex_multiple_invalid');
    expectRefused(await submit(token, { ...buyBtc, forex_id: btc, cont: '0.001' }), 'forex_lots_below_min');
    expectRefused(await submit(token, { ...buyBtc, forex_id: btc, cont: '0.015' }), 'forex_lots_off_step');
    expectRefused(await submit(token, { ...buyBtc, forex_id: btc, cont: '-1' }), 'bad_request');
    clock = MARKET_CLOSED_MS;
    try {
      expectRefused(await submit(token, { ...buyBtc, forex_id: eur, multiple: 100 }), 'forex_market_closed');
      // Crypto trades around the clock.
      expect((await submit(token, { ...buyBtc, forex_id: btc })).body.code).toBe(1);
    } finally {
      clock = MARKET_OPEN_MS;
    }
    const usdcad = await symbolId(t.db, 'USDCAD'); // no tick stored
    expectRefused(await submit(token, { ...buyBtc, forex_id: usdcad, multiple: 100 }), 'forex_no_price');
  });

  // The submit checks the token inside its own read (one statement instead of two): the rule is
  // still every user route's - a live session of an active user, at that moment - and a caller
  // without one learns nothing about the input.
  it('checks the session in its read: a logged-out token, a disabled user and a made-up token get 999 and write nothing', async () => {
    const orders = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM forex_orders`.execute(t.db)).rows[0]!.n);
    const before = await orders();
    const gone = await demoLogin(t.app, 'fx-session-logout');
    expect((await call(t.app, { method: 'POST', url: endpoints.users.logout.path, headers: auth(gone.token) })).body.code).toBe(1);
    expectRefused(await submit(gone.token, { ...buyBtc, forex_id: btc }), 'not_logged_in', 999);
    const off = await demoLogin(t.app, 'fx-session-disabled');
    expect((await submit(off.token, { ...buyBtc, forex_id: btc })).body.code).toBe(1);
    await t.db.updateTable('users').set({ status: 0 }).where('id', '=', off.user.id).execute();
    expectRefused(await submit(off.token, { ...buyBtc, forex_id: btc }), 'not_logged_in', 999);
    expectRefused(await submit('made-up-token', { ...buyBtc, forex_id: btc }), 'not_logged_in', 999);
    expect(await orders()).toBe(before + 1);
    expect(await contractBalance(t.db, gone.user.id)).toEqual({ balance: '10000.000000000000000000', lock_balance: '0.000000000000000000' });
  });

  it('answers 999 before anything about the input when the session is not live, and the input refusal when it is', async () => {
    const { token } = await demoLogin(t.app, 'fx-session-input');
    const bad = { ...buyBtc, forex_id: btc, cont: '-1' };
    expectRefused(await submit('made-up-token', bad), 'not_logged_in', 999);
    expectRefused(await submit(token, bad), 'bad_request');
    const malformed = { method: 'POST' as const, url: endpoints.forex.submit.path, payload: '{"type":', headers: { 'content-type': 'application/json' } };
    expectRefused(await call(t.app, { ...malformed, headers: { ...malformed.headers, ...auth('made-up-token') } }), 'not_logged_in', 999);
    expectRefused(await call(t.app, { ...malformed, headers: { ...malformed.headers, ...auth(token) } }), 'bad_request');
    // No token at all: 999 at once, whatever the body.
    expectRefused(await call(t.app, { ...malformed, headers: { ...malformed.headers, lang: 'en' } }), 'not_logged_in', 999);
  });

  it('refuses stops on the wrong side and pending prices on the wrong side of the market', async () => {
    const { token } = await demoLogin(t.app, 'fx-submit-stops');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    expectRefused(await submit(token, { ...buyBtc, forex_id: btc, stop_loss_price: '100000' }), 'forex_stop_loss_invalid');
    expectRefused(await submit(token, { ...buyBtc, forex_id: btc, target_profit_price: '99999' }), 'forex_take_profit_invalid');
    expectRefused(await submit(token, { ...buyBtc, type: 2, forex_id: btc, stop_loss_price: '99000' }), 'forex_stop_loss_invalid');
    expectRefused(await submit(token, { ...buyBtc, type: 2, forex_id: btc, target_profit_price: '101000' }), 'forex_take_profit_invalid');
    expectRefused(await submit(token, { ...buyBtc, forex_id: btc, status: 0, target_price: '100000' }), 'forex_pending_price_invalid');
    expectRefused(await submit(token, { ...buyBtc, forex_id: btc, status: 0 }), 'forex_pending_price_invalid');
    expectRefused(await submit(token, { ...buyBtc, type: 2, forex_id: btc, status: 0, target_price: '99000' }), 'forex_pending_price_invalid');
    // A pending order's stops are judged against its target.
    expectRefused(await submit(token, { ...buyBtc, forex_id: btc, status: 0, target_price: '95000', stop_loss_price: '96000' }), 'forex_stop_loss_invalid');
    const ok = await submit(token, { ...buyBtc, forex_id: btc, status: 0, target_price: '95000', stop_loss_price: '94000', target_profit_price: '99000' });
    expect(ok.body.data).toMatchObject({ Status: 0, Price: '95000.00', IsPending: 1, CautionMoney: '950.150000', CompleteTimeHandler: '' });
    expect((await myDeal(token, 0)).body.data.data).toEqual([ok.body.data]);
  });

  it('refuses an order the contract account cannot pay for, and changes nothing', async () => {
    const reg = await registerUser(t.app, t.dataDir); // a real user with an empty account
    expectRefused(await submit(reg.token, { ...buyBtc, forex_id: btc }), 'forex_insufficient_balance');
    const { token, user } = await demoLogin(t.app, 'fx-submit-poor');
    expectRefused(await submit(token, { ...buyBtc, forex_id: btc, cont: '10', multiple: 2 }), 'forex_insufficient_balance');
    expect(await contractBalance(t.db, user.id)).toEqual({ balance: '10000.000000000000000000', lock_balance: '0.000000000000000000' });
    expect((await myDeal(token, 1)).body.data.total).toBe(0);
  });

  it('honours Idempotency-Key: the same key answers the first order again and acts once', async () => {
    const { token, user } = await demoLogin(t.app, 'fx-idem-1');
    const headers = { 'idempotency-key': 'k-123' };
    pushes.length = 0;
    const [a, b] = await Promise.all([submit(token, { ...buyBtc, forex_id: btc }, headers), submit(token, { ...buyBtc, forex_id: btc }, headers)]);
    expect(a.body.code).toBe(1);
    expect(b.body).toEqual(a.body);
    expect((await myDeal(token, 1)).body.data.total).toBe(1);
    // A later retry runs nothing twice either: one order, one margin hold, one resync event in all.
    const balanceOnce = await contractBalance(t.db, user.id);
    expect((await submit(token, { ...buyBtc, forex_id: btc }, headers)).body).toEqual(a.body);
    expect((await myDeal(token, 1)).body.data.total).toBe(1);
    expect(await contractBalance(t.db, user.id)).toEqual(balanceOnce);
    expect(pushes.filter((m) => m.topic === 'forex.order_changed' && m.payload.userId === user.id)).toHaveLength(1);
    expectRefused(await submit(token, { ...buyBtc, forex_id: btc, cont: '0.2' }, headers), 'idempotency_conflict');
    // A refusal is an answer too: the same key keeps it even once the order would go through.
    const poor = await demoLogin(t.app, 'fx-idem-poor');
    const tooBig = { ...buyBtc, forex_id: btc, cont: '10', multiple: 2 }; // 500 000 margin at 100 000
    expectRefused(await submit(poor.token, tooBig, { 'idempotency-key': 'poor-1' }), 'forex_insufficient_balance');
    await storeTick(t.db, 'BTCUSDT', '1000.00'); // now 5 000 margin: affordable
    try {
      expectRefused(await submit(poor.token, tooBig, { 'idempotency-key': 'poor-1' }), 'forex_insufficient_balance');
      expect((await myDeal(poor.token, 1)).body.data.total).toBe(0);
      expect((await submit(poor.token, tooBig, { 'idempotency-key': 'poor-2' })).body.code).toBe(1);
    } finally {
      await storeTick(t.db, 'BTCUSDT', '100000.00');
    }
    // Another user's same key is theirs alone.
    const other = await demoLogin(t.app, 'fx-idem-2');
    expect((await submit(other.token, { ...buyBtc, forex_id: btc }, headers)).body.data.Id).not.toBe(a.body.data.Id);
    const close1 = await action('close', token, { id: a.body.data.Id }, { 'idempotency-key': 'close-1' });
    const close2 = await action('close', token, { id: a.body.data.Id }, { 'idempotency-key': 'close-1' });
    expect(close1.body.code).toBe(1);
    expect(close2.body).toEqual(close1.body);
    const bal = await contractBalance(t.db, user.id);
    expect(bal.lock_balance).toBe('0.000000000000000000');
  });
});

describe('a stale price', () => {
  it('is never filled at: submit (fresh read and kept copy), close and set_stop_price are refused as delayed and write nothing', async () => {
    const { token, user } = await demoLogin(t.app, 'fx-stale-1');
    const open = await submit(token, { ...buyBtc, forex_id: btc }); // also warms this token's kept copy
    expect(open.body.code).toBe(1);
    const { token: cold } = await demoLogin(t.app, 'fx-stale-2'); // its first submit reads afresh
    const before = await contractBalance(t.db, user.id);
    // The newest stored tick is now 11 s older than the clock: the feed stopped storing prices.
    const newest = await t.db.selectFrom('ticks').select(sql<string>`max(at)`.as('at')).where('symbol_id', '=', btc).executeTakeFirstOrThrow();
    clock = new Date(newest.at).getTime() + 11_000;
    try {
      for (const res of [await submit(token, { ...buyBtc, forex_id: btc }), await submit(cold, { ...buyBtc, forex_id: btc })]) {
        expectRefused(res, 'prices_delayed');
        expect(res.body.msg).toBe('Prices are delayed: nothing was placed, please try again shortly');
      }
      expectRefused(await action('close', token, { id: open.body.data.Id }), 'prices_delayed');
      expectRefused(await action('setStop', token, { id: open.body.data.Id, stop_loss_price: '1', target_profit_price: '0' }), 'prices_delayed');
      expect(await contractBalance(t.db, user.id)).toEqual(before);
      expect((await myDeal(token, 1)).body.data.total).toBe(1);
      // A tick as fresh as the clock: trading goes on at it.
      await storeTick(t.db, 'BTCUSDT', '100000.00', clock);
      expect((await action('close', token, { id: open.body.data.Id })).body.code).toBe(1);
    } finally {
      clock = MARKET_OPEN_MS;
    }
  });
});

describe('my_deal, close, cancel_trade, set_stop_price', () => {
  it('lists holding with floating profit, closes at the last stored tick and settles against the house', async () => {
    const { token, user } = await demoLogin(t.app, 'fx-close-1');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    const opened = (await submit(token, { ...buyBtc, forex_id: btc })).body.data;
    await storeTick(t.db, 'BTCUSDT', '101000.00');
    const holding = (await myDeal(token, 1)).body.data;
    expect(holding).toMatchObject({ total: 1, current_page: 1, last_page: 1, per_page: 20, all_fact_profits: '98.500000' });
    expect(holding.data[0]).toMatchObject({ Id: opened.Id, UpdatePrice: '101000.00', FactProfits: '98.500000' });

    pushes.length = 0;
    const seq = await storeTick(t.db, 'BTCUSDT', '102000.00');
    const closed = await action('close', token, { id: opened.Id });
    expect(closed.body).toMatchObject({ code: 1, msg: 'Position closed' });
    expect(closed.body.data).toMatchObject({ Status: 3, CloseType: 1, UpdatePrice: '102000.00', FactProfits: '198.500000' });
    const row = await t.db.selectFrom('forex_orders').selectAll().where('id', '=', opened.Id).executeTakeFirstOrThrow();
    expect(Number(row.close_tick_seq)).toBe(seq);
    // 10000 - 0.2 fee + 198.5 profit
    expect(await contractBalance(t.db, user.id)).toEqual({ balance: '10198.300000000000000000', lock_balance: '0.000000000000000000' });
    expect(pushes).toContainEqual({ topic: 'FOREX_CLOSED', payload: { id: [opened.Id] }, userId: user.id });
    expect(pushes).toContainEqual({ topic: 'forex.order_changed', payload: { userId: user.id } });

    const history = (await myDeal(token, 3)).body.data;
    expect(history).toMatchObject({ total: 1, all_fact_profits: '198.500000' });
    expect(history.data[0]!.CompleteTimeHandler).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expectRefused(await action('close', token, { id: opened.Id }), 'forex_order_not_holding');
  });

  it('history lists the newest close first, not the newest order', async () => {
    const { token } = await demoLogin(t.app, 'fx-history-order');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    const older = (await submit(token, { ...buyBtc, forex_id: btc })).body.data;
    const newer = (await submit(token, { ...buyBtc, forex_id: btc })).body.data;
    expect((await action('close', token, { id: newer.Id })).body.code).toBe(1);
    const at = clock;
    clock += 60_000; // a minute later (the stored tick is still fresh enough to close at)
    try {
      expect((await action('close', token, { id: older.Id })).body.code).toBe(1);
    } finally {
      clock = at;
    }
    expect((await myDeal(token, 3)).body.data.data.map((o) => o.Id)).toEqual([older.Id, newer.Id]);
    expect((await myDeal(token, 1)).body.data.total).toBe(0);
  });

  it('cancel_trade returns margin and fee of a pending order exactly', async () => {
    const { token, user } = await demoLogin(t.app, 'fx-cancel-1');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    const pending = (await submit(token, { ...buyBtc, forex_id: btc, status: 0, target_price: '99000' })).body.data;
    expect((await myDeal(token, 0)).body.data.data.map((o) => o.Id)).toEqual([pending.Id]);
    expectRefused(await action('close', token, { id: pending.Id }), 'forex_order_not_holding');
    const res = await action('cancel', token, { id: pending.Id });
    expect(res.body).toMatchObject({ code: 1, msg: 'Order cancelled', data: { Status: 4, CloseType: 1 } });
    expect(await contractBalance(t.db, user.id)).toEqual({ balance: '10000.000000000000000000', lock_balance: '0.000000000000000000' });
    expectRefused(await action('cancel', token, { id: pending.Id }), 'forex_order_not_pending');
    expect((await myDeal(token, 3)).body.data.data[0]).toMatchObject({ Id: pending.Id, Status: 4 });
  });

  it('set_stop_price checks the sides against the current price; 0 turns a stop off', async () => {
    const { token } = await demoLogin(t.app, 'fx-stops-1');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    const o = (await submit(token, { ...buyBtc, forex_id: btc })).body.data;
    await storeTick(t.db, 'BTCUSDT', '98000.00');
    expectRefused(await action('setStop', token, { id: o.Id, stop_loss_price: '99000', target_profit_price: '0' }), 'forex_stop_loss_invalid');
    expectRefused(await action('setStop', token, { id: o.Id, stop_loss_price: '0', target_profit_price: '97000' }), 'forex_take_profit_invalid');
    const ok = await action('setStop', token, { id: o.Id, stop_loss_price: '97000.5', target_profit_price: '' });
    expect(ok.body).toMatchObject({ code: 1, msg: 'Stop loss and take profit saved', data: { TargetLossPrice: '97000.50', TargetProfitPrice: '0' } });
  });

  it('pages a tab', async () => {
    const { token } = await demoLogin(t.app, 'fx-pages');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    for (let i = 0; i < 22; i++) expect((await submit(token, { ...buyBtc, cont: '0.01', forex_id: btc })).body.code).toBe(1);
    const p1 = (await myDeal(token, 1, 1)).body.data;
    const p2 = (await myDeal(token, 1, 2)).body.data;
    expect([p1.total, p1.last_page, p1.data.length, p2.data.length]).toEqual([22, 2, 20, 2]);
    expect(p1.data[0]!.Id).toBeGreaterThan(p2.data[0]!.Id);
    // 22 x (0.01 x -15 spread) = -3.3
    expect(p1.all_fact_profits).toBe('-3.300000');
  });
});

describe('ownership', () => {
  it("another user can never see, close, cancel or change an order, and nothing changes", async () => {
    const owner = await demoLogin(t.app, 'fx-owner');
    const intruder = await demoLogin(t.app, 'fx-intruder');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    const holding = (await submit(owner.token, { ...buyBtc, forex_id: btc })).body.data;
    const pending = (await submit(owner.token, { ...buyBtc, forex_id: btc, status: 0, target_price: '90000' })).body.data;
    const before = await t.db.selectFrom('forex_orders').selectAll().where('user_id', '=', owner.user.id).orderBy('id').execute();
    const balanceBefore = await contractBalance(t.db, owner.user.id);

    for (const status of [0, 1, 3]) expect((await myDeal(intruder.token, status)).body.data.total).toBe(0);
    expectRefused(await action('close', intruder.token, { id: holding.Id }), 'not_found');
    expectRefused(await action('cancel', intruder.token, { id: pending.Id }), 'not_found');
    expectRefused(await action('setStop', intruder.token, { id: holding.Id, stop_loss_price: '1', target_profit_price: '0' }), 'not_found');
    expectRefused(await action('close', intruder.token, { id: 99_999_999 }), 'not_found');

    expect(await t.db.selectFrom('forex_orders').selectAll().where('user_id', '=', owner.user.id).orderBy('id').execute()).toEqual(before);
    expect(await contractBalance(t.db, owner.user.id)).toEqual(balanceBefore);
  });
});

describe('negative balance protection', () => {
  it('a loss beyond the account leaves it at zero; the house absorbs the rest in its own ledger kind', async () => {
    const { token, user } = await demoLogin(t.app, 'fx-nbp-1');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    // 9 lots at x100: margin 9 x 100015 / 100 = 9001.35, fee 18; 980.65 left available.
    const o = (await submit(token, { ...buyBtc, cont: '9', multiple: 100, forex_id: btc })).body.data;
    expect(o.CautionMoney).toBe('9001.350000');
    await storeTick(t.db, 'BTCUSDT', '98000.00'); // loss 9 x 2015 = 18135 > 9982.35 in the account
    const closed = await action('close', token, { id: o.Id });
    expect(closed.body.data.FactProfits).toBe('-18135.000000');
    expect(await contractBalance(t.db, user.id)).toEqual({ balance: '0.000000000000000000', lock_balance: '0.000000000000000000' });
    const nbp = await t.db
      .selectFrom('ledger_transactions as t')
      .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
      .select(['p.amount', 'p.account_id'])
      .where('t.kind', '=', 'forex_negative_balance_protection')
      .where('t.reference', '=', `forex_order:${o.Id}`)
      .execute();
    const credited = nbp.find((p) => new Decimal(p.amount).gt(0))!;
    // 18135 - (980.65 + 9001.35) = 8153
    expect(new Decimal(credited.amount).toFixed()).toBe('8153');
  });
});

describe('resetForexDemoAccount', () => {
  it('closes open orders at market, cancels pending ones, then restores 10000 everywhere', async () => {
    const { token, user } = await demoLogin(t.app, 'fx-reset-1');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    const h = (await submit(token, { ...buyBtc, forex_id: btc })).body.data;
    const p = (await submit(token, { ...buyBtc, forex_id: btc, status: 0, target_price: '90000' })).body.data;
    await storeTick(t.db, 'BTCUSDT', '100500.00');
    pushes.length = 0;
    const res = await call(t.app, { method: 'GET', url: endpoints.users.resetDemo.path, headers: auth(token) });
    expect(res.body.code).toBe(1);
    const rows = await t.db.selectFrom('forex_orders').select(['id', 'status', 'close_type', 'update_price']).where('user_id', '=', user.id).orderBy('id').execute();
    expect(rows).toEqual([
      { id: h.Id, status: 3, close_type: 1, update_price: '100500.0000000000' },
      { id: p.Id, status: 4, close_type: 1, update_price: null },
    ]);
    expect(await contractBalance(t.db, user.id)).toEqual({ balance: '10000.000000000000000000', lock_balance: '0.000000000000000000' });
    expect(pushes).toContainEqual({ topic: 'FOREX_CLOSED', payload: { id: [h.Id, p.Id] }, userId: user.id });
  });
});

describe('symbols an order names', () => {
  it('are never deleted (orders keep no lock on them): a retired symbol is disabled, refuses orders and keeps its orders readable', async () => {
    const { token } = await demoLogin(t.app, 'fx-symbol-kept');
    await storeTick(t.db, 'EURUSD', '1.16500');
    const placed = await submit(token, { ...buyBtc, forex_id: eur, cont: '0.01', multiple: 100 });
    expect(placed.body.code).toBe(1);
    await expect(sql`DELETE FROM trade_symbols WHERE id = ${eur}`.execute(t.db)).rejects.toThrow(/never deleted/);
    await expect(sql`TRUNCATE trade_symbols CASCADE`.execute(t.db)).rejects.toThrow(/never deleted/);
    await t.db.updateTable('trade_symbols').set({ enabled: false }).where('id', '=', eur).execute();
    try {
      expectRefused(await submit(token, { ...buyBtc, forex_id: eur, cont: '0.01', multiple: 100 }), 'forex_symbol_close_only');
      expect((await myDeal(token, 1)).body.data.data.map((o) => o.Id)).toEqual([placed.body.data.Id]);
    } finally {
      await t.db.updateTable('trade_symbols').set({ enabled: true }).where('id', '=', eur).execute();
    }
  });

  it('a disabled symbol is close-only: a held position has its stops changed and is closed at the stored price; new orders are refused with their own message', async () => {
    const { token, user } = await demoLogin(t.app, 'fx-close-only');
    await storeTick(t.db, 'EURUSD', '1.16500');
    const placed = await submit(token, { ...buyBtc, forex_id: eur, cont: '0.01', multiple: 100 });
    expect(placed.body.code).toBe(1);
    await t.db.updateTable('trade_symbols').set({ enabled: false }).where('id', '=', eur).execute();
    try {
      const refused = await submit(token, { ...buyBtc, forex_id: eur, cont: '0.01', multiple: 100 });
      expectRefused(refused, 'forex_symbol_close_only');
      expect(refused.body.msg).toMatch(/close-only/);
      // The engine keeps quoting a disabled symbol while positions are held on it.
      await storeTick(t.db, 'EURUSD', '1.16600');
      const stops = await action('setStop', token, { id: placed.body.data.Id, stop_loss_price: '1.10000', target_profit_price: '1.20000' });
      expect(stops.body).toMatchObject({ code: 1, data: { TargetLossPrice: '1.10000' } });
      const closed = await action('close', token, { id: placed.body.data.Id });
      expect(closed.body).toMatchObject({ code: 1, data: { Status: 3, UpdatePrice: '1.16600' } });
      expect((await contractBalance(t.db, user.id)).lock_balance).toBe('0.000000000000000000');
    } finally {
      await t.db.updateTable('trade_symbols').set({ enabled: true }).where('id', '=', eur).execute();
    }
  });
});

describe('fee shards', () => {
  it('the submit read finds the same shard in SQL as feeShardCode does in code', async () => {
    for (const isDemo of [true, false]) {
      for (const id of [1, 7, 15, 16, 17, 31, 12345]) {
        const { rows } = await sql<{ code: string }>`SELECT ${sql.raw(feeShardCodeSql(`${isDemo}`, `${id}`))} AS code`.execute(t.db);
        expect(rows[0]!.code, `${isDemo ? 'demo' : 'real'} user ${id}`).toBe(feeShardCode(isDemo, id));
      }
    }
  });
});
