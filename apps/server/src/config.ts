import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_UPLOAD_MAX_BYTES } from '@tp/contracts';
import { z } from 'zod';

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
  /** METRICS_TOKEN: GET /metrics on the public port answers only `Authorization: Bearer <token>`; unset, it is refused there. */
  metricsToken: string | undefined;
  /** METRICS_PORT: /metrics is served on this separate port instead (no token needed unless METRICS_TOKEN is set), not on the public one. */
  metricsPort: number | undefined;
  /** METRICS_HOST: the address of the separate metrics listener (default 127.0.0.1). */
  metricsHost: string;
  /** SAMPLE_TRADERS=0: no sample traders (decisions.md "Sample traders"); on by default, with the simulated feed only. */
  sampleTraders: boolean;
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

const DAY_MS = 24 * 3_600_000;

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');


/*
 * The environment, read by one zod schema: every variable the server takes, what it takes (said
 * in the message that stops a start when a value is wrong), its default, and whether it is a
 * secret (masked by --print-config). An empty or blank value counts as unset.
 */

interface Setting {
  /** What the variable takes, for the refusal: "PORT must be <takes>, got ...". */
  takes: string;
  schema: z.ZodType;
  /** Masked when printed: `whole` hides the value, `url` only the password in it. */
  secret?: 'whole' | 'url';
}

const whole = (min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .refine((n) => n >= min && n <= max);
const positiveNumber = z
  .string()
  .regex(/^\d+(\.\d+)?$/)
  .transform(Number)
  .refine((n) => n > 0);
const urlOf = (...protocols: string[]) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  });
const ORIGIN = /^(https?|wss?):\/\/[a-z0-9.-]+(:\d{1,5})?$/i;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const setting = (takes: string, schema: z.ZodType, secret?: Setting['secret']): Setting => ({ takes, schema, ...(secret ? { secret } : {}) });
const ms = (what = 'milliseconds') => setting(`a whole number of ${what}`, whole());
const count = () => setting('a whole number', whole());

export const SETTINGS = {
  PORT: setting('a port number from 0 to 65535', whole(0, 65_535).default(8080)),
  HOST: setting('an address to listen on (e.g. 0.0.0.0, 127.0.0.1, ::)', z.string().regex(/^[A-Za-z0-9.:[\]-]+$/).default('0.0.0.0')),
  DATA_DIR: setting('a directory', z.string().default('./data')),
  DATABASE_URL: setting('a postgres:// or postgresql:// URL', urlOf('postgres:', 'postgresql:').optional(), 'url'),
  REDIS_URL: setting('a redis:// or rediss:// URL', urlOf('redis:', 'rediss:').optional(), 'url'),
  SMTP_URL: setting('an smtp:// or smtps:// URL', urlOf('smtp:', 'smtps:').optional(), 'url'),
  SMTP_FROM: setting('an e-mail address', z.string().regex(/^[^\s@]+@[^\s@]+$/).default('no-reply@localhost')),
  ADMIN_EMAIL: setting('an e-mail address', z.string().regex(/^[^\s@]+@[^\s@]+$/).default('admin@example.com')),
  ADMIN_PASSWORD: setting('a password', z.string().optional(), 'whole'),
  LOG_LEVEL: setting(`one of ${LOG_LEVELS.join(', ')}`, z.enum(LOG_LEVELS).default('info')),
  WEB_DIST_DIR: setting('a directory', z.string().optional()),
  ADMIN_DIST_DIR: setting('a directory', z.string().optional()),
  TLS_CERT_FILE: setting('a PEM file, together with TLS_KEY_FILE', z.string().optional()),
  TLS_KEY_FILE: setting('a PEM file, together with TLS_CERT_FILE', z.string().optional()),
  TRUST_PROXY: setting('0 or 1', z.enum(['0', '1']).default('0')),
  CSP_EXTRA_ORIGINS: setting('origins like https://api.example.com, separated by spaces or commas', z.string().refine((v) => v.split(/[\s,]+/).filter(Boolean).every((o) => ORIGIN.test(o))).optional()),
  LOGIN_IP_LIMIT_PER_MINUTE: count(),
  ACCOUNT_IP_LIMIT_PER_MINUTE: count(),
  SESSION_IDLE_MS: ms(),
  SESSION_MAX_MS: ms(),
  STAFF_SESSION_IDLE_MS: ms(),
  STAFF_SESSION_MAX_MS: ms(),
  WS_SOCKETS_PER_IP: count(),
  WS_FRAMES_PER_SECOND: count(),
  WS_SESSION_RECHECK_MS: ms('milliseconds (0: off)'),
  UPLOAD_MAX_BYTES: setting('a whole number of bytes', whole()),
  UPLOADS_PER_HOUR: count(),
  UPLOAD_BYTES_PER_DAY: setting('a whole number of bytes', whole()),
  DEMO_ACCOUNTS_PER_IP_PER_HOUR: count(),
  DOCUMENT_THREADS: setting('a whole number of threads from 1 to 64', whole(1, 64)),
  DOCUMENT_QUEUE: count(),
  STATEMENTS_PER_USER_PER_MINUTE: count(),
  EVENT_LAG_DEGRADED_MS: ms(),
  METRICS_TOKEN: setting('a token of at least 16 characters (letters, digits, . _ ~ + / = -)', z.string().regex(/^[A-Za-z0-9._~+/=-]{16,}$/).optional(), 'whole'),
  METRICS_HOST: setting('an address for the /metrics listener (e.g. 127.0.0.1)', z.string().regex(/^[A-Za-z0-9.:[\]-]+$/).default('127.0.0.1')),
  METRICS_PORT: setting('a port number from 0 to 65535 (0: any free port)', whole(0, 65_535).optional()),
  PRICE_FEED: setting('one of simulator, binance, replay', z.enum(['simulator', 'binance', 'replay']).optional()),
  SAMPLE_TRADERS: setting('0 or 1', z.enum(['0', '1']).default('1')),
  SEED: setting('a whole number', whole().optional()),
  BINANCE_WS_URL: setting('a ws:// or wss:// URL', urlOf('ws:', 'wss:').optional()),
  BINANCE_STREAM: setting('trade or bookTicker', z.enum(['trade', 'bookTicker']).default('trade')),
  FEED_STALE_MS: ms(),
  PRICE_MAX_AGE_MS: ms(),
  REPLAY_FILE: setting('a CSV file', z.string().optional()),
  REPLAY_SPEED: setting('a number above 0 (1 is real time)', positiveNumber.default(1)),
  REPLAY_LOOP: setting('0 or 1', z.enum(['0', '1']).default('1')),
  TICK_FLUSH_MS: ms(),
  TICK_RETENTION_DAYS: setting('a whole number of days', whole()),
  HISTORY_BARS: count(),
  LEADER_RETRY_MS: ms(),
  ENGINE_LEASE_MS: ms(),
  ENGINE_LEASE_RENEW_MS: ms(),
  WS_FLUSH_MS: ms(),
  WS_MAX_BUFFERED_BYTES: setting('a whole number of bytes', whole()),
  REDIS_BUS_CHANNEL: setting('a channel name', z.string().default('tp:bus')),
} satisfies Record<string, Setting>;

