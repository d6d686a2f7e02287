import WebSocket from 'ws';
import { Decimal } from '@tp/domain';
import type { FeedStatus, FeedSymbol, FeedTick, PriceFeed, TickSink } from './price-feed.js';

export type BinanceStream = 'trade' | 'bookTicker';

export interface BinanceFeedOptions {
  /** Base URL, e.g. wss://stream.binance.com:9443; the combined-stream path is appended. */
  url: string;
  symbols: readonly FeedSymbol[];
  stream?: BinanceStream;
  /** No message for this long: the feed is stale and the connection is replaced. */
  staleMs?: number;
  backoffMinMs?: number;
  backoffMaxMs?: number;
  now?: () => number;
  log?: (msg: string) => void;
}

/** The combined stream's envelope: `{"stream":"btcusdt@trade","data":{...}}`. */
interface CombinedMessage {
  stream?: unknown;
  data?: unknown;
}

/**
 * Parses one Binance message (combined envelope or raw payload) into a tick, or undefined when it
 * is not a price (subscription answers, unknown symbols, malformed data). Trade: price p,
 * quantity q, trade time T. Book ticker: the mid of best bid b and best ask a, no volume.
 */
export function parseBinanceMessage(raw: string, precisions: ReadonlyMap<string, number>, nowMs: number): FeedTick | undefined {
  let msg: unknown;
  try {
    msg = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const data = (typeof msg === 'object' && msg !== null && 'data' in msg ? (msg as CombinedMessage).data : msg) as Record<string, unknown> | null;
  if (typeof data !== 'object' || data === null || typeof data.s !== 'string') return undefined;
  const code = data.s.toUpperCase();
  const precision = precisions.get(code);
  if (precision === undefined) return undefined;
  const decimal = (v: unknown) => (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? new Decimal(v) : undefined);
  if (data.e === 'trade') {
    const price = decimal(data.p);
    const qty = decimal(data.q);
    if (!price || !qty || price.lte(0)) return undefined;
    const at = typeof data.T === 'number' && Number.isFinite(data.T) ? data.T : nowMs;
    return { code, price: price.toFixed(precision, Decimal.ROUND_HALF_EVEN), volume: qty.toFixed(), atMs: at };
  }
  const bid = decimal(data.b);
  const ask = decimal(data.a);
  if (bid && ask && bid.gt(0) && ask.gt(0)) {
    return { code, price: bid.plus(ask).div(2).toFixed(precision, Decimal.ROUND_HALF_EVEN), volume: '0', atMs: nowMs };
  }
  return undefined;
}

/**
 * Binance public market data over one combined websocket stream. Reconnects with exponential
 * backoff (reset once messages flow again); a connection that goes quiet for `staleMs` is marked
 * stale and replaced, because a half-open TCP connection can otherwise look alive for minutes.
 */
export class BinanceFeed implements PriceFeed {
  readonly name = 'binance';
  private readonly precisions: Map<string, number>;
  private readonly stream: BinanceStream;
  private readonly staleMs: number;
  private readonly backoffMinMs: number;
  private readonly backoffMaxMs: number;
  private readonly now: () => number;
  private readonly log: (msg: string) => void;
  private socket: WebSocket | undefined;
  private sink: TickSink | undefined;
  private running = false;
  private stale = false;
  private failures = 0;
  private lastMessageAtMs = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private staleTimer: NodeJS.Timeout | undefined;
  /** How many connections were opened; tests watch reconnects with it. */
  connects = 0;

  constructor(private readonly opts: BinanceFeedOptions) {
    this.precisions = new Map(opts.symbols.map((s) => [s.code.toUpperCase(), s.precision]));
    this.stream = opts.stream ?? 'trade';
    this.staleMs = opts.staleMs ?? 15_000;
    this.backoffMinMs = opts.backoffMinMs ?? 500;
    this.backoffMaxMs = opts.backoffMaxMs ?? 30_000;
    this.now = opts.now ?? Date.now;
    this.log = opts.log ?? (() => undefined);
  }

  streamUrl(): string {
    const streams = [...this.precisions.keys()].map((c) => `${c.toLowerCase()}@${this.stream}`).join('/');
    return `${this.opts.url.replace(/\/+$/, '')}/stream?streams=${streams}`;
  }

  async start(sink: TickSink): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.sink = sink;
    this.lastMessageAtMs = this.now();
    this.connect();
    this.staleTimer = setInterval(() => this.checkStale(), Math.max(50, Math.floor(this.staleMs / 4)));
  }

  private connect(): void {
    if (!this.running) return;
    this.connects += 1;
    const socket = new WebSocket(this.streamUrl(), { handshakeTimeout: 10_000 });
    this.socket = socket;
    socket.on('message', (data, isBinary) => {
      if (isBinary || socket !== this.socket) return;
      this.lastMessageAtMs = this.now();
      if (this.stale) this.log('binance feed: messages flowing again');
      this.stale = false;
      this.failures = 0;
      const tick = parseBinanceMessage(data.toString(), this.precisions, this.now());
      if (tick) this.sink?.(tick);
    });
    socket.on('open', () => {
      // The stale clock starts at the connection, not at the last message of the previous one.
      this.lastMessageAtMs = this.now();
    });
    socket.on('error', (err) => this.log(`binance feed: ${err.message}`));
    socket.on('close', () => {
      if (socket !== this.socket) return;
      this.socket = undefined;
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    if (!this.running || this.reconnectTimer) return;
    const delay = Math.min(this.backoffMaxMs, this.backoffMinMs * 2 ** this.failures);
    this.failures += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
  }

  private checkStale(): void {
    if (!this.running || this.now() - this.lastMessageAtMs <= this.staleMs) return;
    if (!this.stale) this.log(`binance feed: no message for ${this.staleMs} ms, reconnecting`);
    this.stale = true;
    this.lastMessageAtMs = this.now();
    const socket = this.socket;
    if (socket) {
      socket.terminate(); // its close event schedules the reconnect
    } else {
      this.scheduleReconnect();
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.staleTimer);
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    socket?.terminate();
  }

  status(): FeedStatus {
    return { name: this.name, running: this.running, stale: this.stale, symbols: [...this.precisions.keys()] };
  }
}
