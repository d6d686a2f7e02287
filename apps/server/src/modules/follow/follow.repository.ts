import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** Reads and writes of the follow endpoints (traders, settings, applications, copies). */

export interface TraderRow {
  user_id: number;
  uid: string;
  email: string | null;
  is_demo: boolean;
  is_trader: boolean;
  is_sample: boolean;
  follow_num: number;
  follower_equity: string;
  three_week_rate: string | null;
  three_week_win: string | null;
  three_week_profit: string | null;
  three_week_trades: number | null;
  total_rate: string | null;
  total_win: string | null;
  total_profit: string | null;
  total_trades: number | null;
  max_drawdown: string | null;
  avg_holding_seconds: number | null;
  equity_curve: unknown;
  /** The viewer's active settings for this trader (null: not following). */
  my_multiple: string | null;
  my_max_amount: string | null;
  my_auto_follow: boolean | null;
}

const ORDER_BY = {
  rate: sql`coalesce(st.three_week_rate, 0) DESC`,
  win: sql`coalesce(st.three_week_win, 0) DESC`,
  profit: sql`coalesce(st.three_week_profit, 0) DESC`,
  followers: sql`follow_num DESC`,
} as const;

/**
 * Traders with their statistics (never computed here: the stats table is kept by the engine side),
 * except the number of closed orders, counted: the statistics follow a close within a second on the
 * engine leader, and the count must agree with the closed orders the trader page lists beside it
 * (traderHistory) from the moment they close.
 */
export async function traders(
  db: Executor,
  opts: { viewerId: number; sort: keyof typeof ORDER_BY; limit: number; offset: number; userId?: number },
): Promise<TraderRow[]> {
  const { rows } = await sql<TraderRow>`
    SELECT u.id AS user_id, u.uid, u.email, u.is_demo, u.is_trader, u.is_sample,
      (SELECT count(*)::int FROM follow_settings f WHERE f.trader_id = u.id AND f.active) AS follow_num,
      (SELECT coalesce(sum(c.caution_money), 0)::text FROM follow_copies fc JOIN forex_orders c ON c.id = fc.copy_order_id
        WHERE fc.trader_id = u.id AND c.status = 1) AS follower_equity,
      st.three_week_rate, st.three_week_win, st.three_week_profit, st.three_week_trades, st.total_rate, st.total_win, st.total_profit,
      (SELECT count(*)::int FROM forex_orders o WHERE o.user_id = u.id AND o.origin_id = 0 AND o.status = 3) AS total_trades,
      st.max_drawdown, st.avg_holding_seconds, st.equity_curve,
      me.multiple AS my_multiple, me.max_amount AS my_max_amount, me.auto_follow AS my_auto_follow
    FROM users u
    LEFT JOIN follow_trader_stats st ON st.trader_id = u.id
    LEFT JOIN follow_settings me ON me.trader_id = u.id AND me.follower_id = ${opts.viewerId} AND me.active
    WHERE ${opts.userId === undefined ? sql`u.is_trader AND NOT u.is_demo` : sql`u.id = ${opts.userId}`}
    ORDER BY ${ORDER_BY[opts.sort]}, u.id
    LIMIT ${opts.limit} OFFSET ${opts.offset}
  `.execute(db);
  return rows;
}

