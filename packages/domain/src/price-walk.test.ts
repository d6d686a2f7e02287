import { describe, expect, it } from 'vitest';
import { nextPrice, normal, seededRandom } from './price-walk.js';

describe('seededRandom', () => {
  it('replays the same sequence from the same seed and differs across seeds', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    expect(Array.from({ length: 5 }, c)).not.toEqual(seqA);
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true);
  });

  it('gives standard normal variates (mean ~0, sd ~1 over 20000 draws)', () => {
    const r = seededRandom(7);
    const xs = Array.from({ length: 20000 }, () => normal(r));
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(sd - 1)).toBeLessThan(0.03);
  });
});

describe('nextPrice', () => {
  it('keeps the precision and moves by about the volatility over a year', () => {
    const r = seededRandom(1);
    let p = '1.10000';
    const logs: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const n = nextPrice(p, 0.1, 3_600_000 * 4.38, 5, r); // 2000 steps of ~4.38 h = one year
      expect(n).toMatch(/^\d+\.\d{5}$/);
      logs.push(Math.log(Number(n) / Number(p)));
      p = n;
    }
    const sd = Math.sqrt(logs.reduce((s, x) => s + x * x, 0));
    expect(sd).toBeGreaterThan(0.08);
    expect(sd).toBeLessThan(0.12);
  });

  it('never reaches zero or below', () => {
    const r = seededRandom(3);
    let p = '0.01';
    for (let i = 0; i < 500; i++) p = nextPrice(p, 50, 86_400_000, 2, r);
    expect(Number(p)).toBeGreaterThanOrEqual(0.01);
  });

  it('is deterministic for a seed', () => {
    const run = () => {
      const r = seededRandom(99);
      let p = '64000.00';
      for (let i = 0; i < 100; i++) p = nextPrice(p, 0.6, 250, 2, r);
      return p;
    };
    expect(run()).toBe(run());
  });
});
