import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDLE_PERIODS, candleStart } from '@tp/domain';
import { KLINE_PERIOD_NAMES } from '@tp/contracts';
import { createTestDatabase } from '../test/test-app.js';
import { startManualEngine } from '../test/market-helpers.js';
import { seedMarket } from '../db/seed/market.js';
import { createInProcessBus, type BusMessage } from '../realtime/bus.js';
import type { Db } from '../db/database.js';
import { MarketEngine } from './market-engine.js';
import { SimulatorFeed } from './feeds/simulator-feed.js';
import { loadMarketConfig } from '../config.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  const t = await createTestDatabase();
  db = t.db;
  drop = t.drop;
  await seedMarket(db);
});
afterAll(async () => {
  await drop();
});

async function symbolId(code: string): Promise<number> {
  return (await db.selectFrom('trade_symbols').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

describe('market engine', () => {
  it('first start generates at least 300 bars for all six periods, ending at the current price', async () => {
    const bus = createInProcessBus();
    const started = Date.now();
    const { engine } = await startManualEngine(db, bus, { symbols: ['BTCUSDT', 'ETHUSDT', 'EURUSD'] });
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const code of ['BTCUSDT', 'EURUSD']) {
      const id = await symbolId(code);
      for (const period of CANDLE_PERIODS) {
        const rows = await db.selectFrom('candles').select(['time', 'open', 'high', 'low', 'close']).where('symbol_id', '=', id).where('period', '=', period).orderBy('time').execute();
        expect(rows.length, `${code} ${period}`).toBeGreaterThanOrEqual(300);
        for (const r of rows.slice(-50)) {
          expect(Number(r.high)).toBeGreaterThanOrEqual(Math.max(Number(r.open), Number(r.close)));
          expect(Number(r.low)).toBeLessThanOrEqual(Math.min(Number(r.open), Number(r.close)));
          expect(r.time.getTime()).toBe(candleStart(period, r.time.getTime()));
        }
        // Bars follow each other: each opens where the previous closed.
        const last = rows.at(-1)!;
        expect(Number(rows.at(-2)!.close)).toBe(Number(last.open));
      }
    }
    const btc = engine.book('BTCUSDT')!;
    expect(btc.lastPrice).toBe('112350.00');
    // The 1-minute history covers the 24-hour quote.
    const id = await symbolId('BTCUSDT');
    const minutes = await db.selectFrom('candles').select((eb) => eb.fn.countAll<string>().as('n')).where('symbol_id', '=', id).where('period', '=', 1).executeTakeFirstOrThrow();
    expect(Number(minutes.n)).toBeGreaterThanOrEqual(1440);
    expect(Number(btc.quote().volume)).toBeGreaterThan(0);
    await engine.stop();
  });

  it('numbers ticks per symbol, stores them in batches, builds candles and publishes DAY_MARKET and KLINE', async () => {
    const bus = createInProcessBus();
    const seen: BusMessage[] = [];
    bus.subscribe((m) => seen.push(m));
    const { engine, feed } = await startManualEngine(db, bus);
    const btc = await symbolId('BTCUSDT');
    const eth = await symbolId('ETHUSDT');
    const startSeq = engine.book('BTCUSDT')!.seq;
    const now = Date.now();
    feed.push({ code: 'BTCUSDT', price: '112400.004', volume: '0.5', atMs: now });
    feed.push({ code: 'BTCUSDT', price: '112500', volume: '0.25', atMs: now + 1 });
    feed.push({ code: 'ETHUSDT', price: '4321.5', volume: '2', atMs: now + 2 });
    feed.push({ code: 'BTCUSDT', price: '112300.00', volume: '1', atMs: now + 3 });
    // Refused: unknown symbol, not a price.
    feed.push({ code: 'NOPEUSDT', price: '1' });
    feed.push({ code: 'BTCUSDT', price: '-5' });
    expect(engine.acceptedTicks).toBe(4);

    // Nothing is written until the batch is flushed, nor announced as stored.
    expect((await db.selectFrom('ticks').selectAll().where('symbol_id', '=', btc).execute()).length).toBe(0);
    expect(seen.filter((m) => m.topic === 'ticks.stored')).toEqual([]);
    await engine.flush();
    // After its commit: the newest stored tick of each symbol of the batch, in one event.
    const stored = seen.filter((m) => m.topic === 'ticks.stored');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.payload.ticks).toEqual(
      expect.arrayContaining([
        { symbolId: btc, seq: String(startSeq + 3), price: '112300.00', atMs: expect.any(Number) },
        { symbolId: eth, seq: '1', price: expect.stringMatching(/^4321\.50*$/), atMs: expect.any(Number) },
      ]),
    );
    expect(stored[0]!.payload.ticks).toHaveLength(2);
    const ticks = await db.selectFrom('ticks').select(['seq', 'price', 'volume']).where('symbol_id', '=', btc).orderBy('seq').execute();
    expect(ticks.map((t) => [Number(t.seq), Number(t.price), Number(t.volume)])).toEqual([
      [startSeq + 1, 112400, 0.5],
      [startSeq + 2, 112500, 0.25],
      [startSeq + 3, 112300, 1],
    ]);
    const ethTicks = await db.selectFrom('ticks').select('seq').where('symbol_id', '=', eth).execute();
    expect(ethTicks.map((t) => Number(t.seq))).toEqual([1]);

    // The current candles carry the ticks, in every period.
    for (const period of CANDLE_PERIODS) {
      const c = await db.selectFrom('candles').selectAll().where('symbol_id', '=', btc).where('period', '=', period).where('time', '=', new Date(candleStart(period, now))).executeTakeFirstOrThrow();
      expect(Number(c.close)).toBe(112300);
      expect(Number(c.high)).toBeGreaterThanOrEqual(112500);
      expect(Number(c.low)).toBeLessThanOrEqual(112300);
    }

    const day = seen.filter((m) => m.topic === 'DAY_MARKET' && m.payload.symbol === 'BTCUSDT').at(-1)!;
    expect(day.payload).toMatchObject({ symbol: 'BTCUSDT', close: '112300.00' });
    expect(Object.keys(day.payload).sort()).toEqual(['change', 'close', 'high', 'low', 'open', 'symbol', 'volume']);
    expect(day.payload.change).toMatch(/^-?\d+\.\d{2}$/);
    const klines = seen.filter((m) => m.topic === 'KLINE.BTCUSDT');
    // KLINE pushes name their period (decisions.md, Kline periods).
    expect(new Set(klines.map((k) => k.payload.Period))).toEqual(new Set(CANDLE_PERIODS.map((p) => KLINE_PERIOD_NAMES[p])));
    const k1 = klines.filter((k) => k.payload.Period === '1min').at(-1)!;
    expect(k1.payload).toMatchObject({ Close: '112300.00', Time: Math.floor(candleStart(1, now) / 1000) });
    await engine.stop();
  });

  it('continues after a restart from the last stored price and sequence', async () => {
    const bus = createInProcessBus();
    const first = await startManualEngine(db, bus);
    first.feed.push({ code: 'BTCUSDT', price: '111111.11' });
    const seq = first.engine.book('BTCUSDT')!.seq;
    await first.engine.stop(); // the final flush writes it

    const second = await startManualEngine(db, bus);
    expect(second.engine.book('BTCUSDT')!.lastPrice).toBe('111111.11');
    expect(second.engine.book('BTCUSDT')!.seq).toBe(seq);
    second.feed.push({ code: 'BTCUSDT', price: '111112.00' });
    await second.engine.stop();
    const last = await db.selectFrom('ticks').select(['seq', 'price']).where('symbol_id', '=', await symbolId('BTCUSDT')).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(Number(last.seq)).toBe(seq + 1);

    // The simulator resumes from that price too.
    let resumedFrom: string | undefined;
    const sim = new MarketEngine({
      db,
      bus,
      config: loadMarketConfig({}, { seed: 1, historyBars: 300 }),
      onlySymbols: ['BTCUSDT'],
      timers: false,
      feeds: (symbols) => {
        resumedFrom = symbols[0]!.lastPrice;
        return [new SimulatorFeed({ symbols, seed: 1 })];
      },
    });
    await sim.start();
    await sim.stop();
    expect(resumedFrom).toBe('111112.00');
  });

  it('prunes ticks past the retention period but keeps each symbol newest tick', async () => {
    const bus = createInProcessBus();
    const { engine, feed } = await startManualEngine(db, bus, { config: { tickRetentionDays: 7 } });
    const eth = await symbolId('ETHUSDT');
    const old = Date.now() - 8 * 24 * 3_600_000;
    await db.deleteFrom('ticks').where('symbol_id', '=', eth).execute();
    await db.insertInto('ticks').values([1, 2, 3].map((seq) => ({ symbol_id: eth, seq: 1000 + seq, price: '4000', volume: '1', at: new Date(old + seq) }))).execute();
    expect(await engine.prune()).toBe(2);
    const left = await db.selectFrom('ticks').select('seq').where('symbol_id', '=', eth).execute();
    expect(left.map((r) => Number(r.seq))).toEqual([1003]);
    feed.push({ code: 'ETHUSDT', price: '4000.00' });
    await engine.stop();
  });
});
