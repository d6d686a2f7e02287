import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, expectRefused } from '../../test/http-helpers.js';
import { endpoints } from '@tp/contracts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('general endpoints', () => {
  it('area_list: about 40 areas with dialling codes, none of the unserved countries', async () => {
    const res = await call<{ id: number; code: string; global_code: string; name: string }[]>(t.app, { method: 'GET', url: `${endpoints.settings.areaList.path}?t=5` });
    expect(res.body.code).toBe(1);
    expect(res.body.data.length).toBeGreaterThanOrEqual(35);
    expect(res.body.data[0]).toMatchObject({ code: 'HK', global_code: '852' });
    const codes = res.body.data.map((a) => a.code);
    for (const banned of ['KP', 'IL', 'CN', 'VU', 'CU']) expect(codes).not.toContain(banned);
    for (const a of res.body.data) expect(a.global_code).toMatch(/^\d{1,4}$/);
  });

  it('setting?key= answers public settings, null for unknown or private keys, refuses a bad key', async () => {
    expect((await call(t.app, { method: 'GET', url: `${endpoints.settings.setting.path}?key=stop_out_level` })).body.data).toEqual({ key: 'stop_out_level', value: '50' });
    expect((await call(t.app, { method: 'GET', url: `${endpoints.settings.setting.path}?key=service_link` })).body.data).toEqual({ key: 'service_link', value: '' });
    expect((await call(t.app, { method: 'GET', url: `${endpoints.settings.setting.path}?key=no_such_key` })).body.data).toEqual({ key: 'no_such_key', value: null });
    expect((await call(t.app, { method: 'GET', url: `${endpoints.settings.setting.path}?key=seeded_at` })).body.data).toEqual({ key: 'seeded_at', value: null });
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.settings.setting.path }), 'bad_request');
    expectRefused(await call(t.app, { method: 'GET', url: `${endpoints.settings.setting.path}?key=DROP%20TABLE` }), 'bad_request');
  });

  it('getBasicInfo follows the settings', async () => {
    expect((await call(t.app, { method: 'GET', url: endpoints.settings.basicInfo.path })).body.data).toEqual({
      service_link: '',
      service_link_type: 1,
      verify_reg_type: 1,
      trade_fee_type: 1,
      micro_loss_level: 0,
    });
    await t.db.updateTable('settings').set({ value: '2' }).where('key', '=', 'verify_reg_type').execute();
    try {
      expect((await call<{ verify_reg_type: number }>(t.app, { method: 'GET', url: endpoints.settings.basicInfo.path })).body.data.verify_reg_type).toBe(2);
    } finally {
      await t.db.updateTable('settings').set({ value: '1' }).where('key', '=', 'verify_reg_type').execute();
    }
  });

  it('getCompany answers the main company; getCompanyStatus is 0', async () => {
    const company = await call(t.app, { method: 'GET', url: endpoints.settings.company.path });
    expect(company.body.data).toMatchObject({ name: 'Harbour Point Markets Ltd', email: 'support@harbourpoint.example' });
    expect(Object.keys(company.body.data as object).sort()).toEqual(['email', 'id', 'location', 'logo', 'name', 'registered_address', 'subject', 'url']);
    expect((await call(t.app, { method: 'GET', url: endpoints.settings.companyStatus.path })).body.data).toEqual({ status: 0, type: 0, loss_url: '' });
  });
});
