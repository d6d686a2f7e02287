import { describe, expect, it } from 'vitest';
import { AlertIndex } from './alert-index.js';

const above = (id: number, price: string, symbolId = 1) => ({ id, userId: 1, symbolId, direction: 1, price });
const below = (id: number, price: string, symbolId = 1) => ({ id, userId: 1, symbolId, direction: 2, price });

describe('AlertIndex', () => {
  it('takes what a price reaches, at or beyond, on its own symbol only, each once', () => {
    const index = new AlertIndex();
    index.add(above(1, '101'));
    index.add(above(2, '105'));
    index.add(below(3, '99'));
    index.add(above(4, '101', 2));
    expect(index.take(1, '100.99')).toEqual([]);
    expect(index.take(1, '101').map((a) => a.id)).toEqual([1]);
    expect(index.take(1, '110').map((a) => a.id)).toEqual([2]);
    expect(index.take(1, '99.01')).toEqual([]);
    expect(index.take(1, '50').map((a) => a.id)).toEqual([3]);
    expect(index.size).toBe(1);
    expect(index.has(4)).toBe(true);
  });

  it('decides on the decimals where two prices are the same float', () => {
    const index = new AlertIndex();
    // 19 significant digits: both round to the same double.
    index.add(above(1, '123456789.0000000001'));
    expect(Number('123456789.0000000001')).toBe(Number('123456789.0000000000'));
    expect(index.take(1, '123456789.0000000000')).toEqual([]);
    expect(index.has(1)).toBe(true);
    expect(index.take(1, '123456789.0000000001').map((a) => a.id)).toEqual([1]);
  });

  it('a cancelled alert is skipped; many far cancelled ones are compacted away', () => {
    const index = new AlertIndex();
    for (let i = 1; i <= 100_000; i += 1) index.add(above(i, String(200_000 + i)));
    index.add(above(200_001, '150'));
    index.remove(200_001);
    expect(index.take(1, '151')).toEqual([]);
    for (let i = 1; i <= 100_000; i += 1) index.remove(i);
    expect(index.size).toBe(0);
    expect(index.entries()).toBeLessThan(2_000);
    // A tick that reaches nothing looks at the two tops only: 10^5 waiting alerts cost it nothing.
    for (let i = 1; i <= 100_000; i += 1) index.add(above(300_000 + i, String(200_000 + i)));
    const started = performance.now();
    for (let t = 0; t < 10_000; t += 1) index.take(1, '150');
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(index.entries()).toBeLessThanOrEqual(100_000 + 1_025); // the live ones and at most the stale bound
  });

  it('restore puts back an alert whose firing failed', () => {
    const index = new AlertIndex();
    index.add(below(1, '10'));
    const [taken] = index.take(1, '9');
    expect(index.has(1)).toBe(false);
    index.restore(taken!);
    expect(index.take(1, '8').map((a) => a.id)).toEqual([1]);
  });
});
