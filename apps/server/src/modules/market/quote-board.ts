import type { DayQuote } from '@tp/contracts';
import type { Bus, BusMessage } from '../../realtime/bus.js';

/**
 * The latest DAY_MARKET of every symbol as this process heard it on the bus. Every process has
 * one, whether or not it runs the engine, so HTTP answers are as fresh as the pushes.
 */
export class QuoteBoard {
  private readonly quotes = new Map<string, DayQuote>();
  private readonly unsubscribe: () => void;

  constructor(bus: Bus) {
    this.unsubscribe = bus.subscribe((m: BusMessage) => {
      if (m.topic !== 'DAY_MARKET' || m.userId !== undefined) return;
      const p = m.payload;
      if (typeof p.symbol !== 'string' || typeof p.close !== 'string') return;
      this.quotes.set(p.symbol, {
        close: p.close,
        change: String(p.change ?? '0.00'),
        high: String(p.high ?? p.close),
        low: String(p.low ?? p.close),
        open: String(p.open ?? p.close),
        volume: String(p.volume ?? '0'),
      });
    });
  }

  get(code: string): DayQuote | undefined {
    return this.quotes.get(code);
  }

  close(): void {
    this.unsubscribe();
  }
}
