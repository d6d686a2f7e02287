import { Decimal } from './money.js';

/**
 * The simulator's price model: a seeded geometric random walk, so a run can be replayed from its
 * seed. Pure: the random source and the elapsed time are arguments.
 */

/** mulberry32: a small, fast, seedable PRNG with a 2^32 period; plenty for a price simulator. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal variate from two uniforms (Box-Muller). */
export function normal(random: () => number): number {
  const u = 1 - random(); // (0, 1]: log(0) never happens
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

const SECONDS_PER_YEAR = 365 * 24 * 3600;

/**
 * The next price after `elapsedMs`, for an annualised volatility (0.1 = 10 %), rounded to the
 * symbol's precision and never below one price step.
 */
export function nextPrice(price: string, annualVolatility: number, elapsedMs: number, precision: number, random: () => number): string {
  const dtYears = Math.max(elapsedMs, 1) / 1000 / SECONDS_PER_YEAR;
  const shock = annualVolatility * Math.sqrt(dtYears) * normal(random);
  const next = new Decimal(price).times(Decimal.exp(shock)).toDecimalPlaces(precision, Decimal.ROUND_HALF_EVEN);
  const step = new Decimal(1).div(new Decimal(10).pow(precision));
  return Decimal.max(next, step).toFixed(precision);
}
