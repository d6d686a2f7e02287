import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/**
 * The replication's reads and writes. Copies are forex orders (origin_id = the trader's order), so
 * these queries read forex_orders beside follow's own tables: the copy and its trader order are
 * compared row by row, in the database that stays the truth.
 */

/** A trader order the engine has not copied yet (filled, still holding or already closed). */
export interface UncopiedOrder {
  id: number;
  user_id: number;
  symbol_id: number;
  order_type: number;
  quantity: string;
  cont_num: string;
  spread: string;
  origin_price: string;
  price: string;
  multiple: number;
  target_loss_price: string;
  target_profit_price: string;
  status: number;
  open_tick_seq: string | null;
  filled_at: Date;
  pip: string;
  min_cont: string;
  max_cont: string | null;
  margin_mode: number;
  fee_rate: string;
}

/**
 * A trader's own fill that may still be copied (filled since `since`, holding or closed), with its
 * symbol's terms: what both the replication pass and a set-aside copy's retry read.
 */
function copyableOrders(since: Date) {
  return sql`
    SELECT t.id, t.user_id, t.symbol_id, t.order_type, t.quantity, t.cont_num, t.spread, t.origin_price, t.price, t.multiple,
      t.target_loss_price, t.target_profit_price, t.status, t.open_tick_seq, t.filled_at,
      s.pip, s.min_cont, s.max_cont, s.margin_mode, s.fee_rate
    FROM forex_orders t
    JOIN users u ON u.id = t.user_id AND u.is_trader
    JOIN trade_symbols s ON s.id = t.symbol_id
    WHERE t.origin_id = 0 AND t.filled_at IS NOT NULL AND t.filled_at >= ${since} AND t.status IN (1, 3)`;
}

/** Own (not copied) fills of traders since `since` with no replication mark, oldest first. */
export async function uncopiedOrders(db: Executor, since: Date, limit: number): Promise<UncopiedOrder[]> {
  const { rows } = await sql<UncopiedOrder>`
    ${copyableOrders(since)}
      AND NOT EXISTS (SELECT 1 FROM follow_replications r WHERE r.trader_order_id = t.id)
    ORDER BY t.id
    LIMIT ${limit}
  `.execute(db);
  return rows;
}

/** Trader orders by id that may still be copied (own fills of traders since `since`), replicated or not: a set-aside copy's retry. */
export async function ordersToCopy(db: Executor, ids: readonly number[], since: Date): Promise<UncopiedOrder[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<UncopiedOrder>`
    ${copyableOrders(since)}
      AND t.id = ANY(${sql.val(ids)}::int[])
    ORDER BY t.id
  `.execute(db);
  return rows;
}

export interface FollowerToCopy {
  follower_id: number;
  balance: string;
  multiple: string;
  max_amount: string;
  is_demo: boolean;
  account_id: number;
}

/** A lane of a fan-out: the followers whose id mod `of` is `lane`. */
export interface Lane {
  lane: number;
  of: number;
}

/**
 * Active auto-following followers of a trader, in one lane, who followed before the order filled and have no
 * copy row for it yet, a batch at a time from `afterAccount`, their contract accounts locked in
 * ascending id order (users' accounts come first in the ledger's lock order, so no two transactions wait on each other in a cycle):
 * the balances planned with are the balances the post will find.
 *
 * "No copy row yet" is a probe of the (trader order, follower) key per follower (a lateral
 * subquery the planner cannot turn into a join): as an anti-join, with the statistics of a
 * trader order that has no rows yet, PostgreSQL planned a nested loop over every copy row of the
 * order for every follower - quadratic in the fan-out (10^4 followers: 16 million comparisons).
 */
