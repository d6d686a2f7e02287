import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/*
 * Every Prometheus metric of the process, defined once (GET /metrics, http/metrics.ts, serves
 * them). The hot paths only increment in memory: a counter or histogram of labels known in
 * advance (endpoint object names, ledger kinds, feed names, topic kinds), never a user id or a
 * raw URL. What is expensive to know (pool sizes, queue lengths, how stale a feed is) is read when
 * Prometheus scrapes, through the sources registered below. deploy/ holds the dashboard and
 * alert rules over these names; a test keeps the two in step.
 */

/** The process-wide registry: the families below and Node's own process metrics. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

/** Latency buckets in seconds for requests and queries: 1 ms to 10 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// --- HTTP -------------------------------------------------------------------------------------

export const httpRequests = new Counter({
  name: 'tp_http_requests_total',
  help: 'HTTP requests answered, by endpoint object name (other: a route that is no endpoint object; not_found), method and status class.',
  labelNames: ['endpoint', 'method', 'status_class'] as const,
  registers,
});
export const httpDuration = new Histogram({
  name: 'tp_http_request_duration_seconds',
  help: 'Time from receiving a request to its answer being sent, by endpoint object name and method.',
  labelNames: ['endpoint', 'method'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});
export const httpRefusals = new Counter({
  name: 'tp_http_refusals_total',
  help: 'Refusals answered in the envelope, by endpoint object name and error key.',
  labelNames: ['endpoint', 'error'] as const,
  registers,
});
export const httpRateLimited = new Counter({
  name: 'tp_http_rate_limited_total',
  help: 'Requests refused by a rate limit (per IP or per user), by endpoint object name.',
  labelNames: ['endpoint'] as const,
  registers,
});

// --- Money path -------------------------------------------------------------------------------

const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64];
const WAIT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

export const groupCommitBatchSize = new Histogram({
  name: 'tp_group_commit_batch_size',
  help: 'Money actions written together per group-commit batch, by committer (forex submit statements; transaction: actions sharing one transaction).',
  labelNames: ['committer'] as const,
  buckets: BATCH_BUCKETS,
  registers,
});
export const groupCommitWait = new Histogram({
  name: 'tp_group_commit_wait_seconds',
  help: 'Time a money action waited in the group-commit queue before its batch was sent, by committer.',
  labelNames: ['committer'] as const,
  buckets: WAIT_BUCKETS,
  registers,
});
export const groupCommitFallbacks = new Counter({
  name: 'tp_group_commit_fallbacks_total',
  help: 'Group-commit batches that failed as a whole and were written action by action, by committer.',
  labelNames: ['committer'] as const,
  registers,
});
export const idempotentReplays = new Counter({
  name: 'tp_idempotent_replays_total',
  help: 'Requests answered with the stored answer of an earlier request with the same Idempotency-Key, by endpoint scope.',
  labelNames: ['scope'] as const,
  registers,
});
export const ledgerPosts = new Counter({
  name: 'tp_ledger_posts_total',
  help: 'Ledger transactions written by kind (counted when the post statement succeeded; a caller whose transaction then rolls back is counted too).',
  labelNames: ['kind'] as const,
  registers,
});

// --- Database ---------------------------------------------------------------------------------

export const dbQueryDuration = new Histogram({
  name: 'tp_db_query_duration_seconds',
  help: 'Time of each query on a pooled connection, from sending to its answer, by pool.',
  labelNames: ['pool'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});
export const dbErrors = new Counter({
  name: 'tp_db_errors_total',
  help: 'Failed queries by pool and SQLSTATE class (the first two characters; "connection" for a socket error without one).',
  labelNames: ['pool', 'sqlstate_class'] as const,
  registers,
});

/** What the pool gauges read of a node-postgres Pool. */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly ended: boolean;
  readonly options: { max?: number };
}

const pools = new Map<PoolCounts, string>();

/** Watches a pool for the pool gauges until it has ended (db/database.ts createDb). */
export function watchPool(pool: PoolCounts, name: string): void {
  pools.set(pool, name);
}

