import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type FollowOrder, type ForexOrder } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, callEndpoint, demoLogin, expectRefused, registerUser } from '../../test/http-helpers.js';
import { adminToken, fund } from '../../test/wallet-helpers.js';
import { startManualEngine, type ManualFeed } from '../../test/market-helpers.js';
import { contractBalance, symbolId } from '../../test/forex-helpers.js';
import { createStaff, staffSession } from '../../test/staff-helpers.js';
import type { MarketEngine } from '../../engine/market-engine.js';
import type { BusMessage } from '../../realtime/bus.js';
import { ForexEngine, feeShardCode } from '../forex/index.js';
import { syncCopies } from './follow-replication.js';
import { recomputeAll } from './follow-stats.js';

let t: TestApp;
let engine: MarketEngine;
let feed: ManualFeed;
let fx: ForexEngine;
let btc: number;
let admin: string;
const pushes: BusMessage[] = [];
const f = endpoints.follow;

async function startEngine(): Promise<void> {
  const started = await startManualEngine(t.db, t.app.bus, {
    symbols: ['BTCUSDT'],
    engine: { consumers: [(deps) => (fx = new ForexEngine(deps, { pushIntervalMs: 0, reconcileMs: 0 }))] },
  });
  engine = started.engine;
  feed = started.feed;
}

