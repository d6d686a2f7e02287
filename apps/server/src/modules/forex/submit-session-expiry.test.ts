import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { endpoints, type ForexOrder } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin, expectRefused, type Answer } from '../../test/http-helpers.js';
import { MARKET_OPEN_MS, contractBalance, storeTick, symbolId } from '../../test/forex-helpers.js';
import { createStaff, staffSession } from '../../test/staff-helpers.js';
import { wsConnect, wsUrlOf } from '../../test/ws-client.js';
import { hashToken } from '../../lib/tokens.js';
import { submitContextsOf } from './submit-context.js';

/*
 * An expired session answers 999 wherever a token is checked, and using it never brings it back.
 * The forex submit from the process's kept copy marks its session used before its guarded write
 * checks the session: had marking it used pushed an idle-expired session's end on, the guard would
 * then have found it live and the order would have been placed for a token that had expired.
 */

let t: TestApp;
let btc: number;
beforeAll(async () => {
  t = await createTestApp({ now: () => MARKET_OPEN_MS, config: { wsSessionRecheckMs: 100, loginIpLimitPerMinute: 1000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  btc = await symbolId(t.db, 'BTCUSDT');
  await storeTick(t.db, 'BTCUSDT', '100000.00');
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const auth = (token: string) => ({ authorization: token, lang: 'en' });
const submit = (token: string): Promise<Answer<ForexOrder>> =>
  call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(token), payload: { type: 1, cont: '0.01', forex_id: btc, status: 1, multiple: 100 } });
const orderCount = async (userId: number) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM forex_orders WHERE user_id = ${userId}`.execute(t.db)).rows[0]!.n);
const sessionRow = (token: string) => t.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();

/** Ended by its idle time: unused for 20 minutes, an idle time long past; its absolute end far off. */
const idleExpired = (token: string) =>
  t.db
    .updateTable('sessions')
    .set({ last_used_at: sql<Date>`now() - interval '20 minutes'`, expires_at: sql<Date>`now() - interval '1 second'`, hard_expires_at: sql<Date>`now() + interval '30 days'` })
    .where('token_hash', '=', hashToken(token))
    .execute();
/** Ended by its absolute lifetime, although used a moment ago. */
const lifetimeExpired = (token: string) =>
  t.db
    .updateTable('sessions')
    .set({ last_used_at: sql<Date>`now() - interval '2 minutes'`, expires_at: sql<Date>`now() - interval '1 second'`, hard_expires_at: sql<Date>`now() - interval '1 second'` })
    .where('token_hash', '=', hashToken(token))
    .execute();

/**
 * The process skips marking a session used again within a minute of its last mark (http/auth.ts).
 * A real idle expiry comes long after that minute: the clock of this process is moved past it.
 */
function laterThanLastMark(): void {
  const real = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => real() + 61_000);
}

/** A demo trader whose second submit came from the kept copy. */
async function warmTrader(name: string) {
  const trader = await demoLogin(t.app, `expiry-${name}-${Date.now()}`);
  expect((await submit(trader.token)).body.code).toBe(1);
  const before = submitContextsOf(t.db)!.stats.cached;
  expect((await submit(trader.token)).body.code).toBe(1);
  expect(submitContextsOf(t.db)!.stats.cached).toBe(before + 1);
  return trader;
}

describe.each([
  ['its idle time', idleExpired],
  ['its absolute lifetime', lifetimeExpired],
] as const)('a session ended by %s', (_name, expire) => {
  it('answers 999 at the forex submit from the kept copy, writes nothing, and stays ended', async () => {
    const trader = await warmTrader(expire === idleExpired ? 'idle' : 'lifetime');
    const balance = await contractBalance(t.db, trader.user.id);
    await expire(trader.token);
    laterThanLastMark();
    expectRefused(await submit(trader.token), 'not_logged_in', 999);
    expect(await orderCount(trader.user.id)).toBe(2);
    expect(await contractBalance(t.db, trader.user.id)).toEqual(balance);
    expect((await sessionRow(trader.token)).expires_at.getTime()).toBeLessThan(Date.now() - 61_000);
    // Nor does any later request find it live.
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: auth(trader.token) }), 'not_logged_in', 999);
    expectRefused(await submit(trader.token), 'not_logged_in', 999);
  });

  it('answers 999 over HTTP and at a websocket login, and ends a socket logged in before', async () => {
    const trader = await demoLogin(t.app, `expiry-ws-${expire === idleExpired ? 'idle' : 'lifetime'}-${Date.now()}`);
    const before = await wsConnect(wsUrlOf(t.app), { lang: 'en' });
    before.send({ type: 'login', params: trader.token });
    expect(await before.nextOf('login_result')).toMatchObject({ code: 1 });
    await expire(trader.token);
    // The gateway's re-check (every 100 ms here) ends the login of a session that expired.
    expect(await before.nextOf('login_result', 2000)).toMatchObject({ code: 999, error: 'session_ended' });
    laterThanLastMark();
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: auth(trader.token) }), 'not_logged_in', 999);
    const after = await wsConnect(wsUrlOf(t.app), { lang: 'en' });
    after.send({ type: 'login', params: trader.token });
    expect(await after.nextOf('login_result')).toMatchObject({ code: 0 });
    for (const c of [before, after]) c.ws.close();
  });
});

describe('an expired staff session', () => {
  it('answers 999 over HTTP and at a staff websocket login, and ends a staff socket logged in before', async () => {
    const staff = await createStaff(t.db, 'support');
    const token = await staffSession(t.db, staff.id);
    const before = await wsConnect(wsUrlOf(t.app), { lang: 'en' });
    before.send({ type: 'staff_login', params: token });
    expect(await before.nextOf('staff_login_result')).toMatchObject({ code: 1 });
    await t.db
      .updateTable('admin_sessions')
      .set({ last_used_at: sql<Date>`now() - interval '31 minutes'`, expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect(await before.nextOf('staff_login_result', 2000)).toMatchObject({ code: 999, error: 'session_ended' });
    laterThanLastMark();
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.adminStaff.me.path, headers: auth(token) }), 'not_logged_in', 999);
    const after = await wsConnect(wsUrlOf(t.app), { lang: 'en' });
    after.send({ type: 'staff_login', params: token });
    expect(await after.nextOf('staff_login_result')).toMatchObject({ code: 0 });
    for (const c of [before, after]) c.ws.close();
  });
});
