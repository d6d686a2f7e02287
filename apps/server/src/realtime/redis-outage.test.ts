import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@tp/contracts';
import { loadConfig } from '../config.js';
import { freePort } from '../db/embedded-pg.js';
import { startServer, type RunningServer } from '../main.js';
import { createTestDatabase } from '../test/test-app.js';
import { ManualFeed, testMarketConfig } from '../test/market-helpers.js';
import { wsConnect, type WsTestClient } from '../test/ws-client.js';
import { OwnRedis } from '../test/own-redis.js';
import { sleep, until } from '../test/wait.js';
import type { BusMessage } from './bus.js';



describe('Redis gone: every node degraded, not down; pushes resume when it is back', () => {
  let redis: OwnRedis;
  let databaseUrl: string;
  let drop: () => Promise<void>;
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  const sockets: WsTestClient[] = [];

  beforeAll(async () => {
    redis = new OwnRedis(await freePort());
    await redis.start();
    const database = await createTestDatabase();
    await database.db.destroy();
    databaseUrl = database.url;
    drop = database.drop;
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    for (const s of servers) await s.stop().catch(() => undefined);
    await redis.kill();
    await drop?.();
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  });

  const channel = `tp:test:${crypto.randomBytes(4).toString('hex')}`;
  async function start(feed: ManualFeed): Promise<RunningServer> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tp-redis-outage-'));
    dirs.push(dataDir);
    const config = loadConfig(
      {},
      {
        port: 0,
        host: '127.0.0.1',
        dataDir,
        databaseUrl,
        redisUrl: redis.url,
        logLevel: 'silent',
        adminPassword: 'redis-outage-admin-password',
        webDistDir: path.join(dataDir, 'none'),
        market: testMarketConfig({ redisBusChannel: channel }),
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

  const baseUrl = (s: RunningServer) => s.url.replace('localhost', '127.0.0.1');
  async function marketSocket(s: RunningServer): Promise<WsTestClient> {
    const c = await wsConnect(`${baseUrl(s).replace('http', 'ws')}v2/ws`);
    sockets.push(c);
    c.send({ type: 'sub', params: 'DAY_MARKET' });
    await c.nextOf('sub_result');
    return c;
  }
  /** Waits for the DAY_MARKET push of BTCUSDT at this price, skipping other messages. */
  async function dayMarket(c: WsTestClient, close: string, timeoutMs = 3000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const m = await c.nextOf('DAY_MARKET', Math.max(1, deadline - Date.now()));
      if (m.symbol === 'BTCUSDT' && m.close === close) return;
    }
  }
  const health = async (s: RunningServer) => {
    const res = await s.app.inject({ method: 'GET', url: '/healthz' });
    return { code: res.statusCode, body: res.json() as { status: string; degraded?: string[] } };
  };

  it('serves HTTP and its own sockets without Redis, says which part is degraded, and resumes by itself', { timeout: 60_000 }, async () => {
    const feeds = [new ManualFeed(), new ManualFeed()];
    const started = [await start(feeds[0]!), await start(feeds[1]!)];
    await until(() => started.every((s) => s.runtime!.election.role !== 'unknown'), 5000, 'both elected');
    const li = started.findIndex((s) => s.runtime!.election.role === 'leader');
    expect(li).toBeGreaterThanOrEqual(0);
    const leader = started[li]!;
    const follower = started[1 - li]!;
    const feed = feeds[li]!;
    expect(follower.runtime!.election.role).toBe('follower');
    await until(() => leader.runtime!.ready() && follower.runtime!.ready(), 5000, 'both ready');
    for (const s of started) expect(await health(s)).toMatchObject({ code: 200, body: { status: 'ok' } });

    // Connected: one delivery per process, the publisher's own included (no echo on top of it).
    const seen = (s: RunningServer, topic: string) => {
      const got: BusMessage[] = [];
      s.bus.subscribe((m) => {
        if (m.topic === topic) got.push(m);
      });
      return got;
    };
    const echoAtLeader = seen(leader, 'test.once');
    const echoAtFollower = seen(follower, 'test.once');
    leader.bus.publish('test.once', { n: 1 });
    leader.bus.publishBatch([{ topic: 'test.once', payload: { n: 2 } }]);
    await until(() => echoAtFollower.length === 2, 3000, 'follower receiving over Redis');
    await sleep(300);
    expect(echoAtLeader.map((m) => m.payload.n)).toEqual([1, 2]);
    expect(echoAtFollower.map((m) => m.payload.n)).toEqual([1, 2]);

    const atLeader = await marketSocket(leader);
    const atFollower = await marketSocket(follower);
    feed.push({ code: 'BTCUSDT', price: '100001.01' });
    await dayMarket(atLeader, '100001.01');
    await dayMarket(atFollower, '100001.01');

    // Redis dies.
    await redis.kill();
    await until(() => !leader.bus.isConnected() && !follower.bus.isConnected(), 5000, 'both buses seeing Redis gone');
    for (const s of started) {
      const h = await health(s);
      expect(h.code).toBe(200);
      expect(h.body.status).toBe('degraded');
      expect(h.body.degraded).toEqual(['redis']);
    }

    // The follower answers HTTP: a login and a read.
    const login = await fetch(`${baseUrl(follower)}${endpoints.users.demoLogin.path.slice(1)}?demo_id=redis-outage-1`);
    expect(login.status).toBe(200);
    expect(((await login.json()) as { code: number }).code).toBe(1);
    const list = await fetch(`${baseUrl(follower)}${endpoints.market.tradeList.path.slice(1)}`);
    expect(list.status).toBe(200);
    const rows = ((await list.json()) as { data: { Code: string; ForexQuotations: { Close: string } }[] }).data;
    expect(rows.find((r) => r.Code === 'BTCUSDT')!.ForexQuotations.Close).toBe('100001.01');

    // The leader's own clients still get prices; the follower's cannot (nothing carries them).
    const missed = seen(follower, 'test.missed');
    leader.bus.publish('test.missed', { n: 3 });
    feed.push({ code: 'BTCUSDT', price: '100002.02' });
    await dayMarket(atLeader, '100002.02');
    await expect(dayMarket(atFollower, '100002.02', 300)).rejects.toThrow();

    // Redis is back on the same port: pushes cross nodes again, with no restart.
    await redis.start();
    let price = 100003;
    await until(
      async () => {
        feed.push({ code: 'BTCUSDT', price: `${price}.03` });
        try {
          await dayMarket(atFollower, `${price}.03`, 250);
          return true;
        } catch {
          price += 1;
          return false;
        }
      },
      10_000,
      "the follower's socket receiving ticks again",
    );
    await dayMarket(atLeader, `${price}.03`);
    await until(async () => (await health(leader)).body.status === 'ok' && (await health(follower)).body.status === 'ok', 5000, 'both healthz ok');
    for (const s of started) expect((await health(s)).body.degraded).toBeUndefined();
    // What was published while Redis was away was not kept for it.
    expect(missed).toEqual([]);
  });
});
