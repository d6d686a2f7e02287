import { sql, type Kysely } from 'kysely';

/**
 * A copy closed by its trader's close is told apart from the follower's own close: the close
 * reasons (CloseType) are the spec's and say why the order closed (the trader's close, stop loss,
 * take profit, stop-out), not whose decision it was. `closed_by_trader` is set by the replication
 * in the transaction that closes the copy. Copies closed before: where the copy closed at the
 * trader's close tick, time, reason and price, attached - what only that close writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE follow_copies ADD COLUMN closed_by_trader boolean NOT NULL DEFAULT false;
    UPDATE follow_copies fc SET closed_by_trader = true
    FROM forex_orders c, forex_orders t
    WHERE c.id = fc.copy_order_id AND t.id = fc.trader_order_id AND NOT fc.detached
      AND c.status = 3 AND t.status = 3 AND c.closed_at = t.closed_at AND c.close_tick_seq = t.close_tick_seq
      AND c.close_type = t.close_type AND c.update_price = t.update_price;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE follow_copies DROP COLUMN closed_by_trader`.execute(db);
}