export async function countTraders(db: Executor): Promise<number> {
  const row = await db.selectFrom('users').select(sql<string>`count(*)`.as('n')).where('is_trader', '=', true).where('is_demo', '=', false).executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface HistoryRow {
  id: number;
  show_code: string;
  price_precision: number;
  order_type: number;
  quantity: string;
  price: string;
  update_price: string | null;
  fact_profits: string | null;
  close_type: number | null;
  open_tick_seq: string | null;
  close_tick_seq: string | null;
  created_at: Date;
  closed_at: Date | null;
}

/** A trader's own closed orders, newest close first. */
export async function traderHistory(db: Executor, traderId: number, limit: number): Promise<HistoryRow[]> {
  return db
    .selectFrom('forex_orders as o')
    .innerJoin('trade_symbols as s', 's.id', 'o.symbol_id')
    .select(['o.id', 's.show_code', 's.price_precision', 'o.order_type', 'o.quantity', 'o.price', 'o.update_price', 'o.fact_profits', 'o.close_type', 'o.open_tick_seq', 'o.close_tick_seq', 'o.created_at', 'o.closed_at'])
    .where('o.user_id', '=', traderId)
    .where('o.origin_id', '=', 0)
    .where('o.status', '=', 3)
    .orderBy('o.closed_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

export async function findUser(db: Executor, userId: number) {
  return db.selectFrom('users').select(['id', 'uid', 'email', 'is_demo', 'is_trader']).where('id', '=', userId).executeTakeFirst();
}

export async function latestApplication(db: Executor, userId: number) {
  return db.selectFrom('trader_applications').select(['id', 'status']).where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** A new waiting application; undefined when one is already waiting (the unique index). */
export async function insertApplication(db: Executor, userId: number, at: Date): Promise<number | undefined> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO trader_applications (user_id, created_at) VALUES (${userId}, ${at})
    ON CONFLICT (user_id) WHERE status = 0 DO NOTHING RETURNING id
  `.execute(db);
  return rows[0]?.id;
}

/** Follow or change settings; a re-follow after an unfollow counts from now (only later fills are copied). */
export async function upsertSettings(db: Executor, followerId: number, traderId: number, s: { multiple: string; maxAmount: string; autoFollow: boolean }, at: Date) {
  const { rows } = await sql<{ multiple: string; max_amount: string; auto_follow: boolean }>`
    INSERT INTO follow_settings (follower_id, trader_id, multiple, max_amount, auto_follow, active, created_at, updated_at)
    VALUES (${followerId}, ${traderId}, ${s.multiple}, ${s.maxAmount}, ${s.autoFollow}, true, ${at}, ${at})
    ON CONFLICT (follower_id, trader_id) DO UPDATE SET multiple = EXCLUDED.multiple, max_amount = EXCLUDED.max_amount,
      auto_follow = EXCLUDED.auto_follow, active = true, updated_at = EXCLUDED.updated_at,
      created_at = CASE WHEN follow_settings.active THEN follow_settings.created_at ELSE EXCLUDED.created_at END
    RETURNING multiple, max_amount, auto_follow
  `.execute(db);
  return rows[0]!;
}

/** Stops following; the open copies are detached (they no longer follow the trader's close or stops). */
export async function deactivate(db: Executor, followerId: number, traderId: number, at: Date): Promise<boolean> {
  const res = await db
    .updateTable('follow_settings')
    .set({ active: false, updated_at: at })
    .where('follower_id', '=', followerId)
    .where('trader_id', '=', traderId)
    .where('active', '=', true)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await sql`
    UPDATE follow_copies fc SET detached = true FROM forex_orders c
    WHERE fc.follower_id = ${followerId} AND fc.trader_id = ${traderId} AND c.id = fc.copy_order_id AND c.status = 1 AND NOT fc.detached
  `.execute(db);
  return true;
}

export interface FollowedRow {
  trader_id: number;
  uid: string;
  email: string | null;
  multiple: string;
  max_amount: string;
  follow_num: number;
  position_num: number;
  total_num: number;
  total_amount: string;
  position_quantity: string;
  total_profits: string;
}

export async function followedTraders(db: Executor, followerId: number, limit: number, offset: number): Promise<{ rows: FollowedRow[]; total: number }> {
  const { rows } = await sql<FollowedRow & { total: string }>`
    SELECT f.trader_id, u.uid, u.email, f.multiple, f.max_amount, count(*) OVER () AS total,
      (SELECT count(*)::int FROM follow_settings x WHERE x.trader_id = f.trader_id AND x.active) AS follow_num,
      agg.position_num, agg.total_num, agg.total_amount, agg.position_quantity, agg.total_profits
    FROM follow_settings f
    JOIN users u ON u.id = f.trader_id
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE c.status = 1)::int AS position_num,
        count(c.id)::int AS total_num,
        coalesce(sum(c.caution_money) FILTER (WHERE c.status = 1), 0)::text AS total_amount,
        coalesce(sum(c.quantity) FILTER (WHERE c.status = 1), 0)::text AS position_quantity,
        coalesce(sum(c.fact_profits - fc.profit_share) FILTER (WHERE c.status = 3), 0)::text AS total_profits
      FROM follow_copies fc JOIN forex_orders c ON c.id = fc.copy_order_id
      WHERE fc.follower_id = f.follower_id AND fc.trader_id = f.trader_id
    ) agg
    WHERE f.follower_id = ${followerId} AND f.active
    ORDER BY f.updated_at DESC, f.trader_id
    LIMIT ${limit} OFFSET ${offset}
  `.execute(db);
  const total = rows[0] ? Number(rows[0].total) : offset === 0 ? 0 : await countFollowed(db, followerId);
  return { rows, total };
}

async function countFollowed(db: Executor, followerId: number): Promise<number> {
  const r = await db.selectFrom('follow_settings').select(sql<string>`count(*)`.as('n')).where('follower_id', '=', followerId).where('active', '=', true).executeTakeFirstOrThrow();
  return Number(r.n);
}

export interface FollowerRow {
  follower_id: number;
  uid: string;
  email: string | null;
  profit: string;
  margin: string;
  share_paid: string;
}

export async function followersOf(db: Executor, traderId: number, limit: number, offset: number): Promise<FollowerRow[]> {
  const { rows } = await sql<FollowerRow>`
    SELECT f.follower_id, u.uid, u.email, agg.profit, agg.margin, agg.share_paid
    FROM follow_settings f
    JOIN users u ON u.id = f.follower_id
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(c.fact_profits) FILTER (WHERE c.status = 3), 0)::text AS profit,
        coalesce(sum(c.caution_money) FILTER (WHERE c.status = 3), 0)::text AS margin,
        coalesce(sum(fc.profit_share), 0)::text AS share_paid
      FROM follow_copies fc JOIN forex_orders c ON c.id = fc.copy_order_id
      WHERE fc.follower_id = f.follower_id AND fc.trader_id = f.trader_id
    ) agg
    WHERE f.trader_id = ${traderId} AND f.active
    ORDER BY f.created_at, f.follower_id
    LIMIT ${limit} OFFSET ${offset}
  `.execute(db);
  return rows;
}

export async function traderSummary(db: Executor, traderId: number): Promise<{ shares: string; follow_num: number; total: number }> {
  const { rows } = await sql<{ shares: string; follow_num: number; total: number }>`
    SELECT (SELECT coalesce(sum(profit_share), 0)::text FROM follow_copies WHERE trader_id = ${traderId}) AS shares,
      (SELECT count(*)::int FROM follow_settings WHERE trader_id = ${traderId} AND active) AS follow_num,
      (SELECT count(*)::int FROM follow_copies WHERE trader_id = ${traderId} AND copy_order_id IS NOT NULL) AS total
  `.execute(db);
  return rows[0]!;
}

/** Open copies of a trader's followers (their floating profit is the summary's position_profits). */
export async function openCopyIdsOfTrader(db: Executor, traderId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT c.id FROM follow_copies fc JOIN forex_orders c ON c.id = fc.copy_order_id WHERE fc.trader_id = ${traderId} AND c.status = 1 LIMIT 10000
  `.execute(db);
  return rows.map((r) => r.id);
}

