import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

export interface SymbolOpenInterest {
  symbolId: number;
  buyLots: string;
  sellLots: string;
  positions: number;
  demoPositions: number;
  /** Real positions' net contracts: sum over (buy - sell) lots x contract size. */
  netContracts: string;
}

/**
 * Open interest per symbol from holding orders (status 1; the partial index on open orders,
 * status 0 or 1, serves it).
 * Real accounts only in the lots: demo positions are play money and only counted apart.
 */
export async function openInterestBySymbol(db: Executor): Promise<SymbolOpenInterest[]> {
  const { rows } = await sql<{ symbol_id: number; buy_lots: string; sell_lots: string; positions: string; demo_positions: string; net_contracts: string }>`
    SELECT symbol_id,
      coalesce(sum(quantity) FILTER (WHERE NOT is_demo AND order_type = 1), 0)::text AS buy_lots,
      coalesce(sum(quantity) FILTER (WHERE NOT is_demo AND order_type = 2), 0)::text AS sell_lots,
      count(*) FILTER (WHERE NOT is_demo)::text AS positions,
      count(*) FILTER (WHERE is_demo)::text AS demo_positions,
      coalesce(sum(CASE WHEN order_type = 1 THEN quantity ELSE -quantity END * cont_num) FILTER (WHERE NOT is_demo), 0)::text AS net_contracts
    FROM forex_orders
    WHERE status = 1
      -- the sample traders' positions are the platform's own play, not the house's risk
      AND user_id NOT IN (SELECT id FROM users WHERE is_sample)
    GROUP BY symbol_id
  `.execute(db);
  return rows.map((r) => ({
    symbolId: r.symbol_id,
    buyLots: r.buy_lots,
    sellLots: r.sell_lots,
    positions: Number(r.positions),
    demoPositions: Number(r.demo_positions),
    netContracts: r.net_contracts,
  }));
}
