import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { logCapture } from './test/log-capture.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@tp/contracts';
import { loadConfig } from './config.js';
import { startServer, type RunningServer } from './main.js';
import { MESSAGES } from './http/messages/index.js';
import { verifyHolds, verifyLedger } from './modules/ledger/index.js';
import { MODULES, holdSourcesOf } from './modules.js';
import { call, registerUser, type Registered } from './test/http-helpers.js';
import { ManualFeed, testMarketConfig } from './test/market-helpers.js';
import { createTestApp, type TestApp } from './test/test-app.js';
import { adminToken, balanceOf, fund } from './test/wallet-helpers.js';
import { wsConnect, wsUrlOf, type WsTestClient } from './test/ws-client.js';
import { CONNECT_TIMEOUT_MS, createDb, isDatabaseUnavailable } from './db/database.js';
import { freePort, startEmbeddedPg, type EmbeddedPg } from './db/embedded-pg.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connect', withCode('connect ECONNREFUSED 127.0.0.1:5433', 'ECONNREFUSED')],
    ['a reset socket', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a write to a closed socket', withCode('write EPIPE', 'EPIPE')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a connect that timed out', new Error('Connection terminated due to connection timeout')],
    ['the pool wait that timed out', new Error('timeout exceeded when trying to connect')],
    ['a fast shutdown ending the session (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a crash restart (57P02)', withCode('terminating connection because of crash of another server process', '57P02')],
    ['a server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection failure of class 08', withCode('connection failure', '08006')],
    ['a connect tried on several addresses', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed')],
    ['a lost connection wrapped by the code that caught it', new Error('ledger post failed', { cause: new Error('Connection terminated unexpectedly') })],
  ])('%s is', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a deadlock', withCode('deadlock detected', '40P01')],
    ['a statement cancelled by its timeout (57014)', withCode('canceling statement due to statement timeout', '57014')],
    ['a plain fault', new Error('Cannot read properties of undefined')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('a database that accepts connections but never answers', () => {
  it(`fails a query after the pool's connect timeout instead of hanging`, async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((s) => {
      sockets.add(s);
      s.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const addr = silent.address() as net.AddressInfo;
    const db = createDb(`postgres://nobody:nothing@127.0.0.1:${addr.port}/none`, 2);
    try {
      const started = Date.now();
      const err = await sql`SELECT 1`.execute(db).then(
        () => undefined,
        (e: unknown) => e,
      );
      const took = Date.now() - started;
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(took).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
      expect(took).toBeLessThan(CONNECT_TIMEOUT_MS + 1500);
    } finally {
      await db.destroy().catch(() => undefined);
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('the error handler on an unavailable database', () => {
  const { lines, stream } = logCapture();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      logger: { level: 'info', stream },
      extend: (app) => {
        app.get('/test/pg-shutdown', async () => {
          throw withCode('terminating connection due to administrator command', '57P01');
        });
        app.get('/test/fault', async () => {
          throw new Error('a bug');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('answers 503 service_unavailable in the envelope, localized, logged as a warning', async () => {
    lines.length = 0;
    const res = await call(t.app, { method: 'GET', url: '/test/pg-shutdown', headers: { lang: 'de' } });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 0, msg: 'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es gleich noch einmal.', data: null, error: 'service_unavailable' });
    expect(res.body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.find((l) => l.msg === 'database unavailable');
    expect(logged).toMatchObject({ level: 40, err: { code: '57P01' } });
    expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });

  it('any other fault stays a 500 server_error logged as an error', async () => {
    lines.length = 0;
    const res = await call(t.app, { method: 'GET', url: '/test/fault', headers: { lang: 'en' } });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ error: 'server_error' });
    expect(lines.some((l) => l.level === 50 && l.msg === 'request failed')).toBe(true);
  });
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs `fn` and says how long it took. */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - started };
}

describe('PostgreSQL stops and comes back under a running server', () => {
  const ADMIN_PASSWORD = 'outage-admin-password';
  let root: string;
  let pgDir: string;
  let port: number;
  let pg: EmbeddedPg | undefined;
  let server: RunningServer | undefined;
  const feed = new ManualFeed();

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'tp-outage-'));
    pgDir = path.join(root, 'pg');
    // A fixed port: the server's URL must reach the cluster again after its restart.
    port = await freePort();
    pg = await startEmbeddedPg(pgDir, () => undefined, { port });
    await pg.createDatabase('outage');
    const dataDir = path.join(root, 'data');
    await fs.mkdir(dataDir);
    const config = loadConfig(
      {},
      {
        port: 0,
        host: '127.0.0.1',
        dataDir,
        databaseUrl: pg.urlFor('outage'),
        logLevel: 'silent',
        adminPassword: ADMIN_PASSWORD,
        webDistDir: path.join(dataDir, 'none'),
        adminDistDir: path.join(dataDir, 'none'),
        market: testMarketConfig(),
      },
    );
    server = await startServer(config, {
      engine: {
        onlySymbols: ['BTCUSDT', 'ETHUSDT'],
        feeds: (symbols) => {
          feed.symbols = symbols;
          return [feed];
        },
      },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await pg?.stop();
    // No postgres of this test lives on: its lock file goes with it.
    expect(existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
    await fs.rm(root, { recursive: true, force: true });
  });

  it('answers 503 fast while it is gone, and every part recovers by itself once it is back', { timeout: 120_000 }, async () => {
    const s = server!;
    const app = s.app;
    const health = async () => {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      return { status: res.statusCode, body: res.json<{ status: string; engine?: { role: string } }>() };
    };
    const transfer = (user: Registered, key: string, lang: string) =>
      call<{ id: number }>(app, {
        method: 'POST',
        url: endpoints.wallet.transfer.path,
        headers: { authorization: user.token, 'idempotency-key': key, lang },
        payload: { balance: '10', currency_id: 1, from: 1, to: 2 },
      });
    const balances = (user: Registered, lang: string) => call(app, { method: 'GET', url: endpoints.wallet.balances.path, headers: { authorization: user.token, lang } });

    // Before: a funded user, the engine leading, prices reaching a subscriber.
    await until('the engine leads', async () => ((await health()).body.engine?.role === 'leader' ? true : undefined), 10_000);
    const alice = await registerUser(app, s.config.dataDir);
    await fund(app, alice.token, await adminToken(app, 'admin@example.com', ADMIN_PASSWORD), '100');
    expect((await transfer(alice, 'before-1', 'en')).body).toMatchObject({ code: 1 });
    const ws: WsTestClient = await wsConnect(wsUrlOf(app));
    ws.send({ type: 'sub', params: 'DAY_MARKET' });
    await ws.nextOf('sub_result');
    feed.push({ code: 'BTCUSDT', price: '100100.10' });
    await until('the first tick', async () => ((await ws.nextOf('DAY_MARKET', 500)).close === '100100.10' ? true : undefined), 5000);

    // PostgreSQL stops (fast shutdown: sessions are ended, new connections refused).
    await pg!.stop();
    pg = undefined;

    // A money call, in Chinese (an unknown lang falls back to hk, the default).
    const money = await timed(() => transfer(alice, 'outage-1', 'zh'));
    expect(money.ms).toBeLessThan(4000);
    expect(money.value.status).toBe(503);
    expect(money.value.body).toMatchObject({ code: 0, msg: MESSAGES.hk.service_unavailable, data: null, error: 'service_unavailable' });
    expect(money.value.body.msg).toBe('服務暫時無法使用，請稍後再試。');

    // Reads, many at once (more than the pool holds): none waits for a connection that never comes.
    const reads = await timed(() => Promise.all(Array.from({ length: 25 }, () => balances(alice, 'en'))));
    expect(reads.ms).toBeLessThan(4000);
    for (const r of reads.value) {
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ code: 0, msg: 'The service is temporarily unavailable. Please try again in a moment.', data: null, error: 'service_unavailable' });
    }

    const down = await timed(health);
    expect(down.ms).toBeLessThan(4000);
    expect(down.value.status).toBe(503);

    // A websocket login needs the database too: it gets an answer, the socket stays usable.
    ws.send({ type: 'login', params: alice.token });
    const loginAnswer = await timed(async () => {
      for (;;) {
        const m = (await ws.next(4000)) as Record<string, unknown>;
        if (m.type === 'login_result' || m.type === 'error') return m;
      }
    });
    expect(loginAnswer.ms).toBeLessThan(4000);
    // Told "try again shortly" (not a refused token), so the client keeps its token and retries.
    expect(loginAnswer.value).toMatchObject({ type: 'login_result', code: 0, error: 'service_unavailable' });
    ws.send({ type: 'ping', params: 'still-there' });
    expect(await ws.nextOf('pong')).toMatchObject({ params: 'still-there' });

    // The engine notices that its lock connection is gone.
    await until('the engine steps down', async () => (s.runtime!.election.role !== 'leader' ? true : undefined), 5000);

    // PostgreSQL comes back on the same port: nothing is restarted on the server's side.
    pg = await startEmbeddedPg(pgDir, () => undefined, { port });
    const back = await until(
      'healthz 200 with the engine leading',
      async () => {
        const h = await health();
        return h.status === 200 && h.body.engine?.role === 'leader' ? h : undefined;
      },
      15_000,
    );
    expect(back.body.status).toBe('ok');

    // The same money call, with the same key: it acts now, exactly once (the failed try left nothing).
    const retried = await transfer(alice, 'outage-1', 'zh');
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ code: 1 });
    expect((await balances(alice, 'en')).body).toMatchObject({ code: 1 });
    expect(await balanceOf(app, alice.token, 1)).toMatchObject({ balance: '80.00000000' });
    expect(await balanceOf(app, alice.token, 2)).toMatchObject({ balance: '20.00000000' });

    // The websocket login works again, and prices flow from the re-elected engine.
    ws.send({ type: 'login', params: alice.token });
    expect(await ws.nextOf('login_result', 4000)).toMatchObject({ code: 1 });
    feed.push({ code: 'BTCUSDT', price: '100200.20' });
    await until('a tick after the outage', async () => ((await ws.nextOf('DAY_MARKET', 500)).close === '100200.20' ? true : undefined), 5000);
    ws.ws.close();

    // Nothing of the outage is half-written.
    expect(await verifyLedger(s.db)).toEqual([]);
    expect(await verifyHolds(s.db, holdSourcesOf(MODULES))).toEqual([]);
  });
});
