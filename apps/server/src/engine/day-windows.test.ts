import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestDatabase } from '../test/test-app.js';
import type { Db } from '../db/database.js';
import { DayWindows } from './day-windows.js';
import { upsertCandles, type StoredCandle } from './tick-store.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const NOW = Date.UTC(2026, 10, 3, 12, 0, 30);
const MINUTE_NOW = NOW - 30_000;

let db: Db;
let drop: () => Promise<void>;
let symbolId: number;
beforeAll(async () => {
  const database = await createSeededTestDatabase();
  db = database.db;
  drop = database.drop;
  symbolId = (await db.selectFrom('trade_symbols').select('id').where('code', '=', 'EURUSD').executeTakeFirstOrThrow()).id;
  await db.deleteFrom('candles').execute();
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

const candle = (time: number, close: string): StoredCandle => ({ symbolId, period: 1, time, open: close, high: close, low: close, close, volume: '1' });

describe('DayWindows (a standby keeps the day warm)', () => {
  it('reads the day once, then only from its newest minute, which it replaces (it was open then)', async () => {
    let now = NOW;
    const windows = new DayWindows(() => now);
    await upsertCandles(db, [candle(MINUTE_NOW - DAY - 20 * MIN, '0.9'), candle(MINUTE_NOW - DAY, '1.0'), candle(MINUTE_NOW - MIN, '1.1'), candle(MINUTE_NOW, '1.2')]);
    await windows.refresh(db);
    // The minute still open at the refresh is held with its state then.
    expect(windows.closedMinutesOfDay(new Map([[symbolId, MINUTE_NOW]])).get(symbolId)!.map((c) => Number(c.close))).toEqual([1.0, 1.1]);

    // The open minute closes at another price and two more minutes pass.
    await upsertCandles(db, [candle(MINUTE_NOW, '1.25'), candle(MINUTE_NOW + MIN, '1.3'), candle(MINUTE_NOW + 2 * MIN, '1.4')]);
    now += 2 * MIN;
    await windows.refresh(db);
    const day = windows.closedMinutesOfDay(new Map([[symbolId, MINUTE_NOW + 2 * MIN]])).get(symbolId)!;
    expect(day.map((c) => Number(c.close))).toEqual([1.1, 1.25, 1.3]);
    // A day before a current minute two minutes later no longer holds the minute a day and two ago.
    expect(day.every((c) => c.time >= MINUTE_NOW + 2 * MIN - DAY)).toBe(true);
    expect(windows.closedMinutesOfDay(new Map([[999_999, MINUTE_NOW]])).get(999_999)).toEqual([]);
  });
});
