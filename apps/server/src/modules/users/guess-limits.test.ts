import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticator } from 'otplib';
import { endpoints } from '@tp/contracts';
import { createTestApp, lastCode, type TestApp } from '../../test/test-app.js';
import { call, callEndpoint, registerUser, type Answer } from '../../test/http-helpers.js';
import { hashPassword } from '../../lib/passwords.js';

/*
 * Limits on guesses hold under concurrency. An attack sent each limit one burst: 49 wrong codes and
 * the right one to forget_password, 25 staff logins with the right password last, 20 wrong TOTP
 * codes - and every try of the burst was compared, because each was checked against the count
 * before and counted after its comparison. Now a try is counted before its secret is compared.
 */

let t: TestApp;
beforeAll(async () => {
  // The per-IP limits are not what this file tests: every injected request comes from one address.
  t = await createTestApp({ config: { loginIpLimitPerMinute: 1_000_000 } });
});
afterAll(() => t.close());

const LIMIT = 5;
const errors = (answers: Answer[]) => answers.map((a) => (a.body.code === 1 ? 'ok' : a.body.error));
/** How many tries of a burst were compared (answered anything but the lockout). */
const compared = (answers: Answer[]) => answers.filter((a) => a.body.error !== 'too_many_requests' && a.body.error !== 'code_invalid_locked').length;

describe('a code limits its tries under concurrency', () => {
  it('49 wrong codes and the right one in one burst: 5 tries are taken, the right code is refused, the password stays', async () => {
    const user = await registerUser(t.app, t.dataDir);
    expect((await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: user.email, type: 2 } })).body.code).toBe(1);
    const code = await lastCode(t.dataDir, user.email);
    const wrong = code === '000000' ? '000001' : '000000';
    const reset = (authCode: string) =>
      call(t.app, {
        method: 'POST',
        url: endpoints.users.forgetPassword.path,
        headers: { lang: 'en' },
        payload: { type: 'email', account: user.email, new_password: 'taken-over-1', secondary_password: 'taken-over-1', auth_code: authCode },
      });
    const burst = await Promise.all([...Array.from({ length: 49 }, () => reset(wrong)), reset(code)]);
    expect(errors(burst).filter((e) => e === 'ok')).toEqual([]);
    expect(burst.every((a) => a.body.error === 'code_invalid')).toBe(true);
    const row = await t.db.selectFrom('verification_codes').select(['attempts', 'used_at']).where('address', '=', user.email).where('purpose', '=', 2).executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: LIMIT, used_at: null });
    const oldLogin = await call(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: user.email, password: user.password } });
    expect(oldLogin.body.code).toBe(1);
  });
});

