import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { demoLogin } from '../test/http-helpers.js';
import { wsConnect, wsUrlOf } from '../test/ws-client.js';

let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = wsUrlOf(t.app);
});
afterAll(async () => {
  await t.close();
});

const connect = (headers: Record<string, string> = {}) => wsConnect(wsUrl, headers);

describe('/v2/ws', () => {
  it('answers ping with pong (JSON and bare text)', async () => {
    const c = await connect();
    c.send({ type: 'ping', params: 1712345678901 });
    expect(await c.next()).toEqual({ type: 'pong', params: 1712345678901 });
    c.send('ping');
    expect(await c.next()).toBe('pong');
    c.ws.close();
  });

  it('refuses private topics before login, and unknown topics; public topics work without login', async () => {
    const c = await connect({ lang: 'en' });
    c.send({ type: 'sub', params: 'FOREX_TRADE' });
    expect(await c.next()).toEqual({ type: 'sub_result', code: 0, msg: 'Please log in', params: 'FOREX_TRADE' });
    c.send({ type: 'sub', params: 'NOT_A_TOPIC' });
    expect(await c.next()).toMatchObject({ type: 'sub_result', code: 0 });
    c.send({ type: 'sub', params: 'KLINE.BTCUSDT' });
    expect(await c.next()).toMatchObject({ type: 'sub_result', code: 1, params: 'KLINE.BTCUSDT' });
    c.send({ type: 'sub', params: 'DAY_MARKET' });
    expect(await c.next()).toMatchObject({ type: 'sub_result', code: 1 });
    t.app.bus.publish('DAY_MARKET', { symbol: 'BTCUSDT', close: '65000.1', change: '1.2' });
    expect(await c.next()).toEqual({ type: 'DAY_MARKET', symbol: 'BTCUSDT', close: '65000.1', change: '1.2' });
    c.send({ type: 'unsub', params: 'DAY_MARKET' });
    expect(await c.next()).toMatchObject({ type: 'unsub_result', code: 1 });
    t.app.bus.publish('DAY_MARKET', { symbol: 'BTCUSDT', close: '1', change: '0' });
    await c.nothing();
    c.ws.close();
  });

  it('login with a bad token is code 0; with a good one private topics reach only that user', async () => {
    const alice = await demoLogin(t.app, 'ws-alice-0001');
    const bob = await demoLogin(t.app, 'ws-bob-00001');
    const a = await connect();
    const b = await connect();
    a.send({ type: 'login', params: 'not-a-token' });
    expect(await a.next()).toMatchObject({ type: 'login_result', code: 0 });
    // A frame may be an array of messages; they are handled in order.
    a.send([{ type: 'login', params: alice.token }, { type: 'sub', params: 'FOREX_TRADE' }]);
    expect(await a.next()).toMatchObject({ type: 'login_result', code: 1 });
    expect(await a.next()).toMatchObject({ type: 'sub_result', code: 1, params: 'FOREX_TRADE' });
    b.send({ type: 'login', params: `Bearer ${bob.token}` });
    expect(await b.next()).toMatchObject({ type: 'login_result', code: 1 });
    b.send({ type: 'sub', params: 'FOREX_TRADE' });
    expect(await b.next()).toMatchObject({ type: 'sub_result', code: 1 });

    t.app.bus.publish('FOREX_TRADE', { ProfitsTotal: '1.00', HazardRate: '200', CautionMoneyAll: '10', TransOrder: [] }, alice.user.id);
    expect(await a.next()).toMatchObject({ type: 'FOREX_TRADE', ProfitsTotal: '1.00' });
    await b.nothing();
    // A private event without a user goes to nobody.
    t.app.bus.publish('FOREX_TRADE', { ProfitsTotal: '9' });
    await a.nothing();

    a.send({ type: 'logout' });
    expect(await a.next()).toMatchObject({ type: 'logout_result', code: 1 });
    t.app.bus.publish('FOREX_TRADE', { ProfitsTotal: '2.00' }, alice.user.id);
    await a.nothing();
    a.ws.close();
    b.ws.close();
  });

  it('answers malformed frames with an error and keeps the connection', async () => {
    const c = await connect();
    for (const bad of ['{not json', '42', '"str"', JSON.stringify({ type: 'dance' }), JSON.stringify({ params: 1 }), JSON.stringify([null])]) {
      c.send(bad);
      expect(await c.next()).toMatchObject({ type: 'error', code: 0 });
    }
    c.send({ type: 'sub', params: 12 });
    expect(await c.next()).toMatchObject({ type: 'sub_result', code: 0 });
    c.send({ type: 'login', params: { nested: true } });
    expect(await c.next()).toMatchObject({ type: 'login_result', code: 0 });
    c.send({ type: 'ping', params: 7 });
    expect(await c.next()).toEqual({ type: 'pong', params: 7 });
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.ws.close();
  });
});
