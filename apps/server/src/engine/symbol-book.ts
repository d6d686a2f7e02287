import type { DayQuote } from '@tp/contracts';
import { applyTick, CANDLE_PERIODS, Decimal, type Candle, type CandlePeriod } from '@tp/domain';

const DAY_MS = 24 * 3_600_000;

export function changePercent(open: string, close: string): string {
  const o = new Decimal(open);
  if (o.lte(0)) return '0.00';
  return new Decimal(close).minus(o).div(o).times(100).toFixed(2, Decimal.ROUND_HALF_UP);
}

/**
 * One symbol's live state in the engine: last price and sequence number, the current candle of
 * every period, and the closed 1-minute candles of the last 24 hours of trading, which give the
 * 24-hour open, high, low and volume. The window's aggregates are recomputed only when a minute
 * closes, so a tick costs a few comparisons, not a scan of 1440 candles.
 */
export class SymbolBook {
  readonly candles = new Map<CandlePeriod, Candle>();
  private window: Candle[] = [];
  private windowHigh: Decimal | undefined;
  private windowLow: Decimal | undefined;
  private windowVolume = new Decimal(0);

  constructor(
    readonly id: number,
    readonly code: string,
    readonly precision: number,
    public lastPrice: string,
    public seq: number,
    public lastAtMs: number,
  ) {}

  /** Resumes from stored state: the newest candle per period and the closed minutes before it. */
  load(latest: ReadonlyMap<CandlePeriod, Candle>, closedMinutes: readonly Candle[]): void {
    for (const [period, candle] of latest) this.candles.set(period, this.normalize(candle));
    this.window = closedMinutes.map((c) => this.normalize(c));
    const current = this.candles.get(1);
    this.trimWindow(current ? current.time : this.lastAtMs);
  }

  private normalize(c: Candle): Candle {
    const p = (v: string) => new Decimal(v).toFixed(this.precision);
    return { time: c.time, open: p(c.open), high: p(c.high), low: p(c.low), close: p(c.close), volume: new Decimal(c.volume).toFixed() };
  }

  /**
   * Applies a tick to every period. Returns the candles whose stored row must be written: the new
   * state of each period, and the final state of any candle the tick closed.
   */
  apply(price: string, volume: string, atMs: number): { current: Map<CandlePeriod, Candle>; closed: { period: CandlePeriod; candle: Candle }[] } {
    const closed: { period: CandlePeriod; candle: Candle }[] = [];
    for (const period of CANDLE_PERIODS) {
      const before = this.candles.get(period);
      const after = applyTick(before, period, atMs, price, volume);
      if (before && after.time !== before.time) {
        closed.push({ period, candle: before });
        if (period === 1) this.closeMinute(before, after.time);
      }
      this.candles.set(period, after);
    }
    this.seq += 1;
    this.lastPrice = price;
    this.lastAtMs = atMs;
    return { current: this.candles, closed };
  }

  private closeMinute(candle: Candle, nextStartMs: number): void {
    this.window.push(candle);
    this.trimWindow(nextStartMs);
  }

  /** Keeps the minutes that started within 24 h before `anchorMs` and recomputes their aggregates. */
  private trimWindow(anchorMs: number): void {
    const from = anchorMs - DAY_MS;
    let drop = 0;
    while (drop < this.window.length && this.window[drop]!.time < from) drop += 1;
    if (drop > 0) this.window.splice(0, drop);
    let high: Decimal | undefined;
    let low: Decimal | undefined;
    let volume = new Decimal(0);
    for (const c of this.window) {
      const h = new Decimal(c.high);
      const l = new Decimal(c.low);
      if (!high || h.gt(high)) high = h;
      if (!low || l.lt(low)) low = l;
      volume = volume.plus(c.volume);
    }
    this.windowHigh = high;
    this.windowLow = low;
    this.windowVolume = volume;
  }

  quote(): DayQuote {
    const minute = this.candles.get(1);
    const close = this.lastPrice;
    const open = this.window[0]?.open ?? minute?.open ?? close;
    let high = new Decimal(minute?.high ?? close);
    let low = new Decimal(minute?.low ?? close);
    if (this.windowHigh && this.windowHigh.gt(high)) high = this.windowHigh;
    if (this.windowLow && this.windowLow.lt(low)) low = this.windowLow;
    const volume = this.windowVolume.plus(minute?.volume ?? '0');
    return {
      open,
      close,
      high: high.toFixed(this.precision),
      low: low.toFixed(this.precision),
      volume: volume.toFixed(),
      change: changePercent(open, close),
    };
  }
}