function poolSums(): Map<string, { inUse: number; idle: number; waiting: number; max: number }> {
  const sums = new Map<string, { inUse: number; idle: number; waiting: number; max: number }>();
  for (const [pool, name] of pools) {
    if (pool.ended) {
      pools.delete(pool);
      continue;
    }
    const s = sums.get(name) ?? { inUse: 0, idle: 0, waiting: 0, max: 0 };
    s.inUse += pool.totalCount - pool.idleCount;
    s.idle += pool.idleCount;
    s.waiting += pool.waitingCount;
    s.max += pool.options.max ?? 10;
    sums.set(name, s);
  }
  return sums;
}

function poolGauge(name: string, help: string, pick: (s: { inUse: number; idle: number; waiting: number; max: number }) => number): void {
  new Gauge({
    name,
    help,
    labelNames: ['pool'] as const,
    registers,
    collect() {
      this.reset();
      for (const [pool, s] of poolSums()) this.set({ pool }, pick(s));
    },
  });
}
poolGauge('tp_db_pool_in_use_connections', 'Connections of the pool checked out by a query or transaction, by pool (api, engine).', (s) => s.inUse);
poolGauge('tp_db_pool_idle_connections', 'Open connections of the pool not in use, by pool.', (s) => s.idle);
poolGauge('tp_db_pool_waiting_requests', 'Queries waiting for a connection of the pool, by pool.', (s) => s.waiting);
poolGauge('tp_db_pool_max_connections', 'The size limit of the pool, by pool.', (s) => s.max);

// --- Engine -----------------------------------------------------------------------------------

export const engineTicks = new Counter({
  name: 'tp_engine_ticks_total',
  help: 'Ticks accepted from the price feeds, by feed and symbol group (category).',
  labelNames: ['feed', 'symbol_group'] as const,
  registers,
});
export const tickToTrigger = new Histogram({
  name: 'tp_engine_tick_to_trigger_seconds',
  help: 'Time from a tick to the fills and closes it triggered being written.',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});
export const forexTriggers = new Counter({
  name: 'tp_forex_triggers_total',
  help: 'Orders the trigger engine filled or closed, by trigger (pending_fill, stop_loss, take_profit, stop_out).',
  labelNames: ['trigger'] as const,
  registers,
});
export const forexStopOuts = new Counter({
  name: 'tp_forex_stop_outs_total',
  help: 'Positions closed by a stop-out (margin level under the stop-out line).',
  registers,
});
export const optionSettlements = new Counter({
  name: 'tp_option_settlements_total',
  help: 'Options settled by the engine, by outcome.',
  labelNames: ['outcome'] as const,
  registers,
});
export const copyReplications = new Counter({
  name: 'tp_copy_replications_total',
  help: 'Copy-trading replications committed, by action (open: a copy of a trader fill; close: a copy closed with its trader order).',
  labelNames: ['action'] as const,
  registers,
});

/**
 * A gauge whose values come from sources registered at run time (an engine while it runs, a
 * scheduler...): each source adds its labelled values at scrape time; none left, no series.
 */
function sourcedGauge<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  const sources = new Set<() => Iterable<[Partial<Record<L, string>>, number]>>();
  new Gauge({
    name,
    help,
    labelNames,
    registers,
    collect() {
      this.reset();
      const sums = new Map<string, { labels: Partial<Record<L, string>>; value: number }>();
      for (const source of sources) {
        for (const [labels, value] of source()) {
          const key = JSON.stringify(labels);
          const s = sums.get(key);
          if (s) s.value += value;
          else sums.set(key, { labels, value });
        }
      }
      for (const { labels, value } of sums.values()) this.set(labels, value);
    },
  });
  /** Adds a source; the returned function removes it. */
  return (source: () => Iterable<[Partial<Record<L, string>>, number]>): (() => void) => {
    sources.add(source);
    return () => sources.delete(source);
  };
}

/** This process's part in the engine election: 1 for its role, 0 for the others (leader, follower, unknown). */
export const watchEngineRole = sourcedGauge('tp_engine_role', 'This process\'s part in the engine election: 1 for its current role (leader, follower, unknown).', ['role']);
/** The epoch this process leads with (absent while it does not lead). */
export const watchEngineEpoch = sourcedGauge('tp_engine_epoch', 'The engine epoch this process leads with; absent while it does not lead.', []);
/** Open forex positions and pending orders in the trigger engine's index (leader only). */
export const watchOpenPositions = sourcedGauge('tp_engine_open_positions', 'Open positions and pending orders indexed by the trigger engine (the engine leader only).', []);