export async function lockFollowersToCopy(
  trx: Executor,
  order: { id: number; user_id: number; filled_at: Date },
  lane: Lane,
  afterAccount: number,
  limit: number,
  /** Only these followers (a retry of set-aside copies); all when omitted. */
  only?: readonly number[],
): Promise<FollowerToCopy[]> {
  const { rows } = await sql<FollowerToCopy>`
    SELECT f.follower_id, f.multiple, f.max_amount, u.is_demo, a.id AS account_id, a.balance
    FROM follow_settings f
    JOIN users u ON u.id = f.follower_id
    JOIN ledger_accounts a ON a.user_id = f.follower_id AND a.account_type = 3
    LEFT JOIN LATERAL (SELECT true AS made FROM follow_copies c WHERE c.trader_order_id = ${order.id} AND c.follower_id = f.follower_id LIMIT 1) c ON true
    WHERE f.trader_id = ${order.user_id} AND f.active AND f.auto_follow AND f.created_at <= ${order.filled_at}
      AND f.follower_id % ${lane.of} = ${lane.lane}
      AND a.id > ${afterAccount}
      ${only ? sql`AND f.follower_id = ANY(${sql.val(only)}::int[])` : sql``}
      AND c.made IS NULL
    ORDER BY a.id
    LIMIT ${limit}
    FOR UPDATE OF a
  `.execute(trx);
  return rows;
}

/**
 * One replicator per lane of a trader order at a time, whichever node runs it: held to the end of
 * the transaction (namespace 0x0f011 + lane). The (trader order, follower) key stays the
 * guarantee; this only keeps two replicators from failing on each other's rows.
 */