type SettingName = keyof typeof SETTINGS;

/** Defaults of the plain numbers (the schema leaves them unset, so --print-config can tell "default"). */
const NUMBER_DEFAULTS: Partial<Record<SettingName, number>> = {
  LOGIN_IP_LIMIT_PER_MINUTE: 30,
  ACCOUNT_IP_LIMIT_PER_MINUTE: 20,
  SESSION_IDLE_MS: 14 * DAY_MS,
  SESSION_MAX_MS: 60 * DAY_MS,
  STAFF_SESSION_IDLE_MS: 30 * 60_000,
  STAFF_SESSION_MAX_MS: 12 * 3_600_000,
  WS_SOCKETS_PER_IP: 200,
  WS_FRAMES_PER_SECOND: 50,
  WS_SESSION_RECHECK_MS: 5_000,
  UPLOAD_MAX_BYTES: DEFAULT_UPLOAD_MAX_BYTES,
  UPLOADS_PER_HOUR: 30,
  UPLOAD_BYTES_PER_DAY: 100 * 1024 * 1024,
  DEMO_ACCOUNTS_PER_IP_PER_HOUR: 30,
  DOCUMENT_THREADS: Math.max(1, Math.floor(availableParallelism() / 2)),
  DOCUMENT_QUEUE: 8,
  STATEMENTS_PER_USER_PER_MINUTE: 6,
  EVENT_LAG_DEGRADED_MS: 30_000,
  FEED_STALE_MS: 15_000,
  PRICE_MAX_AGE_MS: 10_000,
  TICK_FLUSH_MS: 250,
  TICK_RETENTION_DAYS: 7,
  HISTORY_BARS: 500,
  LEADER_RETRY_MS: 2_000,
  ENGINE_LEASE_MS: 5_000,
  ENGINE_LEASE_RENEW_MS: 1_000,
  WS_FLUSH_MS: 50,
  WS_MAX_BUFFERED_BYTES: 1024 * 1024,
};

/** The one schema of the environment. */
export const envSchema = z.object(
  Object.fromEntries(Object.entries(SETTINGS).map(([name, s]) => [name, NUMBER_DEFAULTS[name as SettingName] === undefined ? s.schema : s.schema.optional()])) as { [K in SettingName]: (typeof SETTINGS)[K]['schema'] },
);

