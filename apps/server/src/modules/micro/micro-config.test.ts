import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type AdminAmountPreset, type AdminSecondsOption } from '@tp/contracts';
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

const opts = { token: '', headers: { lang: 'en' } };
const offered = async () => (await callEndpoint(t.app, endpoints.micro.seconds, {})).body.data as { seconds: { Seconds: number; ProfitRatio: string }[]; number: { Number: string }[] };

describe('seconds options', () => {
  it('creates an option, refuses a second one with the same seconds, changes and retires it; the public list follows at once', async () => {
    opts.token = admin;
    const made = await callEndpoint(t.app, e.createSecondsOption, { ...opts, input: { seconds: 90, profit_ratio: '0.87', limit_amount: '20', sort: 3 } });
    expect(made.body).toMatchObject({ code: 1, data: { seconds: 90, profit_ratio: '0.87', limit_amount: '20.00', enabled: true } });
    const id = (made.body.data as AdminSecondsOption).id;
    expectRefused(await callEndpoint(t.app, e.createSecondsOption, { ...opts, input: { seconds: 90, profit_ratio: '0.5', limit_amount: '1' } }), 'config_duplicate');
    for (const bad of [{ seconds: 0, profit_ratio: '0.5', limit_amount: '1' }, { seconds: 10, profit_ratio: '0', limit_amount: '1' }, { seconds: 10, profit_ratio: '0.5', limit_amount: '-1' }]) {
      expectRefused(await callEndpoint(t.app, e.createSecondsOption, { ...opts, input: bad as never }), 'bad_request');
    }
    expect((await offered()).seconds.find((s) => s.Seconds === 90)).toMatchObject({ ProfitRatio: '0.87' });

    expect((await callEndpoint(t.app, e.updateSecondsOption, { ...opts, params: { id }, input: { profit_ratio: '0.9' } })).body.data).toMatchObject({ seconds: 90, profit_ratio: '0.9' });
    expect((await callEndpoint(t.app, e.updateSecondsOption, { ...opts, params: { id }, input: { enabled: false } })).body.data).toMatchObject({ enabled: false });
    expect((await offered()).seconds.map((s) => s.Seconds)).not.toContain(90);
    // Retired, not gone: the console still lists it, and it can be offered again.
    const all = (await callEndpoint(t.app, e.secondsOptions, opts)).body.data as AdminSecondsOption[];
    expect(all.find((o) => o.id === id)).toMatchObject({ enabled: false, profit_ratio: '0.9' });

    const audit = await t.db.selectFrom('audit_log').selectAll().where('target', '=', `seconds_option:${id}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['seconds_option.create', 'seconds_option.update', 'seconds_option.update']);
    expect(audit[1]!.detail).toMatchObject({ before: { profit_ratio: '0.87' }, after: { profit_ratio: '0.9' } });
  });

  it('a retired option is refused on submit; orders placed before keep their terms', async () => {
    const { token } = await demoLogin(t.app, 'micro-cfg-retire');
    const option = ((await callEndpoint(t.app, e.secondsOptions, { token: admin })).body.data as AdminSecondsOption[]).find((o) => o.seconds === 30)!;
    await callEndpoint(t.app, e.updateSecondsOption, { token: admin, params: { id: option.id }, input: { enabled: false } });
    const btc = (await t.db.selectFrom('trade_symbols').select('id').where('code', '=', 'BTCUSDT').executeTakeFirstOrThrow()).id;
    expectRefused(await callEndpoint(t.app, endpoints.micro.submit, { token, input: { forex_id: btc, type: 1, seconds: 30, number: '10' } as never, headers: { 'idempotency-key': 'micro-cfg-1' } }), 'micro_seconds_invalid');
    await callEndpoint(t.app, e.updateSecondsOption, { token: admin, params: { id: option.id }, input: { enabled: true } });
  });
});

describe('amount presets', () => {
  it('creates, changes and retires a preset; duplicates are refused', async () => {
    const made = await callEndpoint(t.app, e.createAmountPreset, { token: admin, input: { amount: '250', sort: 9 } });
    expect(made.body.data).toMatchObject({ amount: '250.00', enabled: true });
    const id = (made.body.data as AdminAmountPreset).id;
    expectRefused(await callEndpoint(t.app, e.createAmountPreset, { token: admin, input: { amount: '250.00' } }), 'config_duplicate');
    expectRefused(await callEndpoint(t.app, e.updateAmountPreset, { token: admin, params: { id }, input: { amount: '10' } }), 'config_duplicate');
    expectRefused(await callEndpoint(t.app, e.createAmountPreset, { token: admin, input: { amount: '0' } }), 'bad_request');
    expect((await offered()).number.map((n) => n.Number)).toContain('250');
    expect((await callEndpoint(t.app, e.updateAmountPreset, { token: admin, params: { id }, input: { enabled: false } })).body.data).toMatchObject({ enabled: false });
    expect((await offered()).number.map((n) => n.Number)).not.toContain('250');
    const list = (await callEndpoint(t.app, e.amountPresets, { token: admin })).body.data as AdminAmountPreset[];
    expect(list.find((p) => p.id === id)).toMatchObject({ enabled: false });
  });

  it('two staff moving two presets to one amount at once: one is saved, the other refused as a duplicate', async () => {
    const a = (await callEndpoint(t.app, e.createAmountPreset, { token: admin, input: { amount: '333' } })).body.data as AdminAmountPreset;
    const b = (await callEndpoint(t.app, e.createAmountPreset, { token: admin, input: { amount: '444' } })).body.data as AdminAmountPreset;
    const answers = await Promise.all([a, b].map((p) => callEndpoint(t.app, e.updateAmountPreset, { token: admin, params: { id: p.id }, input: { amount: '777' } })));
    expect(answers.map((r) => r.body.code).sort()).toEqual([0, 1]);
    expectRefused(answers.find((r) => r.body.code === 0)!, 'config_duplicate');
  });
});
