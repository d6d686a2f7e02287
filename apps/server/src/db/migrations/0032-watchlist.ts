import { sql, type Kysely } from 'kysely';

/**
 * `watchlist`: the symbols each user starred (demo accounts too), one row per (user, symbol). The
 * market module owns it. Starred symbols are listed first on the home screen and in the trade
 * screen's symbol drawer; `created_at` keeps the order they were starred in. A symbol is never
 * deleted (staff disable it, 0007), so the row stays and shows again when it is enabled again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE watchlist (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      symbol_id integer NOT NULL REFERENCES trade_symbols (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, symbol_id)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS watchlist`.execute(db);
}
