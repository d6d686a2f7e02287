import type { Bus } from '../realtime/bus.js';
import type { Db } from '../db/database.js';
import { loadMarketConfig, type MarketConfig } from '../config.js';
import { MarketEngine, type MarketEngineOptions } from '../engine/market-engine.js';
import type { FeedStatus, FeedSymbol, FeedTick, PriceFeed, TickSink } from '../engine/feeds/price-feed.js';

/** A feed the test pushes ticks into by hand. */
export class ManualFeed implements PriceFeed {
  readonly name = 'manual';
  private sink: TickSink | undefined;
  symbols: readonly FeedSymbol[] = [];

  async start(sink: TickSink): Promise<void> {
    this.sink = sink;
  }
  async stop(): Promise<void> {
    this.sink = undefined;
  }
  status(): FeedStatus {
    return { name: this.name, running: this.sink !== undefined, stale: false, symbols: this.symbols.map((s) => s.code) };
  }
  push(tick: Partial<FeedTick> & { code: string; price: string }): void {
    this.sink?.({ volume: '1', atMs: Date.now(), ...tick });
  }
}

export function testMarketConfig(overrides: Partial<MarketConfig> = {}): MarketConfig {
  return loadMarketConfig({}, { seed: 7, historyBars: 300, tickFlushMs: 50, leaderRetryMs: 150, wsFlushMs: 40, ...overrides });
}

/** An engine on a test database with a manual feed and no timers: the test decides when to flush. */
export async function startManualEngine(
  db: Db,
  bus: Bus,
  opts: { symbols?: string[]; config?: Partial<MarketConfig>; engine?: Partial<MarketEngineOptions> } = {},
): Promise<{ engine: MarketEngine; feed: ManualFeed }> {
  const feed = new ManualFeed();
  const engine = new MarketEngine({
    db,
    bus,
    config: testMarketConfig(opts.config),
    onlySymbols: opts.symbols ?? ['BTCUSDT', 'ETHUSDT'],
    timers: false,
    feeds: (symbols) => {
      feed.symbols = symbols;
      return [feed];
    },
    ...opts.engine,
  });
  await engine.start();
  return { engine, feed };
}
