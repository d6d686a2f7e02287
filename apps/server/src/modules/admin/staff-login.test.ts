import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { authenticator } from 'otplib';
import { endpoints } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, callEndpoint, expectRefused, registerUser } from '../../test/http-helpers.js';
import { hashPassword } from '../../lib/passwords.js';
import { matchingStep } from './staff-totp.js';

/*
 * Issue 12, item 1: staff login is locked per account after 5 failures for 15 minutes like users,
 * every failure (and every locked refusal) is in the audit log with its IP, and a TOTP second
 * factor can be turned on and is then required.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { loginIpLimitPerMinute: 1000 } });
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'staff-password-1';
async function newStaff(name: string): Promise<string> {
  const email = `${name}.${Date.now().toString(36)}@example.com`;
  await t.db.insertInto('admins').values({ email, password_hash: await hashPassword(PASSWORD), role: 'admin' }).execute();
  return email;
}
const login = (payload: Record<string, unknown>) => call<{ token: string }>(t.app, { method: 'POST', url: endpoints.admin.login.path, headers: { lang: 'en' }, payload });
const auditOf = (email: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'detail', 'admin_id'])
    .where(sql<string>`detail->>'email'`, '=', email)
    .orderBy('id')
    .execute();
/** A code of the secret for a moment `offsetSteps` steps away from now. */
const codeAt = (secret: string, offsetSteps = 0) => authenticator.clone({ epoch: Date.now() + offsetSteps * 30_000 }).generate(secret);

describe('staff login lockout and audit', () => {
  it('locks the account after 5 failures (even the right password), auditing each failure and refusal with its IP', async () => {
    const email = await newStaff('lock');
    for (let i = 0; i < 5; i++) expectRefused(await login({ email, password: 'wrong-password' }), 'invalid_credentials');
    expectRefused(await login({ email, password: PASSWORD }), 'too_many_requests');
    const rows = await auditOf(email);
    expect(rows.map((r) => r.action)).toEqual([...Array(5).fill('admin.login_failed'), 'admin.login_locked']);
    for (const r of rows) expect(r.detail).toMatchObject({ ip: '127.0.0.1', email });
    expect(rows[0]).toMatchObject({ admin_id: expect.any(Number), detail: { reason: 'password' } });
    // The lock ends with the window: attempts older than 15 minutes no longer count.
    await t.db.updateTable('login_attempts').set({ created_at: new Date(Date.now() - 16 * 60_000) }).where('account', '=', email).execute();
    expect((await login({ email, password: PASSWORD })).body.code).toBe(1);
  });

  it('an unknown e-mail is audited too; staff failures do not lock the user account of the same e-mail', async () => {
    const user = await registerUser(t.app, t.dataDir);
    for (let i = 0; i < 5; i++) expectRefused(await login({ email: user.email, password: 'wrong-password' }), 'invalid_credentials');
    expect((await auditOf(user.email)).map((r) => r.detail)).toContainEqual(expect.objectContaining({ reason: 'unknown_account', ip: '127.0.0.1' }));
    const userLogin = await call(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: user.email, password: user.password } });
    expect(userLogin.body.code).toBe(1);
  });
});

