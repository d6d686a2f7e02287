import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { demoLogin } from '../test/http-helpers.js';
import { wsConnect, wsRefusedUpgrade, wsUrlOf } from '../test/ws-client.js';

/*
 * Issue 12, item 3 (websocket part): sockets per IP, frames per socket per second, and websocket
 * logins against the per-IP login limit - each configurable, each refusal localized.
 */

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ config: { wsSocketsPerIp: 3, wsFramesPerSecond: 5, loginIpLimitPerMinute: 3 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = wsUrlOf(t.app);
});
afterAll(async () => {
  await t.close();
});

const ping = (n: number) => ({ type: 'ping', params: n });

describe('websocket limits', () => {
  it('refuses the upgrade past WS_SOCKETS_PER_IP with a 429 envelope; a closed socket frees its place', async () => {
    const open = [await wsConnect(url), await wsConnect(url), await wsConnect(url)];
    const refused = await wsRefusedUpgrade(url);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 0, data: null, error: 'too_many_requests', msg: expect.any(String) });
    open[0]!.ws.close();
    await open[0]!.closed;
    // The server counts the socket gone once it sees the close.
    await new Promise((r) => setTimeout(r, 100));
    const again = await wsConnect(url);
    again.send(ping(1));
    expect(await again.next()).toEqual({ type: 'pong', params: 1 });
    for (const c of [again, ...open.slice(1)]) {
      c.ws.close();
      await c.closed;
    }
    await new Promise((r) => setTimeout(r, 100));
  });

  it('answers frames past WS_FRAMES_PER_SECOND with one refusal, and closes a socket that goes on', async () => {
    const c = await wsConnect(url, { lang: 'en' });
    for (let i = 1; i <= 6; i++) c.send(ping(i));
    for (let i = 1; i <= 5; i++) expect(await c.next()).toEqual({ type: 'pong', params: i });
    expect(await c.next()).toEqual({ type: 'error', code: 0, msg: 'Too many attempts, please try again later', error: 'too_many_requests' });
    await c.nothing();
    // The next second the socket may talk again.
    await new Promise((r) => setTimeout(r, 1100));
    c.send(ping(7));
    expect(await c.next()).toEqual({ type: 'pong', params: 7 });
    // A flood: closed with 1008.
    for (let i = 0; i < 20; i++) c.send(ping(100 + i));
    expect(await c.closed).toMatchObject({ code: 1008 });
    await new Promise((r) => setTimeout(r, 100));
  });

  it('failed websocket logins count against LOGIN_IP_LIMIT_PER_MINUTE; past it no login is even looked up', async () => {
    const user = await demoLogin(t.app, 'ws-limit-user-1');
    const c = await wsConnect(url, { lang: 'en' });
    // Good logins do not use up the limit (a page load logs the socket in each time).
    // (Several messages per frame: this socket also has the frame limit of 5 a second.)
    c.send(Array.from({ length: 5 }, () => ({ type: 'login', params: user.token })));
    for (let i = 0; i < 5; i++) expect(await c.next()).toMatchObject({ type: 'login_result', code: 1 });
    c.send([0, 1, 2].map((i) => ({ type: 'login', params: `random-token-${i}` })));
    for (let i = 0; i < 3; i++) expect(await c.next()).toMatchObject({ type: 'login_result', code: 0, msg: 'Please log in' });
    // Over the limit: refused before any lookup, a good token included, on any socket of this IP.
    c.send({ type: 'login', params: 'random-token-x' });
    expect(await c.next()).toEqual({ type: 'login_result', code: 0, msg: 'Too many attempts, please try again later' });
    const d = await wsConnect(url, { lang: 'en' });
    d.send({ type: 'login', params: user.token });
    expect(await d.next()).toEqual({ type: 'login_result', code: 0, msg: 'Too many attempts, please try again later' });
    c.ws.close();
    d.ws.close();
  });
});
