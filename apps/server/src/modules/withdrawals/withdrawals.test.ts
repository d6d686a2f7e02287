import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TestApp } from '../../test/test-app.js';
import { call, demoLogin, expectRefused, type Registered } from '../../test/http-helpers.js';
import { balanceOf, twoUsersAndAdmin } from '../../test/wallet-helpers.js';
import { bindWithCode, drawWithCode, endWaitingTime, tronAddress, withdrawCode, withdrawCodeByMail } from '../../test/withdraw-helpers.js';
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

const ALICE_1 = tronAddress('alice-1');
const ALICE_2 = tronAddress('alice-2');

/** Binds with a fresh e-mailed code (send_email type 3), unless the payload brings its own. */
async function bind(user: Registered, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return bindWithCode<{ id: number; type: number; draw_id: number; created_at: string; usable_at: string }>(t, user, payload, headers);
}
/** Binds, then dates the binding back past its waiting time: the method can be withdrawn to at once. */
async function bindReady(user: Registered, payload: Record<string, unknown>): Promise<number> {
  const res = await bind(user, payload);
  expect(res.body.code, res.body.msg).toBe(1);
  await endWaitingTime(t, res.body.data.id);
  return res.body.data.id;
}
/** Withdraws with a fresh e-mailed code, unless the payload brings its own. */
async function draw(user: Registered, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return drawWithCode<{ id: number; number: string; fee: string; real_number: string; status: number; status_name: string }>(t, user, payload, headers);
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
    const coin = await bind(alice, { type: 1, draw_id: 1, dc_address: ALICE_1, payee_name: 'ignored for coin' });
    expect(coin.body).toMatchObject({ code: 1, data: { type: 1, draw_id: 1, dc_address: ALICE_1, payee_name: '', draw_currency: { code: 'USDT', protocol: 'TRC20' } } });
    const card = await bind(alice, {
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
    // The same request again: its code was used by the first, and still the first answer comes back.
    const payload = { type: 1, draw_id: 1, dc_address: tronAddress('bob-retried'), auth_code: await withdrawCode(t, bob) };
    const first = await call<{ id: number }>(t.app, { method: 'POST', url: endpoints.withdrawals.bindMethod.path, headers: { ...auth(bob.token), 'idempotency-key': 'bind-1' }, payload });
    const again = await call<{ id: number }>(t.app, { method: 'POST', url: endpoints.withdrawals.bindMethod.path, headers: { ...auth(bob.token), 'idempotency-key': 'bind-1' }, payload });
    expect(first.body.code).toBe(1);
    expect(again.body).toEqual(first.body);
    expect(await count()).toBe(before + 1);
  });

  it('refuses a method without its required fields, of an unknown currency, or whose type differs from the currency', async () => {
    expectRefused(await bind(alice, { type: 1, draw_id: 1 }), 'bad_request');
    expectRefused(await bind(alice, { type: 2, draw_id: 4, payee_account: '1', payee_name: 'A' }), 'bad_request'); // no bank_name
    expectRefused(await bind(alice, { draw_id: 1, dc_address: 'x' }), 'bad_request'); // no type
    expectRefused(await bind(alice, { type: 1, draw_id: 999, dc_address: 'x' }), 'currency_not_found');
    expectRefused(await bind(alice, { type: 1, draw_id: 4, dc_address: 'x' }), 'method_mismatch');
    expectRefused(await call(t.app, { method: 'GET', url: `${endpoints.withdrawals.methods.path}?draw_type=1&draw_id=4`, headers: auth(alice.token) }), 'currency_not_found');
  });
});

