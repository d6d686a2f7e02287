import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { endpoints } from '@tp/contracts';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { call, demoLogin, expectRefused } from '../test/http-helpers.js';
import { storeTick, symbolId } from '../test/forex-helpers.js';
import { createStaff } from '../test/staff-helpers.js';
import { hashToken } from '../lib/tokens.js';
import { wsConnect, wsUrlOf } from '../test/ws-client.js';

/*
 * Sessions expire: after an idle time and at the latest after an absolute lifetime, staff sooner
 * than users (migration 0030). They never did: a token was good until its logout.
 */

let t: TestApp;
const USER = { idleMs: 3_600_000, maxMs: 7_200_000 };
beforeAll(async () => {
  t = await createTestApp({ config: { userSession: USER, loginIpLimitPerMinute: 1000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const auth = (token: string) => ({ authorization: token, lang: 'en' });
const sessionOf = (token: string) => t.db.selectFrom('sessions').select(['created_at', 'last_used_at', 'expires_at', 'hard_expires_at']).where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
const expire = (token: string) => t.db.updateTable('sessions').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('token_hash', '=', hashToken(token)).execute();
const secondsBetween = (a: Date, b: Date) => Math.round((b.getTime() - a.getTime()) / 1000);

describe('a user session', () => {
  it('starts with the configured idle and absolute lifetimes', async () => {
    const { token } = await demoLogin(t.app, `expiry-start-${Date.now()}`);
    const s = await sessionOf(token);
    expect(secondsBetween(s.created_at, s.expires_at)).toBe(USER.idleMs / 1000);
    expect(secondsBetween(s.created_at, s.hard_expires_at)).toBe(USER.maxMs / 1000);
  });

  it('once expired, answers 999 over HTTP, at a websocket login and at a forex submit from the kept copy', async () => {
    const btc = await symbolId(t.db, 'BTCUSDT');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    const { token } = await demoLogin(t.app, `expiry-idle-${Date.now()}`);
    const order = { type: 1, cont: '0.01', forex_id: btc, status: 1, multiple: 10 };
    // Two submits: the second is priced from the process's kept copy of the first one's read.
    for (let i = 0; i < 2; i++) expect((await call(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(token), payload: order })).body.code).toBe(1);
    await expire(token);
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: auth(token) }), 'not_logged_in', 999);
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(token), payload: order }), 'not_logged_in', 999);
    const ws = await wsConnect(wsUrlOf(t.app), { lang: 'en' });
    ws.send({ type: 'login', params: token });
    expect(await ws.nextOf('login_result')).toMatchObject({ code: 0 });
    ws.ws.close();
    const orders = await t.db.selectFrom('forex_orders as o').innerJoin('sessions as s', 's.user_id', 'o.user_id').select('o.id').where('s.token_hash', '=', hashToken(token)).execute();
    expect(orders).toHaveLength(2);
  });

  it('lives on while used, but never past its absolute lifetime', async () => {
    const { token } = await demoLogin(t.app, `expiry-use-${Date.now()}`);
    // Last used two minutes ago, about to expire, and 30 minutes left of its absolute lifetime.
    await t.db
      .updateTable('sessions')
      .set({ last_used_at: sql<Date>`now() - interval '2 minutes'`, expires_at: sql<Date>`now() + interval '5 seconds'`, hard_expires_at: sql<Date>`now() + interval '30 minutes'` })
      .where('token_hash', '=', hashToken(token))
      .execute();
    // Its first authenticated request here marks it used (last use over a minute ago): it moves on
    // by its idle time (an hour), cut at its absolute end (30 minutes from now).
    expect((await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: auth(token) })).body.code).toBe(1);
    const s = await sessionOf(token);
    expect(secondsBetween(new Date(), s.expires_at)).toBeGreaterThan(29 * 60);
    expect(s.expires_at.getTime()).toBe(s.hard_expires_at.getTime());
  });
});

describe('a staff session', () => {
  it('lives 30 minutes unused and 12 hours at most by default, and answers 999 once expired', async () => {
    const staff = await createStaff(t.db, 'admin');
    const login = await call<{ token: string }>(t.app, { method: 'POST', url: endpoints.admin.login.path, payload: { email: staff.email, password: staff.password } });
    const token = login.body.data.token;
    const s = await t.db.selectFrom('admin_sessions').select(['created_at', 'expires_at', 'hard_expires_at']).where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
    expect(secondsBetween(s.created_at, s.expires_at)).toBe(30 * 60);
    expect(secondsBetween(s.created_at, s.hard_expires_at)).toBe(12 * 3600);
    expect((await call(t.app, { method: 'GET', url: endpoints.adminStaff.me.path, headers: auth(token) })).body.code).toBe(1);
    await t.db.updateTable('admin_sessions').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('token_hash', '=', hashToken(token)).execute();
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.adminStaff.me.path, headers: auth(token) }), 'not_logged_in', 999);
  });
});