/** When each running feed last delivered a tick (ms), for tp_feed_staleness_seconds. */
const feedLastTick = new Map<string, number>();
export function feedStarted(feed: string, nowMs: number): void {
  feedLastTick.set(feed, nowMs);
}
export function feedTicked(feed: string, nowMs: number): void {
  feedLastTick.set(feed, nowMs);
}
export function feedStopped(feed: string): void {
  feedLastTick.delete(feed);
}
new Gauge({
  name: 'tp_feed_staleness_seconds',
  help: 'Seconds since each price feed this process runs last delivered a tick (the engine leader only; a closed market is silent too).',
  labelNames: ['feed'] as const,
  registers,
  collect() {
    this.reset();
    const now = Date.now();
    for (const [feed, at] of feedLastTick) this.set({ feed }, Math.max(0, (now - at) / 1000));
  },
});

// --- Outbox and scheduler ---------------------------------------------------------------------

export const outboxDeliveries = new Counter({
  name: 'tp_outbox_deliveries_total',
  help: 'Outbox events handed to a consumer successfully, by consumer.',
  labelNames: ['consumer'] as const,
  registers,
});
export const outboxFailures = new Counter({
  name: 'tp_outbox_failures_total',
  help: 'Outbox deliveries whose consumer threw (the event is retried with back-off), by consumer.',
  labelNames: ['consumer'] as const,
  registers,
});
export const outboxRetries = new Counter({
  name: 'tp_outbox_retries_total',
  help: 'Deliveries of an outbox event that had failed before (a retry), by consumer.',
  labelNames: ['consumer'] as const,
  registers,
});
export const schedulerRuns = new Counter({
  name: 'tp_scheduler_runs_total',
  help: 'Scheduled job periods run by this process, by job.',
  labelNames: ['job'] as const,
  registers,
});
export const schedulerFailures = new Counter({
  name: 'tp_scheduler_failures_total',
  help: 'Scheduled job runs that failed (tried again after their period, at least 10 s), by job.',
  labelNames: ['job'] as const,
  registers,
});
export const schedulerRetries = new Counter({
  name: 'tp_scheduler_retries_total',
  help: 'Runs of a scheduled job whose previous run had failed, by job.',
  labelNames: ['job'] as const,
  registers,
});

// --- Websocket --------------------------------------------------------------------------------

export const wsLogins = new Counter({
  name: 'tp_ws_logins_total',
  help: 'Websocket logins, by kind (user, staff) and result (ok, refused).',
  labelNames: ['kind', 'result'] as const,
  registers,
});
export const wsPushes = new Counter({
  name: 'tp_ws_pushes_total',
  help: 'Pushes handed to the websocket gateway for subscribed sockets, by topic kind (KLINE for every KLINE.<code>).',
  labelNames: ['topic'] as const,
  registers,
});
export const wsFramesSent = new Counter({
  name: 'tp_ws_frames_sent_total',
  help: 'Websocket frames sent to clients (each carries one or more pushes).',
  registers,
});
export const wsSlowClosed = new Counter({
  name: 'tp_ws_slow_closed_total',
  help: 'Websockets closed because the client did not keep up with its pushes.',
  registers,
});

/** The topic kind of a websocket topic: its name up to the first dot (KLINE.BTCUSDT is KLINE). */
export function topicKind(topic: string): string {
  const dot = topic.indexOf('.');
  return dot < 0 ? topic : topic.slice(0, dot);
}

// --- HTTP status class ------------------------------------------------------------------------

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
export function statusClass(status: number): string {
  return STATUS_CLASSES[Math.floor(status / 100) - 1] ?? 'other';
}

/** SQLSTATE class of a failed query: its first two characters, or "connection" without a SQLSTATE. */
export function sqlstateClass(code: unknown): string {
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code.slice(0, 2) : 'connection';
}

/** Counts the ledger transactions of a successful post statement, by kind. */
export function countLedgerPosts(entries: readonly { kind: string }[]): void {
  for (const e of entries) ledgerPosts.inc({ kind: e.kind });
}
