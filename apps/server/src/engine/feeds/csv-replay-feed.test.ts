import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CsvReplayFeed, parseReplayCsv } from './csv-replay-feed.js';
import type { FeedSymbol, FeedTick } from './price-feed.js';

const symbols: FeedSymbol[] = [
  { code: 'BTCUSDT', precision: 2, schedule: 'always', volatility: 0.5, ticksPerSecond: 5, tickVolume: '1', lastPrice: '100.00' },
  { code: 'ETHUSDT', precision: 2, schedule: 'always', volatility: 0.5, ticksPerSecond: 5, tickVolume: '1', lastPrice: '100.00' },
];
const CSV = `offset_ms,symbol,price,volume
# recorded 2025-01-08
0,BTCUSDT,95000.123,0.5
100,ETHUSDT,3300.5,2
200,BTCUSDT,95010,0.25
250,XYZUSDT,1,1
300,ethusdt,3301.25,1
`;

describe('csv replay feed', () => {
  it('parses offset,symbol,price,volume lines, skipping the header and comments', () => {
    expect(parseReplayCsv(CSV)).toHaveLength(5);
    expect(parseReplayCsv(CSV)[4]).toEqual({ offsetMs: 300, code: 'ETHUSDT', price: '3301.25', volume: '1' });
    expect(() => parseReplayCsv('0,BTCUSDT,abc,1')).toThrow(/line 1/);
  });

  it('replays rows at their pace (scaled by speed), rounded to precision, unknown symbols skipped', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'replay-'));
    const file = path.join(dir, 'ticks.csv');
    await fs.writeFile(file, CSV);
    const feed = new CsvReplayFeed({ file, symbols, speed: 2, loop: false });
    expect(feed.codes().sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    const got: (FeedTick & { rel: number })[] = [];
    const t0 = Date.now();
    await feed.start((t) => got.push({ ...t, rel: Date.now() - t0 }));
    await new Promise((r) => setTimeout(r, 400));
    await feed.stop();
    expect(got.map((t) => [t.code, t.price, t.volume])).toEqual([
      ['BTCUSDT', '95000.12', '0.5'],
      ['ETHUSDT', '3300.50', '2'],
      ['BTCUSDT', '95010.00', '0.25'],
      ['ETHUSDT', '3301.25', '1'],
    ]);
    // 300 ms of recording at speed 2 takes about 150 ms.
    expect(got.at(-1)!.rel).toBeGreaterThanOrEqual(140);
    expect(got.at(-1)!.rel).toBeLessThan(350);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('loops when asked', async () => {
    const feed = new CsvReplayFeed({ csv: '0,BTCUSDT,1.00,1\n20,BTCUSDT,2.00,1\n', symbols, loop: true });
    const got: FeedTick[] = [];
    await feed.start((t) => got.push(t));
    await new Promise((r) => setTimeout(r, 200));
    await feed.stop();
    expect(got.length).toBeGreaterThanOrEqual(6);
  });
});
