import { candleStart, type Candle, type CandlePeriod } from './candles.js';
import { isMarketOpen, nextMarketChange, type MarketSchedule } from './market-hours.js';
import { normal } from './price-walk.js';

const SECONDS_PER_YEAR = 365 * 24 * 3600;
const STEPS_PER_BAR = 4;

export interface CandleHistoryInput {
  /** The price the history ends at (the close of the newest bar). */
  price: string;
  annualVolatility: number;
  precision: number;
  period: CandlePeriod;
  /** How many bars, counting only bars in which the market was open. */
  count: number;
  /** The newest bar is the one that contains this instant. */
  endMs: number;
  schedule: MarketSchedule;
  /** Average traded volume per bar; each bar gets a random share around it. */
  volumePerBar: number;
  volumePrecision: number;
  random: () => number;
}

/** True when the market is open at some instant of [start, end). */
export function isOpenDuring(schedule: MarketSchedule, startMs: number, endMs: number): boolean {
  if (isMarketOpen(schedule, startMs)) return true;
  const change = nextMarketChange(schedule, startMs);
  return change !== null && change < endMs;
}

/**
 * A plausible past for a symbol that has none: the seeded walk run backwards from today's price,
 * oldest bar first, skipping bars in which its market was closed. Binary floats are used for the
 * path (this is synthetic chart history, not money) and every price is rounded to the symbol's
 * precision as a decimal string; that keeps a first start with 100k bars well under a second.
 */
export function generateCandleHistory(input: CandleHistoryInput): Candle[] {
  const { period, count, schedule, random, precision } = input;
  const sizeMs = period * 60_000;
  const step = 10 ** -precision;
  const sigma = input.annualVolatility * Math.sqrt(sizeMs / STEPS_PER_BAR / 1000 / SECONDS_PER_YEAR);
  const bars: Candle[] = [];
  let close = Number(input.price);
  let start = candleStart(period, input.endMs);
  // A closed stretch (a weekend) is at most a few days; give up long before looping forever.
  let guard = count * 10 + 10_000;
  while (bars.length < count && guard-- > 0) {
    if (!isOpenDuring(schedule, start, start + sizeMs)) {
      start -= sizeMs;
      continue;
    }
    let p = close;
    let high = close;
    let low = close;
    for (let i = 0; i < STEPS_PER_BAR; i++) {
      p = Math.max(step, p * Math.exp(sigma * normal(random)));
      if (p > high) high = p;
      if (p < low) low = p;
    }
    const open = p;
    // Wicks a little beyond the path, as real bars have.
    high *= 1 + Math.abs(sigma * normal(random)) * 0.5;
    low = Math.max(step, low * (1 - Math.abs(sigma * normal(random)) * 0.5));
    const volume = input.volumePerBar * (0.4 + 1.2 * random());
    bars.push({
      time: start,
      open: open.toFixed(precision),
      high: high.toFixed(precision),
      low: low.toFixed(precision),
      close: close.toFixed(precision),
      volume: volume.toFixed(input.volumePrecision),
    });
    close = open;
    start -= sizeMs;
  }
  return bars.reverse();
}
