import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@tp/domain';
import { endpoints } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, callEndpoint, demoLogin, expectRefused, registerUser, type Registered } from '../../test/http-helpers.js';
import { adminToken, fund } from '../../test/wallet-helpers.js';
import { storeTick, symbolId } from '../../test/forex-helpers.js';
import type { BusMessage } from '../../realtime/bus.js';

/** The users area of the admin API, against real PostgreSQL: search, a user's page and tabs, the login actions. */

const staff = endpoints.adminUsers;
let t: TestApp;
let admin: string;
let inviter: Registered;
let alice: Registered;
let demo: { token: string; user: Registered['user'] };
const pushes: BusMessage[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { loginIpLimitPerMinute: 1000 } });
  t.app.bus.subscribe((m) => pushes.push(m));
  admin = await adminToken(t.app);
  inviter = await registerUser(t.app, t.dataDir);
  alice = await registerUser(t.app, t.dataDir, { invite_code: inviter.user.invite_code });
  demo = await demoLogin(t.app, 'admin-users-demo');
  // Money through the reviewed flow, a transfer to the contract account and a forex order with its fee.
  await fund(t.app, alice.token, admin, '500');
  await fund(t.app, alice.token, admin, '250');
  const moved = await call(t.app, { method: 'POST', url: endpoints.wallet.transfer.path, headers: { authorization: alice.token }, payload: { balance: '300', from: 1, to: 3 } });
  expect(moved.body.code).toBe(1);
  await storeTick(t.db, 'BTCUSDT', '100000.00');
  const order = await call(t.app, {
    method: 'POST',
    url: endpoints.forex.submit.path,
    headers: { authorization: alice.token },
    payload: { type: 1, cont: '0.01', forex_id: await symbolId(t.db, 'BTCUSDT'), status: 1, multiple: 10 },
  });
  expect(order.body, JSON.stringify(order.body)).toMatchObject({ code: 1 });
});
afterAll(async () => {
  await t.close();
});

describe('GET /admin/api/users', () => {
  it('finds a user by an e-mail substring (any case), the exact uid and the exact invite code', async () => {
    const part = alice.email.slice(0, alice.email.indexOf('@')).toUpperCase();
    for (const q of [part, alice.user.uid, alice.user.invite_code]) {
      const res = await callEndpoint(t.app, staff.search, { token: admin, input: { q } });
      expect(res.body.code).toBe(1);
      expect(res.body.data.data.map((u) => u.id), `search ${q}`).toContain(alice.user.id);
      expect(res.body.data.data.find((u) => u.id === alice.user.id)).toMatchObject({ email: alice.email, is_demo: false, status: 1 });
    }
    // A part of a uid or invite code is not a match: those are exact keys.
    const partial = await callEndpoint(t.app, staff.search, { token: admin, input: { q: alice.user.uid.slice(0, 3) } });
    expect(partial.body.data.data.map((u) => u.id)).not.toContain(alice.user.id);
    // LIKE wildcards are taken literally.
    expect((await callEndpoint(t.app, staff.search, { token: admin, input: { q: '%' } })).body.data.total).toBe(0);
  });

  it('filters demo and real accounts and pages newest first', async () => {
    const real = await callEndpoint(t.app, staff.search, { token: admin, input: { demo: '0' } });
    const demos = await callEndpoint(t.app, staff.search, { token: admin, input: { demo: '1' } });
    expect(real.body.data.data.every((u) => !u.is_demo)).toBe(true);
    expect(demos.body.data.data.map((u) => u.id)).toEqual([demo.user.id]);
    const all = await callEndpoint(t.app, staff.search, { token: admin });
    expect(all.body.data).toMatchObject({ total: 3, current_page: 1, last_page: 1 });
    expect(all.body.data.data.map((u) => u.id)).toEqual([demo.user.id, alice.user.id, inviter.user.id]);
  });
});

