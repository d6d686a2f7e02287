import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@tp/domain';
import { endpoints } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, callEndpoint, demoLogin, expectRefused, registerUser, type Registered } from '../../test/http-helpers.js';
import { adminToken, fund, uploadUrlOf } from '../../test/wallet-helpers.js';
import { drawWithCode, readyMethod, tronAddress } from '../../test/withdraw-helpers.js';
import { MARKET_CLOSED_MS, MARKET_OPEN_MS, storeTick, symbolId } from '../../test/forex-helpers.js';
import { dashboard } from './dashboard.js';
import { LeaderElection, processNodeName } from '../../engine/leader-election.js';

/** The operations endpoints of the admin console against a seeded scenario: dashboard, audit log, outbox. */

const ops = endpoints.adminOps;
let t: TestApp;
let admin: string;
let adminId: number;
let alice: Registered;
let btc: number;
let realFee: string;
let demoFee: string;

async function submitForex(token: string) {
  const res = await call<{ TradeFee: string }>(t.app, {
    method: 'POST',
    url: endpoints.forex.submit.path,
    headers: { authorization: token },
    payload: { type: 1, cont: '0.01', forex_id: btc, status: 1, multiple: 10 },
  });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
  return res.body.data;
}

beforeAll(async () => {
  t = await createTestApp({ config: { loginIpLimitPerMinute: 1000 } });
  admin = await adminToken(t.app);
  adminId = (await t.db.selectFrom('admins').select('id').where('email', '=', 'admin@example.com').executeTakeFirstOrThrow()).id;
  alice = await registerUser(t.app, t.dataDir);
  btc = await symbolId(t.db, 'BTCUSDT');
  await storeTick(t.db, 'BTCUSDT', '100000.00');
  // Scenario: an approved deposit, a deposit waiting, a withdrawal waiting, one real and one demo forex order (each with its fee).
  await fund(t.app, alice.token, admin, '500');
  const proofImg = await uploadUrlOf(t.app, alice.token);
  expect((await call(t.app, { method: 'POST', url: endpoints.deposits.coinSubmit.path, headers: { authorization: alice.token }, payload: { number: '42', proofImg, charge_id: 1 } })).body.code).toBe(1);
  const methodId = await readyMethod(t, alice, { type: 1, draw_id: 1, dc_address: tronAddress('ops-test') });
  expect((await drawWithCode(t, alice, { draw_currency_id: 1, number: '20', draw_method_id: methodId })).body.code).toBe(1);
  expect((await call(t.app, { method: 'POST', url: endpoints.wallet.transfer.path, headers: { authorization: alice.token }, payload: { balance: '300', from: 1, to: 3 } })).body.code).toBe(1);
  realFee = (await submitForex(alice.token)).TradeFee;
  const demo = await demoLogin(t.app, 'ops-demo');
  demoFee = (await submitForex(demo.token)).TradeFee;
});
afterAll(async () => {
  await t.close();
});

