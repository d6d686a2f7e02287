import type { MarketConfig } from '../../config.js';
import { BinanceFeed } from './binance-feed.js';
import { CsvReplayFeed } from './csv-replay-feed.js';
import type { FeedSymbol, PriceFeed } from './price-feed.js';
import { SimulatorFeed } from './simulator-feed.js';

export interface FeedSymbolWithCategory extends FeedSymbol {
  category: string;
}

/**
 * Chooses the feeds for a configuration. Every symbol is priced by exactly one feed: Binance takes
 * the crypto symbols (Binance lists them under the same codes), a replay file takes the symbols
 * it has rows for, and the simulator prices the rest so the whole market stays alive.
 */
export function createFeeds(config: MarketConfig, symbols: readonly FeedSymbolWithCategory[], log: (msg: string) => void): PriceFeed[] {
  const feeds: PriceFeed[] = [];
  let rest = [...symbols];
  if (config.priceFeed === 'binance') {
    const crypto = rest.filter((s) => s.category === 'crypto');
    if (crypto.length > 0) {
      feeds.push(new BinanceFeed({ url: config.binanceWsUrl, symbols: crypto, stream: config.binanceStream, staleMs: config.feedStaleMs, log }));
      rest = rest.filter((s) => s.category !== 'crypto');
    }
  } else if (config.priceFeed === 'replay') {
    if (!config.replayFile) throw new Error('PRICE_FEED=replay needs REPLAY_FILE (offset_ms,symbol,price,volume lines)');
    const replay = new CsvReplayFeed({ file: config.replayFile, symbols: rest, speed: config.replaySpeed, loop: config.replayLoop });
    const replayed = new Set(replay.codes());
    feeds.push(replay);
    rest = rest.filter((s) => !replayed.has(s.code));
  }
  if (rest.length > 0) feeds.push(new SimulatorFeed({ symbols: rest, seed: config.seed }));
  return feeds;
}
