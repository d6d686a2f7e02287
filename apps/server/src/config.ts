import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_UPLOAD_MAX_BYTES } from '@tp/contracts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  logLevel: string;
  /** The built web app; `/` serves its index.html. */
  webDistDir: string;
  /** The built admin console; `/admin/` serves its index.html. */
  adminDistDir: string;
  /**
   * TLS_CERT_FILE and TLS_KEY_FILE (PEM, both or neither): the server itself speaks HTTPS, with
   * HTTP/2 for browsers and HTTP/1.1 for the rest (the websocket upgrade, older clients).
   */
  tls: { cert: string; key: string } | undefined;
  /** TRUST_PROXY=1: behind a reverse proxy; the client's address and protocol come from X-Forwarded-*. */
  trustProxy: boolean;
  /** CSP_EXTRA_ORIGINS: origins the web app may call and load images from besides its own and the API host. */
  cspExtraOrigins: string[];
  /** Login attempts per IP per minute before @fastify/rate-limit refuses. */
  loginIpLimitPerMinute: number;
  /** ACCOUNT_IP_LIMIT_PER_MINUTE: registrations and password resets (each checks an e-mailed code) per IP per minute. */
  accountIpLimitPerMinute: number;
  /** SESSION_IDLE_MS, SESSION_MAX_MS: a user's session ends after this long unused, and this long after login at the latest. */
  userSession: { idleMs: number; maxMs: number };
  /** STAFF_SESSION_IDLE_MS, STAFF_SESSION_MAX_MS: the same for staff, shorter. */
  staffSession: { idleMs: number; maxMs: number };
  /** Failed logins per account inside `loginFailWindowMs` before the account is throttled. */
  loginFailLimit: number;
  loginFailWindowMs: number;
  /** WS_SOCKETS_PER_IP: open websockets one IP may hold; the next upgrade is refused (429 envelope). */
  wsSocketsPerIp: number;
  /** WS_FRAMES_PER_SECOND: frames one socket may send per second; past it refused, past twice it closed. */
  wsFramesPerSecond: number;
  /** WS_SESSION_RECHECK_MS: how often the gateway re-checks its logged-in sockets' sessions (safety net). */
  wsSessionRecheckMs: number;
  /** EVENT_LAG_DEGRADED_MS: /healthz says degraded once an outbox event waits longer than this (default 30 s). */
  eventLagDegradedMs: number;
  /** UPLOAD_MAX_BYTES: largest accepted image upload (default 5 MB). */
  uploadMaxBytes: number;
  /** UPLOADS_PER_HOUR: images one user may upload per rolling hour (default 30). */
  uploadsPerHour: number;
  /** UPLOAD_BYTES_PER_DAY: bytes of images one user may upload per rolling 24 hours (default 100 MB). */
  uploadBytesPerDay: number;
  /** DEMO_ACCOUNTS_PER_IP_PER_HOUR: new demo accounts one address may open per rolling hour (default 30). */
  demoAccountsPerIpPerHour: number;
  /** DOCUMENT_THREADS: worker threads that render documents (statement and agreement PDFs) at once (default half the cores, at least 1). */
  documentThreads: number;
  /** DOCUMENT_QUEUE: documents that may wait for a thread; the next is refused as busy (default 8). */
  documentQueue: number;
  /** STATEMENTS_PER_USER_PER_MINUTE: ledger statements (CSV or PDF) one user may have made per minute (default 6). */
  statementsPerUserPerMinute: number;
  /** Market engine and feeds (engine/). */
  market: MarketConfig;
}

export type PriceFeedKind = 'simulator' | 'binance' | 'replay';

