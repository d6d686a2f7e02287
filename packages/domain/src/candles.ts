import { Decimal } from './money.js';

/** Chart periods in minutes (spec section 9): 1M 5M 15M 30M 1H 1D. Default 5. */
export const CANDLE_PERIODS = [1, 5, 15, 30, 60, 1440] as const;
export type CandlePeriod = (typeof CANDLE_PERIODS)[number];
export const DEFAULT_CANDLE_PERIOD: CandlePeriod = 5;

/** Chart time zone is Asia/Bangkok: UTC+7 all year (no daylight saving). */
export const CHART_UTC_OFFSET_MS = 7 * 3_600_000;

export function isCandlePeriod(value: number): value is CandlePeriod {
  return (CANDLE_PERIODS as readonly number[]).includes(value);
}

/**
 * Start (UTC ms) of the candle that contains `timeMs`. Buckets are aligned in Bangkok time, so a
 * daily candle runs from 00:00 to 24:00 in Bangkok (17:00 UTC the day before).
 */
export function candleStart(period: CandlePeriod, timeMs: number): number {
  const size = period * 60_000;
  const local = timeMs + CHART_UTC_OFFSET_MS;
  return local - (((local % size) + size) % size) - CHART_UTC_OFFSET_MS;
}

export interface Candle { time: number; open: string; high: string; low: string; close: string; volume: string }

/** A candle after one more tick: a new candle when the tick falls in a later bucket. */
export function applyTick(candle: Candle | undefined, period: CandlePeriod, timeMs: number, price: string, volume: string): Candle {
  const start = candleStart(period, timeMs);
  if (!candle || candle.time < start) {
    return { time: start, open: price, high: price, low: price, close: price, volume };
  }
  const p = new Decimal(price);
  return {
    time: candle.time,
    open: candle.open,
    high: p.gt(candle.high) ? price : candle.high,
    low: p.lt(candle.low) ? price : candle.low,
    close: price,
    volume: new Decimal(candle.volume).plus(volume).toString(),
  };
}