describe('GET /admin/api/dashboard', () => {
  it('counts users, the waiting queues with their sums, open interest and exposure', async () => {
    const res = await callEndpoint(t.app, ops.dashboard, { token: admin });
    expect(res.body.code).toBe(1);
    const d = res.body.data;
    expect(d.users).toEqual({ total: 2, new_today: 2, demo: 1, real: 1 });
    expect(d.deposits_waiting.count).toBe(1);
    expect(new Decimal(d.deposits_waiting.sum).eq(42)).toBe(true);
    expect(d.withdrawals_waiting.count).toBe(1);
    expect(new Decimal(d.withdrawals_waiting.sum).eq(20)).toBe(true);
    const sym = d.symbols.find((s) => s.code === 'BTCUSDT')!;
    const contNum = (await t.db.selectFrom('trade_symbols').select('cont_num').where('id', '=', btc).executeTakeFirstOrThrow()).cont_num;
    expect(sym).toMatchObject({ positions: 1, demo_positions: 1, last_price: expect.stringMatching(/^100000\.0+$/), stale: false });
    expect(new Decimal(sym.buy_lots).eq('0.01')).toBe(true);
    expect(new Decimal(sym.sell_lots).isZero()).toBe(true);
    // The house holds the other side of the real buy: minus 0.01 lots x contract size x last price.
    expect(new Decimal(sym.house_exposure!).eq(new Decimal('0.01').times(contNum).times(100000).neg().toFixed(2))).toBe(true);
    expect(sym.tick_age_ms).toBeGreaterThanOrEqual(0);
    // A symbol that never ticked has no price; it is stale while its market is open, unless
    // disabled (the clock here is the real one: the forex market may be closed as this runs).
    const silent = d.symbols.filter((s) => s.last_price === null);
    expect(silent.length).toBeGreaterThan(0);
    for (const s of silent) expect(s).toMatchObject({ stale: s.enabled && s.market_open, tick_age_ms: null, house_exposure: null });
  });

  it('reports today\'s house result and fees, real and demo apart', async () => {
    const d = (await callEndpoint(t.app, ops.dashboard, { token: admin })).body.data;
    expect(new Decimal(d.house_today.real.fee_revenue).eq(realFee)).toBe(true);
    expect(new Decimal(d.house_today.demo.fee_revenue).eq(demoFee)).toBe(true);
    const realOpen = d.house_today.real.by_kind.find((k) => k.kind === 'forex_open');
    expect(new Decimal(realOpen!.amount).eq(realFee)).toBe(true);
    // A deposit moves money in from outside: not a house result.
    expect(d.house_today.real.by_kind.map((k) => k.kind)).not.toContain('deposit');
    // Play money the house handed the demo account stays in the demo figures.
    expect(d.house_today.demo.by_kind.find((k) => k.kind === 'demo_funding')?.amount).toMatch(/^-/);
    expect(d.house_today.real.by_kind.map((k) => k.kind)).not.toContain('demo_funding');
  });

  it('reports the engine, the event lag and the scheduler from the database', async () => {
    // One clock reading: two readings a millisecond apart made the period 60001 ms now and then.
    const now = Date.now();
    await t.db
      .insertInto('scheduled_runs')
      .values([
        { job: 'test.job', period_start: new Date(now - 120_000), started_at: new Date(now - 120_000), finished_at: new Date(now - 119_000) },
        { job: 'test.job', period_start: new Date(now - 60_000), started_at: new Date(now - 60_000), finished_at: new Date(now - 59_000) },
      ])
      .execute();
    const d = (await callEndpoint(t.app, ops.dashboard, { token: admin })).body.data;
    // The test app runs no engine: no lock holder, and this process says so.
    expect(d.engine).toMatchObject({ this_node: { role: 'off', node: expect.stringContaining(':') }, leader: null, stale_feeds: [] });
    const job = d.jobs.find((j) => j.name === 'test.job')!;
    expect(job.period_ms).toBe(60_000);
    // The period after the last run started ~now: on time, or late by at most the test's own run time.
    expect(job.late_ms).toBeLessThan(5_000);
    expect(d.event_lag_ms === null || d.event_lag_ms >= 0).toBe(true);
  });

  it('a forex-week symbol is stale only in its market hours (silent or not); an always-open one at any hour', async () => {
    const engine = { node: 'test:1', role: 'off', staleFeeds: [] };
    const saturday = await dashboard(t.db, { now: new Date(MARKET_CLOSED_MS), feedStaleMs: 15_000, engine });
    expect(saturday.symbols.find((s) => s.code === 'EURUSD')).toMatchObject({ market_open: false, stale: false });
    // EURUSD never ticked here: in open hours that silence is stale.
    const wednesday = await dashboard(t.db, { now: new Date(MARKET_OPEN_MS), feedStaleMs: 15_000, engine });
    expect(wednesday.symbols.find((s) => s.code === 'EURUSD')).toMatchObject({ market_open: true, stale: true, last_price: null, tick_age_ms: null });
    const later = await dashboard(t.db, { now: new Date(Date.now() + 3_600_000), feedStaleMs: 15_000, engine });
    expect(later.symbols.find((s) => s.code === 'BTCUSDT')).toMatchObject({ market_open: true, stale: true });
  });

  it('names the process holding the engine lock, read from the database', async () => {
    const election = new LeaderElection({ databaseUrl: t.databaseUrl, retryMs: 60_000, onElected: async () => undefined, onDeposed: async () => undefined });
    await election.start();
    try {
      expect(election.role).toBe('leader');
      const d = (await callEndpoint(t.app, ops.dashboard, { token: admin })).body.data;
      expect(d.engine.leader).toMatchObject({ name: processNodeName(), since: expect.stringMatching(/^\d{4}-/) });
    } finally {
      await election.stop();
    }
    expect((await callEndpoint(t.app, ops.dashboard, { token: admin })).body.data.engine.leader).toBeNull();
  });
});

