import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TestApp } from '../../test/test-app.js';
import { call, demoLogin, expectRefused, type Registered } from '../../test/http-helpers.js';
import { balanceOf, twoUsersAndAdmin } from '../../test/wallet-helpers.js';
import { SYSTEM_ACCOUNTS } from '../ledger/index.js';
import { endpoints, endpointPath } from '@tp/contracts';

let t: TestApp;
let alice: Registered;
let bob: Registered;
let admin: string;
const auth = (token: string) => ({ authorization: token });
// Seeded currencies: 1 USDT/TRC20 fixed 1 min 10; 2 USDT/ERC20 fixed 5 min 20; 3 BTC rate 0.001 min 50; 4 USD bank rate 1 % min 100; 5 EUR bank.
beforeAll(async () => {
  ({ t, alice, bob, admin } = await twoUsersAndAdmin('1000'));
});
afterAll(() => t.close());

async function bind(token: string, payload: Record<string, unknown>) {
  return call<{ id: number; type: number; draw_id: number }>(t.app, { method: 'POST', url: endpoints.withdrawals.bindMethod.path, headers: auth(token), payload });
}
async function draw(token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call<{ id: number; number: string; fee: string; real_number: string; status: number; status_name: string }>(t.app, {
    method: 'POST',
    url: endpoints.withdrawals.draw.path,
    headers: { ...auth(token), ...headers },
    payload,
  });
}

