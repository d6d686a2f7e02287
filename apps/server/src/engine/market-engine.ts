import { performance } from 'node:perf_hooks';
import { createHash } from 'node:crypto';
import { CANDLE_PERIODS, Decimal, GENESIS_HASH, generateCandleHistory, tickPreimage, isMarketOpen, seededRandom, type Candle, type CandlePeriod } from '@tp/domain';
import type { MarketConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { Bus, BusMessage } from '../realtime/bus.js';
import { KLINE_PERIOD_NAMES, type ClientPushName, type ClientPushPayload } from '@tp/contracts';
import { publishBusEvent, type KlineTopic } from '../realtime/typed-bus.js';
import { createFeeds, type FeedSymbolWithCategory } from './feeds/create-feeds.js';
import { hashCode, type FeedStatus, type FeedTick, type PriceFeed } from './feeds/price-feed.js';
import { SymbolBook } from './symbol-book.js';
import { silentEngineLog, type EngineLog } from './engine-log.js';
import * as store from './tick-store.js';
import { DayWindows } from './day-windows.js';
import type { EventConsumer, MailSender } from './event-consumer.js';
import { EventRelay, eventOutboxPruneJob } from './event-relay.js';
import type { ScheduledJob } from './scheduled-job.js';
import { Scheduler } from './scheduler.js';
import { engineTicks, feedStarted, feedStopped, feedTicked } from '../lib/metrics.js';
import { type StoredTick, type TickConsumer, type TickConsumerFactory } from './tick-consumer.js';


export interface MarketEngineOptions {
  db: Db;
  bus: Bus;
  config: MarketConfig;
  now?: () => number;
  log?: EngineLog;
  /** Replaces the configured feeds (tests inject their own). */
  feeds?: (symbols: readonly FeedSymbolWithCategory[]) => PriceFeed[];
  /** Run only these symbols (tests keep first start small). */
  onlySymbols?: readonly string[];
  /** Flush and prune on timers (default); tests may call flush() themselves. */
  timers?: boolean;
  /** What acts on stored ticks: the modules' tick consumers (composed in main.ts); none by default. */
  consumers?: readonly TickConsumerFactory[];
  /** The modules' scheduled jobs (the engine adds its own and those of its tick consumers). */
  jobs?: readonly ScheduledJob[];
  /** The modules' outbox event consumers (plus those of the tick consumers). */
  eventConsumers?: readonly EventConsumer[];
  /** The e-mail sender the event consumers are given. */
  mail?: MailSender;
  /** DATA_DIR, for the event consumers that read its secrets. */
  dataDir?: string;
  /** For the event relay's LISTEN connection; without it the relay polls only. */
  databaseUrl?: string;
  /** How often the scheduler looks for due periods (default 1 s). */
  schedulerCheckMs?: number;
  /** The event relay's safety-net poll (default 1 s). */
  eventPollMs?: number;
  /** A standby's warm copy of the day's minutes (MarketRuntime); without it the engine reads them. */
  dayWindows?: DayWindows;
}

const ONE_MINUTE_HISTORY_MIN = 25 * 60; // the 24-hour quote needs a full day of minutes
const DAY_MS = 24 * 3_600_000;
// If the database is unreachable, keep at most this many unwritten ticks rather than all memory.
const MAX_BUFFERED_TICKS = 200_000;
const FUTURE_TOLERANCE_MS = 5_000;
/** How often the engine re-reads the symbol table in case a config.changed was lost. */
const SYMBOLS_RECHECK_MS = 15_000;


/**
 * The market engine: the only place prices enter. It takes ticks from the feeds, numbers them per
 * symbol, keeps candles and the 24-hour quote in memory, publishes DAY_MARKET and KLINE.<Code> on
 * the bus, and writes ticks and candles in batches. Exactly one process runs it (leader-election).
 */
export class MarketEngine {
  private readonly db: Db;
  private readonly bus: Bus;
  private readonly config: MarketConfig;
  private readonly now: () => number;
  private readonly log: EngineLog;
  private readonly books = new Map<string, SymbolBook>();
  private readonly schedules = new Map<string, 'forex' | 'always'>();
  private feeds: PriceFeed[] = [];
  private tickBuffer: store.TickRow[] = [];
  private dirty = new Map<string, store.StoredCandle>();
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private running = false;
  private consumers: TickConsumer[] = [];
  /** Settles once every consumer has started (or failed to): ticks are delivered after it. */
  private consumersStarted: Promise<void> = Promise.resolve();
  private stopping: Promise<void> | undefined;
  /** Clock-driven jobs, created at start (tests drive runDue when timers are off). */
  scheduler: Scheduler | undefined;
  /** The event outbox relay, created at start (tests drive drain when timers are off). */
  events: EventRelay | undefined;
  private readonly codesById = new Map<number, string>();
  /** Each symbol's newest chain hash (hex): the next tick's previous hash. */
  private readonly chainHeads = new Map<string, string>();
  /** The table rows of the symbols with books: what their feeds are made from. */
  private readonly symbolRows = new Map<string, store.EngineSymbolRow>();
  private symbolsRefresh: Promise<void> = Promise.resolve();
  private symbolsTimer: NodeJS.Timeout | undefined;
  private unsubscribeConfig: (() => void) | undefined;
  /** Ticks accepted since start (for tests and the health report). */
  acceptedTicks = 0;

  constructor(private readonly opts: MarketEngineOptions) {
    this.db = opts.db;
    this.bus = opts.bus;
    this.config = opts.config;
    this.now = opts.now ?? Date.now;
    this.log = opts.log ?? silentEngineLog;
  }

  /** Loads symbols and state (generating history on first start), then starts the feeds. */
  async start(): Promise<void> {
    if (this.running) return;
    const t0 = performance.now();
    const symbols = await this.enabledSymbols();
    await this.openBooks(symbols);
    const tBooks = performance.now();

    // Consumers rebuild their indexes (and settle what fell due while no engine ran) before the
    // first new tick reaches them. The feeds do not wait for them: prices reach people as soon as
    // the books are open (a handover's gap in the price stream is the books' load, not the
    // indexes'), and the ticks stored meanwhile are delivered once every consumer has started.
    const deps = { db: this.db, bus: this.bus, log: this.log, now: this.now, lastPrice: (code: string) => this.lastPrice(code), priceMaxAgeMs: this.config.priceMaxAgeMs };
    this.consumers = (this.opts.consumers ?? []).map((make) => make(deps));
    const consumerMs: string[] = [];
    let tConsumers = 0;
    let tRelay = 0;
    const consumersAndRelay = (async () => {
      // Each consumer reads its own tables: they start together.
      await Promise.all(
        this.consumers.map(async (consumer) => {
          const c0 = performance.now();
          await consumer.start();
          consumerMs.push(`${consumer.constructor.name} ${Math.round(performance.now() - c0)}`);
        }),
      );
      tConsumers = performance.now();
      // The relay and the scheduler start after the consumers they call into, and stop before them.
      await this.startRelayAndScheduler();
      tRelay = performance.now();
    })();
    this.consumersStarted = consumersAndRelay.catch(() => undefined);

    this.running = true;
    if (this.opts.timers !== false) {
      this.flushTimer = setInterval(() => void this.flush(), this.config.tickFlushMs);
      // The safety net of a lost config.changed: the symbol table is small.
      this.symbolsTimer = setInterval(() => void this.refreshSymbols(), SYMBOLS_RECHECK_MS);
    }
    // Staff enable, disable or reschedule symbols in the admin console; the change is announced after commit.
    this.unsubscribeConfig = this.bus.subscribe((m) => {
      if (m.topic === 'config.changed' && m.payload.area === 'symbols') void this.refreshSymbols();
    });
    const tFeeds0 = performance.now();
    await this.startFeeds();
    const tFeeds = performance.now();
    try {
      await consumersAndRelay;
    } catch (err) {
      // A consumer that cannot start leaves no engine half running (feeds ticking, nothing acting on them).
      await this.stop();
      throw err;
    }
    const ms = (a: number, b: number) => Math.round(b - a);
    this.log.info(
      `market engine running: ${this.feeds.map((f) => `${f.name} (${f.status().symbols.length})`).join(', ')}; started in ${ms(t0, performance.now())} ms, prices after ${ms(t0, tFeeds)} (books ${ms(t0, tBooks)}, feeds ${ms(tFeeds0, tFeeds)}; beside them consumers ${ms(tBooks, tConsumers)} [${consumerMs.join(', ')}], relay ${ms(tConsumers, tRelay)})`,
    );
  }

  /** The outbox relay and the clock-driven jobs: both call into the started consumers. */
  private async startRelayAndScheduler(): Promise<void> {
    const timers = this.opts.timers !== false;
    this.events = new EventRelay({
      db: this.db,
      bus: this.bus,
      log: this.log,
      databaseUrl: this.opts.databaseUrl,
      consumers: [...(this.opts.eventConsumers ?? []), ...this.consumers.flatMap((c) => c.eventConsumers ?? [])],
      mail: this.opts.mail,
      dataDir: this.opts.dataDir,
      pollMs: timers ? (this.opts.eventPollMs ?? 1000) : 0,
    });
    await this.events.start();
    this.scheduler = new Scheduler({
      db: this.db,
      bus: this.bus,
      log: this.log,
      now: this.now,
      jobs: [this.tickPruneJob(), eventOutboxPruneJob, ...(this.opts.jobs ?? []), ...this.consumers.flatMap((c) => c.jobs ?? [])],
      checkEveryMs: timers ? (this.opts.schedulerCheckMs ?? 1000) : 0,
    });
    this.scheduler.start();
  }

  /** The enabled symbols this engine runs (tests may narrow them with onlySymbols). */
  private async enabledSymbols(): Promise<store.EngineSymbolRow[]> {
    const symbols = await store.loadSymbols(this.db);
    return this.opts.onlySymbols ? symbols.filter((s) => this.opts.onlySymbols!.includes(s.code)) : symbols;
  }

  /** Builds the books of symbols (their candles and last tick; history generated where missing). */
  private async openBooks(symbols: readonly store.EngineSymbolRow[]): Promise<void> {
    if (symbols.length === 0) return;
    const ids = symbols.map((s) => s.id);
    // A standby kept the day warm: only the minutes since its last refresh are read now, beside the
    // last ticks and candles (a handover waits for these reads).
    let windows = this.opts.dayWindows ?? new DayWindows(this.now);
    const [lastTickRows, latestRead] = await Promise.all([store.lastTicks(this.db, ids), store.latestCandles(this.db, ids), windows.refresh(this.db)]);
    const lastTicks = new Map(lastTickRows.map((t) => [t.symbolId, t]));
    let latest = latestRead;

    const startedAt = this.now();
    const generated = await this.ensureHistory([...symbols], latest, lastTicks);
    if (generated > 0) {
      this.log.info(`market history generated: ${generated} candles in ${this.now() - startedAt} ms`);
      latest = await store.latestCandles(this.db, ids);
      // The day just generated is read whole (the windows above were read before it existed).
      windows = new DayWindows(this.now);
      await windows.refresh(this.db);
    }

    const currentMinute = new Map(latest.filter((c) => c.period === 1).map((c) => [c.symbolId, c.time]));
    const dayWindows = windows.closedMinutesOfDay(currentMinute);
    for (const s of symbols) {
      const last = lastTicks.get(s.id);
      const latestOfSymbol = new Map<CandlePeriod, Candle>();
      for (const c of latest) if (c.symbolId === s.id) latestOfSymbol.set(c.period as CandlePeriod, c);
      // Continue from the last stored tick; without one, from the last candle; else the seed price.
      const lastPrice = new Decimal(last?.price ?? latestOfSymbol.get(1)?.close ?? s.initialPrice).toFixed(s.precision);
      const book = new SymbolBook(s.id, s.code, s.precision, lastPrice, last?.seq ?? 0, last?.atMs ?? 0);
      book.load(latestOfSymbol, dayWindows.get(s.id) ?? []);
      this.books.set(s.code, book);
      // The chain continues from the last stored tick (after a restart or a leader change); a
      // symbol whose last tick predates hashing starts a new chain.
      this.chainHeads.set(s.code, last?.hash ?? GENESIS_HASH);
      this.codesById.set(s.id, s.code);
      this.schedules.set(s.code, s.schedule);
      this.symbolRows.set(s.code, s);
    }
  }

  /** Creates and starts the feeds of the symbols that have books, each continuing from its book's price. */
  private async startFeeds(): Promise<void> {
    const feedSymbols: FeedSymbolWithCategory[] = [...this.symbolRows.values()].map((s) => ({
      code: s.code,
      category: s.category,
      precision: s.precision,
      schedule: s.schedule,
      volatility: s.volatility,
      ticksPerSecond: s.ticksPerSecond,
      tickVolume: s.tickVolume,
      lastPrice: this.books.get(s.code)!.lastPrice,
    }));
    this.feeds = this.opts.feeds ? this.opts.feeds(feedSymbols) : createFeeds(this.config, feedSymbols, (m) => this.log.warn(m));
    for (const feed of this.feeds) {
      feedStarted(feed.name, Date.now());
      await feed.start((tick) => {
        const accepted = this.ingest(tick);
        if (accepted) this.countTick(feed.name, tick.code);
        return accepted;
      });
    }
  }

  /** Counter children per feed and symbol, looked up once: a tick costs a map lookup and an increment. */
  private readonly tickCounters = new Map<string, { inc(): void }>();

  /** /metrics: the tick is counted under its feed and symbol group, and the feed is not stale. */
  private countTick(feed: string, code: string): void {
    const key = `${feed}\u0000${code}`;
    let counter = this.tickCounters.get(key);
    if (!counter) {
      counter = engineTicks.labels(feed, this.symbolRows.get(code)?.category ?? 'unknown');
      this.tickCounters.set(key, counter);
    }
    counter.inc();
    feedTicked(feed, Date.now());
  }

  /**
   * Follows the symbol table after a staff change, without a restart: market hours apply to the
   * next tick; a disabled symbol's book goes at once (its ticks are refused from here on, so its
   * quotes stop) and an enabled one gets a book; when the set changed, the feeds are recreated on
   * the new set. Runs one at a time; resolves when done (tests await it).
   */
  refreshSymbols(): Promise<void> {
    const run = this.symbolsRefresh.then(async () => {
      if (!this.running) return;
      const symbols = await this.enabledSymbols();
      const wanted = new Map(symbols.map((s) => [s.code, s]));
      for (const s of symbols) {
        if (!this.books.has(s.code)) continue;
        this.schedules.set(s.code, s.schedule);
        this.symbolRows.set(s.code, s);
      }
      const removed = [...this.books.keys()].filter((code) => !wanted.has(code));
      const added = symbols.filter((s) => !this.books.has(s.code));
      if (removed.length === 0 && added.length === 0) return;
      for (const code of removed) {
        this.books.delete(code);
        this.chainHeads.delete(code);
        this.schedules.delete(code);
        this.symbolRows.delete(code);
      }
      const old = this.feeds;
      this.feeds = [];
      await Promise.all(old.map((f) => f.stop()));
      for (const f of old) feedStopped(f.name);
      await this.openBooks(added);
      if (!this.running) return;
      await this.startFeeds();
      this.log.info(`market symbols changed: ${[...added.map((s) => `+${s.code}`), ...removed.map((c) => `-${c}`)].join(' ')}`);
    });
    this.symbolsRefresh = run.catch((err: unknown) => this.log.error('market symbol refresh failed; retried on the next change or check', err));
    return this.symbolsRefresh;
  }

  /** Generates the missing (symbol, period) histories, ending at the symbol's current price. */
  private async ensureHistory(symbols: store.EngineSymbolRow[], latest: store.StoredCandle[], lastTicks: Map<number, store.LastTick>): Promise<number> {
    const have = new Set(latest.map((c) => `${c.symbolId}:${c.period}`));
    const endMs = this.now();
    let total = 0;
    for (const s of symbols) {
      const missing = CANDLE_PERIODS.filter((p) => !have.has(`${s.id}:${p}`));
      if (missing.length === 0) continue;
      const price = new Decimal(lastTicks.get(s.id)?.price ?? s.initialPrice).toFixed(s.precision);
      const rows: store.StoredCandle[] = [];
      for (const period of missing) {
        const count = period === 1 ? Math.max(this.config.historyBars, ONE_MINUTE_HISTORY_MIN) : this.config.historyBars;
        const perTick = Number(s.tickVolume);
        const bars = generateCandleHistory({
          price,
          annualVolatility: s.volatility,
          precision: s.precision,
          period,
          count,
          endMs,
          schedule: s.schedule,
          volumePerBar: perTick * s.ticksPerSecond * 60 * period,
          volumePrecision: 4,
          random: seededRandom((this.config.seed ^ hashCode(`${s.code}:${period}`)) >>> 0),
        });
        for (const b of bars) rows.push({ ...b, symbolId: s.id, period });
      }
      await store.upsertCandles(this.db, rows);
      total += rows.length;
    }
    return total;
  }

  /**
   * Takes one tick from a feed: numbers it, updates candles and the quote, publishes, and queues
   * it for the next batch write. Returns false for ticks it refuses (unknown symbol, closed
   * market, not a positive price).
   */
  ingest(tick: FeedTick): boolean {
    if (!this.running) return false;
    const book = this.books.get(tick.code);
    if (!book) return false;
    let price: Decimal;
    try {
      price = new Decimal(tick.price);
    } catch {
      return false;
    }
    if (!price.isFinite() || price.lte(0)) return false;
    const nowMs = this.now();
    // Candles need time to move forward: a late tick counts at the last tick's time.
    // Whole milliseconds, as the database keeps them: the simulator's times are fractional, and a
    // tick's hash and its consumers must see the time that is stored.
    let atMs = Math.floor(Math.min(tick.atMs, nowMs + FUTURE_TOLERANCE_MS));
    if (atMs < book.lastAtMs) atMs = book.lastAtMs;
    if (!isMarketOpen(this.schedules.get(tick.code)!, atMs)) return false;
    const priceText = price.toFixed(book.precision);
    const volume = new Decimal(tick.volume).abs().toFixed();

    const { current, closed } = book.apply(priceText, volume, atMs);
    for (const { period, candle } of closed) this.markDirty(book.id, period, candle);
    for (const [period, candle] of current) this.markDirty(book.id, period, candle);
    if (this.tickBuffer.length < MAX_BUFFERED_TICKS) {
      // Only a tick that will be stored extends the chain, so the stored ticks chain unbroken.
      const hash = createHash('sha256').update(tickPreimage(this.chainHeads.get(tick.code)!, tick.code, book.seq, priceText, atMs)).digest('hex');
      this.chainHeads.set(tick.code, hash);
      this.tickBuffer.push({ symbolId: book.id, seq: book.seq, price: priceText, volume, atMs, hash });
    }
    this.acceptedTicks += 1;
    this.bus.publishBatch(this.pushes(book, current));
    return true;
  }

  private markDirty(symbolId: number, period: CandlePeriod, candle: Candle): void {
    this.dirty.set(`${symbolId}:${period}:${candle.time}`, { ...candle, symbolId, period });
  }

  private pushes(book: SymbolBook, current: Map<CandlePeriod, Candle>): BusMessage[] {
    const q = book.quote();
    // Typed by `satisfies` rather than built through helpers: the tick path's objects stay plain
    // literals of one shape (helpers measured about twice the cost per tick).
    const day = { symbol: book.code, close: q.close, change: q.change, high: q.high, low: q.low, open: q.open, volume: q.volume } satisfies ClientPushPayload<'DAY_MARKET'>;
    const messages: BusMessage[] = [{ topic: 'DAY_MARKET' satisfies ClientPushName, payload: day }];
    const topic = `KLINE.${book.code}` satisfies KlineTopic;
    for (const [period, c] of current) {
      // The period's name from a constant table: no string is built per tick.
      const kline = { Period: KLINE_PERIOD_NAMES[period], Open: c.open, High: c.high, Low: c.low, Close: c.close, Volume: c.volume, Time: Math.floor(c.time / 1000) } satisfies ClientPushPayload<'KLINE'>;
      messages.push({ topic, payload: kline });
    }
    return messages;
  }

  /** The last accepted tick of a symbol. */
  lastPrice(code: string): { price: string; seq: number; atMs: number } | undefined {
    const book = this.books.get(code);
    return book && book.seq > 0 ? { price: book.lastPrice, seq: book.seq, atMs: book.lastAtMs } : undefined;
  }

  /**
   * Writes the buffered ticks and changed candles in one transaction, then hands the committed
   * ticks to the consumers - never before commit, so what they settle cites a stored tick.
   */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.tickBuffer.length === 0 && this.dirty.size === 0) return Promise.resolve();
    const ticks = this.tickBuffer;
    const candles = this.dirty;
    this.tickBuffer = [];
    this.dirty = new Map();
    this.flushing = this.db
      .transaction()
      .execute(async (trx) => {
        await store.insertTicks(trx, ticks);
        await store.upsertCandles(trx, [...candles.values()]);
      })
      .then(() => {
        this.announceStored(ticks);
        return this.deliver(ticks);
      })
      .catch((err: unknown) => {
        this.log.error('market flush failed; retrying with the next batch', err);
        // Put the batch back, newer candle states winning, so nothing is lost while the database is away.
        this.tickBuffer = ticks.concat(this.tickBuffer).slice(-MAX_BUFFERED_TICKS);
        for (const [key, c] of candles) if (!this.dirty.has(key)) this.dirty.set(key, c);
      })
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }

  /** After commit: the newest stored tick of each symbol in the batch, for whoever prices from a kept copy (bus event `ticks.stored`). */
  private announceStored(ticks: readonly store.TickRow[]): void {
    const newest = new Map<number, store.TickRow>();
    for (const t of ticks) {
      const held = newest.get(t.symbolId);
      if (!held || t.seq > held.seq) newest.set(t.symbolId, t);
    }
    if (newest.size === 0) return;
    publishBusEvent(this.bus, 'ticks.stored', { ticks: [...newest.values()].map((t) => ({ symbolId: t.symbolId, seq: String(t.seq), price: t.price, atMs: t.atMs })) });
  }

  private async deliver(ticks: readonly store.TickRow[]): Promise<void> {
    if (this.consumers.length === 0 || ticks.length === 0) return;
    // Ticks stored while the consumers still rebuild their indexes wait for them (in order: the
    // next flush waits for this one).
    await this.consumersStarted;
    const stored: StoredTick[] = ticks.map((t) => ({ ...t, code: this.codesById.get(t.symbolId)! }));
    for (const consumer of this.consumers) {
      try {
        await consumer.onTicks(stored);
      } catch (err) {
        // A consumer's failure must not put committed ticks back in the buffer; it retries from
        // the database (its own state) on the next batch or restart.
        this.log.error(`tick consumer ${consumer.name} failed`, err);
      }
    }
  }

  /** Tick retention on the scheduler: once per period across nodes and restarts; a failure is retried. */
  private tickPruneJob(): ScheduledJob {
    return {
      name: 'market.tick-prune',
      periodMs: this.config.tickPruneEveryMs,
      run: async ({ trx }) => {
        await store.pruneTicks(trx, this.now() - this.config.tickRetentionDays * DAY_MS);
      },
    };
  }

  /** Retention: drops ticks older than TICK_RETENTION_DAYS. */
  async prune(): Promise<number> {
    try {
      return await store.pruneTicks(this.db, this.now() - this.config.tickRetentionDays * DAY_MS);
    } catch (err) {
      this.log.error('tick pruning failed', err);
      return 0;
    }
  }

  stop(): Promise<void> {
    if (!this.running) return Promise.resolve();
    this.stopping ??= this.stopOnce().finally(() => {
      this.stopping = undefined;
    });
    return this.stopping;
  }

  private async stopOnce(): Promise<void> {
    const t0 = performance.now();
    clearInterval(this.symbolsTimer);
    this.unsubscribeConfig?.();
    // The relay and the scheduler together, each finishing only what it has in hand (the event it
    // delivers, its run). Meanwhile the feeds still tick and prices reach people: a handover's
    // gap in the price stream is the feeds' stop and the last flush, not this.
    await Promise.all([this.symbolsRefresh, this.scheduler?.stop(), this.events?.stop()]);
    const tWork = performance.now();
    this.running = false;
    clearInterval(this.flushTimer);
    await Promise.all(this.feeds.map((f) => f.stop()));
    for (const f of this.feeds) feedStopped(f.name);
    await this.flushing;
    await this.flush();
    const tFlush = performance.now();
    for (const consumer of this.consumers) await consumer.stop();
    this.consumers = [];
    const ms = (a: number, b: number) => Math.round(b - a);
    this.log.info(`market engine stopped in ${ms(t0, performance.now())} ms (relay and scheduler ${ms(t0, tWork)}; then feeds and flush ${ms(tWork, tFlush)}, consumers ${ms(tFlush, performance.now())})`);
  }

  isRunning(): boolean {
    return this.running;
  }

  feedStatus(): FeedStatus[] {
    return this.feeds.map((f) => f.status());
  }

  book(code: string): SymbolBook | undefined {
    return this.books.get(code);
  }

  /** The feeds, for tests that drive a simulator by hand. */
  feedList(): readonly PriceFeed[] {
    return this.feeds;
  }
}
