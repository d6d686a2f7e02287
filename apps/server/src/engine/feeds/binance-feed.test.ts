import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { BinanceFeed, parseBinanceMessage } from './binance-feed.js';
import type { FeedSymbol, FeedTick } from './price-feed.js';

/** Messages recorded in Binance's exact combined-stream format. */
const TRADES = [
  '{"stream":"btcusdt@trade","data":{"e":"trade","E":1736337600123,"s":"BTCUSDT","t":4412345671,"p":"95012.34000000","q":"0.00150000","T":1736337600120,"m":true,"M":true}}',
  '{"stream":"ethusdt@trade","data":{"e":"trade","E":1736337600150,"s":"ETHUSDT","t":1987654321,"p":"3301.27000000","q":"0.52000000","T":1736337600149,"m":false,"M":true}}',
  '{"stream":"btcusdt@trade","data":{"e":"trade","E":1736337600201,"s":"BTCUSDT","t":4412345672,"p":"95013.00000000","q":"0.01000000","T":1736337600199,"m":false,"M":true}}',
];
const BOOK = '{"stream":"btcusdt@bookTicker","data":{"u":400900217,"s":"BTCUSDT","b":"95010.01000000","B":"1.21000000","a":"95010.02000000","A":"0.66000000"}}';

const symbols: FeedSymbol[] = [
  { code: 'BTCUSDT', precision: 2, schedule: 'always', volatility: 0.5, ticksPerSecond: 5, tickVolume: '1', lastPrice: '1.00' },
  { code: 'ETHUSDT', precision: 2, schedule: 'always', volatility: 0.5, ticksPerSecond: 5, tickVolume: '1', lastPrice: '1.00' },
];

interface Replayer {
  url: string;
  paths: string[];
  sockets: WebSocket[];
  close(): Promise<void>;
}

/** A local stand-in for stream.binance.com that replays recorded messages to each connection. */
async function replayServer(onConnection: (socket: WebSocket, index: number) => void): Promise<Replayer> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const paths: string[] = [];
  const sockets: WebSocket[] = [];
  wss.on('connection', (socket, req) => {
    paths.push(req.url ?? '');
    sockets.push(socket);
    onConnection(socket, sockets.length - 1);
  });
  const addr = wss.address();
  return {
    url: `ws://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`,
    paths,
    sockets,
    close: () =>
      new Promise<void>((r) => {
        for (const s of wss.clients) s.terminate();
        wss.close(() => r());
      }),
  };
}

const until = async (cond: () => boolean, timeoutMs = 3000) => {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

describe('binance message parsing', () => {
  const precisions = new Map([['BTCUSDT', 2], ['ETHUSDT', 2]]);
  it('reads trades (price, quantity, trade time) and book tickers (mid price)', () => {
    expect(parseBinanceMessage(TRADES[0]!, precisions, 1)).toEqual({ code: 'BTCUSDT', price: '95012.34', volume: '0.0015', atMs: 1736337600120 });
    expect(parseBinanceMessage(BOOK, precisions, 77)).toEqual({ code: 'BTCUSDT', price: '95010.02', volume: '0', atMs: 77 });
  });
  it('ignores what is not a price', () => {
    for (const raw of ['{"result":null,"id":1}', 'not json', '{"stream":"x","data":{"e":"trade","s":"DOGEUSDT","p":"1","q":"1","T":1}}', '{"data":{"e":"trade","s":"BTCUSDT","p":"-1","q":"1"}}']) {
      expect(parseBinanceMessage(raw, precisions, 1)).toBeUndefined();
    }
  });
});

describe('binance feed against a local replay server', () => {
  it('subscribes to the combined stream and emits the replayed trades', async () => {
    const server = await replayServer((socket) => TRADES.forEach((m) => socket.send(m)));
    cleanup.push(() => server.close());
    const feed = new BinanceFeed({ url: server.url, symbols, staleMs: 5000 });
    cleanup.push(() => feed.stop());
    const got: FeedTick[] = [];
    await feed.start((t) => got.push(t));
    await until(() => got.length === 3);
    expect(server.paths[0]).toBe('/stream?streams=btcusdt@trade/ethusdt@trade');
    expect(got.map((t) => [t.code, t.price])).toEqual([
      ['BTCUSDT', '95012.34'],
      ['ETHUSDT', '3301.27'],
      ['BTCUSDT', '95013.00'],
    ]);
    expect(feed.status()).toMatchObject({ name: 'binance', running: true, stale: false });
  });

  it('uses bookTicker streams when configured', async () => {
    const server = await replayServer((socket) => socket.send(BOOK));
    cleanup.push(() => server.close());
    const feed = new BinanceFeed({ url: server.url, symbols: [symbols[0]!], stream: 'bookTicker' });
    cleanup.push(() => feed.stop());
    const got: FeedTick[] = [];
    await feed.start((t) => got.push(t));
    await until(() => got.length === 1);
    expect(server.paths[0]).toBe('/stream?streams=btcusdt@bookTicker');
    expect(got[0]!.price).toBe('95010.02');
  });

  it('reconnects with backoff when the server drops the connection', async () => {
    const server = await replayServer((socket, i) => {
      socket.send(TRADES[i % TRADES.length]!);
      if (i < 2) setTimeout(() => socket.terminate(), 20);
    });
    cleanup.push(() => server.close());
    const feed = new BinanceFeed({ url: server.url, symbols, backoffMinMs: 20, backoffMaxMs: 100 });
    cleanup.push(() => feed.stop());
    const got: FeedTick[] = [];
    await feed.start((t) => got.push(t));
    await until(() => got.length >= 3);
    expect(feed.connects).toBe(3);
    expect(got.map((t) => t.price)).toEqual(['95012.34', '3301.27', '95013.00']);
  });

  it('marks a silent feed stale, replaces the connection, and clears stale when messages flow', async () => {
    // The first connection sends one trade and then goes quiet (a half-open connection); the second works.
    const server = await replayServer((socket, i) => {
      socket.send(TRADES[0]!);
      if (i >= 1) {
        const timer = setInterval(() => socket.send(TRADES[2]!), 20);
        socket.on('close', () => clearInterval(timer));
      }
    });
    cleanup.push(() => server.close());
    const feed = new BinanceFeed({ url: server.url, symbols, staleMs: 200, backoffMinMs: 200 });
    cleanup.push(() => feed.stop());
    const got: FeedTick[] = [];
    await feed.start((t) => got.push(t));
    await until(() => feed.status().stale, 2000);
    expect(feed.connects).toBe(1);
    // At least one replacement; under load a slow replacement may itself be replaced once more.
    await until(() => feed.connects >= 2 && !feed.status().stale, 5000);
    await until(() => got.length >= 3);
    await feed.stop();
    expect(feed.status().running).toBe(false);
  });
});