describe('a user\'s page', () => {
  it('shows the profile, inviter, balances per account and counts', async () => {
    const res = await callEndpoint(t.app, staff.user, { token: admin, params: { id: alice.user.id } });
    expect(res.body.data).toMatchObject({
      id: alice.user.id,
      uid: alice.user.uid,
      email: alice.email,
      is_demo: false,
      status: 1,
      inviter: { id: inviter.user.id, uid: inviter.user.uid, email: inviter.email },
      counts: { deposits: 2, forex_orders: 1, options: 0, withdrawals: 0, live_sessions: 1, invitees: 0 },
    });
    const accounts = await t.db.selectFrom('ledger_accounts').select(['account_type', 'balance', 'lock_balance']).where('user_id', '=', alice.user.id).orderBy('account_type').execute();
    expect(res.body.data.accounts).toEqual(accounts.map((a) => ({ account_type_id: a.account_type, currency: 'USDT', available: a.balance, locked: a.lock_balance })));
    expect(new Decimal(res.body.data.accounts[0]!.available).toFixed(2)).toBe('450.00');
  });

  it('the statement lists every posting newest first; balances after agree with the ledger and pages add up', async () => {
    const all = await callEndpoint(t.app, staff.statement, { token: admin, params: { id: alice.user.id }, input: { per_page: '1000' } });
    const rows = all.body.data.data;
    const postings = await t.db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('a.user_id', '=', alice.user.id)
      .executeTakeFirstOrThrow();
    expect(all.body.data.total).toBe(Number(postings.n));
    expect(rows.map((r) => r.kind)).toEqual(expect.arrayContaining(['deposit', 'transfer', 'forex_open']));
    expect(rows.map((r) => BigInt(r.posting_id))).toEqual([...rows.map((r) => BigInt(r.posting_id))].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    // The newest balance_after of each account bucket is that account's balance now.
    const accounts = await t.db.selectFrom('ledger_accounts').select(['account_type', 'balance', 'lock_balance']).where('user_id', '=', alice.user.id).execute();
    for (const a of accounts) {
      for (const [bucket, now] of [['available', a.balance], ['held', a.lock_balance]] as const) {
        const newest = rows.find((r) => r.account_type_id === a.account_type && r.bucket === bucket);
        if (newest) expect(new Decimal(newest.balance_after).eq(now), `${a.account_type}/${bucket}`).toBe(true);
      }
    }
    // Oldest first, each balance_after is the previous one of its bucket plus the amount.
    const running = new Map<string, Decimal>();
    for (const r of [...rows].reverse()) {
      const key = `${r.account_type_id}/${r.bucket}`;
      const next = (running.get(key) ?? new Decimal(0)).plus(r.amount);
      expect(new Decimal(r.balance_after).eq(next)).toBe(true);
      running.set(key, next);
    }
    const page2 = await callEndpoint(t.app, staff.statement, { token: admin, params: { id: alice.user.id }, input: { per_page: '2', page: '2' } });
    expect(page2.body.data).toMatchObject({ per_page: 2, current_page: 2, total: rows.length, last_page: Math.ceil(rows.length / 2) });
    expect(page2.body.data.data).toEqual(rows.slice(2, 4));
    const past = await callEndpoint(t.app, staff.statement, { token: admin, params: { id: alice.user.id }, input: { per_page: '50', page: '99' } });
    expect(past.body.data).toMatchObject({ data: [], total: rows.length });
    expectRefused(await callEndpoint(t.app, staff.statement, { token: admin, params: { id: alice.user.id }, input: { per_page: '1001' } }), 'bad_request');
  });

  it('lists forex orders, options, deposits, withdrawals and sessions (without token hashes)', async () => {
    const forex = await callEndpoint(t.app, staff.forexOrders, { token: admin, params: { id: alice.user.id } });
    expect(forex.body.data).toMatchObject({ total: 1, data: [{ symbol: 'BTCUSDT', order_type: 1, status: 1, quantity: expect.stringMatching(/^0\.01/) }] });
    expect((await callEndpoint(t.app, staff.options, { token: admin, params: { id: alice.user.id } })).body.data).toMatchObject({ total: 0, data: [] });
    const deposits = await callEndpoint(t.app, staff.deposits, { token: admin, params: { id: alice.user.id } });
    expect(deposits.body.data.data.map((d) => new Decimal(d.number).toFixed(0))).toEqual(['250', '500']);
    expect((await callEndpoint(t.app, staff.withdrawals, { token: admin, params: { id: alice.user.id } })).body.data.total).toBe(0);
    const sessions = await callEndpoint(t.app, staff.sessions, { token: admin, params: { id: alice.user.id } });
    expect(sessions.body.data.data).toEqual([{ id: expect.any(Number), created_at: expect.any(String), last_used_at: expect.anything(), revoked_at: null }]);
    expect(JSON.stringify(sessions.body)).not.toMatch(/token/);
  });

  it('an unknown user id is refused on every tab, localized', async () => {
    for (const endpoint of [staff.user, staff.statement, staff.forexOrders, staff.options, staff.deposits, staff.withdrawals, staff.sessions, staff.disable, staff.enable, staff.endSessions]) {
      const res = await callEndpoint(t.app, endpoint, { token: admin, params: { id: 999999 }, headers: { lang: 'en' } });
      expectRefused(res, 'user_not_found');
      expect(res.body.msg).toBe('No user with this id');
    }
    expectRefused(await callEndpoint(t.app, staff.user, { token: admin, params: { id: 'abc' } }), 'bad_request');
  });

  it('a user token never opens the users area', async () => {
    for (const endpoint of [staff.search, staff.user, staff.statement, staff.disable, staff.endSessions]) {
      expectRefused(await callEndpoint(t.app, endpoint, { token: alice.token, params: { id: alice.user.id } }), 'not_logged_in', 999);
    }
  });
});

describe('login actions', () => {
  it('end-sessions revokes every token of the user, tells the sockets and is audited', async () => {
    const user = await registerUser(t.app, t.dataDir);
    const second = await call<{ token: string }>(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: user.email, password: user.password } });
    pushes.length = 0;
    const res = await callEndpoint(t.app, staff.endSessions, { token: admin, params: { id: user.user.id } });
    expect(res.body).toMatchObject({ code: 1, data: { id: user.user.id, status: 1, sessions_revoked: 2 } });
    for (const token of [user.token, second.body.data.token]) {
      expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: { authorization: token } }), 'not_logged_in', 999);
    }
    expect(pushes).toContainEqual(expect.objectContaining({ topic: 'session.revoked', payload: { userId: user.user.id } }));
    // The user may log in again: ending sessions is not disabling.
    const again = await call(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: user.email, password: user.password } });
    expect(again.body.code).toBe(1);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('target', '=', `user:${user.user.id}`).execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'user.end_sessions', admin_id: expect.any(Number), detail: { sessions_revoked: 2, before: { status: 1 }, after: { status: 1 } } })]);
  });

  it('disable stops login and the open token at once; enable lets the user log in again; both audited', async () => {
    const user = await registerUser(t.app, t.dataDir);
    pushes.length = 0;
    const off = await callEndpoint(t.app, staff.disable, { token: admin, params: { id: user.user.id } });
    expect(off.body).toMatchObject({ code: 1, data: { status: 0, sessions_revoked: 1 } });
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: { authorization: user.token } }), 'not_logged_in', 999);
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: user.email, password: user.password } }), 'account_disabled');
    expect(pushes).toContainEqual(expect.objectContaining({ topic: 'session.revoked', payload: { userId: user.user.id } }));
    expect((await callEndpoint(t.app, staff.user, { token: admin, params: { id: user.user.id } })).body.data.status).toBe(0);

    const on = await callEndpoint(t.app, staff.enable, { token: admin, params: { id: user.user.id } });
    expect(on.body).toMatchObject({ code: 1, data: { status: 1, sessions_revoked: 0 } });
    // The token revoked by the disable stays dead; a new login works.
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: { authorization: user.token } }), 'not_logged_in', 999);
    expect((await call(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: user.email, password: user.password } })).body.code).toBe(1);

    const audit = await t.db.selectFrom('audit_log').select(['action', 'detail']).where('target', '=', `user:${user.user.id}`).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'user.disable', detail: { sessions_revoked: 1, before: { status: 1 }, after: { status: 0 } } },
      { action: 'user.enable', detail: { sessions_revoked: 0, before: { status: 0 }, after: { status: 1 } } },
    ]);
  });
});