beforeAll(async () => {
  t = await createTestApp();
  btc = await symbolId(t.db, 'BTCUSDT');
  // Round numbers: 1 unit per lot, no fee, lots in steps of 0.01.
  await t.db.updateTable('trade_symbols').set({ fee_rate: '0', pip: '0.01', min_cont: '0.01', max_cont: null }).where('id', '=', btc).execute();
  admin = await adminToken(t.app);
  await startEngine();
  t.app.bus.subscribe((m) => pushes.push(m));
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

async function tick(price: string): Promise<number> {
  feed.push({ code: 'BTCUSDT', price });
  await engine.flush();
  await fx.idle();
  return engine.lastPrice('BTCUSDT')!.seq;
}

const auth = (token: string) => ({ authorization: token, lang: 'en' });
async function forex(path: string, token: string, payload: Record<string, unknown>) {
  const res = await call<ForexOrder>(t.app, { method: 'POST', url: path, headers: auth(token), payload });
  await fx.idle();
  return res;
}
const order = (id: number) => t.db.selectFrom('forex_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const copiesOf = (traderOrderId: number) =>
  t.db.selectFrom('follow_copies').selectAll().where('trader_order_id', '=', traderOrderId).orderBy('follower_id').execute();

/** A real user with `amount` in the contract account. */
async function realUser(amount: string) {
  const u = await registerUser(t.app, t.dataDir);
  if (amount !== '0') {
    await fund(t.app, u.token, admin, amount);
    const moved = await call(t.app, { method: 'POST', url: endpoints.wallet.transfer.path, headers: auth(u.token), payload: { balance: amount, from: 1, to: 3, currency_id: 1 } });
    expect(moved.body.code).toBe(1);
  }
  return u;
}
async function makeTrader(amount = '20000') {
  const u = await realUser(amount);
  await t.db.updateTable('users').set({ is_trader: true }).where('id', '=', u.user.id).execute();
  return u;
}
async function follow(token: string, traderId: number, multiple: string, maxAmount: string) {
  const res = await callEndpoint(t.app, f.followTrader, { token, input: { trader_id: traderId, multiple, max_amount: maxAmount } });
  expect(res.body).toMatchObject({ code: 1 });
}

describe('becoming a trader', () => {
  it('a real user applies, waits, and a reviewer approves (audited); demo accounts cannot apply', async () => {
    const demo = await demoLogin(t.app, 'follow-apply-demo');
    expectRefused(await callEndpoint(t.app, f.applyTrader, { token: demo.token }), 'only_true_account');
    const u = await realUser('0');
    expect((await callEndpoint(t.app, f.application, { token: u.token })).body.data).toEqual({ status: -1 });
    expect((await callEndpoint(t.app, f.applyTrader, { token: u.token })).body).toMatchObject({ code: 1, data: { status: 0 } });
    expectRefused(await callEndpoint(t.app, f.applyTrader, { token: u.token }), 'trader_application_waiting');
    const queue = await callEndpoint(t.app, f.adminApplications, { token: admin, input: { status: 0 } });
    const mine = queue.body.data.data.find((a) => a.user.id === u.user.id)!;
    expect(mine).toMatchObject({ status: 0, closed_orders: 0 });
    // Support staff do not decide.
    const support = await staffSession(t.db, (await createStaff(t.db, 'support')).id);
    expectRefused(await callEndpoint(t.app, f.approveApplication, { token: support, params: { id: mine.id } }), 'staff_role_forbidden');
    const reviewer = await staffSession(t.db, (await createStaff(t.db, 'reviewer')).id);
    expect((await callEndpoint(t.app, f.approveApplication, { token: reviewer, params: { id: mine.id }, input: {} })).body).toMatchObject({ code: 1, data: { status: 1 } });
    expectRefused(await callEndpoint(t.app, f.rejectApplication, { token: reviewer, params: { id: mine.id }, input: { reason: 'late' } }), 'already_decided');
    expect((await callEndpoint(t.app, f.application, { token: u.token })).body.data).toEqual({ status: 1 });
    expectRefused(await callEndpoint(t.app, f.applyTrader, { token: u.token }), 'already_trader');
    const audit = await t.db.selectFrom('audit_log').select(['action']).where('target', '=', `trader_application:${mine.id}`).execute();
    expect(audit).toEqual([{ action: 'trader_application.approve' }]);
  });

  it('a rejection keeps the user a non-trader and lets them apply again', async () => {
    const u = await realUser('0');
    await callEndpoint(t.app, f.applyTrader, { token: u.token });
    const app = await t.db.selectFrom('trader_applications').select('id').where('user_id', '=', u.user.id).executeTakeFirstOrThrow();
    expect((await callEndpoint(t.app, f.rejectApplication, { token: admin, params: { id: app.id }, input: { reason: 'too few trades' } })).body.code).toBe(1);
    expect((await callEndpoint(t.app, f.application, { token: u.token })).body.data).toEqual({ status: 2 });
    expect((await callEndpoint(t.app, f.applyTrader, { token: u.token })).body.code).toBe(1);
  });
});

describe('follow settings', () => {
  it('refuses self-follow, unknown and demo traders, and settings out of range', async () => {
    const trader = await makeTrader('0');
    const u = await demoLogin(t.app, 'follow-refusals');
    const demoOther = await demoLogin(t.app, 'follow-refusals-2');
    const plain = await realUser('0');
    const tryFollow = (token: string, trader_id: number, multiple = '1', max_amount = '100') =>
      callEndpoint(t.app, f.followTrader, { token, input: { trader_id, multiple, max_amount } });
    expectRefused(await tryFollow(trader.token, trader.user.id), 'follow_self');
    expectRefused(await tryFollow(u.token, 2_000_000_000), 'follow_trader_unknown');
    expectRefused(await tryFollow(u.token, plain.user.id), 'follow_trader_unknown');
    expectRefused(await tryFollow(u.token, demoOther.user.id), 'follow_trader_demo');
    expectRefused(await tryFollow(u.token, trader.user.id, '0'), 'follow_multiple_range');
    expectRefused(await tryFollow(u.token, trader.user.id, '100.01'), 'follow_multiple_range');
    expectRefused(await tryFollow(u.token, trader.user.id, '1', '0.5'), 'follow_max_amount_range');
    expectRefused(await tryFollow(u.token, trader.user.id, '1', '1000001'), 'follow_max_amount_range');
    expectRefused(await callEndpoint(t.app, f.canalFollow, { token: u.token, input: { trader_id: trader.user.id } }), 'follow_not_following');
    expectRefused(await callEndpoint(t.app, f.traderDetail, { input: { id: plain.user.id } }), 'follow_trader_unknown');
    // Refusals wrote nothing.
    expect(await t.db.selectFrom('follow_settings').selectAll().where('trader_id', '=', trader.user.id).execute()).toEqual([]);
    // Valid: follow, change, list, unfollow.
    expect((await tryFollow(u.token, trader.user.id, '2', '500')).body.data).toEqual({ multiple: '2', max_amount: '500', auto_follow: 1 });
    expect((await tryFollow(u.token, trader.user.id, '1.5', '800')).body.data).toMatchObject({ multiple: '1.5' });
    const followed = await callEndpoint(t.app, f.followedTrader, { token: u.token, input: { page: 1 } });
    expect(followed.body.data.data).toEqual([expect.objectContaining({ user_id: trader.user.id, multiple: '1.5', max_amount: '800', follow_num: 1 })]);
    const detail = await callEndpoint(t.app, f.traderDetail, { token: u.token, input: { id: trader.user.id } });
    expect(detail.body.data).toMatchObject({ trader: { is_followed: 1, follow_num: 1 }, settings: { multiple: '1.5' } });
    expect((await callEndpoint(t.app, f.canalFollow, { token: u.token, input: { trader_id: trader.user.id } })).body.code).toBe(1);
    expect((await callEndpoint(t.app, f.followedTrader, { token: u.token, input: { page: 1 } })).body.data.data).toEqual([]);
  });
});

describe('replication in the engine step', () => {
  it('copies a market fill to every follower at the same tick and price, skips with reasons, passes stops and closes, and pays the share', async () => {
    await tick('100000.00');
    const trader = await makeTrader();
    const a = await demoLogin(t.app, 'follow-rep-a'); // demo: its share goes to the demo house
    const b = await demoLogin(t.app, 'follow-rep-b');
    const c = await demoLogin(t.app, 'follow-rep-c');
    const d = await realUser('100');
    const e = await realUser('5000');
    await follow(a.token, trader.user.id, '2', '5000'); // 0.2 lots, margin 2000.30
    await follow(b.token, trader.user.id, '1', '500'); // reduced to 0.04 lots (400.06)
    await follow(c.token, trader.user.id, '0.05', '5000'); // 0.005 rounds down to 0: below the minimum
    await follow(d.token, trader.user.id, '1', '5000'); // 100 cannot pay 1000.15
    await follow(e.token, trader.user.id, '1', '5000');
    pushes.length = 0;
    const own = (await forex(endpoints.forex.submit.path, trader.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10 })).body.data;
    const traderRow = await order(own.Id);
    const rows = await copiesOf(own.Id);
    expect(rows.map((r) => [r.follower_id, r.skip_reason])).toEqual(
      [
        [a.user.id, null],
        [b.user.id, null],
        [c.user.id, 'below_min_lots'],
        [d.user.id, 'insufficient_funds'],
        [e.user.id, null],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    );
    const copies = await Promise.all(rows.filter((r) => r.copy_order_id).map((r) => order(r.copy_order_id!)));
    for (const copy of copies) {
      expect(copy).toMatchObject({ status: 1, origin_id: own.Id, price: traderRow.price, origin_price: traderRow.origin_price, open_tick_seq: traderRow.open_tick_seq, multiple: 10 });
    }
    const lots = Object.fromEntries(copies.map((cp) => [cp.user_id, cp.quantity]));
    expect(lots).toEqual({ [a.user.id]: '0.2000000000', [b.user.id]: '0.0400000000', [e.user.id]: '0.1000000000' });
    expect(await t.db.selectFrom('ledger_transactions').select('id').where('kind', '=', 'follow_copy_open').where('reference', 'like', `follow_copy:${own.Id}:%`).execute()).toHaveLength(3);
    expect(pushes.filter((m) => m.topic === 'FOREX_FOLLOW_TRADE' && m.userId === a.user.id)).toHaveLength(1);
    // The engine indexed the copies at once (their floating profit is pushed with FOREX_TRADE).
    expect(fx.core.account(a.user.id)).toBeDefined();

    // The trader's stops reach the open copies.
    await forex(endpoints.forex.setStop.path, trader.token, { id: own.Id, stop_loss_price: '90000', target_profit_price: '0' });
    for (const copy of copies) expect((await order(copy.id)).target_loss_price).toBe('90000.0000000000');

    // The follower's copy list: the trader's fill beside the copy's.
    const list = await callEndpoint(t.app, f.myDealFollowOrder, { token: a.token, input: { status: 1 } });
    expect(list.body.data.data).toEqual([expect.objectContaining({ FollowType: 2, TraderOrderId: own.Id, TraderPrice: '100015.00', Price: '100015.00', Quantity: '0.2', SkipReason: '' })]);
    const skipped = await callEndpoint(t.app, f.myDealFollowOrder, { token: c.token, input: { status: 3 } });
    expect(skipped.body.data.data).toEqual([expect.objectContaining({ Id: 0, SkipReason: 'below_min_lots', TraderOrderId: own.Id })]);

    // The trader closes: every copy closes at the trader's tick and price; shares are paid.
    await tick('101000.00');
    const traderBefore = await contractBalance(t.db, trader.user.id);
    const closed = (await forex(endpoints.forex.close.path, trader.token, { id: own.Id })).body.data;
    expect(closed.Status).toBe(3);
    const traderClosed = await order(own.Id);
    for (const copy of copies) {
      expect(await order(copy.id)).toMatchObject({ status: 3, close_tick_seq: traderClosed.close_tick_seq, update_price: traderClosed.update_price, close_type: 1 });
    }
    // 985 per lot: e 98.5 (share 9.85 to the trader), a 197 (share 19.7 to the demo house).
    const shares = await t.db.selectFrom('follow_copies').select(['follower_id', 'profit_share']).where('trader_order_id', '=', own.Id).where('copy_order_id', 'is not', null).execute();
    expect(Object.fromEntries(shares.map((s) => [s.follower_id, s.profit_share]))).toEqual({ [a.user.id]: '19.700000', [b.user.id]: '3.940000', [e.user.id]: '9.850000' });
    const traderAfter = await contractBalance(t.db, trader.user.id);
    // The trader's own profit 98.5 plus margin 1000.15 back, plus e's share 9.85 (demo shares are not the trader's).
    expect(Number(traderAfter.balance) - Number(traderBefore.balance)).toBeCloseTo(98.5 + 1000.15 + 9.85, 6);
    expect(await contractBalance(t.db, e.user.id)).toMatchObject({ balance: '5088.650000000000000000', lock_balance: '0.000000000000000000' });

    // The trader's followers and summary.
    const mine = await callEndpoint(t.app, f.myFollower, { token: trader.token, input: { page: 1 } });
    expect(mine.body.data.summary).toEqual({ total_profits: '33.490000', position_profits: '0.000000', follow_num: 5, total: 3 });
    // A trader sees a follower's copies; the follower's neighbour sees none of them.
    const ofA = await callEndpoint(t.app, f.myDealFollowOrder, { token: trader.token, input: { status: 3, follower_user_id: a.user.id } });
    expect(ofA.body.data.data.map((o: FollowOrder) => o.FollowerUserId)).toEqual([a.user.id]);
    const snoop = await callEndpoint(t.app, f.myDealFollowOrder, { token: b.token, input: { status: 3, follower_user_id: a.user.id } });
    expect(snoop.body.data.data).toEqual([]);
    // Naming themself as user_id, the trader sees the copies (and skips) of all their followers.
    const all = await callEndpoint(t.app, f.myDealFollowOrder, { token: trader.token, input: { status: 3, user_id: trader.user.id } });
    expect(all.body.data.data.map((o: FollowOrder) => o.FollowerUserId).sort((x: number, y: number) => x - y)).toEqual([a.user.id, b.user.id, c.user.id, d.user.id, e.user.id].sort((x, y) => x - y));
  });

  it('copies a pending fill at its tick; an unfollowed copy no longer follows the close; a follower may close early', async () => {
    await tick('100000.00');
    const trader = await makeTrader();
    const a = await demoLogin(t.app, 'follow-pend-a');
    const b = await demoLogin(t.app, 'follow-pend-b');
    await follow(a.token, trader.user.id, '1', '5000');
    await follow(b.token, trader.user.id, '1', '5000');
    const pending = (await forex(endpoints.forex.submit.path, trader.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10, status: 0, target_price: '99000' })).body.data;
    expect(await copiesOf(pending.Id)).toEqual([]); // not filled: nothing to copy
    const seq = await tick('98990.00');
    const filled = await order(pending.Id);
    expect(filled).toMatchObject({ status: 1, open_tick_seq: String(seq) });
    const rows = await copiesOf(pending.Id);
    expect(rows).toHaveLength(2);
    const [copyA, copyB] = await Promise.all(rows.map((r) => order(r.copy_order_id!)));
    expect(copyA).toMatchObject({ open_tick_seq: String(seq), price: filled.price });
    // a unfollows: its copy stays open and is detached; b closes its copy early.
    expect((await callEndpoint(t.app, f.canalFollow, { token: a.token, input: { trader_id: trader.user.id } })).body.code).toBe(1);
    expect((await forex(endpoints.forex.close.path, b.token, { id: copyB!.id })).body.data.Status).toBe(3);
    await forex(endpoints.forex.close.path, trader.token, { id: pending.Id });
    expect((await order(copyA!.id)).status).toBe(1);
    expect((await t.db.selectFrom('follow_copies').select('detached').where('copy_order_id', '=', copyA!.id).executeTakeFirstOrThrow()).detached).toBe(true);
    // Its own close is still the follower's.
    expect((await forex(endpoints.forex.close.path, a.token, { id: copyA!.id })).body.data.Status).toBe(3);
  });

  it('makes exactly one copy per trader order and follower across repeated syncs and an engine restart', async () => {
    await tick('100000.00');
    const trader = await makeTrader();
    const a = await demoLogin(t.app, 'follow-once-a');
    await follow(a.token, trader.user.id, '1', '5000');
    const own = (await forex(endpoints.forex.submit.path, trader.token, { type: 2, cont: '0.1', forex_id: btc, multiple: 10 })).body.data;
    await syncCopies(t.db, t.app.bus, Date.now());
    await engine.stop();
    await startEngine();
    await fx.idle();
    await syncCopies(t.db, t.app.bus, Date.now());
    expect(await copiesOf(own.Id)).toHaveLength(1);
    expect(await t.db.selectFrom('forex_orders').select('id').where('origin_id', '=', own.Id).execute()).toHaveLength(1);
    // A fill made while no engine ran is copied when one starts.
    await engine.stop();
    const late = (await forex(endpoints.forex.submit.path, trader.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10 })).body.data;
    expect(await copiesOf(late.Id)).toEqual([]);
    // Two replicators at once (two nodes, or a node and a restarting engine): still one copy.
    await Promise.all([syncCopies(t.db, t.app.bus, Date.now()), syncCopies(t.db, t.app.bus, Date.now())]);
    await startEngine();
    await fx.idle();
    expect(await copiesOf(late.Id)).toHaveLength(1);
    expect(await t.db.selectFrom('forex_orders').select('id').where('origin_id', '=', late.Id).execute()).toHaveLength(1);
  });

  it('copies in lanes at once: followers of every lane get one copy each, each fee booked to its own shard', async () => {
    await tick('100000.00');
    await t.db.updateTable('trade_symbols').set({ fee_rate: '0.001' }).where('id', '=', btc).execute();
    try {
      const trader = await makeTrader();
      const followers = [];
      for (let i = 0; i < 6; i++) followers.push(await demoLogin(t.app, `follow-lanes-${i}`));
      expect(new Set(followers.map((u) => u.user.id % 2))).toEqual(new Set([0, 1]));
      for (const u of followers) await follow(u.token, trader.user.id, '1', '5000');
      await engine.stop(); // the replication below is the only one
      const own = (await forex(endpoints.forex.submit.path, trader.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10 })).body.data;
      // Two replicators at once, each running its lanes at once: still one copy per follower.
      await Promise.all([syncCopies(t.db, t.app.bus, Date.now()), syncCopies(t.db, t.app.bus, Date.now())]);
      await startEngine();
      await fx.idle();
      const rows = await copiesOf(own.Id);
      expect(rows.map((r) => [r.follower_id, r.skip_reason])).toEqual(followers.map((u) => [u.user.id, null]).sort((x, y) => Number(x[0]) - Number(y[0])));
      for (const u of followers) {
        const copy = await t.db.selectFrom('forex_orders').select(['id', 'trade_fee']).where('origin_id', '=', own.Id).where('user_id', '=', u.user.id).execute();
        expect(copy).toHaveLength(1);
        expect(Number(copy[0]!.trade_fee)).toBeGreaterThan(0);
        const fee = await t.db
          .selectFrom('ledger_transactions as tx')
          .innerJoin('ledger_postings as p', 'p.transaction_id', 'tx.id')
          .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
          .select(['a.system_code', 'p.amount'])
          .where('tx.reference', '=', `follow_copy:${own.Id}:${u.user.id}`)
          .where('a.system_code', 'is not', null)
          .execute();
        expect(fee.map((p) => [p.system_code, Number(p.amount)])).toEqual([[feeShardCode(true, u.user.id), Number(copy[0]!.trade_fee)]]);
      }
    } finally {
      await t.db.updateTable('trade_symbols').set({ fee_rate: '0' }).where('id', '=', btc).execute();
    }
  });

  it('keeps no copy of a trader the follower never followed: the schema refuses it', async () => {
    await tick('100000.00');
    const trader = await makeTrader();
    const stranger = await demoLogin(t.app, 'follow-stranger');
    const own = (await forex(endpoints.forex.submit.path, trader.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10 })).body.data;
    await expect(
      t.db
        .insertInto('follow_copies')
        .values({ trader_order_id: own.Id, follower_id: stranger.user.id, trader_id: trader.user.id, skip_reason: 'insufficient_funds' })
        .execute(),
    ).rejects.toThrow(/follow_copies_follow/);
    expect(await copiesOf(own.Id)).toEqual([]);
  });
});