export interface MarketConfig {
  /** PRICE_FEED: simulator (default); binance prices the crypto symbols from Binance (implied by BINANCE_WS_URL); replay plays REPLAY_FILE. */
  priceFeed: PriceFeedKind;
  /** SEED: the simulator's seed; random when unset. */
  seed: number;
  binanceWsUrl: string;
  /** BINANCE_STREAM: trade (default) or bookTicker. */
  binanceStream: 'trade' | 'bookTicker';
  /** FEED_STALE_MS: an external feed silent this long is stale and reconnected. */
  feedStaleMs: number;
  /** PRICE_MAX_AGE_MS: nothing is priced from a stored tick older than this (refused: prices are delayed). */
  priceMaxAgeMs: number;
  replayFile: string | undefined;
  replaySpeed: number;
  replayLoop: boolean;
  /** TICK_FLUSH_MS: ticks and candles are written in batches this often. */
  tickFlushMs: number;
  /** TICK_RETENTION_DAYS: older ticks are pruned (the newest tick of each symbol is always kept). */
  tickRetentionDays: number;
  tickPruneEveryMs: number;
  /** HISTORY_BARS: bars generated per period on first start (the 1-minute period gets at least 25 h). */
  historyBars: number;
  /** LEADER_RETRY_MS: how often a follower tries to take the engine lock. */
  leaderRetryMs: number;
  /** ENGINE_LEASE_MS: a leader that has not renewed its lease for this long is replaced, even while it holds the lock. */
  leaseMs: number;
  /** ENGINE_LEASE_RENEW_MS: how often the leader renews its lease (at most half the lease). */
  leaseRenewMs: number;
  /** WS_FLUSH_MS: pushes to one socket are coalesced and sent at most once per this interval. */
  wsFlushMs: number;
  /** WS_MAX_BUFFERED_BYTES: a socket whose unsent data exceeds this is closed (slow client). */
  wsMaxBufferedBytes: number;
  /** REDIS_BUS_CHANNEL: the pub/sub channel of the bus (separate deployments on one Redis differ). */
  redisBusChannel: string;
  /** Start the engine (leader election) in startServer; tests of other modules switch it off. */
  engineEnabled: boolean;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly T[], fallback: T): T {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  if (!(values as readonly string[]).includes(raw)) throw new Error(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  return raw as T;
}

export function loadMarketConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<MarketConfig> = {}): MarketConfig {
  const binanceWsUrl = nonEmpty(env.BINANCE_WS_URL);
  const speed = Number(nonEmpty(env.REPLAY_SPEED) ?? '1');
  return {
    priceFeed: oneOf(env, 'PRICE_FEED', ['simulator', 'binance', 'replay'] as const, binanceWsUrl ? 'binance' : 'simulator'),
    seed: nonEmpty(env.SEED) === undefined ? Math.floor(Math.random() * 2 ** 31) : intEnv(env, 'SEED', 0),
    binanceWsUrl: binanceWsUrl ?? 'wss://stream.binance.com:9443',
    binanceStream: oneOf(env, 'BINANCE_STREAM', ['trade', 'bookTicker'] as const, 'trade'),
    feedStaleMs: intEnv(env, 'FEED_STALE_MS', 15_000),
    priceMaxAgeMs: intEnv(env, 'PRICE_MAX_AGE_MS', 10_000),
    replayFile: nonEmpty(env.REPLAY_FILE),
    replaySpeed: Number.isFinite(speed) && speed > 0 ? speed : 1,
    replayLoop: env.REPLAY_LOOP !== '0',
    tickFlushMs: intEnv(env, 'TICK_FLUSH_MS', 250),
    tickRetentionDays: intEnv(env, 'TICK_RETENTION_DAYS', 7),
    tickPruneEveryMs: 60 * 60 * 1000,
    historyBars: intEnv(env, 'HISTORY_BARS', 500),
    leaderRetryMs: intEnv(env, 'LEADER_RETRY_MS', 2_000),
    leaseMs: intEnv(env, 'ENGINE_LEASE_MS', 5_000),
    leaseRenewMs: intEnv(env, 'ENGINE_LEASE_RENEW_MS', 1_000),
    wsFlushMs: intEnv(env, 'WS_FLUSH_MS', 50),
    wsMaxBufferedBytes: intEnv(env, 'WS_MAX_BUFFERED_BYTES', 1024 * 1024),
    redisBusChannel: nonEmpty(env.REDIS_BUS_CHANNEL) ?? 'tp:bus',
    engineEnabled: true,
    ...overrides,
  };
}