describe('withdrawal currencies and methods', () => {
  it('lists currencies by type with fee rule and draw_min', async () => {
    const coin = await call<{ code: string; protocol: string; fee_type: number; draw_rate: string; draw_min: string; type: number }[]>(t.app, {
      method: 'GET',
      url: `${endpoints.withdrawals.currencies.path}?type=1`,
      headers: auth(alice.token),
    });
    expect(coin.body.data.map((c) => `${c.code}/${c.protocol}`)).toEqual(['USDT/TRC20', 'USDT/ERC20', 'BTC/BTC']);
    expect(coin.body.data[0]).toMatchObject({ fee_type: 1, draw_rate: '1', draw_min: '10', usd_price: '1', type: 1 });
    const bank = await call<{ code: string }[]>(t.app, { method: 'GET', url: `${endpoints.withdrawals.currencies.path}?type=2`, headers: auth(alice.token) });
    expect(bank.body.data.map((c) => c.code)).toEqual(['USD', 'EUR']);
    expectRefused(await call(t.app, { method: 'GET', url: `${endpoints.withdrawals.currencies.path}?type=3`, headers: auth(alice.token) }), 'bad_request');
  });

  it('binds a coin address and a bank card, lists them with drawCurrency.draw_min, and deletes', async () => {
    const coin = await bind(alice.token, { type: 1, draw_id: 1, dc_address: 'TAliceAddress1', payee_name: 'ignored for coin' });
    expect(coin.body).toMatchObject({ code: 1, data: { type: 1, draw_id: 1, dc_address: 'TAliceAddress1', payee_name: '', draw_currency: { code: 'USDT', protocol: 'TRC20' } } });
    const card = await bind(alice.token, {
      draw_type: 2,
      draw_id: 4,
      payee_account: '123456789',
      payee_name: 'Alice Example',
      bank_name: 'Example Bank',
      bank_branch: 'Central',
      beneficiary_currency: 'USD',
      remark: 'main card',
    });
    expect(card.body).toMatchObject({ code: 1, data: { type: 2, bank_branch: 'Central', beneficiary_currency: 'USD', remark: 'main card', dc_address: '' } });
    const got = await call<{ list: { id: number }[]; drawCurrency: { draw_min: string } }>(t.app, { method: 'GET', url: `${endpoints.withdrawals.methods.path}?draw_type=1&draw_id=1`, headers: auth(alice.token) });
    expect(got.body.data.list.map((m) => m.id)).toEqual([coin.body.data.id]);
    expect(got.body.data.drawCurrency).toMatchObject({ id: 1, draw_min: '10' });
    const banks = await call<{ list: { id: number }[]; drawCurrency: null }>(t.app, { method: 'GET', url: `${endpoints.withdrawals.methods.path}?draw_type=2`, headers: auth(alice.token) });
    expect(banks.body.data).toEqual({ list: [expect.objectContaining({ id: card.body.data.id })], drawCurrency: null });
    // Bob sees none of Alice's methods and cannot delete them.
    const bobs = await call<{ list: unknown[] }>(t.app, { method: 'GET', url: `${endpoints.withdrawals.methods.path}?draw_type=2`, headers: auth(bob.token) });
    expect(bobs.body.data.list).toEqual([]);
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.withdrawals.deleteMethod.path, headers: auth(bob.token), payload: { id: card.body.data.id } }), 'method_not_found');
    const del = await call(t.app, { method: 'POST', url: endpoints.withdrawals.deleteMethod.path, headers: auth(alice.token), payload: { id: card.body.data.id } });
    expect(del.body).toMatchObject({ code: 1, data: null });
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.withdrawals.deleteMethod.path, headers: auth(alice.token), payload: { id: card.body.data.id } }), 'method_not_found');
  });

  it('Idempotency-Key: binding again with the same key answers the first method and binds once', async () => {
    const count = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM withdraw_methods WHERE user_id = ${bob.user.id}`.execute(t.db)).rows[0]!.n);
    const before = await count();
    const payload = { type: 1, draw_id: 1, dc_address: 'TBobRetriedAddress' };
    const first = await call<{ id: number }>(t.app, { method: 'POST', url: endpoints.withdrawals.bindMethod.path, headers: { ...auth(bob.token), 'idempotency-key': 'bind-1' }, payload });
    const again = await call<{ id: number }>(t.app, { method: 'POST', url: endpoints.withdrawals.bindMethod.path, headers: { ...auth(bob.token), 'idempotency-key': 'bind-1' }, payload });
    expect(first.body.code).toBe(1);
    expect(again.body).toEqual(first.body);
    expect(await count()).toBe(before + 1);
  });

  it('refuses a method without its required fields, of an unknown currency, or whose type differs from the currency', async () => {
    expectRefused(await bind(alice.token, { type: 1, draw_id: 1 }), 'bad_request');
    expectRefused(await bind(alice.token, { type: 2, draw_id: 4, payee_account: '1', payee_name: 'A' }), 'bad_request'); // no bank_name
    expectRefused(await bind(alice.token, { draw_id: 1, dc_address: 'x' }), 'bad_request'); // no type
    expectRefused(await bind(alice.token, { type: 1, draw_id: 999, dc_address: 'x' }), 'currency_not_found');
    expectRefused(await bind(alice.token, { type: 1, draw_id: 4, dc_address: 'x' }), 'method_mismatch');
    expectRefused(await call(t.app, { method: 'GET', url: `${endpoints.withdrawals.methods.path}?draw_type=1&draw_id=4`, headers: auth(alice.token) }), 'currency_not_found');
  });
});

describe('POST /api/account/draw', () => {
  let coinMethod: number;
  let bankMethod: number;
  beforeAll(async () => {
    coinMethod = (await bind(alice.token, { type: 1, draw_id: 1, dc_address: 'TAliceAddress2' })).body.data.id;
    bankMethod = (await bind(alice.token, { type: 2, draw_id: 4, payee_account: '42', payee_name: 'Alice', bank_name: 'Bank' })).body.data.id;
  });

  it('holds the amount on the funding account; approval pays real_number out and keeps the fee', async () => {
    const before = await balanceOf(t.app, alice.token, 1);
    const res = await draw(alice.token, { draw_currency_id: 1, number: '100', memo: 'rent', draw_method_id: coinMethod });
    expect(res.body).toMatchObject({ code: 1, data: { number: '100.00000000', fee: '1.00000000', real_number: '99.00000000', status: 0, status_name: '待審核', notes: 'rent', address: 'TAliceAddress2', type: 1 } });
    expect(await balanceOf(t.app, alice.token, 1)).toEqual({ balance: (Number(before.balance) - 100).toFixed(8), lockBalance: '100.00000000' });
    const feeBefore = await systemBalance(SYSTEM_ACCOUNTS.feeRevenue);
    const ok = await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.approveWithdrawal, { id: res.body.data.id }), headers: auth(admin), payload: {} });
    expect(ok.body).toMatchObject({ code: 1, data: { status: 1 } });
    expect(await balanceOf(t.app, alice.token, 1)).toEqual({ balance: (Number(before.balance) - 100).toFixed(8), lockBalance: '0.00000000' });
    expect(Number(await systemBalance(SYSTEM_ACCOUNTS.feeRevenue)) - Number(feeBefore)).toBe(1);
    const list = await call<{ data: { id: number; status: number; status_name: string }[] }>(t.app, { method: 'GET', url: `${endpoints.withdrawals.list.path}?type=1&page=1`, headers: { ...auth(alice.token), lang: 'en' } });
    expect(list.body.data.data[0]).toMatchObject({ id: res.body.data.id, status: 1, status_name: 'Paid' });
  });

  it('a rejected withdrawal releases the hold', async () => {
    const before = await balanceOf(t.app, alice.token, 1);
    const res = await draw(alice.token, { draw_currency_id: 4, number: '123.45', draw_method_id: bankMethod });
    // 1 % of 123.45 = 1.2345, rounded UP to 2 places.
    expect(res.body.data).toMatchObject({ fee: '1.24000000', real_number: '122.21000000' });
    const no = await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.rejectWithdrawal, { id: res.body.data.id }), headers: auth(admin), payload: { reason: 'Name mismatch' } });
    expect(no.body.data).toMatchObject({ status: 2 });
    expect(await balanceOf(t.app, alice.token, 1)).toEqual(before);
    const list = await call<{ data: { id: number; status: number }[] }>(t.app, { method: 'GET', url: `${endpoints.withdrawals.list.path}?type=2`, headers: auth(alice.token) });
    expect(list.body.data.data.map((r) => r.id)).toContain(res.body.data.id);
  });

  it('refuses below draw_min, a fee that takes it all, insufficient balance, unknown or foreign methods, mismatched currency', async () => {
    const r1 = await draw(alice.token, { draw_currency_id: 1, number: '9.99', draw_method_id: coinMethod }, { lang: 'en' });
    expectRefused(r1, 'amount_below_min');
    expect(r1.body.msg).toBe('The minimum withdrawal amount is 10');
    // A currency whose fixed fee exceeds its minimum: the fee would take the whole amount.
    const { id: pricey } = await t.db.insertInto('withdraw_currencies').values({ code: 'XFEE', protocol: 'T', type: 1, fee_type: 1, draw_rate: '50', draw_min: '1' }).returning('id').executeTakeFirstOrThrow();
    const m = (await bind(alice.token, { type: 1, draw_id: pricey, dc_address: 'x' })).body.data.id;
    expectRefused(await draw(alice.token, { draw_currency_id: pricey, number: '50', draw_method_id: m }), 'fee_exceeds_amount');
    expectRefused(await draw(alice.token, { draw_currency_id: 1, number: '100000', draw_method_id: coinMethod }), 'insufficient_balance');
    expectRefused(await draw(alice.token, { draw_currency_id: 1, number: '20', draw_method_id: 999_999 }), 'method_not_found');
    expectRefused(await draw(alice.token, { draw_currency_id: 999, number: '20', draw_method_id: coinMethod }), 'currency_not_found');
    expectRefused(await draw(alice.token, { draw_currency_id: 2, number: '20', draw_method_id: coinMethod }), 'method_mismatch');
    // Bob cannot withdraw to Alice's method (he has no money either, but the method check comes first).
    expectRefused(await draw(bob.token, { draw_currency_id: 1, number: '20', draw_method_id: coinMethod }), 'method_not_found');
    expectRefused(await draw(alice.token, { draw_currency_id: 1, number: 'abc', draw_method_id: coinMethod }), 'bad_request');
  });

  it('a deleted method can no longer be used; its past withdrawals still list', async () => {
    const id = (await bind(alice.token, { type: 1, draw_id: 1, dc_address: 'TGone' })).body.data.id;
    const w = await draw(alice.token, { draw_currency_id: 1, number: '10', draw_method_id: id });
    expect(w.body.code).toBe(1);
    await call(t.app, { method: 'POST', url: endpoints.withdrawals.deleteMethod.path, headers: auth(alice.token), payload: { id } });
    expectRefused(await draw(alice.token, { draw_currency_id: 1, number: '10', draw_method_id: id }), 'method_not_found');
    await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.rejectWithdrawal, { id: w.body.data.id }), headers: auth(admin), payload: { reason: 'test' } });
  });

  it('Idempotency-Key: a replayed draw answers the first withdrawal and holds once', async () => {
    const before = await balanceOf(t.app, alice.token, 1);
    const headers = { 'idempotency-key': 'draw-1' };
    const results = await Promise.all(Array.from({ length: 5 }, () => draw(alice.token, { draw_currency_id: 1, number: '10', draw_method_id: coinMethod }, headers)));
    const ids = new Set(results.map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    expect(results.every((r) => r.body.code === 1)).toBe(true);
    expect(await balanceOf(t.app, alice.token, 1)).toEqual({ balance: (Number(before.balance) - 10).toFixed(8), lockBalance: (Number(before.lockBalance) + 10).toFixed(8) });
    // A refused first answer is replayed too.
    const r1 = await draw(alice.token, { draw_currency_id: 1, number: '5', draw_method_id: coinMethod }, { 'idempotency-key': 'draw-2' });
    expectRefused(r1, 'amount_below_min');
    expectRefused(await draw(alice.token, { draw_currency_id: 1, number: '5', draw_method_id: coinMethod }, { 'idempotency-key': 'draw-2' }), 'amount_below_min');
    expectRefused(await draw(alice.token, { draw_currency_id: 1, number: '10', draw_method_id: coinMethod }, { 'idempotency-key': 'bad key with spaces' }), 'bad_request');
    const pending = [...ids][0]!;
    await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.rejectWithdrawal, { id: pending }), headers: auth(admin), payload: { reason: 'cleanup' } });
  });

  it.each([
    ['GET', `${endpoints.withdrawals.currencies.path}?type=1`],
    ['POST', endpoints.withdrawals.draw.path],
    ['GET', endpoints.withdrawals.list.path],
    ['GET', `${endpoints.withdrawals.methods.path}?draw_type=1`],
    ['POST', endpoints.withdrawals.bindMethod.path],
    ['POST', endpoints.withdrawals.deleteMethod.path],
  ] as const)('%s %s refuses a demo account and a visitor', async (method, url) => {
    const demo = await demoLogin(t.app, 'withdraw-demo-1');
    expectRefused(await call(t.app, { method, url, headers: auth(demo.token), ...(method === 'POST' ? { payload: {} } : {}) }), 'only_true_account');
    expectRefused(await call(t.app, { method, url }), 'not_logged_in', 999);
  });
});

async function systemBalance(code: string): Promise<string> {
  const row = await t.db.selectFrom('ledger_accounts').select('balance').where('system_code', '=', code).executeTakeFirstOrThrow();
  return row.balance;
}

describe('bookkeeping', () => {
  it('every withdrawal is fee + real_number = number and points at its ledger transactions', async () => {
    const bad = await sql<{ n: string }>`SELECT count(*) AS n FROM withdrawals WHERE fee + real_number <> number OR (status <> 0 AND settle_transaction_id IS NULL)`.execute(t.db);
    expect(bad.rows[0]!.n).toBe('0');
  });
});
