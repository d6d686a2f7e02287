import { sql, type Kysely } from 'kysely';

/**
 * `set_aside_items`: the items a batch job could not settle (an option whose account cannot pay
 * it back, a subscription whose hold is short...), one row per (job, item) however often it was
 * retried: the first and the last failure, how many attempts, and the last reason. The engine
 * owns it (engine/item-isolation.ts): a batch settles every other item and records this one; the
 * row goes away when the item later settles. Staff read it on the dashboard.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE set_aside_items (
      job text NOT NULL,
      item text NOT NULL,
      reason text NOT NULL,
      first_at timestamptz NOT NULL,
      last_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 1 CHECK (attempts > 0),
      PRIMARY KEY (job, item)
    )
  `.execute(db);
  await sql`CREATE INDEX set_aside_items_last ON set_aside_items (last_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS set_aside_items`.execute(db);
}
