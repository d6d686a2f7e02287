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
    const current = this.candles.get(1);
    const from = (current ? current.time : this.lastAtMs) - DAY_MS;
    this.window = [];
    this.windowVolume = new Decimal(0);
    for (const c of closedMinutes) {
      if (c.time < from) continue;
      this.window.push(this.normalizePrices(c));
      this.windowVolume = this.windowVolume.plus(c.volume);
    }
    this.windowExtremes();
  }

  private normalize(c: Candle): Candle {
    return { ...this.normalizePrices(c), volume: new Decimal(c.volume).toFixed() };
  }

  /** A window minute's prices at the symbol's precision (its volume is only summed). */
  private normalizePrices(c: Candle): Candle {
    // Stored prices were written at the symbol's precision: most need no Decimal (a day of
    // minutes is 1440 candles per symbol, read when a leader starts).
    const p = (v: string) => cutZeros(v, this.precision) ?? new Decimal(v).toFixed(this.precision);
    return { time: c.time, open: p(c.open), high: p(c.high), low: p(c.low), close: p(c.close), volume: c.volume };
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
    this.windowVolume = this.windowVolume.plus(candle.volume);
    const from = nextStartMs - DAY_MS;
    let drop = 0;
    while (drop < this.window.length && this.window[drop]!.time < from) {
      this.windowVolume = this.windowVolume.minus(this.window[drop]!.volume);
      drop += 1;
    }
    if (drop > 0) this.window.splice(0, drop);
    this.windowExtremes();
  }

  /**
   * The window's high and low, once per closed minute. Compared as numbers: prices of one symbol
   * have one precision and at most 15 significant digits, so doubles order them exactly; the
   * winners keep their own strings.
   */
  private windowExtremes(): void {
    let high: string | undefined;
    let low: string | undefined;
    let h = -Infinity;
    let l = Infinity;
    for (const c of this.window) {
      const ch = Number(c.high);
      const cl = Number(c.low);
      if (ch > h) {
        h = ch;
        high = c.high;
      }
      if (cl < l) {
        l = cl;
        low = c.low;
      }
    }
    this.windowHigh = high === undefined ? undefined : new Decimal(high);
    this.windowLow = low === undefined ? undefined : new Decimal(low);
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

/**
 * `v` at `digits` fraction digits when that needs no rounding (the digits cut are zeros, as in a
 * numeric column's `1.1650000000`), else undefined.
 */
function cutZeros(v: string, digits: number): string | undefined {
  const dot = v.indexOf('.');
  if (dot <= 0) return undefined;
  const fraction = v.length - dot - 1;
  if (fraction < digits) return undefined;
  for (let i = dot + 1 + digits; i < v.length; i++) if (v.charCodeAt(i) !== 48) return undefined;
  for (let i = v.charCodeAt(0) === 45 ? 1 : 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (i !== dot && (c < 48 || c > 57)) return undefined;
  }
  return digits === 0 ? v.slice(0, dot) : v.slice(0, dot + 1 + digits);
}
