import { sql } from 'kysely';
import { FOREX_STATUS } from '@tp/contracts';
import { CANDLE_PERIODS, type Candle } from '@tp/domain';
import type { Executor } from '../db/database.js';

/** The engine's reads and writes: ticks, candles and the state it resumes from. */

export interface EngineSymbolRow {
  id: number;
  code: string;
  category: string;
  precision: number;
  schedule: 'forex' | 'always';
  volatility: number;
  ticksPerSecond: number;
  tickVolume: string;
  initialPrice: string;
}

export async function loadSymbols(db: Executor): Promise<EngineSymbolRow[]> {
  const rows = await db
    .selectFrom('trade_symbols as s')
    .innerJoin('market_categories as c', 'c.id', 's.category_id')
    .select(['s.id', 's.code', 'c.code as category', 's.price_precision', 's.schedule', 's.volatility', 's.ticks_per_second', 's.tick_volume', 's.initial_price'])
    // A disabled symbol stays close-only for what is open: while positions on it are held, it is
    // still quoted so they can be closed, and their stops fire, at a live price (a SQL read of the
    // forex orders' table; the engine imports no module).
    .where((eb) =>
      eb.or([
        eb('s.enabled', '=', true),
        eb.exists(eb.selectFrom('forex_orders as o').select(sql.lit(1).as('one')).whereRef('o.symbol_id', '=', 's.id').where('o.status', '=', FOREX_STATUS.holding)),
      ]),
    )
    .orderBy('s.sort')
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    category: r.category,
    precision: r.price_precision,
    schedule: r.schedule,
    volatility: r.volatility,
    ticksPerSecond: r.ticks_per_second,
    tickVolume: r.tick_volume,
    initialPrice: r.initial_price,
  }));
}

export interface LastTick {
  symbolId: number;
  seq: number;
  price: string;
  atMs: number;
  /** The tick's chain hash (hex); null for a tick stored before ticks were hashed. */
  hash: string | null;
}

/** The newest tick of each symbol (an index walk per symbol, not a scan of the tick log). */
export async function lastTicks(db: Executor, symbolIds: readonly number[]): Promise<LastTick[]> {
  if (symbolIds.length === 0) return [];
  const { rows } = await sql<{ symbol_id: number; seq: string; price: string; at: Date; hash: Buffer | null }>`
    SELECT s.id AS symbol_id, t.seq, t.price, t.at, t.hash
    FROM unnest(${sql.val([...symbolIds])}::int[]) AS s(id)
    CROSS JOIN LATERAL (SELECT seq, price, at, hash FROM ticks WHERE symbol_id = s.id ORDER BY seq DESC LIMIT 1) t
  `.execute(db);
  return rows.map((r) => ({ symbolId: r.symbol_id, seq: Number(r.seq), price: r.price, atMs: r.at.getTime(), hash: r.hash ? r.hash.toString('hex') : null }));
}

export interface StoredCandle extends Candle {
  symbolId: number;
  period: number;
}

function toCandle(r: { symbol_id: number; period: number; time: Date; open: string; high: string; low: string; close: string; volume: string }): StoredCandle {
  return { symbolId: r.symbol_id, period: r.period, time: r.time.getTime(), open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume };
}

/** The newest candle of every (symbol, period) that has one. */
export async function latestCandles(db: Executor, symbolIds: readonly number[]): Promise<StoredCandle[]> {
  if (symbolIds.length === 0) return [];
  const { rows } = await sql<{ symbol_id: number; period: number; time: Date; open: string; high: string; low: string; close: string; volume: string }>`
    SELECT c.*
    FROM unnest(${sql.val([...symbolIds])}::int[]) AS s(id)
    CROSS JOIN unnest(${sql.val([...CANDLE_PERIODS])}::int[]) AS p(period)
    CROSS JOIN LATERAL (
      SELECT symbol_id, period, time, open, high, low, close, volume FROM candles
      WHERE symbol_id = s.id AND period = p.period ORDER BY time DESC LIMIT 1
    ) c
  `.execute(db);
  return rows.map(toCandle);
}

/** Every symbol's 1-minute candles that started at or after `fromMs`, by symbol, oldest first. */
export async function minuteCandlesFrom(db: Executor, fromMs: number): Promise<StoredCandle[]> {
  const { rows } = await sql<{ symbol_id: number; period: number; time: Date; open: string; high: string; low: string; close: string; volume: string }>`
    SELECT symbol_id, period, time, open, high, low, close, volume FROM candles
    WHERE period = 1 AND time >= ${new Date(fromMs)} ORDER BY symbol_id, time
  `.execute(db);
  return rows.map(toCandle);
}

export interface TickRow {
  symbolId: number;
  seq: number;
  price: string;
  volume: string;
  atMs: number;
  /** Chain hash (hex) = H(previous hash, symbol, seq, price, time): packages/domain/src/fair.ts. */
  hash: string;
}

// 6 columns x 6000 rows stays under PostgreSQL's 65535 bind parameters.
const TICK_CHUNK = 6000;
const CANDLE_CHUNK = 6000;

/** Appends ticks; a sequence number already stored (a replayed batch) is skipped. */
export async function insertTicks(db: Executor, ticks: readonly TickRow[]): Promise<void> {
  for (let i = 0; i < ticks.length; i += TICK_CHUNK) {
    await db
      .insertInto('ticks')
      .values(ticks.slice(i, i + TICK_CHUNK).map((t) => ({ symbol_id: t.symbolId, seq: t.seq, price: t.price, volume: t.volume, at: new Date(t.atMs), hash: Buffer.from(t.hash, 'hex') })))
      .onConflict((oc) => oc.columns(['symbol_id', 'seq']).doNothing())
      .execute();
  }
}

/** Writes candles; the engine's in-memory candle is the truth for its bucket. */
export async function upsertCandles(db: Executor, candles: readonly StoredCandle[]): Promise<void> {
  for (let i = 0; i < candles.length; i += CANDLE_CHUNK) {
    await db
      .insertInto('candles')
      .values(
        candles.slice(i, i + CANDLE_CHUNK).map((c) => ({
          symbol_id: c.symbolId,
          period: c.period,
          time: new Date(c.time),
          open: c.open,
          high: c.high,
          low: c.low,
          close: c.close,
          volume: c.volume,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['symbol_id', 'period', 'time']).doUpdateSet((eb) => ({
          open: eb.ref('excluded.open'),
          high: eb.ref('excluded.high'),
          low: eb.ref('excluded.low'),
          close: eb.ref('excluded.close'),
          volume: eb.ref('excluded.volume'),
        })),
      )
      .execute();
  }
}

/**
 * Retention: deletes ticks older than `beforeMs`, except each symbol's newest tick, which is where
 * the price and the sequence continue from after a restart.
 */
export async function pruneTicks(db: Executor, beforeMs: number): Promise<number> {
  const { numAffectedRows } = await sql`
    DELETE FROM ticks t
    WHERE t.at < ${new Date(beforeMs)}
      AND t.seq < (SELECT max(seq) FROM ticks m WHERE m.symbol_id = t.symbol_id)
  `.execute(db);
  return Number(numAffectedRows ?? 0);
}