export interface CopyListRow {
  copy_id: number | null;
  trader_order_id: number;
  trader_id: number;
  trader_uid: string;
  trader_email: string | null;
  follower_id: number;
  skip_reason: string | null;
  detached: boolean;
  profit_share: string;
  created_at: Date;
  show_code: string;
  price_precision: number;
  symbol_id: number;
  t_price: string;
  t_quantity: string;
  t_open_tick_seq: string | null;
  t_close_tick_seq: string | null;
  t_order_type: number;
  t_origin_price: string;
}

export interface CopyFilter {
  followerId?: number;
  traderId?: number;
  /** 1 open copies; 3 closed copies and skips. */
  status: 1 | 3;
}

function copyWhere(f: CopyFilter) {
  const parts = [f.status === 1 ? sql`c.status = 1` : sql`(c.id IS NULL OR c.status IN (3, 4))`];
  if (f.followerId !== undefined) parts.push(sql`fc.follower_id = ${f.followerId}`);
  if (f.traderId !== undefined) parts.push(sql`fc.trader_id = ${f.traderId}`);
  return sql.join(parts, sql` AND `);
}

export async function listCopies(db: Executor, f: CopyFilter, limit: number, offset: number): Promise<{ rows: CopyListRow[]; total: number }> {
  const { rows } = await sql<CopyListRow & { total: string }>`
    SELECT fc.copy_order_id AS copy_id, fc.trader_order_id, fc.trader_id, tu.uid AS trader_uid, tu.email AS trader_email, fc.follower_id,
      fc.skip_reason, fc.detached, fc.profit_share, fc.created_at, s.show_code, s.price_precision, s.id AS symbol_id,
      t.price AS t_price, t.quantity AS t_quantity, t.open_tick_seq AS t_open_tick_seq, t.close_tick_seq AS t_close_tick_seq,
      t.order_type AS t_order_type, t.origin_price AS t_origin_price, count(*) OVER () AS total
    FROM follow_copies fc
    JOIN forex_orders t ON t.id = fc.trader_order_id
    JOIN users tu ON tu.id = fc.trader_id
    JOIN trade_symbols s ON s.id = t.symbol_id
    LEFT JOIN forex_orders c ON c.id = fc.copy_order_id
    WHERE ${copyWhere(f)}
    ORDER BY fc.trader_order_id DESC, fc.follower_id
    LIMIT ${limit} OFFSET ${offset}
  `.execute(db);
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}