describe('FOREX_FOLLOW_TRADE pushes', () => {
  type FollowPush = { user_id: number; follower_id: number; TransOrder: { Id: number; UpdatePrice: string; FactProfits: string; Status: number }[] };
  const followPushes = (userId: number) => pushes.filter((m) => m.topic === 'FOREX_FOLLOW_TRADE' && m.userId === userId).map((m) => m.payload as FollowPush);

  it('tell the follower and the trader when a copy opens, as its floating profit moves (once per push round), and when it closes by its own stop, early or with the trader', async () => {
    await tick('100000.00');
    const trader = await makeTrader();
    const a = await demoLogin(t.app, 'follow-push-a');
    const b = await demoLogin(t.app, 'follow-push-b');
    const c = await demoLogin(t.app, 'follow-push-c');
    for (const u of [a, b, c]) await follow(u.token, trader.user.id, '1', '5000');
    fx.pushTrades(); // whatever was pending from earlier tests
    pushes.length = 0;
    const own = (await forex(endpoints.forex.submit.path, trader.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10 })).body.data;
    const rows = await copiesOf(own.Id);
    const copyOf = new Map(rows.map((r) => [r.follower_id, r.copy_order_id!]));

    // Open: the copy's own id, at the trader's fill, to the follower and to the trader.
    const traderRow = await order(own.Id);
    for (const u of [a, b, c]) {
      expect(followPushes(u.user.id)).toEqual([{ user_id: trader.user.id, follower_id: u.user.id, TransOrder: [{ Id: copyOf.get(u.user.id), UpdatePrice: traderRow.price, FactProfits: '0', Status: 1 }] }]);
    }
    expect(followPushes(trader.user.id).map((p) => p.follower_id).sort()).toEqual([a.user.id, b.user.id, c.user.id].sort());

    // The copies in the follower's /order lists: FollowType 2, the trader and the trader's fill.
    const holding = await call<{ data: ForexOrder[] }>(t.app, { method: 'GET', url: `${endpoints.forex.myDeal.path}?status=1&page=1`, headers: auth(a.token) });
    expect(holding.body.data.data).toEqual([
      expect.objectContaining({ Id: copyOf.get(a.user.id), OriginId: own.Id, FollowType: 2, Price: '100015.00', Copy: { TraderUserId: trader.user.id, TraderNickname: expect.stringContaining('***@'), TraderPrice: '100015.00', TraderClosePrice: '', ClosedByTrader: false } }),
    ]);
    const traderHolding = await call<{ data: ForexOrder[] }>(t.app, { method: 'GET', url: `${endpoints.forex.myDeal.path}?status=1&page=1`, headers: auth(trader.token) });
    expect(traderHolding.body.data.data).toEqual([expect.objectContaining({ Id: own.Id, FollowType: 0, Copy: null })]);

    // Floating profit: several ticks between two push rounds make one push per copy pair, at the last price.
    pushes.length = 0;
    await tick('100500.00');
    await tick('101000.00');
    expect(followPushes(a.user.id)).toEqual([]); // ticks alone push nothing: the push round does
    fx.pushTrades();
    // 0.1 lot, bought at 100015, now 101000: 98.5.
    for (const u of [a, b, c]) {
      expect(followPushes(u.user.id)).toEqual([{ user_id: trader.user.id, follower_id: u.user.id, TransOrder: [{ Id: copyOf.get(u.user.id), UpdatePrice: '101000.00', FactProfits: '98.500000', Status: 1 }] }]);
    }
    expect(followPushes(trader.user.id)).toHaveLength(3);
    pushes.length = 0;
    fx.pushTrades(); // nothing moved since: nothing pushed
    expect(pushes.filter((m) => m.topic === 'FOREX_FOLLOW_TRADE')).toEqual([]);

    // a's copy closes by its own stop loss (the follower's own stop on the copy).
    const stop = await forex(endpoints.forex.setStop.path, a.token, { id: copyOf.get(a.user.id), stop_loss_price: '100900', target_profit_price: '0' });
    expect(stop.body.code).toBe(1);
    pushes.length = 0;
    await tick('100850.00');
    const closedA = await order(copyOf.get(a.user.id)!);
    expect(closedA).toMatchObject({ status: 3, close_type: 4 });
    const stopPush = { user_id: trader.user.id, follower_id: a.user.id, TransOrder: [{ Id: closedA.id, UpdatePrice: closedA.update_price, FactProfits: closedA.fact_profits, Status: 3 }] };
    expect(followPushes(a.user.id)).toEqual([stopPush]);
    expect(followPushes(trader.user.id)).toEqual([stopPush]);

    // b closes early over HTTP.
    pushes.length = 0;
    expect((await forex(endpoints.forex.close.path, b.token, { id: copyOf.get(b.user.id) })).body.data.Status).toBe(3);
    const closedB = await order(copyOf.get(b.user.id)!);
    const earlyPush = { user_id: trader.user.id, follower_id: b.user.id, TransOrder: [{ Id: closedB.id, UpdatePrice: closedB.update_price, FactProfits: closedB.fact_profits, Status: 3 }] };
    expect(followPushes(b.user.id)).toEqual([earlyPush]);
    expect(followPushes(trader.user.id)).toEqual([earlyPush]);

    // The trader closes: c's copy closes with it.
    pushes.length = 0;
    await forex(endpoints.forex.close.path, trader.token, { id: own.Id });
    const closedC = await order(copyOf.get(c.user.id)!);
    expect(closedC.status).toBe(3);
    expect(followPushes(c.user.id)).toEqual([{ user_id: trader.user.id, follower_id: c.user.id, TransOrder: [{ Id: closedC.id, UpdatePrice: closedC.update_price, FactProfits: closedC.fact_profits, Status: 3 }] }]);
    expect(followPushes(trader.user.id).map((p) => p.follower_id)).toEqual([c.user.id]);
    // The closed copy in history: both closes beside each other.
    const history = await call<{ data: ForexOrder[] }>(t.app, { method: 'GET', url: `${endpoints.forex.myDeal.path}?status=3&page=1`, headers: auth(c.token) });
    expect(history.body.data.data[0]).toMatchObject({ FollowType: 2, Copy: { TraderClosePrice: history.body.data.data[0]!.UpdatePrice } });
    // Whose close: the trader's close closed c's copy (CloseType 1 is the trader's own close), b closed theirs.
    expect(history.body.data.data[0]).toMatchObject({ CloseType: 1, Copy: { ClosedByTrader: true } });
    const historyB = await call<{ data: ForexOrder[] }>(t.app, { method: 'GET', url: `${endpoints.forex.myDeal.path}?status=3&page=1`, headers: auth(b.token) });
    expect(historyB.body.data.data[0]).toMatchObject({ Id: closedB.id, CloseType: 1, Copy: { ClosedByTrader: false } });
    const historyA = await call<{ data: ForexOrder[] }>(t.app, { method: 'GET', url: `${endpoints.forex.myDeal.path}?status=3&page=1`, headers: auth(a.token) });
    expect(historyA.body.data.data[0]).toMatchObject({ Id: closedA.id, CloseType: 4, Copy: { ClosedByTrader: false } });
  });

  it('tell the follower and the trader when a demo reset closes a copy, as any other close does', async () => {
    await tick('100000.00');
    const trader = await makeTrader();
    const a = await demoLogin(t.app, 'follow-reset-a');
    await follow(a.token, trader.user.id, '1', '5000');
    const own = (await forex(endpoints.forex.submit.path, trader.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10 })).body.data;
    const [row] = await copiesOf(own.Id);
    await tick('100400.00');
    pushes.length = 0;
    expect((await call(t.app, { method: 'POST', url: endpoints.users.resetDemo.path, headers: auth(a.token) })).body.code).toBe(1);
    const closed = await order(row!.copy_order_id!);
    expect(closed).toMatchObject({ status: 3, close_type: 1 });
    const resetPush = { user_id: trader.user.id, follower_id: a.user.id, TransOrder: [{ Id: closed.id, UpdatePrice: closed.update_price, FactProfits: closed.fact_profits, Status: 3 }] };
    expect(followPushes(a.user.id)).toEqual([resetPush]);
    expect(followPushes(trader.user.id)).toEqual([resetPush]);
    expect(pushes.filter((m) => m.topic === 'FOREX_CLOSED' && m.userId === a.user.id).map((m) => m.payload)).toEqual([{ id: [closed.id] }]);
    // The trader's own order is untouched; the copy was closed by the follower's reset, not by the trader.
    expect((await order(own.Id)).status).toBe(1);
    const history = await call<{ data: ForexOrder[] }>(t.app, { method: 'GET', url: `${endpoints.forex.myDeal.path}?status=3&page=1`, headers: auth(a.token) });
    expect(history.body.data.data[0]).toMatchObject({ Id: closed.id, Copy: { ClosedByTrader: false } });
  });
});