export async function lockTraderOrder(trx: Executor, traderOrderId: number, lane: Lane): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${0x0f011 + lane.lane}, ${traderOrderId})`.execute(trx);
}

/** A follower's copy row of a batch: the copy's lots and money, or why there is no copy. */
export interface NewCopyRow {
  followerId: number;
  skipReason: string | null;
  lots: string | null;
  margin: string | null;
  fee: string | null;
  isDemo: boolean;
}

/**
 * The batch's copy orders (the trader order's symbol, side, prices, leverage, stops and tick; the
 * copy's own lots and money) and one copy row per follower - its order, or the skip reason - in
 * one statement. Returns the copies made, by follower.
 */
export async function insertCopies(db: Executor, t: UncopiedOrder, rows: readonly NewCopyRow[], at: Date): Promise<{ followerId: number; copyId: number }[]> {
  if (rows.length === 0) return [];
  const { rows: made } = await sql<{ followerId: number; copyId: number }>`
    WITH input AS (
      SELECT * FROM unnest(${sql.val(rows.map((r) => r.followerId))}::int[], ${sql.val(rows.map((r) => r.skipReason))}::text[],
        ${sql.val(rows.map((r) => r.lots))}::numeric[], ${sql.val(rows.map((r) => r.margin))}::numeric[], ${sql.val(rows.map((r) => r.fee))}::numeric[],
        ${sql.val(rows.map((r) => r.isDemo))}::boolean[]) AS c(user_id, skip_reason, lots, margin, fee, demo)
    ),
    orders AS (
      INSERT INTO forex_orders (user_id, symbol_id, origin_id, order_type, is_pending, quantity, cont_num, spread, origin_price, price,
        caution_money, trade_fee, multiple, target_loss_price, target_profit_price, status, open_tick_seq, is_demo, created_at, filled_at)
      SELECT c.user_id, ${t.symbol_id}, ${t.id}, ${t.order_type}, false, c.lots, ${t.cont_num}, ${t.spread}, ${t.origin_price}, ${t.price},
        c.margin, c.fee, ${t.multiple}, ${t.target_loss_price}, ${t.target_profit_price}, 1, ${t.open_tick_seq}, c.demo, ${at}, ${t.filled_at}
      FROM input c WHERE c.skip_reason IS NULL
      RETURNING id, user_id
    )
    INSERT INTO follow_copies (trader_order_id, follower_id, trader_id, copy_order_id, skip_reason, created_at)
    SELECT ${t.id}, c.user_id, ${t.user_id}, o.id, c.skip_reason, ${at}
    FROM input c LEFT JOIN orders o ON o.user_id = c.user_id
    RETURNING follower_id AS "followerId", copy_order_id AS "copyId"
  `.execute(db);
  return made.filter((m) => m.copyId !== null);
}

export async function markReplicated(db: Executor, t: UncopiedOrder, at: Date): Promise<void> {
  await sql`
    INSERT INTO follow_replications (trader_order_id, trader_id, stop_loss, take_profit, copies, skipped, replicated_at)
    SELECT ${t.id}, ${t.user_id}, ${t.target_loss_price}, ${t.target_profit_price},
      count(*) FILTER (WHERE copy_order_id IS NOT NULL), count(*) FILTER (WHERE skip_reason IS NOT NULL), ${at}
    FROM follow_copies WHERE trader_order_id = ${t.id}
    ON CONFLICT (trader_order_id) DO NOTHING
  `.execute(db);
}

export interface CopyToClose {
  copy_id: number;
  follower_id: number;
  trader_id: number;
  update_price: string;
  close_tick_seq: string;
  close_type: number;
  closed_at: Date;
}

/** Open, attached copies whose trader order has closed, after copy `afterId`: they close at the trader's close tick. */
export async function copiesToClose(db: Executor, limit: number, afterId = 0): Promise<CopyToClose[]> {
  const { rows } = await sql<CopyToClose>`
    SELECT c.id AS copy_id, c.user_id AS follower_id, t.user_id AS trader_id, t.update_price, t.close_tick_seq, t.close_type, t.closed_at
    FROM forex_orders c
    JOIN forex_orders t ON t.id = c.origin_id
    JOIN follow_copies fc ON fc.copy_order_id = c.id
    WHERE c.origin_id > 0 AND c.status = 1 AND t.status = 3 AND NOT fc.detached AND c.id > ${afterId}
    ORDER BY c.id
    LIMIT ${limit}
  `.execute(db);
  return rows;
}

/** Holding trader orders whose stops differ from what their copies were last given. */
export async function changedStops(db: Executor): Promise<{ trader_order_id: number; stop_loss: string; take_profit: string }[]> {
  const { rows } = await sql<{ trader_order_id: number; stop_loss: string; take_profit: string }>`
    SELECT t.id AS trader_order_id, t.target_loss_price AS stop_loss, t.target_profit_price AS take_profit
    FROM users u
    JOIN forex_orders t ON t.user_id = u.id AND t.status = 1 AND t.origin_id = 0
    JOIN follow_replications r ON r.trader_order_id = t.id
    WHERE u.is_trader AND (r.stop_loss <> t.target_loss_price OR r.take_profit <> t.target_profit_price)
  `.execute(db);
  return rows;
}

/** Gives the trader order's stops to its open attached copies; returns their followers. */
export async function passStops(db: Executor, traderOrderId: number, stopLoss: string, takeProfit: string): Promise<number[]> {
  const { rows } = await sql<{ user_id: number }>`
    UPDATE forex_orders c SET target_loss_price = ${stopLoss}, target_profit_price = ${takeProfit}
    FROM follow_copies fc
    WHERE fc.trader_order_id = ${traderOrderId} AND fc.copy_order_id = c.id AND NOT fc.detached AND c.status = 1
    RETURNING c.user_id
  `.execute(db);
  await sql`UPDATE follow_replications SET stop_loss = ${stopLoss}, take_profit = ${takeProfit} WHERE trader_order_id = ${traderOrderId}`.execute(db);
  return rows.map((r) => r.user_id);
}

/** The trader of a copy and whether they are demo; the share percent setting. */
export async function copyContext(db: Executor, traderOrderId: number): Promise<{ trader_id: number; share: string | null } | undefined> {
  const { rows } = await sql<{ trader_id: number; share: string | null }>`
    SELECT t.user_id AS trader_id, (SELECT value FROM settings WHERE key = 'follow_profit_share') AS share
    FROM forex_orders t WHERE t.id = ${traderOrderId}
  `.execute(db);
  return rows[0];
}

export async function markClosedByTrader(db: Executor, copyOrderId: number): Promise<void> {
  await sql`UPDATE follow_copies SET closed_by_trader = true WHERE copy_order_id = ${copyOrderId}`.execute(db);
}

export async function recordShare(db: Executor, copyOrderId: number, share: string): Promise<void> {
  await sql`UPDATE follow_copies SET profit_share = ${share} WHERE copy_order_id = ${copyOrderId}`.execute(db);
}

export async function feeTypeSetting(db: Executor): Promise<number> {
  const { rows } = await sql<{ value: string | null }>`SELECT value FROM settings WHERE key = 'trade_fee_type'`.execute(db);
  const n = Number(rows[0]?.value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}
