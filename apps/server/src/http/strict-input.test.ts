import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, endpoints } from '@tp/contracts';
import { createTestApp, lastCode, type TestApp } from '../test/test-app.js';
import { call, callEndpoint, demoLogin, expectRefused, registerUser, type Registered } from '../test/http-helpers.js';
import { adminToken, uploadUrlOf } from '../test/wallet-helpers.js';

/** Issue 12, strict input: bad input is refused in the envelope, never a 500, and changes nothing. */

let t: TestApp;
let alice: Registered;
let admin: string;
const en = { lang: 'en' };
const NUL = '\u0000';

beforeAll(async () => {
  t = await createTestApp({
    config: { loginIpLimitPerMinute: 1000 },
    extend: (app) => {
      app.get('/test/boom', { schema: { hide: true } }, async () => {
        throw new Error('boom');
      });
    },
  });
  alice = await registerUser(t.app, t.dataDir);
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await t.close();
});

const count = async (table: 'charges' | 'withdraw_methods' | 'users' | 'uploads' | 'forex_orders') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

function expectControlRefusal(res: { status: number; body: { code: number; msg: string; error?: string } }, field: string) {
  expectRefused(res as never, 'text_control_characters');
  expect(res.body.msg).toBe(`${field} must not contain control characters`);
}

describe('control characters in text fields', () => {
  it('search: a NUL in the currency or company search is refused, naming the field', async () => {
    expectControlRefusal(await callEndpoint(t.app, endpoints.market.searchCurrency, { input: { searchCurrency: `BT${NUL}C` }, headers: en }), 'searchCurrency');
    expectControlRefusal(await callEndpoint(t.app, endpoints.market.searchCompany, { input: { name: `a${NUL}` }, headers: en }), 'name');
  });

  it('deposit address: refused, and no deposit is recorded', async () => {
    const proofImg = await uploadUrlOf(t.app, alice.token);
    const before = await count('charges');
    const res = await callEndpoint(t.app, endpoints.deposits.coinSubmit, { input: { number: '10', proofImg, charge_id: 1, address: `0xabc${NUL}` }, token: alice.token, headers: en });
    expectControlRefusal(res, 'address');
    expect(await count('charges')).toBe(before);
  });

  it('bind method: refused, nothing bound', async () => {
    const before = await count('withdraw_methods');
    const res = await callEndpoint(t.app, endpoints.withdrawals.bindMethod, { input: { type: 1, draw_id: 1, dc_address: `T${NUL}abc`, auth_code: '123456' }, token: alice.token, headers: en });
    expectControlRefusal(res, 'dc_address');
    expect(await count('withdraw_methods')).toBe(before);
  });

  it('invite code and login account, as JSON and as a form body; other control characters too', async () => {
    const before = await count('users');
    const reg = await callEndpoint(t.app, endpoints.users.register, {
      input: { account: 'nul-invite@example.com', password: 'long-enough-1', re_password: 'long-enough-1', sms_code: '123456', invite_code: `AB${NUL}CD` },
      headers: en,
    });
    expectControlRefusal(reg, 'invite_code');
    expect(await count('users')).toBe(before);
    expectControlRefusal(await callEndpoint(t.app, endpoints.users.login, { input: { account: `${alice.email}${NUL}`, password: alice.password }, headers: en }), 'account');
    const form = await call(t.app, {
      method: 'POST',
      url: endpoints.users.login.path,
      headers: { ...en, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `account=${encodeURIComponent(alice.email)}%00&password=x`,
    });
    expectControlRefusal(form, 'account');
    for (const c of ['\u0001', '\u001b', '\u007f', '\n']) {
      expectControlRefusal(await callEndpoint(t.app, endpoints.users.login, { input: { account: `a${c}b@example.com`, password: 'x' }, headers: en }), 'account');
    }
  });

  it('a password with a NUL is said to hold a control character, not to be weak', async () => {
    expectControlRefusal(await callEndpoint(t.app, endpoints.users.login, { input: { account: alice.email, password: `pass${NUL}word` }, headers: en }), 'password');
  });
});

describe('integers are decimal digits or JSON integers', () => {
  it('an admin cannot reject deposit 1 by the path 0x1; the deposit stays pending', async () => {
    const proofImg = await uploadUrlOf(t.app, alice.token);
    const sub = await callEndpoint(t.app, endpoints.deposits.coinSubmit, { input: { number: '10', proofImg, charge_id: 1 }, token: alice.token });
    expect(sub.body.code).toBe(1);
    const id = sub.body.data.id;
    for (const bad of [`0x${id.toString(16)}`, `+${id}`, `${id}.`, `${id}e0`, ` ${id}`]) {
      const url = endpointPath(endpoints.admin.rejectDeposit, { id: 1 }).replace('/1/', `/${encodeURIComponent(bad)}/`);
      const res = await call(t.app, { method: 'POST', url, headers: { authorization: admin, ...en }, payload: { reason: 'no' } });
      expectRefused(res, 'bad_request');
      expect(res.body.msg).toBe('Invalid value for id');
    }
    const row = await t.db.selectFrom('charges').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe(0);
  });

  it('forex_id "0x10" opens no order; true, [1], "+1", "1.", "1e3" are refused too', async () => {
    const demo = await demoLogin(t.app, 'strict-input-demo-1');
    const before = await count('forex_orders');
    for (const forex_id of ['0x10', true, [1], '+1', '1.', '1e3', ' 1']) {
      const res = await call(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: { authorization: demo.token, ...en }, payload: { type: 1, cont: '0.01', forex_id, multiple: 10 } as never });
      expectRefused(res, 'bad_request');
      expect(res.body.msg).toBe('Invalid value for forex_id');
    }
    expect(await count('forex_orders')).toBe(before);
  });

  it('a blank optional integer of a form is absent, as the spec clients send it', async () => {
    const res = await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'to=blank-area%40example.com&type=1&area_id=' });
    expect(res.body.code).toBe(1);
  });
});

