import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, SETTING_DEFINITIONS, type AdminCompany, type AdminSetting } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callEndpoint, demoLogin, expectRefused } from '../../test/http-helpers.js';
import { adminToken } from '../../test/wallet-helpers.js';

let t: TestApp;
let admin: string;
const e = endpoints.adminConfig;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await t.close();
});

const setSetting = (key: string, value: unknown) => callEndpoint(t.app, e.updateSetting, { params: { key }, input: { value } as never, token: admin, headers: { lang: 'en' } });
const auditOf = (target: string) => t.db.selectFrom('audit_log').selectAll().where('target', '=', target).orderBy('id').execute();

describe('base settings', () => {
  it('lists every key of the registry with its stored value and group', async () => {
    const res = await callEndpoint(t.app, e.settings, { token: admin });
    const list = res.body.data as AdminSetting[];
    expect(list.map((s) => s.key)).toEqual(SETTING_DEFINITIONS.map((d) => d.key));
    expect(list.find((s) => s.key === 'stop_out_level')).toMatchObject({ value: '50', group: 'trading' });
    expect(list.map((s) => s.key)).not.toContain('seeded_at');
  });

  it('changes a value checked by its kind, audited with before and after; the public reads see it at once', async () => {
    expect((await setSetting('service_link', 'https://chat.example.com/room')).body).toMatchObject({ code: 1, msg: 'Saved', data: { value: 'https://chat.example.com/room' } });
    expect((await setSetting('service_link_type', 3)).body.code).toBe(1);
    const info = await callEndpoint(t.app, endpoints.settings.basicInfo, {});
    expect(info.body.data).toMatchObject({ service_link: 'https://chat.example.com/room', service_link_type: 3 });
    expect((await setSetting('service_link', '')).body.code).toBe(1);
    const audit = await auditOf('setting:service_link');
    expect(audit.map((a) => a.detail)).toEqual([
      { before: { value: '' }, after: { value: 'https://chat.example.com/room' } },
      { before: { value: 'https://chat.example.com/room' }, after: { value: '' } },
    ]);
  });

  it('refuses unknown keys and values that do not fit, and changes nothing', async () => {
    expectRefused(await setSetting('seeded_at', 'x'), 'config_setting_unknown');
    expectRefused(await setSetting('no_such_key', 'x'), 'config_setting_unknown');
    for (const [key, value] of [
      ['service_link', 'javascript:alert(1)'],
      ['service_link_type', '4'],
      ['stop_out_level', '0'],
      ['stop_out_level', '-5'],
      ['stop_out_level', '12.345'],
      ['company_email', 'not-an-email'],
      ['micro_loss_level', '2'],
      ['verify_reg_type', ''],
    ] as const) {
      expectRefused(await setSetting(key, value), 'config_setting_invalid');
    }
    expect(await t.db.selectFrom('settings').select('value').where('key', '=', 'stop_out_level').executeTakeFirst()).toEqual({ value: '50' });
    expect(await auditOf('setting:stop_out_level')).toEqual([]);
  });

  it('the fee cannot become a share of the margin while a symbol charges 1 or more per lot', async () => {
    expectRefused(await setSetting('trade_fee_type', '2'), 'config_fee_rate_range');
    await t.db.updateTable('trade_symbols').set({ fee_rate: '0.001' }).execute();
    expect((await setSetting('trade_fee_type', '2')).body.code).toBe(1);
    expect((await setSetting('trade_fee_type', '1')).body.code).toBe(1);
  });

  it('staff roles other than admin and user tokens never open it', async () => {
    const { token } = await demoLogin(t.app, 'settings-cfg-user');
    expectRefused(await callEndpoint(t.app, e.settings, { token }), 'not_logged_in', 999);
    expectRefused(await callEndpoint(t.app, e.updateSetting, { params: { key: 'stop_out_level' }, input: { value: '60' }, token }), 'not_logged_in', 999);
  });
});

describe('companies', () => {
  const create = (input: Record<string, unknown>) => callEndpoint(t.app, e.createCompany, { input: input as never, token: admin, headers: { lang: 'en' } });
  const update = (id: number, input: Record<string, unknown>) => callEndpoint(t.app, e.updateCompany, { params: { id }, input: input as never, token: admin, headers: { lang: 'en' } });

  it('creates, changes and retires a company; one main company at a time, and it stays enabled', async () => {
    const list = (await callEndpoint(t.app, e.companies, { token: admin })).body.data as AdminCompany[];
    const main = list.find((c) => c.is_main)!;
    expect(main).toBeDefined();
    const made = await create({ name: 'Harbour Point Markets Ltd', url: 'https://hpm.example', email: 'desk@hpm.example', location: 'Hong Kong' });
    expect(made.body).toMatchObject({ code: 1, data: { name: 'Harbour Point Markets Ltd', is_main: false, enabled: true, subject: '' } });
    const id = (made.body.data as AdminCompany).id;

    expectRefused(await update(main.id, { enabled: false }), 'config_main_company_disabled');
    expectRefused(await create({ name: 'x', url: 'javascript:alert(1)' }), 'bad_request');

    expect((await update(id, { is_main: true, subject: 'Brokerage' })).body.data).toMatchObject({ is_main: true, subject: 'Brokerage', location: 'Hong Kong' });
    const company = await callEndpoint(t.app, endpoints.settings.company, {});
    expect(company.body.data).toMatchObject({ id, name: 'Harbour Point Markets Ltd' });
    // The former main one was demoted (and audited) and can now be retired; search no longer finds it.
    expect((await update(main.id, { enabled: false })).body.data).toMatchObject({ is_main: false, enabled: false });
    const search = await callEndpoint(t.app, endpoints.market.searchCompany, { input: { name: main.name } as never });
    expect((search.body.data as { id: number }[]).map((c) => c.id)).not.toContain(main.id);
    const audit = await auditOf(`company:${main.id}`);
    expect(audit.map((a) => a.action)).toEqual(['company.update', 'company.update']);
    expect(audit[0]!.detail).toMatchObject({ before: { is_main: true }, after: { is_main: false } });
  });
});
