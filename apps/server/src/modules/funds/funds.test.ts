import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { endpointPath, endpoints } from '@tp/contracts';
import { Decimal, FUND_DAY_MS } from '@tp/domain';
import { Scheduler } from '../../engine/scheduler.js';
import { silentEngineLog } from '../../engine/engine-log.js';
import { createInProcessBus } from '../../realtime/bus.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin, expectRefused, registerUser, type Registered } from '../../test/http-helpers.js';
import { createStaff, staffSession } from '../../test/staff-helpers.js';
import { adminToken, balanceOf, fund } from '../../test/wallet-helpers.js';
import { assertLedgerConsistent } from '../ledger/index.js';
import { fundIncomeJob } from './index.js';

/** The app's and every scheduler's clock: subscriptions take their sub_time from it. */
const clock = { ms: Date.UTC(2026, 0, 5, 10, 0, 0) };
const e = endpoints.funds;
const FUNDING = 1;
let t: TestApp;
let alice: Registered;
let bob: Registered;
let admin: string;
const auth = (token: string) => ({ authorization: token });

beforeAll(async () => {
  t = await createTestApp({ now: () => clock.ms });
  alice = await registerUser(t.app, t.dataDir);
  bob = await registerUser(t.app, t.dataDir);
  admin = await adminToken(t.app);
  await fund(t.app, alice.token, admin, '100000');
  await fund(t.app, bob.token, admin, '1000');
});
afterAll(() => t.close());

interface Sub { id: number; status: number; share_amount: string; day_profit: string; sum_profit: string; paid_days: number; penalty: string; sub_time: string; end_time: string; get_fund: { id: number } }

async function buy(token: string, id: number, amount: string, method: 'GET' | 'POST' = 'POST') {
  return method === 'GET'
    ? call<Sub>(t.app, { method: 'GET', url: `${e.buy.path}?id=${id}&amount=${amount}`, headers: auth(token) })
    : call<Sub>(t.app, { method: 'POST', url: e.buy.path, headers: auth(token), payload: { id, amount } });
}
const subs = async (token: string) => (await call<{ data: Sub[] }>(t.app, { method: 'GET', url: e.subList.path, headers: auth(token) })).body.data.data;
const incomes = async (token: string, subId: number, page = 1) =>
  (await call<{ data: { day: number; interest: string }[]; total: number; last_page: number }>(t.app, { method: 'GET', url: `${e.insList.path}?sub_id=${subId}&page=${page}`, headers: auth(token) })).body.data;
const node = () => new Scheduler({ db: t.db, bus: createInProcessBus(), log: silentEngineLog, jobs: [fundIncomeJob], now: () => clock.ms, checkEveryMs: 0 });

describe('fund list and info', () => {
  it('lists the seeded funds paged, with image and terms, to anyone', async () => {
    const res = await call<{ data: { id: number; title: string; image: string; dividend_percentage: string; lock_dividend_days: number }[]; last_page: number; total: number }>(t.app, { method: 'GET', url: `${e.list.path}?page=1` });
    expect(res.body.code).toBe(1);
    expect(res.body.data.total).toBe(4);
    expect(res.body.data.last_page).toBe(1);
    expect(res.body.data.data[0]).toMatchObject({ title: 'BTC Hash Power 7D', image: '/funds/btc.webp', dividend_percentage: '0.8', staring_sub_amount: '100', max_sub_amount: '10000', lock_dividend_days: 7, liquidated_damages: '5' });
  });

  it('info of a fund, and of an unknown one', async () => {
    const res = await call<{ id: number }>(t.app, { method: 'GET', url: `${e.info.path}?id=2` });
    expect(res.body.data).toMatchObject({ id: 2, title: 'ETH Staking 30D', currency_code: 'USDT' });
    expectRefused(await call(t.app, { method: 'GET', url: `${e.info.path}?id=999` }), 'fund_not_found');
    expectRefused(await call(t.app, { method: 'GET', url: `${e.info.path}?id=abc` }), 'bad_request');
  });
});

