import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** A Wednesday noon (UTC): forex-week symbols are open. */
export const MARKET_OPEN_MS = Date.UTC(2026, 10, 18, 12, 0, 0);
/** A Saturday noon (UTC): forex-week symbols are closed, crypto is not. */
export const MARKET_CLOSED_MS = Date.UTC(2026, 10, 21, 12, 0, 0);

export async function symbolId(db: Db, code: string): Promise<number> {
  const row = await db.selectFrom('trade_symbols').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Stores a tick the way the engine does (next seq of the symbol), for tests of the HTTP side,
 * which prices every action at the newest stored tick. Returns its seq.
 */
export async function storeTick(db: Db, code: string, price: string, atMs = Date.now()): Promise<number> {
  const id = await symbolId(db, code);
  const { rows } = await sql<{ seq: string }>`
    INSERT INTO ticks (symbol_id, seq, price, volume, at)
    SELECT ${id}, coalesce(max(seq), 0) + 1, ${price}, 1, ${new Date(atMs)} FROM ticks WHERE symbol_id = ${id}
    RETURNING seq
  `.execute(db);
  return Number(rows[0]!.seq);
}

export async function contractBalance(db: Db, userId: number): Promise<{ balance: string; lock_balance: string }> {
  return db
    .selectFrom('ledger_accounts')
    .select(['balance', 'lock_balance'])
    .where('user_id', '=', userId)
    .where('account_type', '=', 3)
    .executeTakeFirstOrThrow();
}
