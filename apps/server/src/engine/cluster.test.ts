import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../config.js';
import { startServer, type RunningServer } from '../main.js';
import { createTestDatabase } from '../test/test-app.js';
import { ManualFeed, testMarketConfig } from '../test/market-helpers.js';
import { endpoints } from '@tp/contracts';
import { redisAnswers } from '../test/own-redis.js';
import { until } from '../test/wait.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';


const redisUp = await redisAnswers(Number(new URL(REDIS_URL).port || 6379), new URL(REDIS_URL).hostname);
if (!redisUp) console.warn(`SKIPPED: no Redis answers at ${REDIS_URL}; the two-process tests need one (set REDIS_URL).`);


describe.skipIf(!redisUp)('two server processes on one database with Redis', () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  const channel = `tp:test:${crypto.randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const database = await createTestDatabase();
    await database.db.destroy();
    databaseUrl = database.url;
    drop = database.drop;
  });
  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => undefined);
    await drop();
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  });

  async function start(feed: ManualFeed, overrides: { wsSessionRecheckMs?: number } = {}): Promise<RunningServer> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tp-cluster-'));
    dirs.push(dataDir);
    const config = loadConfig(
      {},
      {
        port: 0,
        host: '127.0.0.1',
        dataDir,
        databaseUrl,
        redisUrl: REDIS_URL,
        logLevel: 'silent',
        adminPassword: 'cluster-admin-password',
        webDistDir: path.join(dataDir, 'none'),
        market: testMarketConfig({ redisBusChannel: channel }),
        ...overrides,
      },
    );
    const server = await startServer(config, {
      engine: {
        onlySymbols: ['BTCUSDT', 'ETHUSDT'],
        feeds: (symbols) => {
          feed.symbols = symbols;
          return [feed];
        },
      },
    });
    servers.push(server);
    return server;
  }

  const wsUrl = (s: RunningServer) => `${s.url.replace('http', 'ws').replace('localhost', '127.0.0.1')}v2/ws`;
  /** A socket that keeps every message it receives (coalesced frames unpacked), once open. */
  const collectingSocket = async (url: string) => {
    const messages: Record<string, unknown>[] = [];
    const ws = new WebSocket(url);
    ws.on('message', (d) => {
      const parsed = JSON.parse(d.toString()) as unknown;
      messages.push(...((Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[]));
    });
    await new Promise((r, j) => {
      ws.once('open', r);
      ws.once('error', j);
    });
    return { ws, messages };
  };

  it('a tick from the engine process reaches a client of the other; the other takes over when the leader stops', async () => {
    const feedA = new ManualFeed();
    const feedB = new ManualFeed();
    const a = await start(feedA);
    const b = await start(feedB);
    expect(a.runtime!.election.role).toBe('leader');
    await until(() => b.runtime!.election.role === 'follower');
    expect((await a.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    const { ws, messages } = await collectingSocket(wsUrl(b));
    ws.send(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' }));
    await until(() => messages.some((m) => m.type === 'sub_result'));

    feedA.push({ code: 'BTCUSDT', price: '101010.10' });
    await until(() => messages.some((m) => m.type === 'DAY_MARKET' && m.close === '101010.10'));
    const seqA = a.runtime!.engine!.book('BTCUSDT')!.seq;

    // The follower answers HTTP from the bus too.
    const list = (await b.app.inject({ method: 'GET', url: endpoints.market.tradeList.path })).json() as { data: { Code: string; ForexQuotations: { Close: string } }[] };
    expect(list.data.find((s) => s.Code === 'BTCUSDT')!.ForexQuotations.Close).toBe('101010.10');

    // The leader stops (its lock connection closes): the follower takes over within a retry or two.
    const stoppedAt = Date.now();
    const stopping = a.stop();
    // What a stop still waits for is named (a stop past its deadline says so before exiting).
    expect(a.stopping()).toEqual(['the market engine', 'requests and sockets']);
    await stopping;
    expect(a.stopping()).toEqual([]);
    await until(() => b.runtime!.election.role === 'leader' && b.runtime!.ready());
    expect(Date.now() - stoppedAt).toBeLessThan(3000);
    const bookB = b.runtime!.engine!.book('BTCUSDT')!;
    expect(bookB.lastPrice).toBe('101010.10');
    expect(bookB.seq).toBe(seqA);

    feedB.push({ code: 'BTCUSDT', price: '102020.20' });
    await until(() => messages.some((m) => m.type === 'DAY_MARKET' && m.close === '102020.20'));
    expect((await b.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    ws.close();
  });
  it('a logout on one process ends the websocket login on the other at once (over Redis, not the re-check)', async () => {
    // The periodic re-check is off: only the bus event can end the login.
    const a = await start(new ManualFeed(), { wsSessionRecheckMs: 0 });
    const b = await start(new ManualFeed(), { wsSessionRecheckMs: 0 });
    const demo = (await a.app.inject({ method: 'GET', url: `${endpoints.users.demoLogin.path}?demo_id=cluster-ws-logout-1` })).json() as { data: { token: string } };
    const { ws, messages } = await collectingSocket(wsUrl(b));
    ws.send(JSON.stringify({ type: 'login', params: demo.data.token }));
    await until(() => messages.some((m) => m.type === 'login_result' && m.code === 1));
    const out = await a.app.inject({ method: 'POST', url: endpoints.users.logout.path, headers: { authorization: demo.data.token } });
    expect(out.json()).toMatchObject({ code: 1 });
    await until(() => messages.some((m) => m.type === 'login_result' && m.code === 999), 2000);
    ws.close();
    await a.stop();
    await b.stop();
  });
});
