import { describe, expect, it } from 'vitest';
import { priceIsStale } from './price-age.js';

describe('priceIsStale', () => {
  it.each([
    // tick at, now, bound, stale
    [1_000, 1_000, 10_000, false],
    [1_000, 11_000, 10_000, false], // exactly the bound: still tradable
    [1_000, 11_001, 10_000, true],
    [50_000, 20_000, 10_000, false], // a tick stamped ahead of this clock
    [0, 60_000, 60_000, false],
    [0, 60_001, 60_000, true],
  ])('tick at %d, now %d, bound %d -> %s', (at, now, bound, stale) => {
    expect(priceIsStale(at, now, bound)).toBe(stale);
  });
});