describe('GET /admin/api/audit', () => {
  it('lists newest first with the staff e-mail, before and after split out of the detail', async () => {
    const res = await callEndpoint(t.app, ops.audit, { token: admin, input: { action: 'deposit.approve' } });
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.data[0]).toMatchObject({ admin_id: adminId, admin_email: 'admin@example.com', action: 'deposit.approve', target: expect.stringMatching(/^charge:/), before: null, after: null });
    await callEndpoint(t.app, endpoints.adminUsers.disable, { token: admin, params: { id: alice.user.id } });
    const change = (await callEndpoint(t.app, ops.audit, { token: admin, input: { target: `user:${alice.user.id}` } })).body.data.data[0]!;
    expect(change).toMatchObject({ action: 'user.disable', before: { status: 1 }, after: { status: 0 }, detail: { sessions_revoked: 1 } });
    await callEndpoint(t.app, endpoints.adminUsers.enable, { token: admin, params: { id: alice.user.id } });
    const all = (await callEndpoint(t.app, ops.audit, { token: admin })).body.data.data;
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((a, b) => b - a));
  });

  it('filters by staff, action area, target and time', async () => {
    const byArea = (await callEndpoint(t.app, ops.audit, { token: admin, input: { action: 'user.' } })).body.data.data;
    expect(byArea.map((r) => r.action)).toEqual(['user.enable', 'user.disable']);
    const byStaff = (await callEndpoint(t.app, ops.audit, { token: admin, input: { admin_id: String(adminId) } })).body.data;
    expect(byStaff.data.every((r) => r.admin_id === adminId)).toBe(true);
    expect(byStaff.total).toBeGreaterThanOrEqual(4);
    expect((await callEndpoint(t.app, ops.audit, { token: admin, input: { admin_id: '999999' } })).body.data.total).toBe(0);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await callEndpoint(t.app, ops.audit, { token: admin, input: { from: tomorrow } })).body.data.total).toBe(0);
    expect((await callEndpoint(t.app, ops.audit, { token: admin, input: { from: yesterday, to: tomorrow } })).body.data.total).toBe(byStaff.total + (await t.db.selectFrom('audit_log').select('id').where('admin_id', 'is', null).execute()).length);
    expect((await callEndpoint(t.app, ops.audit, { token: admin, input: { to: `${yesterday} 23:59:59` } })).body.data.total).toBe(0);
    expectRefused(await callEndpoint(t.app, ops.audit, { token: admin, input: { from: 'yesterday' } }), 'bad_request');
  });
});

describe('GET /admin/api/outbox', () => {
  it('lists the sent e-mails newest first with codes masked, filters by channel and recipient, pages', async () => {
    const file = path.join(t.dataDir, 'outbox.jsonl');
    const lines = (await fs.readFile(file, 'utf8')).trim().split('\n');
    const res = await callEndpoint(t.app, ops.outbox, { token: admin });
    expect(res.body.data.total).toBe(lines.length);
    const newest = JSON.parse(lines.at(-1)!) as { to: string; code: string };
    expect(res.body.data.data[0]).toMatchObject({ channel: 'email', to: newest.to, had_code: true });
    expect(res.body.data.data[0]!.text).not.toContain(newest.code);
    expect(res.body.data.data[0]!.text).toContain('••••••');
    // Filters: by recipient part (any case), by channel.
    const mine = await callEndpoint(t.app, ops.outbox, { token: admin, input: { to: alice.email.toUpperCase() } });
    expect(mine.body.data.data.map((r) => r.to)).toEqual(lines.map((l) => (JSON.parse(l) as { to: string }).to).filter((to) => to === alice.email));
    expect((await callEndpoint(t.app, ops.outbox, { token: admin, input: { channel: 'sms' } })).body.data.total).toBe(0);
    // Paging over many lines, with a torn last line skipped.
    const extra = Array.from({ length: 70 }, (_, i) => JSON.stringify({ channel: 'sms', to: `+8525550${String(i).padStart(3, '0')}`, type: 'register', code: null, text: `hello ${i}`, created_at: '2026-11-24 10:00:00' }));
    await fs.appendFile(file, extra.join('\n') + '\n{"channel":"sms","to":"+85');
    const page2 = await callEndpoint(t.app, ops.outbox, { token: admin, input: { channel: 'sms', page: '2' } });
    expect(page2.body.data).toMatchObject({ total: 70, current_page: 2, last_page: 3, per_page: 30 });
    expect(page2.body.data.data.map((r) => r.text)).toEqual(Array.from({ length: 30 }, (_, i) => `hello ${39 - i}`));
  });
});

describe('roles', () => {
  it('each endpoint names the roles of the console\'s table (the server checks them on every call)', () => {
    const roles = (e: { access: { kind: string; roles?: readonly string[] } }) => [...(e.access.roles ?? [])].sort();
    const users = endpoints.adminUsers;
    for (const read of [users.search, users.user, users.statement, users.forexOrders, users.options, users.deposits, users.withdrawals, users.sessions, ops.dashboard]) {
      expect(roles(read), read.path).toEqual(['admin', 'reviewer', 'support']);
    }
    for (const action of [users.disable, users.enable, users.endSessions, ops.audit]) expect(roles(action), action.path).toEqual(['admin']);
    expect(roles(ops.outbox)).toEqual(['admin', 'support']);
  });

  it('a user token opens none of the operations endpoints', async () => {
    for (const endpoint of [ops.dashboard, ops.audit, ops.outbox]) expectRefused(await callEndpoint(t.app, endpoint, { token: alice.token }), 'not_logged_in', 999);
  });
});
