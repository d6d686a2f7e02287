import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.js';
import { ManualFeed, startManualEngine, testMarketConfig } from '../test/market-helpers.js';
import { MarketEngine } from './market-engine.js';
import { seedMarket } from '../db/seed/market.js';
import { createInProcessBus } from '../realtime/bus.js';
import type { Db } from '../db/database.js';
import type { StoredTick, TickConsumerFactory } from './tick-consumer.js';

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

describe('tick consumers', () => {
  it('start before the feed, see only committed ticks in order, and a failing one does not stop the others', async () => {
    const events: string[] = [];
    const seen: StoredTick[] = [];
    const storedAtDelivery: number[] = [];
    const recorder: TickConsumerFactory = ({ db: consumerDb }) => ({
      name: 'recorder',
      start: async () => void events.push('recorder start'),
      onTicks: async (ticks) => {
        // Every tick handed over is already in the database.
        const rows = await consumerDb.selectFrom('ticks').select('seq').where('seq', 'in', ticks.map((t) => String(t.seq))).execute();
        storedAtDelivery.push(rows.length);
        seen.push(...ticks);
      },
      stop: async () => void events.push('recorder stop'),
    });
    const failing: TickConsumerFactory = () => ({
      name: 'failing',
      start: async () => void events.push('failing start'),
      onTicks: async () => {
        throw new Error('boom');
      },
      stop: async () => undefined,
    });
    const { engine, feed } = await startManualEngine(db, createInProcessBus(), { symbols: ['BTCUSDT'], engine: { consumers: [failing, recorder] } });
    expect(events).toEqual(['failing start', 'recorder start']);

    feed.push({ code: 'BTCUSDT', price: '100000.00' });
    feed.push({ code: 'BTCUSDT', price: '100001.00' });
    expect(seen).toHaveLength(0); // not before the batch is committed
    await engine.flush();
    feed.push({ code: 'BTCUSDT', price: '99999.00' });
    await engine.flush();

    expect(seen.map((t) => [t.code, t.price])).toEqual([
      ['BTCUSDT', '100000.00'],
      ['BTCUSDT', '100001.00'],
      ['BTCUSDT', '99999.00'],
    ]);
    expect(seen.map((t) => t.seq)).toEqual([seen[0]!.seq, seen[0]!.seq + 1, seen[0]!.seq + 2]);
    expect(storedAtDelivery).toEqual([2, 1]);
    expect(engine.lastPrice('BTCUSDT')).toMatchObject({ price: '99999.00', seq: seen[2]!.seq });
    await engine.stop();
    expect(events.at(-1)).toBe('recorder stop');
  });

  it('a new engine pushes prices before its consumers have started; the ticks stored meanwhile reach them after their start, in order', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let started = false;
    const seen: { price: string; afterStart: boolean }[] = [];
    const slow: TickConsumerFactory = () => ({
      name: 'slow',
      // An index of many open orders being rebuilt.
      start: async () => {
        await gate;
        started = true;
      },
      onTicks: async (ticks) => void seen.push(...ticks.map((t) => ({ price: t.price, afterStart: started }))),
      stop: async () => undefined,
    });
    const bus = createInProcessBus();
    const pushed: string[] = [];
    bus.subscribe((m) => {
      if (m.topic === 'DAY_MARKET') pushed.push((m.payload as { close: string }).close);
    });
    const feed = new ManualFeed();
    const engine = new MarketEngine({
      db,
      bus,
      config: testMarketConfig(),
      onlySymbols: ['BTCUSDT'],
      timers: false,
      consumers: [slow],
      feeds: (symbols) => {
        feed.symbols = symbols;
        return [feed];
      },
    });
    const starting = engine.start();
    await expect.poll(() => feed.status().running).toBe(true);

    feed.push({ code: 'BTCUSDT', price: '100010.00' });
    feed.push({ code: 'BTCUSDT', price: '100011.00' });
    expect(pushed).toEqual(['100010.00', '100011.00']); // people see prices at once
    // Stored while the consumer still starts: kept for it, not handed over yet.
    const flushed = engine.flush();
    await expect.poll(async () => (await db.selectFrom('ticks').select('seq').where('price', 'in', ['100010.00', '100011.00']).execute()).length).toBe(2);
    expect(seen).toEqual([]);
    open();
    await starting;
    await flushed;
    expect(seen).toEqual([
      { price: '100010.00', afterStart: true },
      { price: '100011.00', afterStart: true },
    ]);
    await engine.stop();
  });
});