describe('staff TOTP', () => {
  it('accepts a code one step either side and refuses two steps away', () => {
    const secret = authenticator.generateSecret(20);
    const now = 1_800_000_015_000;
    const step = Math.floor(now / 30_000);
    const at = (ms: number) => authenticator.clone({ epoch: ms }).generate(secret);
    expect(matchingStep(secret, at(now), now)).toBe(step);
    expect(matchingStep(secret, at(now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, at(now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(secret, at(now - 60_000), now)).toBeNull();
    expect(matchingStep(secret, at(now + 60_000), now)).toBeNull();
  });

  it('set up, confirmed with a code, then required at login; wrong, missing and replayed codes are refused and count', async () => {
    const email = await newStaff('totp');
    const token = (await login({ email, password: PASSWORD })).body.data.token;
    const as = { authorization: token, lang: 'en' };

    const setup = await callEndpoint(t.app, endpoints.admin.totpSetup, { headers: as });
    expect(setup.body.code).toBe(1);
    const { secret, otpauth_uri } = setup.body.data;
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    // Not on before it is confirmed: login needs no code yet.
    expect((await login({ email, password: PASSWORD })).body.code).toBe(1);
    // Stored sealed with the key in DATA_DIR (mode 0600), not readable from the database alone.
    const row = await t.db.selectFrom('admins').select(['totp_secret', 'totp_enabled']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.totp_enabled).toBe(false);
    expect(row.totp_secret).not.toContain(secret);
    expect((await fs.stat(path.join(t.dataDir, 'secret-box.key'))).mode & 0o777).toBe(0o600);

    expectRefused(await callEndpoint(t.app, endpoints.admin.totpEnable, { headers: as, input: { code: codeAt(secret, 5) } }), 'totp_invalid');
    const enabling = codeAt(secret);
    const on = await callEndpoint(t.app, endpoints.admin.totpEnable, { headers: as, input: { code: enabling } });
    expect(on.body).toMatchObject({ code: 1, data: { enabled: true } });
    expectRefused(await callEndpoint(t.app, endpoints.admin.totpSetup, { headers: as }), 'totp_already_enabled');

    const missing = await login({ email, password: PASSWORD });
    expectRefused(missing, 'totp_required');
    expect(missing.body.msg).toBe('Please enter the code from your authenticator app');
    expectRefused(await login({ email, password: PASSWORD, totp: codeAt(secret, 5) }), 'totp_invalid');
    // The enabling code was taken: the same code does not log in.
    expectRefused(await login({ email, password: PASSWORD, totp: enabling }), 'totp_invalid');
    // The next step's code (one step of clock skew) logs in once; replayed, it is refused.
    const next = codeAt(secret, 1);
    const ok = await login({ email, password: PASSWORD, totp: next });
    expect(ok.body.code).toBe(1);
    expectRefused(await login({ email, password: PASSWORD, totp: next }), 'totp_invalid');
    // A wrong password with a good code is still a wrong password.
    expectRefused(await login({ email, password: 'wrong-password', totp: codeAt(secret, 1) }), 'invalid_credentials');
    expect((await auditOf(email)).filter((r) => r.action === 'admin.login_failed').map((r) => (r.detail as { reason: string }).reason)).toEqual([
      'totp_missing',
      'totp_invalid',
      'totp_invalid',
      'totp_invalid',
      'password',
    ]);

    // Turning it off needs a current, unused code.
    const as2 = { authorization: ok.body.data.token, lang: 'en' };
    expectRefused(await callEndpoint(t.app, endpoints.admin.totpDisable, { headers: as2, input: { code: next } }), 'totp_invalid');
    expectRefused(await callEndpoint(t.app, endpoints.admin.totpDisable, { headers: as2, input: { code: '12345' } }), 'bad_request');
    await t.db.updateTable('admins').set({ totp_last_step: null }).where('email', '=', email).execute();
    const off = await callEndpoint(t.app, endpoints.admin.totpDisable, { headers: as2, input: { code: codeAt(secret) } });
    expect(off.body).toMatchObject({ code: 1, data: { enabled: false } });
    expect((await login({ email, password: PASSWORD })).body.code).toBe(1);
    expectRefused(await callEndpoint(t.app, endpoints.admin.totpDisable, { headers: as2, input: { code: codeAt(secret) } }), 'totp_not_enabled');
  });

  it('enable before setup is refused; staff endpoints need a staff token', async () => {
    const email = await newStaff('nosetup');
    const token = (await login({ email, password: PASSWORD })).body.data.token;
    expectRefused(await callEndpoint(t.app, endpoints.admin.totpEnable, { headers: { authorization: token }, input: { code: '123456' } }), 'totp_not_set_up');
    expectRefused(await callEndpoint(t.app, endpoints.admin.totpSetup, {}), 'not_logged_in', 999);
  });
});
