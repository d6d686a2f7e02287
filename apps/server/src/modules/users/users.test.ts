import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, lastCode, readOutbox, type TestApp } from '../../test/test-app.js';
import { call, demoLogin, expectRefused, registerUser, uniqueEmail } from '../../test/http-helpers.js';
import { LEDGER_KINDS, SYSTEM_ACCOUNTS, baseCurrencyId, holdPostings, listUserAccounts, post, systemAccountId } from '../ledger/index.js';
import { endpoints } from '@tp/contracts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { loginIpLimitPerMinute: 1000 } });
});
afterAll(async () => {
  await t.close();
});

const auth = (token: string) => ({ authorization: token });

describe('register', () => {
  it('registers with the e-mailed code, returns token and user, opens three empty USDT accounts', async () => {
    const r = await registerUser(t.app, t.dataDir);
    expect(r.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.user).toMatchObject({ email: r.email, is_demo: 0, is_trader: 0 });
    expect(r.user.uid).toMatch(/^\d{8}$/);
    const bal = await call<unknown[]>(t.app, { method: 'GET', url: endpoints.wallet.balances.path, headers: auth(r.token) });
    expect(bal.body.data).toEqual([
      { accountTypeId: 1, type: 'change', balance: '0.00000000', lockBalance: '0.00000000', currencyId: 1, currency: 'USDT' },
      { accountTypeId: 2, type: 'micro', balance: '0.00000000', lockBalance: '0.00000000', currencyId: 1, currency: 'USDT' },
      { accountTypeId: 3, type: 'forex', balance: '0.00000000', lockBalance: '0.00000000', currencyId: 1, currency: 'USDT' },
    ]);
    // Only the token's hash is stored; the password is an argon2id hash.
    const session = await t.db.selectFrom('sessions').selectAll().where('user_id', '=', r.user.id).executeTakeFirstOrThrow();
    expect(session.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(session.token_hash).not.toContain(r.token);
    const user = await t.db.selectFrom('users').select('password_hash').where('id', '=', r.user.id).executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('accepts a form-urlencoded body', async () => {
    const email = uniqueEmail('form');
    await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `to=${encodeURIComponent(email)}&type=1` });
    const code = await lastCode(t.dataDir, email);
    const res = await call(t.app, {
      method: 'POST',
      url: endpoints.users.register.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `type=1&area_id=&account=${encodeURIComponent(email)}&password=secret-pass-1&re_password=secret-pass-1&invite_code=&sms_code=${code}&key=&mobile=`,
    });
    expect(res.body).toMatchObject({ code: 1, data: { user: { email } } });
  });

  it('links the inviter and refuses an unknown invite code', async () => {
    const inviter = await registerUser(t.app, t.dataDir);
    const invited = await registerUser(t.app, t.dataDir, { invite_code: inviter.user.invite_code });
    const row = await t.db.selectFrom('users').select('inviter_id').where('id', '=', invited.user.id).executeTakeFirstOrThrow();
    expect(row.inviter_id).toBe(inviter.user.id);
    const email = uniqueEmail();
    await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: email, type: 1 } });
    const code = await lastCode(t.dataDir, email);
    const res = await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { account: email, password: 'password-1', re_password: 'password-1', sms_code: code, invite_code: 'NOPE2345' } });
    expectRefused(res, 'invite_code_invalid');
    // The refusal came before the code was spent: it still works.
    const ok = await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { account: email, password: 'password-1', re_password: 'password-1', sms_code: code } });
    expect(ok.body.code).toBe(1);
  });

  it('refuses unequal passwords, an existing account, a wrong code, a short password and missing fields', async () => {
    const existing = await registerUser(t.app, t.dataDir);
    const email = uniqueEmail();
    await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: email, type: 1 } });
    const code = await lastCode(t.dataDir, email);
    const base = { account: email, password: 'password-1', re_password: 'password-1', sms_code: code };
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { ...base, re_password: 'password-2' } }), 'password_not_equal');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { ...base, account: existing.email } }), 'account_exists');
    const wrong = code === '000000' ? '000001' : '000000';
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { ...base, sms_code: wrong } }), 'code_invalid');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { ...base, password: 'short', re_password: 'short' } }), 'password_too_weak');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { ...base, account: '' } }), 'account_required');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { ...base, password: undefined } }), 'password_required');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { ...base, sms_code: '' } }), 'code_required');
    const ok = await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: base });
    expect(ok.body.code).toBe(1);
    // A code is single use.
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { ...base, account: email } }), 'account_exists');
  });

  it('a code dies after 5 wrong tries, even the right one afterwards', async () => {
    const email = uniqueEmail();
    await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: email, type: 1 } });
    const code = await lastCode(t.dataDir, email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { account: email, password: 'password-1', re_password: 'password-1', sms_code: wrong } }), 'code_invalid');
    }
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { account: email, password: 'password-1', re_password: 'password-1', sms_code: code } }), 'code_invalid');
  });

  it('an expired code is refused', async () => {
    const email = uniqueEmail();
    await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: email, type: 1 } });
    const code = await lastCode(t.dataDir, email);
    await t.db.updateTable('verification_codes').set({ expires_at: sql`now() - interval '1 second'` }).where('address', '=', email).execute();
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { account: email, password: 'password-1', re_password: 'password-1', sms_code: code } }), 'code_invalid');
  });

  it('with verify_reg_type 2 checks the captcha instead, one try per captcha', async () => {
    await t.db.updateTable('settings').set({ value: '2' }).where('key', '=', 'verify_reg_type').execute();
    try {
      const { createCaptcha } = await import('../notify/index.js');
      const c1 = await createCaptcha(t.db);
      const email = uniqueEmail('cap');
      const base = { account: email, password: 'password-1', re_password: 'password-1' };
      expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { ...base, key: c1.id, sms_code: 'zzzz' } }), 'captcha_invalid');
      // Used up by the wrong try.
      expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { ...base, key: c1.id, sms_code: c1.answer } }), 'captcha_invalid');
      expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { ...base, sms_code: 'abcd' } }), 'captcha_invalid');
      const c2 = await createCaptcha(t.db);
      const ok = await call(t.app, { method: 'POST', url: endpoints.users.register.path, payload: { ...base, key: c2.id, sms_code: c2.answer.toUpperCase() } });
      expect(ok.body.code).toBe(1);
    } finally {
      await t.db.updateTable('settings').set({ value: '1' }).where('key', '=', 'verify_reg_type').execute();
    }
  });
});