type ParsedEnv = { [K in SettingName]: unknown };

/** A start stopped by a wrong setting: the message names each variable and what it takes. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`the configuration is wrong:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const PAIRS: Partial<Record<SettingName, SettingName>> = { TLS_CERT_FILE: 'TLS_KEY_FILE', TLS_KEY_FILE: 'TLS_CERT_FILE' };

/** The variables the schema knows, blank ones left out (unset), the rest trimmed. */
function givenValues(env: NodeJS.ProcessEnv): Partial<Record<SettingName, string>> {
  const given: Partial<Record<SettingName, string>> = {};
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    const raw = env[name]?.trim();
    if (raw) given[name] = raw;
  }
  return given;
}

/** The environment parsed by envSchema; a wrong value throws a ConfigError naming every wrong variable. */
export function parseEnv(env: NodeJS.ProcessEnv): ParsedEnv {
  const given = givenValues(env);
  const result = envSchema.safeParse(given);
  const problems = new Map<string, string>();
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0]) as SettingName;
      if (problems.has(name)) continue;
      problems.set(name, `${name} must be ${SETTINGS[name].takes}${SETTINGS[name].secret === 'whole' ? '' : `, got "${given[name] ?? ''}"`}`);
    }
  }
  // Settings that only work together: both or neither.
  for (const [name, other] of Object.entries(PAIRS) as [SettingName, SettingName][]) {
    if (given[name] === undefined && given[other] !== undefined && !problems.has(other)) problems.set(name, `${name} must be set together with ${other} (both or neither)`);
  }
  if (problems.size > 0) throw new ConfigError([...problems.values()]);
  return result.data as ParsedEnv;
}

const value = <T>(env: ParsedEnv, name: SettingName): T => (env[name] ?? NUMBER_DEFAULTS[name]) as T;

export function loadMarketConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<MarketConfig> = {}): MarketConfig {
  return marketOf(parseEnv(env), overrides);
}

function marketOf(env: ParsedEnv, overrides: Partial<MarketConfig>): MarketConfig {
  const binanceWsUrl = value<string | undefined>(env, 'BINANCE_WS_URL');
  const seed = value<number | undefined>(env, 'SEED');
  return {
    priceFeed: value<PriceFeedKind | undefined>(env, 'PRICE_FEED') ?? (binanceWsUrl ? 'binance' : 'simulator'),
    seed: seed ?? Math.floor(Math.random() * 2 ** 31),
    binanceWsUrl: binanceWsUrl ?? 'wss://stream.binance.com:9443',
    binanceStream: value(env, 'BINANCE_STREAM'),
    feedStaleMs: value(env, 'FEED_STALE_MS'),
    priceMaxAgeMs: value(env, 'PRICE_MAX_AGE_MS'),
    replayFile: value(env, 'REPLAY_FILE'),
    replaySpeed: value(env, 'REPLAY_SPEED'),
    replayLoop: value(env, 'REPLAY_LOOP') === '1',
    tickFlushMs: value(env, 'TICK_FLUSH_MS'),
    tickRetentionDays: value(env, 'TICK_RETENTION_DAYS'),
    tickPruneEveryMs: 60 * 60 * 1000,
    historyBars: value(env, 'HISTORY_BARS'),
    leaderRetryMs: value(env, 'LEADER_RETRY_MS'),
    leaseMs: value(env, 'ENGINE_LEASE_MS'),
    leaseRenewMs: value(env, 'ENGINE_LEASE_RENEW_MS'),
    wsFlushMs: value(env, 'WS_FLUSH_MS'),
    wsMaxBufferedBytes: value(env, 'WS_MAX_BUFFERED_BYTES'),
    redisBusChannel: value(env, 'REDIS_BUS_CHANNEL'),
    engineEnabled: true,
    ...overrides,
  };
}

export type ConfigOverrides = Partial<Omit<Config, 'market'>> & { market?: Partial<MarketConfig> };

