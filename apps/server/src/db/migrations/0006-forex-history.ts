import { sql, type Kysely } from 'kysely';

/**
 * Contract history lists the newest close (or cancel) first: a position closed today comes before
 * one opened later but still closed earlier. This index serves that order per user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX forex_orders_user_history_idx ON forex_orders (user_id, closed_at DESC, id DESC) WHERE status IN (3, 4)`.execute(db);
}
