import { sql, type Kysely } from 'kysely';

/**
 * `price_alerts`: a user's alert on a symbol, above (direction 1) or below (2) a price
 * (decisions.md "Notifications and price alerts"). The alerts module owns it: the user creates and
 * cancels over HTTP, the engine marks it fired (status 2) with the stored tick that reached it, in
 * the same transaction as its notification. The engine writes it, so it carries the engine's epoch
 * fence (0029): a deposed leader cannot fire an alert the new one fires too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE price_alerts (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      symbol_id integer NOT NULL REFERENCES trade_symbols (id) ON DELETE CASCADE,
      direction smallint NOT NULL CHECK (direction IN (1, 2)),
      price numeric(30, 10) NOT NULL CHECK (price > 0),
      status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
      created_at timestamptz NOT NULL DEFAULT now(),
      fired_at timestamptz,
      fired_price numeric(30, 10),
      fired_seq bigint,
      cancelled_at timestamptz,
      CHECK ((status = 2) = (fired_at IS NOT NULL))
    )`.execute(db);
  // The user's list (and the count of their waiting ones for the limit of 50).
  await sql`CREATE INDEX price_alerts_user ON price_alerts (user_id, status, id DESC)`.execute(db);
  // The engine's start-up read of what waits.
  await sql`CREATE INDEX price_alerts_waiting ON price_alerts (symbol_id) WHERE status = 1`.execute(db);
  await sql`
    CREATE TRIGGER engine_fence BEFORE INSERT OR UPDATE OR DELETE ON price_alerts
    FOR EACH STATEMENT EXECUTE FUNCTION engine_fence_check()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS price_alerts`.execute(db);
}