describe('login', () => {
  it('logs in by JSON and by form, any case of e-mail; wrong password and unknown account get the same answer', async () => {
    const r = await registerUser(t.app, t.dataDir);
    const ok = await call<{ token: string }>(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { login_type: 'email', account: r.email.toUpperCase(), password: r.password } });
    expect(ok.body).toMatchObject({ code: 1, data: { user: { id: r.user.id } } });
    expect(ok.body.data.token).not.toBe(r.token);
    const form = await call(t.app, {
      method: 'POST',
      url: endpoints.users.login.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `login_type=email&account=${encodeURIComponent(r.email)}&password=${encodeURIComponent(r.password)}`,
    });
    expect(form.body.code).toBe(1);
    const wrong = await call(t.app, { method: 'POST', url: endpoints.users.login.path, headers: { lang: 'en' }, payload: { account: r.email, password: 'wrong-password' } });
    const unknown = await call(t.app, { method: 'POST', url: endpoints.users.login.path, headers: { lang: 'en' }, payload: { account: uniqueEmail('ghost'), password: 'wrong-password' } });
    expectRefused(wrong, 'invalid_credentials');
    // The same answer but for the request id, which names each request on its own.
    const { request_id: wrongId, ...wrongAnswer } = wrong.body as Record<string, unknown>;
    const { request_id: unknownId, ...unknownAnswer } = unknown.body as Record<string, unknown>;
    expect(unknownAnswer).toEqual(wrongAnswer);
    expect(unknownId).toEqual(expect.any(String));
    expect(unknownId).not.toBe(wrongId);
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: '', password: 'x' } }), 'account_required');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: r.email } }), 'password_required');
  });

  it('throttles an account after 5 failures in 15 minutes, even with the right password', async () => {
    const r = await registerUser(t.app, t.dataDir);
    for (let i = 0; i < 5; i++) expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: r.email, password: 'wrong-password' } }), 'invalid_credentials');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: r.email, password: r.password } }), 'too_many_requests');
    // Failures older than the window no longer count.
    await t.db.updateTable('login_attempts').set({ created_at: sql`now() - interval '16 minutes'` }).where('account', '=', r.email).execute();
    expect((await call(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: r.email, password: r.password } })).body.code).toBe(1);
  });

  it('refuses a disabled account after a correct password', async () => {
    const r = await registerUser(t.app, t.dataDir);
    await t.db.updateTable('users').set({ status: 0 }).where('id', '=', r.user.id).execute();
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: r.email, password: r.password } }), 'account_disabled');
    // Its existing tokens stop working too.
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: auth(r.token) }), 'not_logged_in', 999);
  });
});