describe('buy', () => {
  it('refuses outside the bounds, beyond the balance, an unknown fund, and without login', async () => {
    expectRefused(await buy(alice.token, 1, '99.99'), 'fund_amount_below_min');
    expect((await buy(alice.token, 1, '99.99')).body.msg).toContain('100');
    expectRefused(await buy(alice.token, 1, '10000.01'), 'fund_amount_above_max');
    expectRefused(await buy(bob.token, 2, '1500'), 'fund_insufficient_balance');
    expectRefused(await buy(alice.token, 999, '100'), 'fund_not_found');
    expectRefused(await buy(alice.token, 1, '-5'), 'bad_request');
    expectRefused(await call(t.app, { method: 'POST', url: e.buy.path, payload: { id: 1, amount: '100' } }), 'not_logged_in', 999);
    expect(await balanceOf(t.app, bob.token, FUNDING)).toMatchObject({ balance: '1000.00000000', lockBalance: '0.00000000' });
  });

  it('holds the amount on the funding account, by POST and by GET, with the day profit and maturity', async () => {
    const before = await balanceOf(t.app, bob.token, FUNDING);
    const res = await buy(bob.token, 1, '250.5', 'GET');
    expect(res.body).toMatchObject({ code: 1, data: { status: 1, share_amount: '250.5', day_profit: '2.0040', sum_profit: '0.0000', paid_days: 0, penalty: '12.5250', get_fund: { id: 1 } } });
    expect(res.body.data.end_time).toBe('2026-01-12 10:00:00');
    const after = await balanceOf(t.app, bob.token, FUNDING);
    expect(new Decimal(before.balance).minus(after.balance).toFixed()).toBe('250.5');
    expect(after.lockBalance).toBe('250.50000000');
  });

  it('an Idempotency-Key subscribes once', async () => {
    const headers = { ...auth(bob.token), 'idempotency-key': 'fund-buy-1' };
    const a = await call<Sub>(t.app, { method: 'POST', url: e.buy.path, headers, payload: { id: 3, amount: '60' } });
    const b = await call<Sub>(t.app, { method: 'POST', url: e.buy.path, headers, payload: { id: 3, amount: '60' } });
    expect(b.body.data.id).toBe(a.body.data.id);
    expect((await subs(bob.token)).filter((s) => s.get_fund.id === 3)).toHaveLength(1);
  });
});

