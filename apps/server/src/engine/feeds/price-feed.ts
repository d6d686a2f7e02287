import type { MarketSchedule } from '@tp/domain';

/** What a feed needs to know about a symbol it prices. */
export interface FeedSymbol {
  code: string;
  precision: number;
  schedule: MarketSchedule;
  /** Simulator only: annualised volatility, ticks per second, mean volume per tick. */
  volatility: number;
  ticksPerSecond: number;
  tickVolume: string;
  /** Where the price continues from (the last stored tick, else the seed price). */
  lastPrice: string;
}

/** One price observation. Prices are decimal strings rounded to the symbol's precision. */
export interface FeedTick {
  code: string;
  price: string;
  volume: string;
  atMs: number;
}

export type TickSink = (tick: FeedTick) => void;

export interface FeedStatus {
  name: string;
  /** Started and not stopped. */
  running: boolean;
  /** No message for longer than the feed's stale limit (external feeds only). */
  stale: boolean;
  /** The symbols this feed prices. */
  symbols: string[];
}

/**
 * The one interface every price source implements: the simulator, the Binance adapter and the CSV
 * replay. The engine does not know which one it listens to; each symbol is priced by exactly one.
 */
export interface PriceFeed {
  readonly name: string;
  start(sink: TickSink): Promise<void>;
  stop(): Promise<void>;
  status(): FeedStatus;
}

/** FNV-1a: a stable per-symbol salt for the seeded random streams. */
export function hashCode(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