// ---- the console's queue

export async function listApplications(db: Executor, status: number | undefined, limit: number, offset: number) {
  const { rows } = await sql<{
    id: number; status: number; remark: string; created_at: Date; decided_at: Date | null; user_id: number; uid: string; email: string | null;
    closed_orders: number; total_profit: string; total: string;
  }>`
    SELECT a.id, a.status, a.remark, a.created_at, a.decided_at, u.id AS user_id, u.uid, u.email,
      (SELECT count(*)::int FROM forex_orders o WHERE o.user_id = u.id AND o.status = 3 AND o.origin_id = 0) AS closed_orders,
      (SELECT coalesce(sum(o.fact_profits), 0)::text FROM forex_orders o WHERE o.user_id = u.id AND o.status = 3 AND o.origin_id = 0) AS total_profit,
      count(*) OVER () AS total
    FROM trader_applications a JOIN users u ON u.id = a.user_id
    WHERE ${status === undefined ? sql`true` : sql`a.status = ${status}`}
    ORDER BY a.id DESC
    LIMIT ${limit} OFFSET ${offset}
  `.execute(db);
  return rows;
}

export async function lockApplication(db: Executor, id: number) {
  return db.selectFrom('trader_applications').select(['id', 'user_id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function decideApplication(db: Executor, id: number, adminId: number, status: 1 | 2, remark: string, at: Date): Promise<void> {
  await db.updateTable('trader_applications').set({ status, remark, reviewed_by: adminId, decided_at: at }).where('id', '=', id).execute();
  if (status === 1) await db.updateTable('users').set({ is_trader: true }).where('id', '=', (await lockApplication(db, id))!.user_id).execute();
}
