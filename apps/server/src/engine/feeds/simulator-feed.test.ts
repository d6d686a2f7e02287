import { describe, expect, it } from 'vitest';
import { SimulatorFeed } from './simulator-feed.js';
import type { FeedSymbol, FeedTick } from './price-feed.js';

const symbols: FeedSymbol[] = [
  { code: 'EURUSD', precision: 5, schedule: 'forex', volatility: 0.08, ticksPerSecond: 5, tickVolume: '2.5', lastPrice: '1.16500' },
  { code: 'BTCUSDT', precision: 2, schedule: 'always', volatility: 0.55, ticksPerSecond: 5, tickVolume: '0.35', lastPrice: '112350.00' },
  { code: 'NATGAS', precision: 3, schedule: 'forex', volatility: 0.6, ticksPerSecond: 1, tickVolume: '3', lastPrice: '2.850' },
];
const WEDNESDAY = Date.UTC(2025, 0, 8, 12, 0, 0);
const SATURDAY = Date.UTC(2025, 0, 11, 12, 0, 0);

/** Runs a simulator from `startMs` for `seconds`, waking every 50 ms. */
function run(seed: number, startMs: number, seconds: number, list = symbols): FeedTick[] {
  const feed = new SimulatorFeed({ symbols: list, seed });
  const out: FeedTick[] = [];
  for (let t = startMs; t <= startMs + seconds * 1000; t += 50) out.push(...feed.step(t));
  return out;
}

describe('simulator feed', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const a = run(42, WEDNESDAY, 20);
    const b = run(42, WEDNESDAY, 20);
    const c = run(43, WEDNESDAY, 20);
    expect(a.length).toBeGreaterThan(100);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('ticks liquid symbols several times a second and others less, at their precision', () => {
    const ticks = run(1, WEDNESDAY, 60);
    const count = (code: string) => ticks.filter((t) => t.code === code).length;
    expect(count('EURUSD') / 60).toBeGreaterThan(3);
    expect(count('EURUSD') / 60).toBeLessThan(7);
    expect(count('NATGAS') / 60).toBeGreaterThan(0.6);
    expect(count('NATGAS') / 60).toBeLessThan(1.5);
    for (const t of ticks) {
      const precision = symbols.find((s) => s.code === t.code)!.precision;
      expect(t.price).toMatch(new RegExp(`^\\d+\\.\\d{${precision}}$`));
      expect(Number(t.volume)).toBeGreaterThan(0);
    }
    // Times strictly increase per symbol.
    for (const s of symbols) {
      const times = ticks.filter((t) => t.code === s.code).map((t) => t.atMs);
      expect([...times].sort((x, y) => x - y)).toEqual(times);
    }
  });

  it('is silent while a market is closed; crypto keeps trading', () => {
    const ticks = run(5, SATURDAY, 10);
    expect(ticks.some((t) => t.code === 'BTCUSDT')).toBe(true);
    expect(ticks.filter((t) => t.code !== 'BTCUSDT')).toEqual([]);
  });

  it('continues from the price it is given (the last stored tick after a restart)', () => {
    const first = run(9, WEDNESDAY, 5, [symbols[1]!]);
    const last = first.at(-1)!;
    const resumed = run(10, WEDNESDAY + 6000, 2, [{ ...symbols[1]!, lastPrice: last.price }]);
    const firstResumed = Number(resumed[0]!.price);
    // One tick of a 55 % annual volatility walk moves well under 0.1 %.
    expect(Math.abs(firstResumed / Number(last.price) - 1)).toBeLessThan(0.001);
  });

  it('start/stop emit through the sink on real timers', async () => {
    const feed = new SimulatorFeed({ symbols: [symbols[1]!], seed: 3, intervalMs: 10 });
    const got: FeedTick[] = [];
    await feed.start((t) => got.push(t));
    expect(feed.status()).toMatchObject({ name: 'simulator', running: true, stale: false, symbols: ['BTCUSDT'] });
    await new Promise((r) => setTimeout(r, 700));
    await feed.stop();
    const n = got.length;
    expect(n).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(got.length).toBe(n);
    expect(feed.status().running).toBe(false);
  });
});
