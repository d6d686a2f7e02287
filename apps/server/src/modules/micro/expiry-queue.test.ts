import { describe, expect, it } from 'vitest';
import { ExpiryHeap } from './expiry-queue.js';

describe('ExpiryHeap', () => {
  it('pops in expiry order, older id first on equal expiry, and only what is due', () => {
    const heap = new ExpiryHeap<{ id: string; expireAtMs: number }>();
    const expiries = [50, 10, 30, 10, 40, 20, 10, 60];
    expiries.forEach((e, i) => heap.push({ id: String(i + 8), expireAtMs: e }));
    expect(heap.popDue(5)).toEqual([]);
    expect(heap.popDue(10).map((e) => e.id)).toEqual(['9', '11', '14']);
    expect(heap.popDue(35).map((e) => e.expireAtMs)).toEqual([20, 30]);
    expect(heap.size).toBe(3);
    expect(heap.peek()?.expireAtMs).toBe(40);
  });

  it('sorts a large random set', () => {
    const heap = new ExpiryHeap<{ id: string; expireAtMs: number }>();
    const values = Array.from({ length: 2000 }, (_, i) => ({ id: String(i), expireAtMs: Math.floor(Math.random() * 500) }));
    for (const v of values) heap.push(v);
    const out = heap.popDue(Infinity).map((v) => v.expireAtMs);
    expect(out).toEqual([...out].sort((a, b) => a - b));
    expect(out).toHaveLength(2000);
  });
});
