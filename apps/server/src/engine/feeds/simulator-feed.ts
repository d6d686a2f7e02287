import { Decimal, isMarketOpen, nextPrice, seededRandom } from '@tp/domain';
import { hashCode, type FeedStatus, type FeedSymbol, type FeedTick, type PriceFeed, type TickSink } from './price-feed.js';

export interface SimulatorOptions {
  symbols: readonly FeedSymbol[];
  seed: number;
  /** How often the simulator wakes up to emit the ticks that are due. */
  intervalMs?: number;
  now?: () => number;
}

interface SymbolState {
  symbol: FeedSymbol;
  random: () => number;
  price: string;
  lastAtMs: number | undefined;
  nextAtMs: number | undefined;
}

/** A long event-loop stall (or a laptop sleeping) must not produce a burst of catch-up ticks. */
const MAX_CATCH_UP_MS = 5_000;

/**
 * The default feed: the seeded geometric walk of @tp/domain per symbol, at the symbol's own tick
 * rate with jittered gaps, silent while its market is closed. Each symbol has its own random
 * stream (seed salted by the code), so the same seed and the same wake-up instants give the same
 * ticks, and adding a symbol does not change the others.
 */
export class SimulatorFeed implements PriceFeed {
  readonly name = 'simulator';
  private readonly states: SymbolState[];
  private readonly intervalMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;

  constructor(opts: SimulatorOptions) {
    this.intervalMs = opts.intervalMs ?? 50;
    this.now = opts.now ?? Date.now;
    this.states = opts.symbols.map((symbol) => ({
      symbol,
      random: seededRandom((opts.seed ^ hashCode(symbol.code)) >>> 0),
      price: symbol.lastPrice,
      lastAtMs: undefined,
      nextAtMs: undefined,
    }));
  }

  /** Emits every tick due by `nowMs`. Deterministic: tests drive it with their own instants. */
  step(nowMs: number): FeedTick[] {
    const out: FeedTick[] = [];
    for (const s of this.states) {
      const { symbol } = s;
      if (!isMarketOpen(symbol.schedule, nowMs)) {
        // Closed: nothing moves; on reopening the walk resumes from the last price.
        s.lastAtMs = undefined;
        s.nextAtMs = undefined;
        continue;
      }
      if (s.nextAtMs === undefined || s.lastAtMs === undefined) {
        // Joining a market already moving (a start, a new leader, a reopening): the first tick
        // comes after the rest of a gap, not a whole one, so a leader change costs no extra pause.
        s.lastAtMs = nowMs;
        s.nextAtMs = nowMs + this.gapMs(s) * s.random();
        continue;
      }
      let at: number = nowMs - s.nextAtMs > MAX_CATCH_UP_MS ? nowMs : s.nextAtMs;
      let last: number = s.lastAtMs;
      while (at <= nowMs) {
        s.price = nextPrice(s.price, symbol.volatility, at - last, symbol.precision, s.random);
        const volume = new Decimal(symbol.tickVolume).times(0.2 + 1.6 * s.random()).toFixed(4, Decimal.ROUND_HALF_EVEN);
        out.push({ code: symbol.code, price: s.price, volume, atMs: at });
        last = at;
        at += this.gapMs(s);
      }
      s.lastAtMs = last;
      s.nextAtMs = at;
    }
    return out;
  }

  private gapMs(s: SymbolState): number {
    return (1000 / s.symbol.ticksPerSecond) * (0.5 + s.random());
  }

  async start(sink: TickSink): Promise<void> {
    if (this.timer) return;
    this.step(this.now());
    this.timer = setInterval(() => {
      for (const tick of this.step(this.now())) sink(tick);
    }, this.intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  status(): FeedStatus {
    return { name: this.name, running: this.timer !== undefined, stale: false, symbols: this.states.map((s) => s.symbol.code) };
  }
}
