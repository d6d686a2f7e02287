import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TestApp } from '../../test/test-app.js';
import { call, demoLogin, expectRefused, registerUser, type Registered } from '../../test/http-helpers.js';
import { balanceOf, fund, twoUsersAndAdmin } from '../../test/wallet-helpers.js';
import { endpoints } from '@tp/contracts';

let t: TestApp;
let alice: Registered;
let bob: Registered;
let admin: string;
const auth = (token: string) => ({ authorization: token });
beforeAll(async () => {
  ({ t, alice, bob, admin } = await twoUsersAndAdmin('500'));
});
afterAll(() => t.close());

const transfer = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call<{ id: number; balance: string; from: number; to: number }>(t.app, { method: 'POST', url: endpoints.wallet.transfer.path, headers: { ...auth(token), ...headers }, payload });

describe('POST /api/account/transfer', () => {
  it('moves money between two of the user own accounts in one ledger transaction', async () => {
    const res = await transfer(alice.token, { balance: '120.25', currency_id: 1, from: 1, to: 3 });
    expect(res.body).toMatchObject({ code: 1, data: { balance: '120.25000000', from: 1, to: 3, currency_id: 1 } });
    expect(await balanceOf(t.app, alice.token, 1)).toEqual({ balance: '379.75000000', lockBalance: '0.00000000' });
    expect(await balanceOf(t.app, alice.token, 3)).toEqual({ balance: '120.25000000', lockBalance: '0.00000000' });
    const tx = await t.db.selectFrom('transfers').select('ledger_transaction_id').where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    const postings = await t.db.selectFrom('ledger_postings').select(['amount']).where('transaction_id', '=', tx.ledger_transaction_id).execute();
    expect(postings.map((p) => p.amount).sort()).toEqual(['-120.250000000000000000', '120.250000000000000000']);
    // form-urlencoded, as the web app sends it, and currency_id defaulted
    const form = await call(t.app, { method: 'POST', url: endpoints.wallet.transfer.path, headers: { ...auth(alice.token), 'content-type': 'application/x-www-form-urlencoded' }, payload: 'balance=0.25&from=3&to=2' });
    expect(form.body).toMatchObject({ code: 1, data: { balance: '0.25000000', from: 3, to: 2 } });
  });

  it('refuses the same account, bad amounts and accounts, another currency, and more than available', async () => {
    expectRefused(await transfer(alice.token, { balance: '1', from: 2, to: 2 }), 'same_account');
    expectRefused(await transfer(alice.token, { balance: '0', from: 1, to: 2 }), 'bad_request');
    expectRefused(await transfer(alice.token, { balance: '-1', from: 1, to: 2 }), 'bad_request');
    expectRefused(await transfer(alice.token, { balance: '1', from: 1, to: 4 }), 'bad_request');
    expectRefused(await transfer(alice.token, { balance: '1', from: 1, to: 2, currency_id: 2 }), 'bad_request');
    const res = await transfer(bob.token, { balance: '0.01', from: 1, to: 2 }, { lang: 'en' });
    expectRefused(res, 'insufficient_balance');
    expect(res.body.msg).toBe('Insufficient balance');
  });

  it('20 concurrent transfers of the whole balance: exactly one succeeds, nothing goes below zero', async () => {
    const carol = await registerUser(t.app, t.dataDir);
    await fund(t.app, carol.token, admin, '77.7');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => transfer(carol.token, { balance: '77.7', from: 1, to: 2 + (i % 2) })));
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== 1)) expectRefused(r, 'insufficient_balance');
    const funding = await balanceOf(t.app, carol.token, 1);
    const micro = await balanceOf(t.app, carol.token, 2);
    const forex = await balanceOf(t.app, carol.token, 3);
    expect(funding.balance).toBe('0.00000000');
    expect(Number(micro.balance) + Number(forex.balance)).toBeCloseTo(77.7, 8);
  });

  it('each committed transfer writes one balance.changed event in its own transaction; refused and replayed ones write none', async () => {
    const dave = await registerUser(t.app, t.dataDir);
    await fund(t.app, dave.token, admin, '50');
    const results = await Promise.all(Array.from({ length: 6 }, () => transfer(dave.token, { balance: '50', from: 1, to: 3 })));
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    const keyed = () => transfer(dave.token, { balance: '5', from: 3, to: 2 }, { 'idempotency-key': 'ev-1' });
    expect((await keyed()).body.code).toBe(1);
    expect((await keyed()).body.code).toBe(1);
    const events = await t.db
      .selectFrom('event_outbox')
      .select(['name', 'payload'])
      .where('name', '=', 'balance.changed')
      .where(sql<boolean>`(payload->>'userId')::int = ${dave.user.id}`)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { name: 'balance.changed', payload: { userId: dave.user.id, accountTypes: [1, 3] } },
      { name: 'balance.changed', payload: { userId: dave.user.id, accountTypes: [3, 2] } },
    ]);
  });

  it('Idempotency-Key: the same key acts once and answers the first transfer, even concurrently', async () => {
    const before = await balanceOf(t.app, alice.token, 1);
    const results = await Promise.all(Array.from({ length: 8 }, () => transfer(alice.token, { balance: '10', from: 1, to: 2 }, { 'idempotency-key': 'tr-1' })));
    expect(new Set(results.map((r) => r.body.data?.id)).size).toBe(1);
    expect(results.every((r) => r.body.code === 1)).toBe(true);
    expect((await balanceOf(t.app, alice.token, 1)).balance).toBe((Number(before.balance) - 10).toFixed(8));
    // Keys are per user: Bob's 'tr-1' is his own (and refused for want of money).
    expectRefused(await transfer(bob.token, { balance: '10', from: 1, to: 2 }, { 'idempotency-key': 'tr-1' }), 'insufficient_balance');
    // The same key on another route is a conflict.
    const draw = await call(t.app, { method: 'POST', url: endpoints.withdrawals.draw.path, headers: { ...auth(alice.token), 'idempotency-key': 'tr-1' }, payload: { draw_currency_id: 1, number: '10', draw_method_id: 1, auth_code: '123456' } });
    expectRefused(draw, 'idempotency_conflict');
  });

  it('refuses a demo account and a visitor', async () => {
    const demo = await demoLogin(t.app, 'transfer-demo-1');
    expectRefused(await transfer(demo.token, { balance: '1', from: 1, to: 2 }), 'only_true_account');
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.wallet.transferLog.path, headers: auth(demo.token) }), 'only_true_account');
    expectRefused(await transfer('', { balance: '1', from: 1, to: 2 }), 'not_logged_in', 999);
  });
});

