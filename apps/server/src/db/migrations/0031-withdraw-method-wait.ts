import { sql, type Kysely } from 'kysely';

/**
 * Withdrawal safety (decisions.md): a withdrawal method bound less than `withdraw_method_wait_hours`
 * hours ago cannot be withdrawn to. Staff change the hours in the console; 24 until they do.
 * Methods bound before this release count from when they were bound, as any other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO settings (key, value) VALUES ('withdraw_method_wait_hours', '24') ON CONFLICT (key) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM settings WHERE key = 'withdraw_method_wait_hours'`.execute(db);
}