const DAY_MS = 24 * 3_600_000;

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/** Space- or comma-separated origins (scheme://host[:port]); anything else is a start-up error. */
function originsEnv(env: NodeJS.ProcessEnv, name: string): string[] {
  const list = (nonEmpty(env[name]) ?? '').split(/[\s,]+/).filter(Boolean);
  for (const origin of list) {
    if (!/^(https?|wss?):\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(origin)) throw new Error(`${name} must list origins like https://api.example.com, got "${origin}"`);
  }
  return list;
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

export type ConfigOverrides = Partial<Omit<Config, 'market'>> & { market?: Partial<MarketConfig> };

/** The certificate and key named by TLS_CERT_FILE / TLS_KEY_FILE, read at start (a bad path fails the start). */
function tlsEnv(env: NodeJS.ProcessEnv): Config['tls'] {
  const certFile = nonEmpty(env.TLS_CERT_FILE);
  const keyFile = nonEmpty(env.TLS_KEY_FILE);
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both (PEM files) or neither');
  return { cert: readFileSync(path.resolve(certFile), 'utf8'), key: readFileSync(path.resolve(keyFile), 'utf8') };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  return {
    port: intEnv(env, 'PORT', 8080),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? './data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    redisUrl: nonEmpty(env.REDIS_URL),
    smtpUrl: nonEmpty(env.SMTP_URL),
    adminEmail: (nonEmpty(env.ADMIN_EMAIL) ?? 'admin@example.com').toLowerCase(),
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    webDistDir: path.resolve(nonEmpty(env.WEB_DIST_DIR) ?? path.join(REPO_ROOT, 'apps/web/dist')),
    adminDistDir: path.resolve(nonEmpty(env.ADMIN_DIST_DIR) ?? path.join(REPO_ROOT, 'apps/admin/dist')),
    tls: tlsEnv(env),
    trustProxy: env.TRUST_PROXY === '1',
    cspExtraOrigins: originsEnv(env, 'CSP_EXTRA_ORIGINS'),
    loginIpLimitPerMinute: intEnv(env, 'LOGIN_IP_LIMIT_PER_MINUTE', 30),
    accountIpLimitPerMinute: intEnv(env, 'ACCOUNT_IP_LIMIT_PER_MINUTE', 20),
    userSession: { idleMs: intEnv(env, 'SESSION_IDLE_MS', 14 * DAY_MS), maxMs: intEnv(env, 'SESSION_MAX_MS', 60 * DAY_MS) },
    staffSession: { idleMs: intEnv(env, 'STAFF_SESSION_IDLE_MS', 30 * 60_000), maxMs: intEnv(env, 'STAFF_SESSION_MAX_MS', 12 * 3_600_000) },
    loginFailLimit: 5,
    loginFailWindowMs: 15 * 60 * 1000,
    wsSocketsPerIp: intEnv(env, 'WS_SOCKETS_PER_IP', 200),
    wsFramesPerSecond: intEnv(env, 'WS_FRAMES_PER_SECOND', 50),
    wsSessionRecheckMs: intEnv(env, 'WS_SESSION_RECHECK_MS', 5_000),
    uploadMaxBytes: intEnv(env, 'UPLOAD_MAX_BYTES', DEFAULT_UPLOAD_MAX_BYTES),
    uploadsPerHour: intEnv(env, 'UPLOADS_PER_HOUR', 30),
    uploadBytesPerDay: intEnv(env, 'UPLOAD_BYTES_PER_DAY', 100 * 1024 * 1024),
    demoAccountsPerIpPerHour: intEnv(env, 'DEMO_ACCOUNTS_PER_IP_PER_HOUR', 30),
    documentThreads: intEnv(env, 'DOCUMENT_THREADS', Math.max(1, Math.floor(availableParallelism() / 2))),
    documentQueue: intEnv(env, 'DOCUMENT_QUEUE', 8),
    statementsPerUserPerMinute: intEnv(env, 'STATEMENTS_PER_USER_PER_MINUTE', 6),
    eventLagDegradedMs: intEnv(env, 'EVENT_LAG_DEGRADED_MS', 30_000),
    ...overrides,
    market: loadMarketConfig(env, overrides.market),
  };
}