describe('the login lockout counts every try of a burst', () => {
  it('user login: of 25 parallel tries, at most 5 are compared', async () => {
    const user = await registerUser(t.app, t.dataDir);
    const login = (password: string) => call(t.app, { method: 'POST', url: endpoints.users.login.path, headers: { lang: 'en' }, payload: { account: user.email, password } });
    const burst = await Promise.all([...Array.from({ length: 24 }, () => login('wrong-password-1')), login(user.password)]);
    expect(compared(burst)).toBeLessThanOrEqual(LIMIT);
    expect(errors(burst).filter((e) => e === 'too_many_requests').length).toBeGreaterThanOrEqual(25 - LIMIT);
    const tries = await t.db.selectFrom('login_attempts').select('success').where('account', '=', user.email).where('realm', '=', 'user').execute();
    expect(tries.length).toBeLessThanOrEqual(LIMIT + 1); // the registration's own login, if any, plus the burst's five
    // The right password came past the limit: refused unread, and the account stays locked.
    expect(errors(burst)).not.toContain('ok');
    expect(burst[24]!.body.error).toBe('too_many_requests');
    expect((await login(user.password)).body.error).toBe('too_many_requests');
  });

  it('user login: a right password inside a burst does not reopen the count for the tries after it', async () => {
    const user = await registerUser(t.app, t.dataDir);
    const login = (password: string) => call(t.app, { method: 'POST', url: endpoints.users.login.path, headers: { lang: 'en' }, payload: { account: user.email, password } });
    const burst = await Promise.all([login(user.password), ...Array.from({ length: 24 }, () => login('wrong-password-1'))]);
    // Tries reach the lock in no fixed order. The right one forgives only the tries counted before
    // it (at most LIMIT - 1 if it is compared at all), and the limit holds for those after it.
    expect(errors(burst).filter((e) => e === 'ok').length).toBeLessThanOrEqual(1);
    expect(compared(burst)).toBeLessThanOrEqual(2 * LIMIT);
  });

  it('staff login: of 25 parallel tries with the right password last, at most 5 are compared', async () => {
    const email = `burst.${Date.now().toString(36)}@example.com`;
    await t.db.insertInto('admins').values({ email, password_hash: await hashPassword('staff-password-1'), role: 'admin' }).execute();
    const login = (password: string) => call(t.app, { method: 'POST', url: endpoints.admin.login.path, headers: { lang: 'en' }, payload: { email, password } });
    const burst = await Promise.all([...Array.from({ length: 24 }, () => login('wrong-password-1')), login('staff-password-1')]);
    expect(compared(burst)).toBeLessThanOrEqual(LIMIT);
    const tries = await t.db.selectFrom('login_attempts').select('success').where('account', '=', email).where('realm', '=', 'staff').execute();
    expect(tries.length).toBe(LIMIT);
    expect(errors(burst)).not.toContain('ok');
    expect(burst[24]!.body.error).toBe('too_many_requests');
    expect((await login('staff-password-1')).body.error).toBe('too_many_requests');
  });

  it('TOTP: of 20 parallel wrong codes with the right password, at most 5 are compared', async () => {
    const email = `totp-burst.${Date.now().toString(36)}@example.com`;
    await t.db.insertInto('admins').values({ email, password_hash: await hashPassword('staff-password-1'), role: 'admin' }).execute();
    const first = await call<{ token: string }>(t.app, { method: 'POST', url: endpoints.admin.login.path, payload: { email, password: 'staff-password-1' } });
    const as = { authorization: first.body.data.token, lang: 'en' };
    const secret = (await callEndpoint<typeof endpoints.admin.totpSetup>(t.app, endpoints.admin.totpSetup, { headers: as })).body.data.secret;
    expect((await callEndpoint(t.app, endpoints.admin.totpEnable, { headers: as, input: { code: authenticator.generate(secret) } })).body.code).toBe(1);
    const right = authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
    const wrong = right === '000000' ? '000001' : '000000';
    const login = (totp: string) => call(t.app, { method: 'POST', url: endpoints.admin.login.path, headers: { lang: 'en' }, payload: { email, password: 'staff-password-1', totp } });
    const burst = await Promise.all(Array.from({ length: 20 }, () => login(wrong)));
    expect(compared(burst)).toBeLessThanOrEqual(LIMIT);
    expect(errors(burst).filter((e) => e === 'totp_invalid').length).toBeLessThanOrEqual(LIMIT);
    const failures = await t.db.selectFrom('login_attempts').select('id').where('account', '=', email).where('realm', '=', 'staff').where('success', '=', false).execute();
    expect(failures.length).toBe(LIMIT);
    // Locked: the right password and the right code are refused unread.
    expect((await login(right)).body.error).toBe('too_many_requests');
  });
});

describe('per-IP limits on the requests that check a code', () => {
  it('register and forget_password refuse past ACCOUNT_IP_LIMIT_PER_MINUTE', async () => {
    const limited = await createTestApp({ config: { accountIpLimitPerMinute: 3 } });
    try {
      for (const url of [endpoints.users.register.path, endpoints.users.forgetPassword.path]) {
        const answers: Answer[] = [];
        for (let i = 0; i < 4; i++) answers.push(await call(limited.app, { method: 'POST', url, headers: { lang: 'en' }, payload: {} }));
        // Refused for their (empty) input, but answered: within the limit.
        for (const a of answers.slice(0, 3)) expect(a.body.code === 0 && a.body.error !== 'too_many_requests').toBe(true);
        expect(answers[3]!.body).toMatchObject({ code: 0, error: 'too_many_requests' });
      }
    } finally {
      await limited.close();
    }
  });
});
