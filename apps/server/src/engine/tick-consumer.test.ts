import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.js';
import { startManualEngine } from '../test/market-helpers.js';
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
});