describe('records, ownership and early redemption', () => {
  it("a user sees only their own subscriptions and incomes, and cannot redeem another's", async () => {
    const bobsSub = (await subs(bob.token))[0]!;
    expect((await subs(alice.token)).map((s) => s.id)).not.toContain(bobsSub.id);
    expectRefused(await call(t.app, { method: 'GET', url: `${e.insList.path}?sub_id=${bobsSub.id}`, headers: auth(alice.token) }), 'fund_sub_not_found');
    expectRefused(await call(t.app, { method: 'POST', url: e.applyRefund.path, headers: auth(alice.token), payload: { sub_id: bobsSub.id } }), 'fund_sub_not_found');
    expectRefused(await call(t.app, { method: 'POST', url: e.applyRefund.path, headers: auth(alice.token), payload: { sub_id: 999999 } }), 'fund_sub_not_found');
  });

  it('redemption: 1 -> 2, only once; staff reject back to 1, approve releases the hold less the penalty to the house', async () => {
    const sub = (await buy(bob.token, 1, '100')).body.data;
    const applied = await call<Sub>(t.app, { method: 'GET', url: `${e.applyRefund.path}?sub_id=${sub.id}`, headers: auth(bob.token) });
    expect(applied.body).toMatchObject({ code: 1, data: { id: sub.id, status: 2 } });
    expectRefused(await call(t.app, { method: 'POST', url: e.applyRefund.path, headers: auth(bob.token), payload: { sub_id: sub.id } }), 'fund_not_running');

    const reviewer = await staffSession(t.db, (await createStaff(t.db, 'reviewer')).id);
    const queue = await call<{ data: { id: number; penalty: string; refund: string; status: number }[] }>(t.app, { method: 'GET', url: `${e.refunds.path}?status=2`, headers: auth(reviewer) });
    expect(queue.body.data.data.find((r) => r.id === sub.id)).toMatchObject({ penalty: '5.0000', refund: '95.0000', status: 2 });

    const rejected = await call(t.app, { method: 'POST', url: endpointPath(e.rejectRefund, { id: sub.id }), headers: auth(reviewer), payload: { reason: 'please keep it' } });
    expect(rejected.body).toMatchObject({ code: 1, data: { id: sub.id, status: 1 } });
    expectRefused(await call(t.app, { method: 'POST', url: endpointPath(e.approveRefund, { id: sub.id }), headers: auth(reviewer), payload: {} }), 'already_decided');

    await call(t.app, { method: 'POST', url: e.applyRefund.path, headers: auth(bob.token), payload: { sub_id: sub.id } });
    const before = await balanceOf(t.app, bob.token, FUNDING);
    const houseBefore = await houseBalance('house_pnl');
    const ok = await call(t.app, { method: 'POST', url: endpointPath(e.approveRefund, { id: sub.id }), headers: auth(reviewer), payload: {} });
    expect(ok.body).toMatchObject({ code: 1, data: { id: sub.id, status: 3 } });
    const after = await balanceOf(t.app, bob.token, FUNDING);
    expect(new Decimal(after.balance).minus(before.balance).toFixed()).toBe('95');
    expect(new Decimal(before.lockBalance).minus(after.lockBalance).toFixed()).toBe('100');
    expect(new Decimal(await houseBalance('house_pnl')).minus(houseBefore).toFixed()).toBe('5');
    expectRefused(await call(t.app, { method: 'POST', url: endpointPath(e.approveRefund, { id: sub.id }), headers: auth(reviewer), payload: {} }), 'already_decided');
    const audit = await t.db.selectFrom('audit_log').select(['action']).where('target', '=', `fund_subscription:${sub.id}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['fund_refund.reject', 'fund_refund.approve']);
    expectRefused(await call(t.app, { method: 'POST', url: endpointPath(e.approveRefund, { id: 999999 }), headers: auth(reviewer), payload: {} }), 'not_found');
  });
});

async function houseBalance(code: string): Promise<string> {
  const row = await t.db.selectFrom('ledger_accounts').select(['balance']).where('system_code', '=', code).executeTakeFirstOrThrow();
  return row.balance;
}

describe('incomes by the scheduler over 30 days', () => {
  it('exactly lock_dividend_days incomes per subscription across restarts, late runs and a node change; the hold released once', async () => {
    const carol = await registerUser(t.app, t.dataDir);
    await fund(t.app, carol.token, admin, '50000');
    const demo = await demoLogin(t.app, `fund-demo-${Date.now()}`);
    const start = clock.ms;
    const s7 = (await buy(carol.token, 1, '1000')).body.data; // 8 a day, 7 days
    clock.ms += 3 * 3600_000;
    const s30 = (await buy(carol.token, 2, '1234.5678')).body.data; // 12.3456 a day (cut), 30 days
    const s15 = (await buy(carol.token, 3, '333.33')).body.data; // 1.6666 a day, 15 days
    const sDemo = (await buy(demo.token, 3, '500')).body.data; // 2.5 a day from the demo house
    const demoHouseBefore = await houseBalance('house_demo_funding');
    const carolBefore = await balanceOf(t.app, carol.token, FUNDING);

    let a = node();
    const b = node();
    // Hourly checks for 12 days by two nodes at once; node a "restarts" every 5 days; one day is skipped (downtime).
    for (let h = 1; h <= 12 * 24; h += 1) {
      clock.ms = start + h * 3600_000;
      if (h % (5 * 24) === 0) a = node();
      if (h >= 8 * 24 && h < 9 * 24) continue;
      await Promise.all([a.runDue(), b.runDue()]);
    }
    expect((await incomes(carol.token, s7.id)).total).toBe(7);
    // node a goes away for good: b alone carries on, then a brand-new node c, with a late run that jumps 10 days
    clock.ms = start + 20 * FUND_DAY_MS;
    await b.runDue();
    const c = node();
    clock.ms = start + 31 * FUND_DAY_MS;
    await Promise.all([c.runDue(), c.runDue(), b.runDue()]);
    clock.ms += FUND_DAY_MS;
    await c.runDue();

    const mine = new Map((await subs(carol.token)).map((s) => [s.id, s]));
    expect(mine.get(s7.id)).toMatchObject({ status: 4, paid_days: 7, day_profit: '8.0000', sum_profit: '56.0000' });
    expect(mine.get(s30.id)).toMatchObject({ status: 4, paid_days: 30, day_profit: '12.3456', sum_profit: '370.3680' });
    expect(mine.get(s15.id)).toMatchObject({ status: 4, paid_days: 15, day_profit: '1.6666', sum_profit: '24.9990' });
    const demoSub = (await subs(demo.token)).find((s) => s.id === sDemo.id)!;
    expect(demoSub).toMatchObject({ status: 4, paid_days: 15, sum_profit: '37.5000' });

    // every income row once, days 1..N, each due at sub_time + i x 24 h
    for (const [sub, days] of [[s7, 7], [s30, 30], [s15, 15], [sDemo, 15]] as const) {
      const rows = await t.db.selectFrom('fund_incomes').select(['day', 'due_at']).where('subscription_id', '=', sub.id).orderBy('day').execute();
      expect(rows.map((r) => r.day)).toEqual(Array.from({ length: days }, (_, i) => i + 1));
      const subTime = Date.parse(`${sub.sub_time.replace(' ', 'T')}Z`);
      expect(rows.map((r) => r.due_at.getTime())).toEqual(rows.map((r) => subTime + r.day * FUND_DAY_MS));
      const ledger = await sql<{ kind: string; n: number }>`SELECT kind, count(*)::int AS n FROM ledger_transactions WHERE reference LIKE ${`fund:${sub.id}:%`} GROUP BY kind ORDER BY kind`.execute(t.db);
      expect(ledger.rows).toEqual([
        { kind: 'fund_income', n: days },
        { kind: 'fund_release', n: 1 },
      ]);
    }
    // carol got her three amounts back and every income; nothing is held any more
    const carolAfter = await balanceOf(t.app, carol.token, FUNDING);
    expect(new Decimal(carolAfter.balance).minus(carolBefore.balance).toFixed()).toBe(new Decimal('1000').plus('1234.5678').plus('333.33').plus('56').plus('370.368').plus('24.999').toFixed());
    expect(carolAfter.lockBalance).toBe('0.00000000');
    // the demo income came from the demo house, not the real one
    expect(new Decimal(demoHouseBefore).minus(await houseBalance('house_demo_funding')).toFixed()).toBe('37.5');
    // paged incomes, newest first
    const page1 = await incomes(carol.token, s30.id);
    expect(page1.total).toBe(30);
    expect(page1.data[0]).toMatchObject({ day: 30, interest: '12.3456' });
    expect(page1.last_page).toBe(2);
    // the funding account's history names each movement
    const history = await call<{ data: { MemoTran: string }[] }>(t.app, { method: 'GET', url: `${endpoints.wallet.accountLog.path}?accountTypeId=1&page=1`, headers: { ...auth(carol.token), lang: 'en' } });
    const memos = new Set(history.body.data.data.map((h) => h.MemoTran));
    for (const memo of ['Mining income', 'Mining fund matured (amount released)']) expect(memos).toContain(memo);
    await assertLedgerConsistent(t.db);
  });

  it('a redemption waiting at maturity is overtaken: released in full, never charged', async () => {
    const dave = await registerUser(t.app, t.dataDir);
    await fund(t.app, dave.token, admin, '1000');
    const s = (await buy(dave.token, 1, '100')).body.data;
    await call(t.app, { method: 'POST', url: e.applyRefund.path, headers: auth(dave.token), payload: { sub_id: s.id } });
    clock.ms += 7 * FUND_DAY_MS;
    await node().runDue();
    const after = (await subs(dave.token)).find((x) => x.id === s.id)!;
    expect(after).toMatchObject({ status: 4, paid_days: 7, sum_profit: '5.6000' });
    expect(await balanceOf(t.app, dave.token, FUNDING)).toMatchObject({ balance: '1005.60000000', lockBalance: '0.00000000' });
    const reviewer = await staffSession(t.db, (await createStaff(t.db, 'reviewer')).id);
    expectRefused(await call(t.app, { method: 'POST', url: endpointPath(e.approveRefund, { id: s.id }), headers: auth(reviewer), payload: {} }), 'already_decided');
  });
});

describe('funds in the admin console', () => {
  it('creates and changes a fund (audited), refusing a minimum above the maximum; support may not', async () => {
    const body = { title: 'Test fund', image: '/funds/btc.svg', dividend_percentage: '1.5', staring_sub_amount: '10', max_sub_amount: '100', lock_dividend_days: 3, liquidated_damages: '2', desc: 'x' };
    const created = await call<{ id: number; enabled: boolean }>(t.app, { method: 'POST', url: e.createFund.path, headers: auth(admin), payload: body });
    expect(created.body).toMatchObject({ code: 1, data: { title: 'Test fund', enabled: true, lock_dividend_days: 3 } });
    const id = created.body.data.id;
    expectRefused(await call(t.app, { method: 'PUT', url: endpointPath(e.updateFund, { id }), headers: auth(admin), payload: { staring_sub_amount: '1000' } }), 'fund_amount_range');
    const off = await call(t.app, { method: 'PUT', url: endpointPath(e.updateFund, { id }), headers: auth(admin), payload: { enabled: false } });
    expect(off.body).toMatchObject({ code: 1, data: { enabled: false, title: 'Test fund' } });
    expectRefused(await call(t.app, { method: 'GET', url: `${e.info.path}?id=${id}` }), 'fund_not_found');
    expectRefused(await buy(alice.token, id, '50'), 'fund_not_found');
    const list = await call<{ id: number }[]>(t.app, { method: 'GET', url: e.adminFunds.path, headers: auth(admin) });
    expect(list.body.data.map((f) => f.id)).toContain(id);
    const audit = await t.db.selectFrom('audit_log').select(['action']).where('target', '=', `fund:${id}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['fund.create', 'fund.update']);
    const support = await staffSession(t.db, (await createStaff(t.db, 'support')).id);
    expectRefused(await call(t.app, { method: 'GET', url: e.refunds.path, headers: auth(support) }), 'staff_role_forbidden');
  });
});
