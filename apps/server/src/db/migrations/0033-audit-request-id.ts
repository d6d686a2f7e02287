import { sql, type Kysely } from 'kysely';

/**
 * `audit_log.request_id`: the id of the HTTP request that did a staff action - the same id its
 * log line (reqId), its answer's `x-request-id` header and any refusal's envelope carry - so an
 * operator goes from an audit row to the request's log and back. Null for rows written outside a
 * request (jobs) and for rows older than this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE audit_log ADD COLUMN request_id text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE audit_log DROP COLUMN IF EXISTS request_id`.execute(db);
}
