/**
 * What a sample trader does on one look at its market: pure, so a test can hold each strategy to
 * its rule. Prices are the symbol's newest stored ticks, oldest first.
 */

export const SAMPLE_STRATEGIES = ['trend', 'mean_reversion', 'breakout', 'momentum'] as const;
export type SampleStrategy = (typeof SAMPLE_STRATEGIES)[number];

/** 1 buy, 2 sell (the forex order types). */
export type Side = 1 | 2;

/** Ticks a decision looks at; fewer than MIN_TICKS and the trader waits for the market to say something. */
export const LOOKBACK_TICKS = 60;
export const MIN_TICKS = 12;

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The side the strategy wants now, or undefined when it has too few prices to judge. */
export function signal(strategy: SampleStrategy, prices: readonly number[]): Side | undefined {
  if (prices.length < MIN_TICKS) return undefined;
  const last = prices[prices.length - 1]!;
  const slow = mean(prices.slice(-30));
  switch (strategy) {
    case 'trend': {
      // Follows the drift: the short average above the long one is an up-trend.
      const fast = mean(prices.slice(-8));
      return fast >= slow ? 1 : 2;
    }
    case 'mean_reversion':
      // Bets on the return to the average: sells above it, buys below.
      return last > slow ? 2 : 1;
    case 'breakout': {
      // Buys a new high and sells a new low of the window; inside the range it follows the last ten ticks.
      const before = prices.slice(-31, -1);
      if (last > Math.max(...before)) return 1;
      if (last < Math.min(...before)) return 2;
      return last >= prices[Math.max(0, prices.length - 11)]! ? 1 : 2;
    }
    case 'momentum':
      // The last five ticks' direction.
      return last >= prices[Math.max(0, prices.length - 6)]! ? 1 : 2;
  }
}

export interface OpenPosition {
  id: number;
  side: Side;
  openedAtMs: number;
}

export interface Pace {
  /** Most positions open at once. */
  maxOpen: number;
  /** At least this long between two opens. */
  openEveryMs: number;
  /** A position is closed after this long whatever the signal. */
  holdMs: number;
  /** A position against the signal is closed once it is this old. */
  minHoldMs: number;
}

/**
 * Each trader's pace: an order every 12-18 s, held 30-45 s, at most three open - often enough that
 * a newcomer sees a copy within a minute, bounded so the books stay small.
 */
export function paceOf(index: number): Pace {
  return { maxOpen: 3, openEveryMs: 12_000 + 2_000 * (index % 4), holdMs: 30_000 + 5_000 * (index % 4), minHoldMs: 10_000 };
}

export interface Decision {
  close: number[];
  open: Side | undefined;
}

/** Which positions to close and whether to open one, from the signal, the open positions and the time of the last open. */
export function decide(side: Side | undefined, open: readonly OpenPosition[], lastOpenAtMs: number | null, nowMs: number, pace: Pace): Decision {
  const close = open.filter((p) => nowMs - p.openedAtMs >= pace.holdMs || (side !== undefined && p.side !== side && nowMs - p.openedAtMs >= pace.minHoldMs)).map((p) => p.id);
  const stillOpen = open.length - close.length;
  const due = lastOpenAtMs === null || nowMs - lastOpenAtMs >= pace.openEveryMs;
  return { close, open: side !== undefined && due && stillOpen < pace.maxOpen ? side : undefined };
}
