import { sql, type Kysely } from 'kysely';

/**
 * Limits on costly actions, counted from durable rows so they hold across restarts and nodes.
 *
 * `users.signup_ip`: the address a demo account was opened from (req.ip: the client's, through a
 * proxy only with TRUST_PROXY=1; an IPv6 client by its /64), so demo accounts per IP per hour can
 * be counted. Demo accounts
 * of earlier releases have none and count for no address. The partial index serves that count.
 *
 * `uploads_user_recent_idx`: uploads per user per hour and bytes per user per day are counted
 * from the uploads table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN signup_ip text`.execute(db);
  await sql`CREATE INDEX users_demo_signup_ip_idx ON users (signup_ip, created_at) WHERE is_demo AND signup_ip IS NOT NULL`.execute(db);
  await sql`CREATE INDEX uploads_user_recent_idx ON uploads (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX uploads_user_recent_idx`.execute(db);
  await sql`DROP INDEX users_demo_signup_ip_idx`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN signup_ip`.execute(db);
}