describe('ranking', () => {
  it('shows a trader with statistics from the recompute, sortable, to visitors too', async () => {
    await tick('100000.00');
    const trader = await makeTrader();
    const own = (await forex(endpoints.forex.submit.path, trader.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10 })).body.data;
    await tick('100100.00');
    await forex(endpoints.forex.close.path, trader.token, { id: own.Id });
    await recomputeAll(t.db, Date.now());
    for (const sort of ['rate', 'win', 'profit', 'followers'] as const) {
      const list = await callEndpoint(t.app, f.list, { input: { sort } });
      expect(list.body.code).toBe(1);
      const row = list.body.data.find((r) => r.user.id === trader.user.id);
      expect(row).toMatchObject({ total_trade_num: 1, three_week_win: '100.00', total_profit: '8.50' });
    }
    const detail = await callEndpoint(t.app, f.traderDetail, { input: { id: trader.user.id } });
    expect(detail.body.data.history).toEqual([expect.objectContaining({ Id: own.Id, FactProfits: '8.500000' })]);
    expect(detail.body.data.settings).toBeNull();
    const cards = await callEndpoint(t.app, f.traderList, { input: { page: 1 } });
    expect(cards.body.data.data.some((c) => c.user_id === trader.user.id)).toBe(true);
  });

  it('counts every closed order on the trader page at once, those closed before the approval too', async () => {
    await tick('100000.00');
    const u = await realUser('20000');
    const roundTrip = async (closeAt: string) => {
      const opened = (await forex(endpoints.forex.submit.path, u.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10 })).body.data;
      await tick(closeAt);
      expect((await forex(endpoints.forex.close.path, u.token, { id: opened.Id })).body.code).toBe(1);
    };
    // Closed while not yet a trader; the approval computes the figures from it.
    await roundTrip('100050.00');
    expect((await callEndpoint(t.app, f.applyTrader, { token: u.token })).body.code).toBe(1);
    const application = await t.db.selectFrom('trader_applications').select('id').where('user_id', '=', u.user.id).executeTakeFirstOrThrow();
    expect((await callEndpoint(t.app, f.approveApplication, { token: admin, params: { id: application.id }, input: {} })).body.code).toBe(1);
    const approved = await callEndpoint(t.app, f.traderDetail, { input: { id: u.user.id } });
    expect(approved.body.data.history).toHaveLength(1);
    expect(approved.body.data.stats).toMatchObject({ total_trade_num: 1, three_week_trade_num: 1 });
    // Closed as a trader, read before any recompute of the statistics: the count agrees with the list.
    await roundTrip('100100.00');
    const detail = await callEndpoint(t.app, f.traderDetail, { input: { id: u.user.id } });
    expect(detail.body.data.history).toHaveLength(2);
    expect(detail.body.data.stats.total_trade_num).toBe(2);
  });
});
