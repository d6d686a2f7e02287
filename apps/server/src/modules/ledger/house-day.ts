import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { SYSTEM_ACCOUNTS } from './ledger-kinds.js';

export interface HouseDayRow {
  kind: string;
  demo: boolean;
  /** Sum of the postings on house accounts (external clearing aside): positive is the house's gain. */
  house: string;
  /** Of that, what went to the fee accounts. */
  fees: string;
}

/**
 * The house side of the ledger transactions in [from, to), by kind, real and demo apart.
 *
 * Which money a transaction moved is decided by the users it touched (users.is_demo), not by
 * which house account took the other side: option settlements of demo accounts are booked
 * against the real house P&L account today, so the account alone would mix play money into the
 * real figures. External clearing (the outside world of deposits and withdrawals) is not the
 * house's result and is left out. Fee accounts are `fee_revenue*` for real accounts and
 * `house_demo_fee*` for demo ones (forex fee shards, the withdrawal fee).
 */
export async function houseDayTotals(db: Executor, from: Date, to: Date): Promise<HouseDayRow[]> {
  const { rows } = await sql<{ kind: string; demo: boolean; house: string; fees: string }>`
    WITH tx AS (
      SELECT id, kind FROM ledger_transactions WHERE created_at >= ${from} AND created_at < ${to}
    ),
    side AS (
      SELECT p.transaction_id, bool_or(u.is_demo) AS demo, bool_and(u.is_sample) AS sample
      FROM tx
      JOIN ledger_postings p ON p.transaction_id = tx.id
      JOIN ledger_accounts a ON a.id = p.account_id
      JOIN users u ON u.id = a.user_id
      GROUP BY p.transaction_id
    )
    SELECT tx.kind, coalesce(side.demo, false) AS demo,
      coalesce(sum(p.amount) FILTER (WHERE a.user_id IS NULL AND a.system_code <> ${SYSTEM_ACCOUNTS.externalClearing}), 0)::text AS house,
      coalesce(sum(p.amount) FILTER (WHERE a.system_code LIKE ${SYSTEM_ACCOUNTS.feeRevenue + '%'} OR a.system_code LIKE 'house_demo_fee%'), 0)::text AS fees
    FROM tx
    JOIN ledger_postings p ON p.transaction_id = tx.id
    JOIN ledger_accounts a ON a.id = p.account_id
    LEFT JOIN side ON side.transaction_id = tx.id
    -- a transaction of sample traders alone is the platform's own play (a real follower's copy of one stays)
    WHERE NOT coalesce(side.sample, false)
    GROUP BY tx.kind, coalesce(side.demo, false)
    ORDER BY tx.kind
  `.execute(db);
  return rows;
}
