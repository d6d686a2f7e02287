import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, readOutbox, type TestApp } from '../../test/test-app.js';
import { call, expectRefused, registerUser, uniqueEmail } from '../../test/http-helpers.js';
import { endpoints } from '@tp/contracts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('send_email', () => {
  it('sends a 6-digit code once per 60 s per address and purpose', async () => {
    const email = uniqueEmail('resend');
    const first = await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, headers: { lang: 'en' }, payload: { to: email, type: 1 } });
    expect(first.body).toEqual({ code: 1, msg: 'The verification code has been sent', data: null });
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: email, type: 1 } }), 'code_too_soon');
    await t.db.updateTable('verification_codes').set({ created_at: sql`now() - interval '61 seconds'` }).where('address', '=', email).execute();
    expect((await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: email, type: 1 } })).body.code).toBe(1);
    const lines = (await readOutbox(t.dataDir)).filter((l) => l.to === email);
    expect(lines).toHaveLength(2);
    expect(lines[0]!.code).not.toBeNull();
  });

  it('concurrent requests for one address send one code', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: email, type: 1 } })));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.error === 'code_too_soon')).toHaveLength(3);
  });

  it('register code for a registered address is refused; reset code for an unknown address is silently not sent', async () => {
    const r = await registerUser(t.app, t.dataDir);
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: r.email, type: 1 } }), 'account_exists');
    const ghost = uniqueEmail('ghost');
    expect((await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: ghost, type: 2 } })).body.code).toBe(1);
    expect((await readOutbox(t.dataDir)).filter((l) => l.to === ghost)).toHaveLength(0);
  });

  it('validates its input and names the field', async () => {
    const res = await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, headers: { lang: 'en' }, payload: { to: 'not-an-email', type: 1 } });
    expectRefused(res, 'bad_request');
    expect(res.body.msg).toBe('Invalid value for to');
    const type = await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, headers: { lang: 'en' }, payload: { to: uniqueEmail(), type: 4 } });
    expect(type.body.msg).toBe('Invalid value for type');
    // Type 3 (a withdrawal code) is the signed-in account's own: a visitor is asked to log in.
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, headers: { lang: 'en' }, payload: { to: uniqueEmail(), type: 3 } }), 'not_logged_in', 999);
  });
});

describe('send_sms', () => {
  it('sends to the area dialling code + number, and refuses an unknown area', async () => {
    const area = await t.db.selectFrom('areas').select(['id', 'global_code']).where('code', '=', 'HK').executeTakeFirstOrThrow();
    const res = await call(t.app, { method: 'POST', url: endpoints.notify.sendSms.path, payload: { to: '91234567', area_id: area.id, type: 1 } });
    expect(res.body.code).toBe(1);
    const line = (await readOutbox(t.dataDir)).at(-1)!;
    expect(line).toMatchObject({ channel: 'sms', to: '+85291234567', type: 'register' });
    expect(line.code).toMatch(/^\d{6}$/);
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.notify.sendSms.path, payload: { to: '91234567', area_id: area.id, type: 1 } }), 'code_too_soon');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.notify.sendSms.path, payload: { to: '91234567', area_id: 99999, type: 1 } }), 'bad_request');
  });
});

describe('captcha', () => {
  it('GET /api/captcha answers an id and an SVG data URL; the answer is stored hashed', async () => {
    const res = await call<{ id: string; b64s: string }>(t.app, { method: 'GET', url: `${endpoints.notify.captcha.path}?t=1` });
    expect(res.body.code).toBe(1);
    expect(res.body.data.b64s).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(res.body.data.b64s.split(',')[1]!, 'base64').toString()).toContain('<svg');
    const row = await t.db.selectFrom('captchas').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(5 * 60 * 1000);
  });
});