/** The certificate and key named by TLS_CERT_FILE / TLS_KEY_FILE (the schema checked they come together), read at start. */
function tlsOf(env: ParsedEnv): Config['tls'] {
  const certFile = value<string | undefined>(env, 'TLS_CERT_FILE');
  const keyFile = value<string | undefined>(env, 'TLS_KEY_FILE');
  if (!certFile || !keyFile) return undefined;
  const read = (name: SettingName, file: string) => {
    try {
      return readFileSync(path.resolve(file), 'utf8');
    } catch (err) {
      throw new ConfigError([`${name} must be ${SETTINGS[name].takes}, got "${file}" (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`]);
    }
  };
  return { cert: read('TLS_CERT_FILE', certFile), key: read('TLS_KEY_FILE', keyFile) };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const e = parseEnv(env);
  const csp = value<string | undefined>(e, 'CSP_EXTRA_ORIGINS');
  return {
    port: value(e, 'PORT'),
    host: value(e, 'HOST'),
    dataDir: path.resolve(value<string>(e, 'DATA_DIR')),
    databaseUrl: value(e, 'DATABASE_URL'),
    redisUrl: value(e, 'REDIS_URL'),
    smtpUrl: value(e, 'SMTP_URL'),
    adminEmail: value<string>(e, 'ADMIN_EMAIL').toLowerCase(),
    adminPassword: value(e, 'ADMIN_PASSWORD'),
    logLevel: value(e, 'LOG_LEVEL'),
    webDistDir: path.resolve(value<string | undefined>(e, 'WEB_DIST_DIR') ?? path.join(REPO_ROOT, 'apps/web/dist')),
    adminDistDir: path.resolve(value<string | undefined>(e, 'ADMIN_DIST_DIR') ?? path.join(REPO_ROOT, 'apps/admin/dist')),
    tls: tlsOf(e),
    trustProxy: value(e, 'TRUST_PROXY') === '1',
    cspExtraOrigins: csp ? csp.split(/[\s,]+/).filter(Boolean) : [],
    loginIpLimitPerMinute: value(e, 'LOGIN_IP_LIMIT_PER_MINUTE'),
    accountIpLimitPerMinute: value(e, 'ACCOUNT_IP_LIMIT_PER_MINUTE'),
    userSession: { idleMs: value(e, 'SESSION_IDLE_MS'), maxMs: value(e, 'SESSION_MAX_MS') },
    staffSession: { idleMs: value(e, 'STAFF_SESSION_IDLE_MS'), maxMs: value(e, 'STAFF_SESSION_MAX_MS') },
    loginFailLimit: 5,
    loginFailWindowMs: 15 * 60 * 1000,
    wsSocketsPerIp: value(e, 'WS_SOCKETS_PER_IP'),
    wsFramesPerSecond: value(e, 'WS_FRAMES_PER_SECOND'),
    wsSessionRecheckMs: value(e, 'WS_SESSION_RECHECK_MS'),
    uploadMaxBytes: value(e, 'UPLOAD_MAX_BYTES'),
    uploadsPerHour: value(e, 'UPLOADS_PER_HOUR'),
    uploadBytesPerDay: value(e, 'UPLOAD_BYTES_PER_DAY'),
    demoAccountsPerIpPerHour: value(e, 'DEMO_ACCOUNTS_PER_IP_PER_HOUR'),
    documentThreads: value(e, 'DOCUMENT_THREADS'),
    documentQueue: value(e, 'DOCUMENT_QUEUE'),
    statementsPerUserPerMinute: value(e, 'STATEMENTS_PER_USER_PER_MINUTE'),
    eventLagDegradedMs: value(e, 'EVENT_LAG_DEGRADED_MS'),
    metricsToken: value(e, 'METRICS_TOKEN'),
    metricsHost: value(e, 'METRICS_HOST'),
    metricsPort: value(e, 'METRICS_PORT'),
    sampleTraders: value(e, 'SAMPLE_TRADERS') === '1',
    ...overrides,
    market: marketOf(e, overrides.market ?? {}),
  };
}

/** A URL with its password (if any) replaced by ****. */
function maskUrlPassword(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '****';
    return url.toString();
  } catch {
    return '****';
  }
}

/**
 * The effective settings, one `NAME=value` line each, marked where the default applies; secrets
 * masked (a password or token shows only whether it is set, a URL keeps all but its password).
 * What `--print-config` prints, and the start at LOG_LEVEL=debug.
 */
export function describeConfig(env: NodeJS.ProcessEnv = process.env): string {
  const given = givenValues(env);
  const parsed = parseEnv(env);
  const config = loadConfig(env);
  const effective: Partial<Record<SettingName, unknown>> = {
    DATA_DIR: config.dataDir,
    WEB_DIST_DIR: config.webDistDir,
    ADMIN_DIST_DIR: config.adminDistDir,
    PRICE_FEED: config.market.priceFeed,
    SEED: given.SEED ?? '(random)',
  };
  const width = Math.max(...Object.keys(SETTINGS).map((n) => n.length));
  return (Object.keys(SETTINGS) as SettingName[])
    .map((name) => {
      const shown = effective[name] ?? value<unknown>(parsed, name);
      const { secret } = SETTINGS[name] as Setting;
      const text = shown === undefined ? '(unset)' : secret === 'whole' ? '****' : secret === 'url' ? maskUrlPassword(String(shown)) : String(shown);
      return `${name.padEnd(width)} = ${text}${given[name] === undefined && shown !== undefined ? '  (default)' : ''}`;
    })
    .join('\n');
}