describe('login throttling per IP', () => {
  it('answers too_many_requests once an IP passes the per-minute limit', async () => {
    const limited = await createTestApp({ config: { loginIpLimitPerMinute: 3 } });
    try {
      for (let i = 0; i < 3; i++) {
        expectRefused(await call(limited.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: uniqueEmail('ip'), password: 'whatever-1' } }), 'invalid_credentials');
      }
      const res = await call(limited.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: uniqueEmail('ip'), password: 'whatever-1' } });
      expectRefused(res, 'too_many_requests');
      // Another IP is not affected.
      const other = await call(limited.app, { method: 'POST', url: endpoints.users.login.path, remoteAddress: '10.1.2.3', payload: { account: uniqueEmail('ip'), password: 'whatever-1' } });
      expectRefused(other, 'invalid_credentials');
    } finally {
      await limited.close();
    }
  });
});

describe('tokens', () => {
  it('accepts the raw token and Bearer, refuses others with 999', async () => {
    const r = await registerUser(t.app, t.dataDir);
    expect((await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: auth(r.token) })).body).toMatchObject({ code: 1, data: { id: r.user.id } });
    expect((await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: auth(`Bearer ${r.token}`) })).body.code).toBe(1);
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.info.path }), 'not_logged_in', 999);
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: auth('forged-token') }), 'not_logged_in', 999);
  });

  it('logout revokes only that token', async () => {
    const r = await registerUser(t.app, t.dataDir);
    const second = await call<{ token: string }>(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: r.email, password: r.password } });
    const out = await call(t.app, { method: 'POST', url: endpoints.users.logout.path, headers: auth(r.token) });
    expect(out.body).toMatchObject({ code: 1, data: null });
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: auth(r.token) }), 'not_logged_in', 999);
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.logout.path, headers: auth(r.token) }), 'not_logged_in', 999);
    expect((await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: auth(second.body.data.token) })).body.code).toBe(1);
  });
});

describe('passwords', () => {
  it('amend_password needs the code sent to the own e-mail, changes the password and revokes every token', async () => {
    const r = await registerUser(t.app, t.dataDir);
    const other = await call<{ token: string }>(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: r.email, password: r.password } });
    await t.db.updateTable('verification_codes').set({ created_at: sql`now() - interval '2 minutes'` }).where('address', '=', r.email).execute();
    expect((await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: r.email, type: 2 } })).body.code).toBe(1);
    const code = await lastCode(t.dataDir, r.email);
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.amendPassword.path, headers: auth(r.token), payload: { new_password: 'new-password-1', secondary_password: 'different-1', auth_code: code } }), 'password_not_equal');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.amendPassword.path, payload: { new_password: 'new-password-1', auth_code: code } }), 'not_logged_in', 999);
    const ok = await call(t.app, { method: 'POST', url: endpoints.users.amendPassword.path, headers: auth(r.token), payload: { type: 'email', new_password: 'new-password-1', secondary_password: 'new-password-1', auth_code: code } });
    expect(ok.body).toMatchObject({ code: 1, data: null });
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: auth(r.token) }), 'not_logged_in', 999);
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: auth(other.body.data.token) }), 'not_logged_in', 999);
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: r.email, password: r.password } }), 'invalid_credentials');
    expect((await call(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: r.email, password: 'new-password-1' } })).body.code).toBe(1);
  });

  it('amend_password refuses a demo account with only_true_account', async () => {
    const demo = await demoLogin(t.app, 'device-amend-0001');
    const res = await call(t.app, { method: 'POST', url: endpoints.users.amendPassword.path, headers: { ...auth(demo.token), lang: 'en' }, payload: { new_password: 'new-password-1', auth_code: '123456' } });
    expectRefused(res, 'only_true_account');
    expect(res.body.msg).toBe('Only available for a real account');
  });

  it('forget_password resets with the e-mailed code and revokes tokens; refusals', async () => {
    const r = await registerUser(t.app, t.dataDir);
    await t.db.updateTable('verification_codes').set({ created_at: sql`now() - interval '2 minutes'` }).where('address', '=', r.email).execute();
    await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: r.email, type: 2 } });
    const code = await lastCode(t.dataDir, r.email);
    const base = { type: 'email', account: r.email, new_password: 'reset-password-1', secondary_password: 'reset-password-1', auth_code: code };
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.forgetPassword.path, payload: { ...base, secondary_password: 'other-password' } }), 'password_not_equal');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.forgetPassword.path, payload: { ...base, secondary_password: '' } }), 'input_full');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.forgetPassword.path, payload: { ...base, account: uniqueEmail('nobody') } }), 'code_invalid');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.forgetPassword.path, payload: { ...base, auth_code: '' } }), 'code_required');
    const ok = await call(t.app, { method: 'POST', url: endpoints.users.forgetPassword.path, payload: base });
    expect(ok.body.code).toBe(1);
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: auth(r.token) }), 'not_logged_in', 999);
    expect((await call(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: r.email, password: 'reset-password-1' } })).body.code).toBe(1);
    // The code is spent.
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.users.forgetPassword.path, payload: base }), 'code_invalid');
  });
});