describe('POST /api/account/draw', () => {
  let coinMethod: number;
  let bankMethod: number;
  beforeAll(async () => {
    coinMethod = await bindReady(alice, { type: 1, draw_id: 1, dc_address: ALICE_2 });
    bankMethod = await bindReady(alice, { type: 2, draw_id: 4, payee_account: '42', payee_name: 'Alice', bank_name: 'Bank' });
  });

  it('holds the amount on the funding account; approval pays real_number out and keeps the fee', async () => {
    const before = await balanceOf(t.app, alice.token, 1);
    const res = await draw(alice, { draw_currency_id: 1, number: '100', memo: 'rent', draw_method_id: coinMethod });
    expect(res.body).toMatchObject({ code: 1, data: { number: '100.00000000', fee: '1.00000000', real_number: '99.00000000', status: 0, status_name: '待審核', notes: 'rent', address: ALICE_2, type: 1 } });
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
    const res = await draw(alice, { draw_currency_id: 4, number: '123.45', draw_method_id: bankMethod });
    // 1 % of 123.45 = 1.2345, rounded UP to 2 places.
    expect(res.body.data).toMatchObject({ fee: '1.24000000', real_number: '122.21000000' });
    const no = await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.rejectWithdrawal, { id: res.body.data.id }), headers: auth(admin), payload: { reason: 'Name mismatch' } });
    expect(no.body.data).toMatchObject({ status: 2 });
    expect(await balanceOf(t.app, alice.token, 1)).toEqual(before);
    const list = await call<{ data: { id: number; status: number; remark: string }[] }>(t.app, { method: 'GET', url: `${endpoints.withdrawals.list.path}?type=2`, headers: auth(alice.token) });
    // The user reads why: the reason staff gave reaches their record.
    expect(list.body.data.data.find((r) => r.id === res.body.data.id)).toMatchObject({ status: 2, remark: 'Name mismatch' });
  });

  it('refuses below draw_min, a fee that takes it all, insufficient balance, unknown or foreign methods, mismatched currency', async () => {
    const r1 = await draw(alice, { draw_currency_id: 1, number: '9.99', draw_method_id: coinMethod }, { lang: 'en' });
    expectRefused(r1, 'amount_below_min');
    expect(r1.body.msg).toBe('The minimum withdrawal amount is 10');
    // A currency whose fixed fee exceeds its minimum: the fee would take the whole amount.
    const { id: pricey } = await t.db.insertInto('withdraw_currencies').values({ code: 'XFEE', protocol: 'T', type: 1, fee_type: 1, draw_rate: '50', draw_min: '1' }).returning('id').executeTakeFirstOrThrow();
    const m = await bindReady(alice, { type: 1, draw_id: pricey, dc_address: 'x' }); // a network without a known address format
    expectRefused(await draw(alice, { draw_currency_id: pricey, number: '50', draw_method_id: m }), 'fee_exceeds_amount');
    expectRefused(await draw(alice, { draw_currency_id: 1, number: '100000', draw_method_id: coinMethod }), 'insufficient_balance');
    expectRefused(await draw(alice, { draw_currency_id: 1, number: '20', draw_method_id: 999_999 }), 'method_not_found');
    expectRefused(await draw(alice, { draw_currency_id: 999, number: '20', draw_method_id: coinMethod }), 'currency_not_found');
    expectRefused(await draw(alice, { draw_currency_id: 2, number: '20', draw_method_id: coinMethod }), 'method_mismatch');
    // Bob cannot withdraw to Alice's method (he has no money either, but the method check comes first).
    expectRefused(await draw(bob, { draw_currency_id: 1, number: '20', draw_method_id: coinMethod }), 'method_not_found');
    expectRefused(await draw(alice, { draw_currency_id: 1, number: 'abc', draw_method_id: coinMethod }), 'bad_request');
  });

  it('a deleted method can no longer be used; its past withdrawals still list', async () => {
    const id = await bindReady(alice, { type: 1, draw_id: 1, dc_address: tronAddress('gone') });
    const w = await draw(alice, { draw_currency_id: 1, number: '10', draw_method_id: id });
    expect(w.body.code).toBe(1);
    await call(t.app, { method: 'POST', url: endpoints.withdrawals.deleteMethod.path, headers: auth(alice.token), payload: { id } });
    expectRefused(await draw(alice, { draw_currency_id: 1, number: '10', draw_method_id: id }), 'method_not_found');
    await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.rejectWithdrawal, { id: w.body.data.id }), headers: auth(admin), payload: { reason: 'test' } });
  });

  it('Idempotency-Key: a replayed draw answers the first withdrawal and holds once', async () => {
    const before = await balanceOf(t.app, alice.token, 1);
    const headers = { 'idempotency-key': 'draw-1' };
    const auth_code = await withdrawCode(t, alice);
    const results = await Promise.all(Array.from({ length: 5 }, () => draw(alice, { draw_currency_id: 1, number: '10', draw_method_id: coinMethod, auth_code }, headers)));
    const ids = new Set(results.map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    expect(results.every((r) => r.body.code === 1)).toBe(true);
    expect(await balanceOf(t.app, alice.token, 1)).toEqual({ balance: (Number(before.balance) - 10).toFixed(8), lockBalance: (Number(before.lockBalance) + 10).toFixed(8) });
    // A refused first answer is replayed too.
    const refusedCode = await withdrawCode(t, alice);
    const r1 = await draw(alice, { draw_currency_id: 1, number: '5', draw_method_id: coinMethod, auth_code: refusedCode }, { 'idempotency-key': 'draw-2' });
    expectRefused(r1, 'amount_below_min');
    expectRefused(await draw(alice, { draw_currency_id: 1, number: '5', draw_method_id: coinMethod, auth_code: refusedCode }, { 'idempotency-key': 'draw-2' }), 'amount_below_min');
    expectRefused(await draw(alice, { draw_currency_id: 1, number: '10', draw_method_id: coinMethod }, { 'idempotency-key': 'bad key with spaces' }), 'bad_request');
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

describe('withdrawal safety: address formats, e-mailed codes, waiting time', () => {
  const en = { lang: 'en' };
  const methodCount = async (userId: number) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM withdraw_methods WHERE user_id = ${userId}`.execute(t.db)).rows[0]!.n);
  const withdrawalCount = async (userId: number) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM withdrawals WHERE user_id = ${userId}`.execute(t.db)).rows[0]!.n);
  const codeRow = (email: string) =>
    t.db.selectFrom('verification_codes').select(['id', 'attempts', 'used_at']).where('address', '=', email).where('purpose', '=', 3).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const setWaitHours = (value: string) =>
    call(t.app, { method: 'PUT', url: endpointPath(endpoints.adminConfig.updateSetting, { key: 'withdraw_method_wait_hours' }), headers: auth(admin), payload: { value } });

  it('send_email type 3: a code to the signed-in real account\'s own e-mail only', async () => {
    const { readOutbox } = await import('../../test/test-app.js');
    const before = (await readOutbox(t.dataDir)).length;
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { type: 3 } }), 'not_logged_in', 999);
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { type: 3, to: alice.email } }), 'not_logged_in', 999);
    const demo = await demoLogin(t.app, 'withdraw-code-demo');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, headers: auth(demo.token), payload: { type: 3 } }), 'only_true_account');
    expect((await readOutbox(t.dataDir)).length).toBe(before);
    // `to` naming another address is ignored: the code goes to the account's own e-mail.
    await withdrawCode(t, bob); // ends bob's 60 s first, as the helper does
    await t.db.updateTable('verification_codes').set({ created_at: sql`created_at - interval '61 seconds'` }).where('address', '=', bob.email).execute();
    const sent = await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, headers: { ...auth(bob.token), ...en }, payload: { type: 3, to: 'attacker@example.com' } });
    expect(sent.body).toMatchObject({ code: 1, msg: 'The verification code has been sent' });
    const lines = (await readOutbox(t.dataDir)).slice(before);
    expect(lines.filter((l) => l.to === 'attacker@example.com')).toEqual([]);
    expect(lines.at(-1)).toMatchObject({ channel: 'email', to: bob.email, type: 'withdrawal' });
    expect(lines.at(-1)!.text).toContain('withdrawal');
    expect(lines.at(-1)!.text).toContain(lines.at(-1)!.code);
    // The resend rule of every code: not again within 60 s.
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, headers: auth(bob.token), payload: { type: 3 } }), 'code_too_soon');
    // Types 1 and 2 still need `to`.
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { type: 1 } }), 'account_required');
  });

  it.each([
    ['TRC20', 1, 'TQ7s1mPLa9w4sGx2fHcVq8kXbN3eRzJ5uD', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['TRC20', 1, 'TAliceAddress1', tronAddress('alice-3')],
    ['ERC20', 2, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['ERC20', 2, '0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea', '0xde709f2102306220921060314715629080e2fb77'],
    ['BTC', 3, '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['BTC', 3, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'],
  ] as const)('%s: an invalid address is refused before the code is tried and writes nothing; a valid one binds', async (network, drawId, bad, good) => {
    const code = await withdrawCode(t, alice);
    const count = await methodCount(alice.user.id);
    const refused = await bind(alice, { type: 1, draw_id: drawId, dc_address: bad, auth_code: code }, en);
    expectRefused(refused, 'withdraw_address_invalid');
    expect(refused.body.msg).toBe(`This is not a valid ${network} address. Please check it and try again`);
    expect(await methodCount(alice.user.id)).toBe(count);
    expect(await codeRow(alice.email)).toMatchObject({ attempts: 0, used_at: null });
    // The same code, unspent, binds the valid address; then it is used up.
    const ok = await bind(alice, { type: 1, draw_id: drawId, dc_address: good, auth_code: code });
    expect(ok.body).toMatchObject({ code: 1, data: { dc_address: good } });
    expect(await methodCount(alice.user.id)).toBe(count + 1);
    expect((await codeRow(alice.email)).used_at).not.toBeNull();
    expectRefused(await bind(alice, { type: 1, draw_id: drawId, dc_address: good, auth_code: code }), 'code_invalid');
  });

  it('a bank card keeps its own checks and needs the code too (here as the user gets it: by mail)', async () => {
    const count = await methodCount(alice.user.id);
    const card = { type: 2, draw_id: 4, payee_account: 'DE89 3704 0044', payee_name: 'Alice', bank_name: 'Bank' };
    expectRefused(await bind(alice, { ...card, auth_code: '' }), 'code_required');
    expect((await bind(alice, { ...card, auth_code: await withdrawCodeByMail(t, alice) })).body.code).toBe(1);
    expect(await methodCount(alice.user.id)).toBe(count + 1);
  });

  it('binding: a missing, wrong, expired, used or foreign code is refused and writes nothing', async () => {
    const count = await methodCount(alice.user.id);
    const payload = { type: 1, draw_id: 1, dc_address: tronAddress('alice-codes') };
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.withdrawals.bindMethod.path, headers: { ...auth(alice.token), ...en }, payload }), 'code_required');
    expectRefused(await bind(alice, { ...payload, auth_code: '12345' }), 'bad_request');
    const code = await withdrawCode(t, alice);
    const wrong = code === '000000' ? '000001' : '000000';
    const answer = await bind(alice, { ...payload, auth_code: wrong }, en);
    expectRefused(answer, 'code_invalid');
    expect(answer.body.msg).toBe('The verification code is wrong or has expired');
    expect((await codeRow(alice.email)).attempts).toBe(1); // the wrong try counts
    // Bob's code is no code of Alice's.
    expectRefused(await bind(alice, { ...payload, auth_code: await withdrawCode(t, bob) }), 'code_invalid');
    // A password code of her own address is not a withdrawal code.
    const { lastCode } = await import('../../test/test-app.js');
    expect((await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: alice.email, type: 2 } })).body.code).toBe(1);
    expectRefused(await bind(alice, { ...payload, auth_code: await lastCode(t.dataDir, alice.email) }), 'code_invalid');
    // Expired: past its 10 minutes.
    const fresh = await withdrawCode(t, alice);
    await t.db.updateTable('verification_codes').set({ expires_at: sql`now() - interval '1 second'` }).where('address', '=', alice.email).where('purpose', '=', 3).execute();
    expectRefused(await bind(alice, { ...payload, auth_code: fresh }), 'code_invalid');
    expect(await methodCount(alice.user.id)).toBe(count);
  });

  it('withdrawing: a missing, wrong, expired or used code is refused: no hold, no row', async () => {
    const method = await bindReady(alice, { type: 1, draw_id: 1, dc_address: tronAddress('alice-draw-codes') });
    const before = await balanceOf(t.app, alice.token, 1);
    const rows = await withdrawalCount(alice.user.id);
    const payload = { draw_currency_id: 1, number: '20', draw_method_id: method };
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.withdrawals.draw.path, headers: auth(alice.token), payload }), 'code_required');
    const code = await withdrawCode(t, alice);
    expectRefused(await draw(alice, { ...payload, auth_code: code === '999999' ? '999998' : '999999' }), 'code_invalid');
    await t.db.updateTable('verification_codes').set({ expires_at: sql`now() - interval '1 second'` }).where('address', '=', alice.email).where('purpose', '=', 3).execute();
    expectRefused(await draw(alice, { ...payload, auth_code: code }), 'code_invalid');
    expect(await balanceOf(t.app, alice.token, 1)).toEqual(before);
    expect(await withdrawalCount(alice.user.id)).toBe(rows);
    // A right code that meets a refusal further on (not enough money) is not spent: it still works.
    const right = await withdrawCode(t, alice);
    expectRefused(await draw(alice, { ...payload, number: '1000000', auth_code: right }), 'insufficient_balance');
    expect((await codeRow(alice.email)).used_at).toBeNull();
    const ok = await draw(alice, { ...payload, auth_code: right });
    expect(ok.body.code).toBe(1);
    expectRefused(await draw(alice, { ...payload, auth_code: right }), 'code_invalid'); // used up
    expect(await withdrawalCount(alice.user.id)).toBe(rows + 1);
    await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.rejectWithdrawal, { id: ok.body.data.id }), headers: auth(admin), payload: { reason: 'cleanup' } });
  });

  it('a method bound less than the waiting time ago is refused, without taking a try of the code; then allowed when the setting is 0 or the time has passed', async () => {
    const bound = await bind(alice, { type: 1, draw_id: 1, dc_address: tronAddress('alice-waiting') });
    expect(bound.body.code).toBe(1);
    const boundAt = Date.parse(`${bound.body.data.created_at.replace(' ', 'T')}Z`);
    expect(Date.parse(`${bound.body.data.usable_at.replace(' ', 'T')}Z`) - boundAt).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(Date.parse(`${bound.body.data.usable_at.replace(' ', 'T')}Z`) - boundAt).toBeLessThanOrEqual(24 * 3_600_000 + 1_000);
    const payload = { draw_currency_id: 1, number: '20', draw_method_id: bound.body.data.id };
    const before = await balanceOf(t.app, alice.token, 1);
    const rows = await withdrawalCount(alice.user.id);
    const code = await withdrawCode(t, alice);
    const waiting = await draw(alice, { ...payload, auth_code: code }, en);
    expectRefused(waiting, 'method_waiting');
    expect(waiting.body.msg).toBe('A newly bound withdrawal method can be used 24 hours after it was bound');
    expect(await codeRow(alice.email)).toMatchObject({ attempts: 0, used_at: null });
    expect(await balanceOf(t.app, alice.token, 1)).toEqual(before);
    expect(await withdrawalCount(alice.user.id)).toBe(rows);
    // Staff set the waiting time to 0: the method is usable at once (and the list says so).
    expect((await setWaitHours('0')).body.code).toBe(1);
    try {
      const listed = await call<{ list: { id: number; created_at: string; usable_at: string }[] }>(t.app, { method: 'GET', url: `${endpoints.withdrawals.methods.path}?draw_type=1&draw_id=1`, headers: auth(alice.token) });
      const mine = listed.body.data.list.find((m) => m.id === bound.body.data.id)!;
      expect(Date.parse(`${mine.usable_at.replace(' ', 'T')}Z`) - Date.parse(`${mine.created_at.replace(' ', 'T')}Z`)).toBeLessThanOrEqual(1_000);
      const ok = await draw(alice, { ...payload, auth_code: code });
      expect(ok.body.code, ok.body.msg).toBe(1);
      await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.rejectWithdrawal, { id: ok.body.data.id }), headers: auth(admin), payload: { reason: 'cleanup' } });
    } finally {
      expect((await setWaitHours('24')).body.code).toBe(1);
    }
    // Back at 24 hours: refused again; once the time has passed, allowed.
    expectRefused(await draw(alice, payload), 'method_waiting');
    await sql`UPDATE withdraw_methods SET created_at = created_at - interval '24 hours 1 second' WHERE id = ${bound.body.data.id}`.execute(t.db);
    const later = await draw(alice, payload);
    expect(later.body.code).toBe(1);
    await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.rejectWithdrawal, { id: later.body.data.id }), headers: auth(admin), payload: { reason: 'cleanup' } });
    // Staff cannot set a negative or absurd waiting time.
    expectRefused(await setWaitHours('-1'), 'config_setting_invalid');
    expectRefused(await setWaitHours('721'), 'config_setting_invalid');
  });

  it('another user\'s method is refused as unknown before any code is tried, with a valid code of the caller', async () => {
    const method = await bindReady(alice, { type: 1, draw_id: 1, dc_address: tronAddress('alice-owned') });
    const code = await withdrawCode(t, bob);
    expectRefused(await draw(bob, { draw_currency_id: 1, number: '20', draw_method_id: method, auth_code: code }), 'method_not_found');
    expect(await codeRow(bob.email)).toMatchObject({ attempts: 0, used_at: null });
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
