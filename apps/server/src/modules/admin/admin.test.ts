import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, expectRefused, registerUser, type Registered } from '../../test/http-helpers.js';
import { adminToken, balanceOf, uploadUrlOf } from '../../test/wallet-helpers.js';
import { drawWithCode, readyMethod, tronAddress } from '../../test/withdraw-helpers.js';
import { endpoints, endpointPath } from '@tp/contracts';

let t: TestApp;
let alice: Registered;
let admin: string;
const auth = (token: string) => ({ authorization: token });
beforeAll(async () => {
  t = await createTestApp({ config: { loginIpLimitPerMinute: 1000 } });
  alice = await registerUser(t.app, t.dataDir);
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await t.close();
});

async function deposit(amount: string) {
  const proofImg = await uploadUrlOf(t.app, alice.token);
  const res = await call<{ id: number }>(t.app, { method: 'POST', url: endpoints.deposits.coinSubmit.path, headers: auth(alice.token), payload: { number: amount, proofImg, charge_id: 1 } });
  return res.body.data.id;
}

describe('admin login and tokens', () => {
  it('logs in with the seeded admin; wrong passwords and unknown e-mails are refused alike', async () => {
    const ok = await call<{ token: string; admin: { email: string } }>(t.app, { method: 'POST', url: endpoints.admin.login.path, payload: { email: 'admin@example.com', password: 'admin-password-for-tests' } });
    expect(ok.body).toMatchObject({ code: 1, data: { admin: { email: 'admin@example.com' } } });
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.admin.login.path, payload: { email: 'admin@example.com', password: 'nope' } }), 'invalid_credentials');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.admin.login.path, payload: { email: 'nobody@example.com', password: 'nope' } }), 'invalid_credentials');
    // The user's own password does not log in to the admin side either.
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.admin.login.path, payload: { email: alice.email, password: alice.password } }), 'invalid_credentials');
  });

  it('a user token never opens admin routes, and an admin token never opens user routes', async () => {
    for (const [method, url] of [['GET', endpoints.admin.deposits.path], ['GET', endpoints.admin.withdrawals.path], ['POST', '/admin/api/deposits/1/approve'], ['POST', '/admin/api/withdrawals/1/reject']] as const) {
      expectRefused(await call(t.app, { method, url, headers: auth(alice.token), ...(method === 'POST' ? { payload: { reason: 'x' } } : {}) }), 'not_logged_in', 999);
      expectRefused(await call(t.app, { method, url }), 'not_logged_in', 999);
    }
    for (const url of [endpoints.wallet.balances.path, endpoints.users.info.path, endpoints.deposits.list.path]) {
      expectRefused(await call(t.app, { method: 'GET', url, headers: auth(admin) }), 'not_logged_in', 999);
    }
  });

  it('logout revokes the admin token', async () => {
    const token = await adminToken(t.app);
    expect((await call(t.app, { method: 'POST', url: endpoints.admin.logout.path, headers: auth(token) })).body.code).toBe(1);
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.admin.deposits.path, headers: auth(token) }), 'not_logged_in', 999);
  });
});

describe('review queues', () => {
  it('lists deposits by status with the user and channel; decides each once, audited', async () => {
    const id = await deposit('42');
    const queue = await call<{ data: { id: number; status: number; user: { id: number }; channel: string }[]; total: number }>(t.app, { method: 'GET', url: `${endpoints.admin.deposits.path}?status=0&page=1`, headers: auth(admin) });
    expect(queue.body.data.data[0]).toMatchObject({ id, status: 0, user: { id: alice.user.id }, channel: expect.stringContaining('USDT TRC20') });
    const first = await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.approveDeposit, { id }), headers: auth(admin), payload: { reason: 'seen on chain' } });
    expect(first.body.code).toBe(1);
    expectRefused(await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.approveDeposit, { id }), headers: auth(admin) }), 'already_decided');
    expectRefused(await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.rejectDeposit, { id }), headers: auth(admin), payload: { reason: 'late' } }), 'already_decided');
    expect((await balanceOf(t.app, alice.token, 1)).balance).toBe('42.00000000');
    const audit = await t.db.selectFrom('audit_log').selectAll().where('target', '=', `charge:${id}`).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'deposit.approve', admin_id: expect.any(Number), detail: expect.objectContaining({ user_id: alice.user.id, reason: 'seen on chain' }) });
    const decided = await call<{ data: { id: number; reviewed_at: string | null }[] }>(t.app, { method: 'GET', url: `${endpoints.admin.deposits.path}?status=1`, headers: auth(admin) });
    expect(decided.body.data.data.find((d) => d.id === id)?.reviewed_at).toMatch(/^\d{4}-/);
  });

  it('concurrent decisions on one deposit: exactly one wins, the money moves once', async () => {
    const id = await deposit('10');
    const before = await balanceOf(t.app, alice.token, 1);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(t.app, { method: 'POST', url: endpointPath(i % 2 ? endpoints.admin.rejectDeposit : endpoints.admin.approveDeposit, { id }), headers: auth(admin), payload: { reason: 'race' } }),
      ),
    );
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== 1)) expectRefused(r, 'already_decided');
    const after = await balanceOf(t.app, alice.token, 1);
    const row = await t.db.selectFrom('charges').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(after.balance) - Number(before.balance)).toBe(row.status === 1 ? 10 : 0);
    expect(await t.db.selectFrom('audit_log').select('id').where('target', '=', `charge:${id}`).execute()).toHaveLength(1);
  });

  it('concurrent decisions on one withdrawal: exactly one wins', async () => {
    const address = tronAddress('admin-test');
    const methodId = await readyMethod(t, alice, { type: 1, draw_id: 1, dc_address: address });
    const w = await drawWithCode(t, alice, { draw_currency_id: 1, number: '20', draw_method_id: methodId });
    expect(w.body.code).toBe(1);
    const queue = await call<{ data: { id: number; method: { dc_address: string }; user: { id: number } }[] }>(t.app, { method: 'GET', url: `${endpoints.admin.withdrawals.path}?status=0`, headers: auth(admin) });
    expect(queue.body.data.data[0]).toMatchObject({ id: w.body.data.id, method: { dc_address: address }, user: { id: alice.user.id } });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(t.app, { method: 'POST', url: endpointPath(i % 2 ? endpoints.admin.rejectWithdrawal : endpoints.admin.approveWithdrawal, { id: w.body.data.id }), headers: auth(admin), payload: { reason: 'race' } }),
      ),
    );
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect((await balanceOf(t.app, alice.token, 1)).lockBalance).toBe('0.00000000');
    expect(await t.db.selectFrom('audit_log').select('id').where('target', '=', `withdrawal:${w.body.data.id}`).execute()).toHaveLength(1);
  });

  it('a rejection needs a reason; unknown ids and bad ids are refused', async () => {
    const id = await deposit('5');
    expectRefused(await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.rejectDeposit, { id }), headers: auth(admin), payload: {} }), 'bad_request');
    expectRefused(await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.rejectDeposit, { id }), headers: auth(admin), payload: { reason: '   ' } }), 'bad_request');
    expectRefused(await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.approveDeposit, { id: 999999 }), headers: auth(admin) }), 'not_found');
    expectRefused(await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.approveWithdrawal, { id: 999999 }), headers: auth(admin) }), 'not_found');
    expectRefused(await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.approveDeposit, { id: 'abc' }), headers: auth(admin) }), 'bad_request');
    await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.rejectDeposit, { id }), headers: auth(admin), payload: { reason: 'cleanup' } });
  });
});