describe('demo account', () => {
  it('same demo_id -> same user with a new token; funded with 10000 in each account from the house in one ledger transaction', async () => {
    const a = await demoLogin(t.app, 'device-same-0001');
    const b = await call<{ token: string; user: { id: number } }>(t.app, { method: 'POST', url: endpoints.users.demoLogin.path, payload: { demo_id: 'device-same-0001' } });
    expect(b.body.data.user.id).toBe(a.user.id);
    expect(b.body.data.token).not.toBe(a.token);
    expect(a.user).toMatchObject({ is_demo: 1, email: null });
    const bal = await call<{ balance: string; lockBalance: string }[]>(t.app, { method: 'GET', url: endpoints.wallet.balances.path, headers: auth(a.token) });
    expect(bal.body.data.map((x) => [x.balance, x.lockBalance])).toEqual([
      ['10000.00000000', '0.00000000'],
      ['10000.00000000', '0.00000000'],
      ['10000.00000000', '0.00000000'],
    ]);
    const txs = await t.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', LEDGER_KINDS.demoFunding)
      .where('reference', '=', `user:${a.user.id}`)
      .execute();
    expect(txs).toHaveLength(1);
    const postings = await t.db.selectFrom('ledger_postings').select(['amount']).where('transaction_id', '=', txs[0]!.id).execute();
    expect(postings.map((p) => p.amount).sort()).toEqual(['-30000.000000000000000000', '10000.000000000000000000', '10000.000000000000000000', '10000.000000000000000000']);
  });

  it('concurrent first logins with one demo_id make one user', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => call<{ user: { id: number } }>(t.app, { method: 'GET', url: `${endpoints.users.demoLogin.path}?demo_id=device-race-0001` })));
    expect(new Set(results.map((r) => r.body.data.user.id)).size).toBe(1);
  });

  it('refuses a missing or malformed demo_id', async () => {
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.demoLogin.path }), 'demo_id_required');
    expectRefused(await call(t.app, { method: 'GET', url: `${endpoints.users.demoLogin.path}?demo_id=bad%20id%20%21%21%21` }), 'bad_request');
  });

  it('reset restores exactly 10000 available and 0 held in each account through the ledger', async () => {
    const demo = await demoLogin(t.app, 'device-reset-0001');
    const accounts = await listUserAccounts(t.db, demo.user.id);
    const currencyId = await baseCurrencyId(t.db);
    const house = await systemAccountId(t.db, SYSTEM_ACCOUNTS.housePnl, currencyId);
    await t.db.transaction().execute(async (trx) => {
      await post(trx, { kind: 'test_loss', postings: [{ accountId: accounts[0]!.id, bucket: 'available', amount: '-1234.123456789012345678' }, { accountId: house, bucket: 'available', amount: '1234.123456789012345678' }] });
      await post(trx, { kind: 'test_win', postings: [{ accountId: accounts[1]!.id, bucket: 'available', amount: '99.5' }, { accountId: house, bucket: 'available', amount: '-99.5' }] });
      await post(trx, { kind: 'test_hold', postings: holdPostings(accounts[2]!.id, '3000.000000000000000001') });
    });
    const res = await call(t.app, { method: 'GET', url: endpoints.users.resetDemo.path, headers: auth(demo.token) });
    expect(res.body).toMatchObject({ code: 1, data: null });
    const after = await listUserAccounts(t.db, demo.user.id);
    expect(after.map((a) => [a.balance, a.lock_balance])).toEqual(Array(3).fill(['10000.000000000000000000', '0.000000000000000000']));
    // Nothing to do the second time: no empty ledger transaction.
    const before = await t.db.selectFrom('ledger_transactions').select(sql<string>`count(*)`.as('n')).where('kind', '=', LEDGER_KINDS.demoReset).executeTakeFirstOrThrow();
    expect((await call(t.app, { method: 'POST', url: endpoints.users.resetDemo.path, headers: auth(demo.token) })).body.code).toBe(1);
    const again = await t.db.selectFrom('ledger_transactions').select(sql<string>`count(*)`.as('n')).where('kind', '=', LEDGER_KINDS.demoReset).executeTakeFirstOrThrow();
    expect(again.n).toBe(before.n);
  });

  it('Idempotency-Key: a reset retried with the same key resets once', async () => {
    const demo = await demoLogin(t.app, 'device-reset-keyed');
    const accounts = await listUserAccounts(t.db, demo.user.id);
    const currencyId = await baseCurrencyId(t.db);
    const house = await systemAccountId(t.db, SYSTEM_ACCOUNTS.housePnl, currencyId);
    const lose = (amount: string) =>
      t.db.transaction().execute((trx) =>
        post(trx, { kind: 'test_loss', postings: [{ accountId: accounts[0]!.id, bucket: 'available', amount: `-${amount}` }, { accountId: house, bucket: 'available', amount }] }),
      );
    const headers = { ...auth(demo.token), 'idempotency-key': 'reset-1' };
    await lose('100');
    expect((await call(t.app, { method: 'POST', url: endpoints.users.resetDemo.path, headers })).body.code).toBe(1);
    // Lost again after the first reset: the retried request must not reset a second time.
    await lose('40');
    expect((await call(t.app, { method: 'POST', url: endpoints.users.resetDemo.path, headers })).body).toMatchObject({ code: 1, data: null });
    expect((await listUserAccounts(t.db, demo.user.id))[0]!.balance).toBe('9960.000000000000000000');
  });

  it('reset refuses a real account (forbidden) and a visitor (999)', async () => {
    const r = await registerUser(t.app, t.dataDir);
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.resetDemo.path, headers: auth(r.token) }), 'forbidden');
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.resetDemo.path }), 'not_logged_in', 999);
  });
});

