import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** A browser cannot set a header on a socket: the language comes in the URL or in the login. */
describe('/v2/ws speaks the language the client names', () => {
  it('the lang query parameter of the socket URL', async () => {
    const c = await wsConnect(`${wsUrl}?lang=de`);
    c.send({ type: 'sub', params: 'FOREX_TRADE' });
    expect(await c.next()).toEqual({ type: 'sub_result', code: 0, msg: 'Bitte melden Sie sich an', params: 'FOREX_TRADE' });
    c.ws.close();
  });

  it("the lang of the login message, for the login's answer and every later one; an unknown lang changes nothing", async () => {
    const demo = await demoLogin(t.app, 'ws-lang-demo');
    const c = await wsConnect(wsUrl);
    c.send({ type: 'login', params: 'not-a-token', lang: 'fr' });
    const refused = (await c.next()) as { type: string; code: number; msg: string };
    expect(refused).toMatchObject({ type: 'login_result', code: 0 });
    expect(refused.msg).toBe('Veuillez vous connecter');
    c.send({ type: 'login', params: demo.token, lang: 'en' });
    expect(await c.next()).toMatchObject({ type: 'login_result', code: 1 });
    c.send({ type: 'sub', params: 'NOT_A_TOPIC' });
    expect(await c.next()).toMatchObject({ type: 'sub_result', code: 0, msg: 'Invalid request' });
    c.send({ type: 'login', params: demo.token, lang: 'xx' });
    await c.next();
    c.send({ type: 'sub', params: 'NOT_A_TOPIC' });
    expect(await c.next()).toMatchObject({ msg: 'Invalid request' });
    c.ws.close();
  });
});
