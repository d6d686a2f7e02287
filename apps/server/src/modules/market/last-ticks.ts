import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

export interface SymbolLastTick {
  id: number;
  code: string;
  enabled: boolean;
  schedule: string;
  contNum: string;
  price: string | null;
  at: Date | null;
}

/**
 * Every symbol with its newest stored tick: one index probe per symbol on the ticks primary key
 * (symbol_id, seq), so it stays cheap however long the tick history grows. Read from the
 * database, it answers the same on every node, leader or not.
 */
export async function lastTicks(db: Executor): Promise<SymbolLastTick[]> {
  const { rows } = await sql<{ id: number; code: string; enabled: boolean; schedule: string; cont_num: string; price: string | null; at: Date | null }>`
    SELECT s.id, s.code, s.enabled, s.schedule, s.cont_num::text AS cont_num, t.price::text AS price, t.at
    FROM trade_symbols s
    LEFT JOIN LATERAL (SELECT price, at FROM ticks WHERE symbol_id = s.id ORDER BY seq DESC LIMIT 1) t ON true
    ORDER BY s.sort, s.id
  `.execute(db);
  return rows.map((r) => ({ id: r.id, code: r.code, enabled: r.enabled, schedule: r.schedule, contNum: r.cont_num, price: r.price, at: r.at }));
}