describe('get_profits and getBalance', () => {
  it('today profit is 0 with no trading kinds yet, and the rate is 0.00', async () => {
    const demo = await demoLogin(t.app, 'device-profit-0001');
    const res = await call(t.app, { method: 'GET', url: `${endpoints.users.profits.path}?t=123`, headers: auth(demo.token) });
    expect(res.body).toMatchObject({ code: 1, data: { today_profit: '0.00000000', today_profit_rate: '0.00' } });
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.profits.path }), 'not_logged_in', 999);
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.wallet.balances.path }), 'not_logged_in', 999);
  });
});

describe('outbox', () => {
  it('writes one JSON line per message with the localized text', async () => {
    const email = uniqueEmail('outbox');
    await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, headers: { lang: 'de' }, payload: { to: email, type: 1 } });
    const line = (await readOutbox(t.dataDir)).filter((l) => l.to === email).at(-1)!;
    expect(Object.keys(line).sort()).toEqual(['channel', 'code', 'created_at', 'text', 'to', 'type']);
    expect(line).toMatchObject({ channel: 'email', type: 'register' });
    expect(line.code).toMatch(/^\d{6}$/);
    expect(line.text).toContain(`Ihr Bestätigungscode lautet ${line.code}`);
    expect(line.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The stored code is a hash, never the code itself.
    const stored = await t.db.selectFrom('verification_codes').select('code_hash').where('address', '=', email).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(line.code!);
  });
});
