import fs from 'node:fs';
import { Decimal } from '@tp/domain';
import type { FeedStatus, FeedSymbol, FeedTick, PriceFeed, TickSink } from './price-feed.js';

export interface ReplayRow {
  offsetMs: number;
  code: string;
  price: string;
  volume: string;
}

/**
 * Parses `offset_ms,symbol,price,volume` lines (a header line and `#` comments are skipped).
 * A malformed line is an error naming its line number: a demo file with a typo should fail loudly.
 */
export function parseReplayCsv(text: string): ReplayRow[] {
  const rows: ReplayRow[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const [offset, code, price, volume = '0'] = trimmed.split(',').map((f) => f.trim());
    if (i === 0 && !/^\d/.test(offset ?? '')) return; // header
    if (!offset || !/^\d+$/.test(offset) || !code || !/^[A-Za-z0-9]{2,16}$/.test(code) || !price || !/^\d+(\.\d+)?$/.test(price) || !/^\d+(\.\d+)?$/.test(volume)) {
      throw new Error(`replay CSV line ${i + 1} is not "offset_ms,symbol,price,volume": ${line}`);
    }
    rows.push({ offsetMs: Number(offset), code: code.toUpperCase(), price, volume });
  });
  return rows.sort((a, b) => a.offsetMs - b.offsetMs);
}

export interface CsvReplayOptions {
  /** The CSV text, or a file to read it from. */
  csv?: string;
  file?: string;
  symbols: readonly FeedSymbol[];
  /** 2 plays twice as fast. */
  speed?: number;
  /** Start over after the last row (demos); otherwise the feed goes quiet. */
  loop?: boolean;
  now?: () => number;
}

/**
 * Replays recorded prices at their recorded pace: row `offset_ms` is emitted that long after the
 * start (divided by `speed`), stamped with the time it is emitted. Rows of symbols this feed does
 * not price are skipped.
 */
export class CsvReplayFeed implements PriceFeed {
  readonly name = 'replay';
  readonly rows: ReplayRow[];
  private readonly precisions: Map<string, number>;
  private readonly speed: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private index = 0;
  private startMs = 0;
  private sink: TickSink | undefined;

  constructor(private readonly opts: CsvReplayOptions) {
    const text = opts.csv ?? (opts.file ? fs.readFileSync(opts.file, 'utf8') : '');
    this.precisions = new Map(opts.symbols.map((s) => [s.code, s.precision]));
    this.rows = parseReplayCsv(text).filter((r) => this.precisions.has(r.code));
    this.speed = opts.speed && opts.speed > 0 ? opts.speed : 1;
    this.now = opts.now ?? Date.now;
  }

  /** The symbols the file actually has rows for. */
  codes(): string[] {
    return [...new Set(this.rows.map((r) => r.code))];
  }

  async start(sink: TickSink): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.sink = sink;
    this.index = 0;
    this.startMs = this.now();
    this.schedule();
  }

  private schedule(): void {
    if (!this.running) return;
    if (this.index >= this.rows.length) {
      if (!this.opts.loop || this.rows.length === 0) return;
      const last = this.rows[this.rows.length - 1]!;
      this.startMs += last.offsetMs / this.speed + 1;
      this.index = 0;
    }
    const row = this.rows[this.index]!;
    const due = this.startMs + row.offsetMs / this.speed;
    this.timer = setTimeout(() => this.emitDue(), Math.max(0, due - this.now()));
  }

  private emitDue(): void {
    const nowMs = this.now();
    while (this.running && this.index < this.rows.length) {
      const row = this.rows[this.index]!;
      if (this.startMs + row.offsetMs / this.speed > nowMs) break;
      this.index += 1;
      const precision = this.precisions.get(row.code)!;
      const tick: FeedTick = { code: row.code, price: new Decimal(row.price).toFixed(precision, Decimal.ROUND_HALF_EVEN), volume: row.volume, atMs: nowMs };
      this.sink?.(tick);
    }
    this.schedule();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
  }

  status(): FeedStatus {
    return { name: this.name, running: this.running, stale: false, symbols: this.codes() };
  }
}
