import { sql, type Kysely } from 'kysely';

/**
 * Orders stop taking a lock on their symbol's row. A foreign key check share-locks the referenced
 * row on every insert; every order of every user on BTCUSDT referenced the same trade_symbols row,
 * so concurrent submits queued on that one row (each new locker rewrites its lock into a growing
 * multixact, WAL-logged). Measured on the order-submit bench: the FK was a few percent of every
 * submit, more the more users trade one symbol at once.
 *
 * What the foreign key guaranteed stays guaranteed: an order names a symbol that exists. Submit
 * reads the (enabled) symbol before it writes, and a symbol row can no longer be deleted at all -
 * a symbol is retired by `enabled = false`, which keeps its orders, ticks and history readable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE forex_orders DROP CONSTRAINT forex_orders_symbol_id_fkey`.execute(db);
  await sql`ALTER TABLE micro_orders DROP CONSTRAINT micro_orders_symbol_id_fkey`.execute(db);
  await sql`
    CREATE FUNCTION trade_symbols_kept() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'trade_symbols rows are never deleted: disable the symbol instead';
    END $$
  `.execute(db);
  await sql`CREATE TRIGGER trade_symbols_no_delete BEFORE DELETE ON trade_symbols FOR EACH ROW EXECUTE FUNCTION trade_symbols_kept()`.execute(db);
  await sql`CREATE TRIGGER trade_symbols_no_truncate BEFORE TRUNCATE ON trade_symbols FOR EACH STATEMENT EXECUTE FUNCTION trade_symbols_kept()`.execute(db);
}
