import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CANDLE_PERIODS } from '@tp/domain';
import { KLINE_PERIOD_NAMES } from '@tp/contracts';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startManualEngine, type ManualFeed } from '../test/market-helpers.js';
import type { MarketEngine } from '../engine/market-engine.js';
import { sleep, until } from '../test/wait.js';

const FLUSH_MS = 40;
let t: TestApp;
let wsUrl: string;
let engine: MarketEngine;
let feed: ManualFeed;
beforeAll(async () => {
  t = await createTestApp({ config: { market: { wsFlushMs: FLUSH_MS, wsMaxBufferedBytes: 256 * 1024 } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  wsUrl = `ws://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/v2/ws`;
  ({ engine, feed } = await startManualEngine(t.db, t.app.bus));
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

interface Client {
  ws: WebSocket;
  frames: unknown[][];
  messages: Record<string, unknown>[];
  sub(topic: string): Promise<void>;
}

async function client(): Promise<Client> {
  const ws = new WebSocket(wsUrl);
  const frames: unknown[][] = [];
  const messages: Record<string, unknown>[] = [];
  ws.on('message', (data) => {
    const parsed = JSON.parse(data.toString()) as unknown;
    const list = (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[];
    frames.push(list);
    messages.push(...list);
  });
  await new Promise((r, j) => {
    ws.once('open', r);
    ws.once('error', j);
  });
  return {
    ws,
    frames,
    messages,
    async sub(topic) {
      ws.send(JSON.stringify({ type: 'sub', params: topic }));
      await until(() => messages.some((m) => m.type === 'sub_result' && m.params === topic));
    },
  };
}

const pushes = (c: Client, type: string) => c.messages.filter((m) => m.type === type);

describe('market pushes on /v2/ws', () => {
  it('DAY_MARKET and KLINE.<Code> reach their subscribers only', async () => {
    const day = await client();
    const kline = await client();
    const none = await client();
    await day.sub('DAY_MARKET');
    await kline.sub('KLINE.BTCUSDT');
    feed.push({ code: 'BTCUSDT', price: '112233.44', volume: '0.1' });
    feed.push({ code: 'ETHUSDT', price: '4300.01', volume: '1' });
    await until(() => pushes(day, 'DAY_MARKET').length >= 2 && pushes(kline, 'KLINE.BTCUSDT').length >= 6);
    const btc = pushes(day, 'DAY_MARKET').find((m) => m.symbol === 'BTCUSDT')!;
    expect(Object.keys(btc).sort()).toEqual(['change', 'close', 'high', 'low', 'open', 'symbol', 'type', 'volume']);
    expect(btc.close).toBe('112233.44');
    const k = pushes(kline, 'KLINE.BTCUSDT');
    expect(new Set(k.map((m) => m.Period))).toEqual(new Set(CANDLE_PERIODS.map((p) => KLINE_PERIOD_NAMES[p])));
    expect(Object.keys(k[0]!).sort()).toEqual(['Close', 'High', 'Low', 'Open', 'Period', 'Time', 'Volume', 'type']);
    expect(k.every((m) => m.Close === '112233.44' && Number.isInteger(m.Time))).toBe(true);
    await sleep(100);
    expect(pushes(kline, 'DAY_MARKET')).toEqual([]);
    expect(pushes(kline, 'KLINE.ETHUSDT')).toEqual([]);
    expect(none.messages).toEqual([]);
    // After unsub nothing more arrives.
    day.ws.send(JSON.stringify({ type: 'unsub', params: 'DAY_MARKET' }));
    await until(() => day.messages.some((m) => m.type === 'unsub_result'));
    const before = pushes(day, 'DAY_MARKET').length;
    feed.push({ code: 'BTCUSDT', price: '112240.00' });
    await sleep(120);
    expect(pushes(day, 'DAY_MARKET').length).toBe(before);
    for (const c of [day, kline, none]) c.ws.close();
  });

  it('coalesces: at most one frame per flush interval, latest value per symbol and period', async () => {
    const c = await client();
    await c.sub('DAY_MARKET');
    await c.sub('KLINE.ETHUSDT');
    const framesBefore = c.frames.length;
    const started = Date.now();
    let last = '';
    for (let i = 0; i < 400; i++) {
      last = (4000 + i / 100).toFixed(2);
      feed.push({ code: 'ETHUSDT', price: last });
      feed.push({ code: 'BTCUSDT', price: (110000 + i).toFixed(2) });
      if (i % 40 === 0) await sleep(10);
    }
    await until(() => pushes(c, 'DAY_MARKET').some((m) => m.symbol === 'ETHUSDT' && m.close === last));
    await sleep(FLUSH_MS * 2);
    const elapsed = Date.now() - started;
    const frames = c.frames.slice(framesBefore);
    // 800 ticks x 7 pushes each became a handful of frames.
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(elapsed / FLUSH_MS) + 2);
    for (const f of frames) {
      const day = f.filter((m) => (m as { type: string }).type === 'DAY_MARKET').map((m) => (m as { symbol: string }).symbol);
      expect(new Set(day).size).toBe(day.length);
      const periods = f.filter((m) => (m as { type: string }).type === 'KLINE.ETHUSDT').map((m) => (m as { Period: string }).Period);
      expect(new Set(periods).size).toBe(periods.length);
    }
    const k1 = pushes(c, 'KLINE.ETHUSDT').filter((m) => m.Period === '1min').at(-1)!;
    expect(k1.Close).toBe(last);
    c.ws.close();
  });

  it('closes a client that does not read, without slowing the others', async () => {
    const slow = await client();
    const fast = await client();
    await slow.sub('DAY_MARKET');
    await fast.sub('DAY_MARKET');
    // Stop reading: the server's send buffer for this socket can only grow.
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const closedBefore = t.app.wsStats().slowClosed;
    const big = 'x'.repeat(4000);
    let round = 0;
    while (t.app.wsStats().slowClosed === closedBefore && round < 400) {
      // Distinct symbols so coalescing keeps them all: ~800 KB per flush.
      for (let i = 0; i < 200; i++) t.app.bus.publish('DAY_MARKET', { symbol: `S${i}`, close: String(round), change: '0', pad: big });
      round += 1;
      await sleep(FLUSH_MS);
    }
    expect(t.app.wsStats().slowClosed).toBe(closedBefore + 1);
    // The reader got the latest round all the same.
    t.app.bus.publish('DAY_MARKET', { symbol: 'DONE', close: '1', change: '0' });
    await until(() => fast.messages.some((m) => m.symbol === 'DONE'), 10_000);
    fast.ws.close();
    slow.ws.terminate();
  });
});