describe('GET /api/account/transfer_log', () => {
  it('lists the user own transfers newest first, optionally those touching one account', async () => {
    const all = await call<{ data: { id: number; from: number; to: number }[]; total: number; per_page: number }>(t.app, { method: 'GET', url: `${endpoints.wallet.transferLog.path}?page=1`, headers: auth(alice.token) });
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.data.map((r) => [r.from, r.to])).toEqual([[1, 2], [3, 2], [1, 3]]);
    const forex = await call<{ data: unknown[] }>(t.app, { method: 'GET', url: `${endpoints.wallet.transferLog.path}?type=3`, headers: auth(alice.token) });
    expect(forex.body.data.data).toHaveLength(2);
    const bobs = await call<{ data: unknown[]; total: number }>(t.app, { method: 'GET', url: endpoints.wallet.transferLog.path, headers: auth(bob.token) });
    expect(bobs.body.data).toMatchObject({ data: [], total: 0, current_page: 1, last_page: 1 });
  });
});

describe('GET /v2/api/main/accountLog/forexChange', () => {
  it('lists the postings of one account newest first with localized MemoTran and the account available and frozen', async () => {
    const res = await call<{ data: { Value: string; FrozenValue: string; Type: number; Memo: string; MemoTran: string; CreatedAtTran: string }[]; total: number; available: string; frozen: string; accountTypeId: number }>(t.app, {
      method: 'GET',
      url: `${endpoints.wallet.accountLog.path}?accountTypeId=1&page=1`,
      headers: { ...auth(alice.token), lang: 'en' },
    });
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({ accountTypeId: 1, available: '369.75000000', frozen: '0.00000000', total: 3, current_page: 1 });
    expect(res.body.data.data.map((r) => [r.Type, r.Value, r.MemoTran])).toEqual([
      [5, '-10.00000000', 'Transfer out'],
      [5, '-120.25000000', 'Transfer out'],
      [1, '500.00000000', 'Deposit'],
    ]);
    expect(res.body.data.data[2]!.CreatedAtTran).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // `type` is accepted for the account too, as an id or a name; MemoTran follows the lang header.
    const micro = await call<{ data: { Type: number; MemoTran: string }[] }>(t.app, { method: 'GET', url: `${endpoints.wallet.accountLog.path}?type=micro`, headers: { ...auth(alice.token), lang: 'de' } });
    expect(micro.body.data.data.map((r) => [r.Type, r.MemoTran])).toEqual([
      [6, 'Umbuchung eingehend'],
      [6, 'Umbuchung eingehend'],
    ]);
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.wallet.accountLog.path, headers: auth(alice.token) }), 'bad_request');
    expectRefused(await call(t.app, { method: 'GET', url: `${endpoints.wallet.accountLog.path}?accountTypeId=9`, headers: auth(alice.token) }), 'bad_request');
  });

  it('shows a withdrawal hold as frozen and only ever the caller own account', async () => {
    const bobs = await call<{ data: unknown[]; total: number; available: string }>(t.app, { method: 'GET', url: `${endpoints.wallet.accountLog.path}?accountTypeId=1`, headers: auth(bob.token) });
    expect(bobs.body.data).toMatchObject({ data: [], total: 0, available: '0.00000000' });
    const demo = await demoLogin(t.app, 'history-demo-1');
    const d = await call<{ data: { Type: number; Value: string }[] }>(t.app, { method: 'GET', url: `${endpoints.wallet.accountLog.path}?accountTypeId=2`, headers: auth(demo.token) });
    expect(d.body.data.data).toEqual([expect.objectContaining({ Type: 7, Value: '10000.00000000' })]);
  });
});
