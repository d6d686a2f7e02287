import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE_SERVICE_RESTART } from '@tp/contracts';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { wsConnect, wsUrlOf } from '../test/ws-client.js';

// A server that stops on purpose (SIGTERM: startServer's stop) drains: /readyz turns a balancer
// away, sockets hear "service restart" so clients go to another node at once, and what is in
// flight is answered before the database goes.
let t: TestApp;
let releaseSlow: () => void = () => undefined;
let slowStarted: () => void = () => undefined;
const slowHasStarted = new Promise<void>((r) => (slowStarted = r));

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/test/slow', async () => {
        slowStarted();
        await new Promise<void>((r) => (releaseSlow = r));
        return { code: 1, msg: 'ok', data: 'finished' };
      });
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

describe('draining on stop', () => {
  it('/readyz is 200 when the database is migrated, 503 "draining" once the process stops', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    t.app.draining = true;
    try {
      const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ status: 'draining' });
      // Liveness is another question: the process still answers /healthz while it drains.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      t.app.draining = false;
    }
  });

  it('closing closes every socket with 1012 (service restart) and answers the request in flight', async () => {
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const ws = await wsConnect(wsUrlOf(t.app));
    ws.send({ type: 'sub', params: 'DAY_MARKET' });
    await ws.nextOf('sub_result');
    const inFlight = fetch(`${base}/test/slow`);
    await slowHasStarted;
    const closing = t.app.close();
    expect(await ws.closed).toEqual({ code: WS_CLOSE_SERVICE_RESTART, reason: 'server restarting' });
    releaseSlow();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 1, msg: 'ok', data: 'finished' });
    await closing;
  });
});
