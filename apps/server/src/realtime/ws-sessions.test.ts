import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { endpoints } from '@tp/contracts';
import { createTestApp, lastCode, type TestApp } from '../test/test-app.js';
import { call, registerUser, type Registered } from '../test/http-helpers.js';
import { wsConnect, wsUrlOf, type WsTestClient } from '../test/ws-client.js';

/*
 * Issue 12, item 2: a socket's login follows its token. Logout, a password change, a token revoked
 * in the database and a disabled user each end the login: the client is told (login_result 999),
 * private topics are dropped and private pushes stop, public topics go on.
 */

let t: TestApp;
let url: string;
async function start(wsSessionRecheckMs: number): Promise<void> {
  t = await createTestApp({ config: { wsSessionRecheckMs, loginIpLimitPerMinute: 1000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = wsUrlOf(t.app);
}
afterEach(async () => {
  // One app per test: the event tests run without the re-check, so only the bus event can pass them.
  await t.close();
});

const auth = (token: string) => ({ authorization: token });
const tradePush = (n: string) => ({ ProfitsTotal: n, HazardRate: '200', CautionMoneyAll: '10', TransOrder: [] });

/** A socket logged in with the token, on FOREX_TRADE and DAY_MARKET, shown to receive both. */
async function loggedInSocket(user: { token: string; user: { id: number } }): Promise<WsTestClient> {
  const c = await wsConnect(url, { lang: 'en' });
  c.send([{ type: 'login', params: user.token }, { type: 'sub', params: 'FOREX_TRADE' }, { type: 'sub', params: 'DAY_MARKET' }]);
  expect(await c.next()).toMatchObject({ type: 'login_result', code: 1 });
  expect(await c.next()).toMatchObject({ type: 'sub_result', code: 1, params: 'FOREX_TRADE' });
  expect(await c.next()).toMatchObject({ type: 'sub_result', code: 1, params: 'DAY_MARKET' });
  t.app.bus.publish('FOREX_TRADE', tradePush('1.00'), user.user.id);
  expect(await c.next()).toMatchObject({ type: 'FOREX_TRADE', ProfitsTotal: '1.00' });
  return c;
}

/** The login has ended: told once, private pushes no longer arrive, private subs refused, public topics go on. */
async function expectLoginEnded(sockets: WsTestClient[], userId: number, timeoutMs = 2000): Promise<void> {
  for (const c of sockets) {
    // (A second socket of the same user may still hold the other's earlier push: skipped.)
    expect(await c.nextOf('login_result', timeoutMs)).toEqual({ type: 'login_result', code: 999, msg: 'Your session has ended, please log in again', error: 'session_ended' });
  }
  t.app.bus.publish('FOREX_TRADE', tradePush('2.00'), userId);
  t.app.bus.publish('FOREX_CLOSED', { id: [1] }, userId);
  for (const c of sockets) await c.nothing();
  for (const c of sockets) {
    c.send({ type: 'sub', params: 'FOREX_CLOSED' });
    expect(await c.next()).toMatchObject({ type: 'sub_result', code: 0, params: 'FOREX_CLOSED' });
  }
  t.app.bus.publish('DAY_MARKET', { symbol: 'BTCUSDT', close: '65000.1', change: '1.2' });
  for (const c of sockets) {
    expect(await c.next()).toMatchObject({ type: 'DAY_MARKET', symbol: 'BTCUSDT' });
    expect(c.ws.readyState).toBe(c.ws.OPEN);
  }
}

async function secondToken(r: Registered): Promise<string> {
  const res = await call<{ token: string }>(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: r.email, password: r.password } });
  expect(res.body.code).toBe(1);
  return res.body.data.token;
}

describe('a websocket login follows its token', () => {
  it('logout over HTTP ends the login of the sockets with that token, and only theirs', async () => {
    await start(0);
    const r = await registerUser(t.app, t.dataDir);
    const other = { token: await secondToken(r), user: r.user };
    const a = await loggedInSocket(r);
    const b = await loggedInSocket(other);
    expect((await call(t.app, { method: 'POST', url: endpoints.users.logout.path, headers: auth(r.token) })).body.code).toBe(1);
    await expectLoginEnded([a], r.user.id);
    // The other device's token is still live: its socket got the private push the ended one did not.
    expect(await b.nextOf('FOREX_TRADE')).toMatchObject({ ProfitsTotal: '2.00' });
    a.ws.close();
    b.ws.close();
  });

  it('a password change ends the login of every socket of the user', async () => {
    await start(0);
    const r = await registerUser(t.app, t.dataDir);
    const other = { token: await secondToken(r), user: r.user };
    const a = await loggedInSocket(r);
    const b = await loggedInSocket(other);
    await t.db.updateTable('verification_codes').set({ created_at: sql`now() - interval '2 minutes'` }).where('address', '=', r.email).execute();
    expect((await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: r.email, type: 2 } })).body.code).toBe(1);
    const code = await lastCode(t.dataDir, r.email);
    const changed = await call(t.app, { method: 'POST', url: endpoints.users.amendPassword.path, headers: auth(r.token), payload: { new_password: 'new-password-1', secondary_password: 'new-password-1', auth_code: code } });
    expect(changed.body.code).toBe(1);
    await expectLoginEnded([a, b], r.user.id);
    // Logging in again on the same socket with the old token is refused.
    a.send({ type: 'login', params: r.token });
    expect(await a.next()).toMatchObject({ type: 'login_result', code: 0 });
    a.ws.close();
    b.ws.close();
  });

  it('a token revoked in the database ends the login (the periodic re-check)', async () => {
    await start(100);
    const r = await registerUser(t.app, t.dataDir);
    const c = await loggedInSocket(r);
    await t.db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('user_id', '=', r.user.id).execute();
    await expectLoginEnded([c], r.user.id);
    c.ws.close();
  });

  it('a disabled user ends the login (the periodic re-check)', async () => {
    await start(100);
    const r = await registerUser(t.app, t.dataDir);
    const c = await loggedInSocket(r);
    await t.db.updateTable('users').set({ status: 0 }).where('id', '=', r.user.id).execute();
    await expectLoginEnded([c], r.user.id);
    c.ws.close();
  });
});
