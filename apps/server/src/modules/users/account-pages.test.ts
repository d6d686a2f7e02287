import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callEndpoint, demoLogin, expectRefused, registerUser } from '../../test/http-helpers.js';
import { adminToken } from '../../test/wallet-helpers.js';

/** The account pages' own endpoints: the invite count, the company e-mail, the video and desktop settings. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await t.close();
});

const setSetting = (key: string, value: string) => callEndpoint(t.app, endpoints.adminConfig.updateSetting, { params: { key }, input: { value }, token: admin });
const setting = async (key: string) => (await callEndpoint(t.app, endpoints.settings.setting, { input: { key } })).body.data;

describe('invite stats', () => {
  it('counts the accounts registered with the caller\'s own code, and nobody else\'s', async () => {
    const inviter = await registerUser(t.app, t.dataDir);
    const other = await registerUser(t.app, t.dataDir);
    const before = await callEndpoint(t.app, endpoints.invite.stats, { token: inviter.token });
    expect(before.body).toMatchObject({ code: 1, data: { invite_code: inviter.user.invite_code, invited: 0 } });

    await registerUser(t.app, t.dataDir, { invite_code: inviter.user.invite_code });
    await registerUser(t.app, t.dataDir, { invite_code: inviter.user.invite_code });
    await registerUser(t.app, t.dataDir, { invite_code: other.user.invite_code });

    expect((await callEndpoint(t.app, endpoints.invite.stats, { token: inviter.token })).body.data).toEqual({ invite_code: inviter.user.invite_code, invited: 2 });
    // Each caller sees their own figures only: there is no id to ask about someone else.
    expect((await callEndpoint(t.app, endpoints.invite.stats, { token: other.token })).body.data).toEqual({ invite_code: other.user.invite_code, invited: 1 });
  });

  it('refuses a demo account (only true account) and a visitor', async () => {
    const demo = await demoLogin(t.app, 'invite-demo-device-1');
    expectRefused(await callEndpoint(t.app, endpoints.invite.stats, { token: demo.token }), 'only_true_account');
    expectRefused(await callEndpoint(t.app, endpoints.invite.stats), 'not_logged_in', 999);
    expectRefused(await callEndpoint(t.app, endpoints.invite.stats, { token: 'x'.repeat(43) }), 'not_logged_in', 999);
  });
});

describe('company e-mail', () => {
  it('answers the company_email setting to anyone, and follows a change made in the console', async () => {
    expect((await callEndpoint(t.app, endpoints.company.email)).body).toMatchObject({ code: 1, data: { email: 'support@harbourpoint.example' } });
    expect((await setSetting('company_email', 'care@harbourpoint.example')).body.code).toBe(1);
    expect((await callEndpoint(t.app, endpoints.company.email)).body.data).toEqual({ email: 'care@harbourpoint.example' });
    await setSetting('company_email', 'support@harbourpoint.example');
  });

  it('falls back to the main company\'s address when the setting is missing', async () => {
    await t.db.deleteFrom('settings').where('key', '=', 'company_email').execute();
    try {
      const main = await callEndpoint(t.app, endpoints.settings.company);
      expect((await callEndpoint(t.app, endpoints.company.email)).body.data).toEqual({ email: main.body.data.email });
    } finally {
      await t.db.insertInto('settings').values({ key: 'company_email', value: 'support@harbourpoint.example', is_public: true }).execute();
    }
  });

  it('the company information names the main company with its addresses', async () => {
    const res = await callEndpoint(t.app, endpoints.settings.company);
    expect(res.body.data).toMatchObject({ name: expect.any(String), registered_address: expect.any(String), location: expect.any(String), email: expect.any(String) });
    expect(res.body.data.registered_address).not.toBe('');
  });
});

describe('video and desktop settings', () => {
  it('are seeded: two shipped clips and no desktop link', async () => {
    expect(await setting('video_url_1')).toEqual({ key: 'video_url_1', value: '/videos/market-basics.webm' });
    expect(await setting('video_url_2')).toEqual({ key: 'video_url_2', value: '/videos/placing-an-order.webm' });
    expect(await setting('pc_url')).toEqual({ key: 'pc_url', value: '' });
  });

  it('staff change them in the console: a video is an https link or a path on this site, the desktop link an http(s) url or empty', async () => {
    expect((await setSetting('video_url_2', 'https://cdn.example.com/intro.webm')).body.code).toBe(1);
    expect(await setting('video_url_2')).toEqual({ key: 'video_url_2', value: 'https://cdn.example.com/intro.webm' });
    expectRefused(await setSetting('video_url_1', 'javascript:alert(1)'), 'config_setting_invalid');
    expectRefused(await setSetting('video_url_1', ''), 'config_setting_invalid');
    expectRefused(await setSetting('video_url_1', 'http://cdn.example.com/intro.webm'), 'config_setting_invalid');
    expectRefused(await setSetting('video_url_1', '//cdn.example.com/intro.webm'), 'config_setting_invalid');
    expect((await setSetting('pc_url', 'https://pc.harbourpoint.example')).body.code).toBe(1);
    expectRefused(await setSetting('pc_url', '/desktop'), 'config_setting_invalid');
    expect((await setSetting('pc_url', '')).body.code).toBe(1);
    await setSetting('video_url_2', '/videos/placing-an-order.webm');
    const audit = await t.db.selectFrom('audit_log').select(['action', 'target']).where('target', 'like', 'setting:video_url_%').execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });
});
