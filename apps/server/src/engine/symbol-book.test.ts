import { describe, expect, it } from 'vitest';
import type { Candle } from '@tp/domain';
import { SymbolBook } from './symbol-book.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 2, 12, 0); // a Monday, minutes aligned

function minute(i: number, high: string, low: string, volume: string, open = '1.00000'): Candle {
  return { time: T0 + i * MIN, open, high, low, close: open, volume };
}

describe('SymbolBook 24-hour window', () => {
  it('resumes its day from the stored minutes (only those of the last 24 h) and slides as minutes close', () => {
    const book = new SymbolBook(1, 'EURUSD', 5, '1.00000', 10, T0 + 1440 * MIN);
    const stale = minute(-1, '9.00000', '0.10000', '1000'); // more than a day before the current minute
    const day = [minute(0, '1.20000', '0.95000', '1.5', '1.10000'), minute(1, '1.30000', '0.99000', '2.25'), minute(1439, '1.01000', '0.90000', '0.25')];
    const current = { time: T0 + 1440 * MIN, open: '1.00000', high: '1.00000', low: '1.00000', close: '1.00000', volume: '0' };
    book.load(new Map([[1, current]]), [stale, ...day]);
    expect(book.quote()).toMatchObject({ open: '1.10000', high: '1.30000', low: '0.90000', volume: '4' });

    // A tick in the next minute closes the current one; the day now starts one minute later.
    book.apply('1.00100', '0.5', T0 + 1441 * MIN + 1000);
    const q = book.quote();
    expect(q.open).toBe('1.00000'); // minute 0 left the window, minute 1 opens it
    expect(q.high).toBe('1.30000');
    expect(q.low).toBe('0.90000');
    expect(q.volume).toBe('3'); // 2.25 + 0.25 + 0 (closed) + 0.5 (current)
    expect(q.close).toBe('1.00100');
  });

  it('writes prices stored at another scale at the symbol precision', () => {
    const book = new SymbolBook(1, 'EURUSD', 5, '1.00000', 10, T0 + 2 * MIN);
    const current = { time: T0 + 2 * MIN, open: '1', high: '1.2000000000', low: '0.9000049', close: '1.0', volume: '1.50' };
    book.load(new Map([[1, current]]), [minute(1, '1.3', '0.8', '2')]);
    expect(book.quote()).toMatchObject({ open: '1.00000', high: '1.30000', low: '0.80000', volume: '3.5' });
    expect(book.candles.get(1)).toMatchObject({ open: '1.00000', high: '1.20000', volume: '1.5' });
  });
});
