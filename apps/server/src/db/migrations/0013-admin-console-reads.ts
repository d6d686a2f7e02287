import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the admin console's reads.
 *
 * `ledger_transactions_created_idx`: the dashboard sums today's ledger transactions by kind every
 * few seconds; the (kind, created_at) index cannot serve a scan by time alone.
 * `audit_log_admin_idx`: the audit log filtered by staff member, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX ledger_transactions_created_idx ON ledger_transactions (created_at)`.execute(db);
  await sql`CREATE INDEX audit_log_admin_idx ON audit_log (admin_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX audit_log_admin_idx`.execute(db);
  await sql`DROP INDEX ledger_transactions_created_idx`.execute(db);
}