describe('amounts have an upper bound', () => {
  it('a deposit claim of 999999999999.99999999 is refused with the maximum, nothing recorded', async () => {
    const proofImg = await uploadUrlOf(t.app, alice.token);
    const before = await count('charges');
    const res = await callEndpoint(t.app, endpoints.deposits.coinSubmit, { input: { number: '999999999999.99999999', proofImg, charge_id: 1 }, token: alice.token, headers: en });
    expectRefused(res, 'amount_too_large');
    expect(res.body.msg).toBe('number must not be more than 1000000000');
    expect(await count('charges')).toBe(before);
  });

  it('lots and prices are bounded with their own maximum', async () => {
    const demo = await demoLogin(t.app, 'strict-input-demo-2');
    const lots = await callEndpoint(t.app, endpoints.forex.submit, { input: { type: 1, cont: '5000000', forex_id: 1 }, token: demo.token, headers: en });
    expectRefused(lots, 'amount_too_large');
    expect(lots.body.msg).toBe('cont must not be more than 1000000');
  });
});

describe('the envelope everywhere', () => {
  const json = /^application\/json/;

  it('refusals with code 0, 999, 404 and 500 say they are JSON', async () => {
    const refused = await t.app.inject({ method: 'POST', url: endpoints.users.login.path, payload: { account: alice.email, password: 'wrong-password' } });
    expect(refused.json()).toMatchObject({ code: 0 });
    expect(refused.headers['content-type']).toMatch(json);
    const unauthenticated = await t.app.inject({ method: 'GET', url: endpoints.wallet.balances.path });
    expect(unauthenticated.json()).toMatchObject({ code: 999 });
    expect(unauthenticated.headers['content-type']).toMatch(json);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no/such/path' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 0, error: 'not_found', data: null });
    expect(missing.headers['content-type']).toMatch(json);
    const fault = await t.app.inject({ method: 'GET', url: '/test/boom' });
    expect(fault.statusCode).toBe(500);
    expect(fault.json()).toMatchObject({ code: 0, error: 'server_error' });
    expect(fault.headers['content-type']).toMatch(json);
  });

  it('a multipart body without a boundary, or cut short, is refused in the envelope and stores nothing', async () => {
    const before = await count('uploads');
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: endpoints.uploads.image.path,
      headers: { authorization: alice.token, 'content-type': 'multipart/form-data', ...en },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n',
    });
    expect(noBoundary.statusCode).toBe(200);
    expect(noBoundary.headers['content-type']).toMatch(json);
    expect(noBoundary.json()).toMatchObject({ code: 0, error: 'bad_request', data: null });
    const cut = await t.app.inject({
      method: 'POST',
      url: endpoints.uploads.image.path,
      headers: { authorization: alice.token, 'content-type': 'multipart/form-data; boundary=----cut', ...en },
      payload: '------cut\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n',
    });
    expect(cut.statusCode).toBe(200);
    expect(cut.json()).toMatchObject({ code: 0, error: 'bad_request', data: null });
    expect(await count('uploads')).toBe(before);
  });

  it('a query string or headers beyond the header limit answer 431 in the envelope, then close', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
        let data = '';
        socket.on('data', (d) => (data += d.toString('utf8')));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
    const longQuery = await raw(`GET ${endpoints.market.searchCurrency.path}?searchCurrency=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const longHeader = await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    for (const answer of [longQuery, longHeader]) {
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head).toMatch(/\r\ncontent-type: application\/json/i);
      // The security headers of every answer, though helmet never sees this one.
      expect(head).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
      expect(head).toMatch(/\r\nx-frame-options: DENY\r\n/i);
      expect(head).toMatch(/\r\ncontent-security-policy: [^\r]*frame-ancestors 'none'/i);
      expect(JSON.parse(body!)).toMatchObject({ code: 0, error: 'request_too_large', data: null });
      // Named like every other refusal: the same id in the envelope and the header.
      expect(head).toMatch(new RegExp(`\r\nx-request-id: ${(JSON.parse(body!) as { request_id: string }).request_id}\r\n`, 'i'));
    }
  });
});

describe('registration', () => {
  it("refuses a demo account's invite code (demo accounts invite no one)", async () => {
    const demo = await demoLogin(t.app, 'strict-input-demo-3');
    const before = await count('users');
    const sent = await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: 'invited-by-demo@example.com', type: 1 } });
    expect(sent.body.code).toBe(1);
    const code = await lastCode(t.dataDir, 'invited-by-demo@example.com');
    const res = await callEndpoint(t.app, endpoints.users.register, {
      input: { account: 'invited-by-demo@example.com', password: 'long-enough-1', re_password: 'long-enough-1', sms_code: code, invite_code: demo.user.invite_code },
    });
    expectRefused(res, 'invite_code_invalid');
    expect(await count('users')).toBe(before);
  });
});

describe('kline periods by name', () => {
  it('kline and abbreviated_cache_kline take the spec names and the minute numbers alike', async () => {
    for (const period of ['1min', '5min', '15min', '30min', '60min', '1day', '5', '1440']) {
      const res = await callEndpoint(t.app, endpoints.market.kline, { input: { forex_id: 1, period } });
      expect(res.body.code, period).toBe(1);
    }
    const named = await callEndpoint(t.app, endpoints.market.kline, { input: { forex_id: 1, period: '15min' } });
    const numbered = await callEndpoint(t.app, endpoints.market.kline, { input: { forex_id: 1, period: 15 } });
    expect(named.body.data).toEqual(numbered.body.data);
    const abbreviated = await callEndpoint(t.app, endpoints.market.abbreviatedKline, { input: { forex_id: 1, period: '1day' } });
    expect(abbreviated.body.code).toBe(1);
    expect(abbreviated.body.data[0]!.Period).toBe('1day'); // named as the push names it
    expectRefused(await callEndpoint(t.app, endpoints.market.kline, { input: { forex_id: 1, period: '2min' } }), 'bad_request');
  });
});
