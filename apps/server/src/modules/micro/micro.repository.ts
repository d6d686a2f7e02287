import { sql } from 'kysely';
import { MICRO_STATUS_RUNNING } from '@tp/contracts';
import type { Executor } from '../../db/database.js';

/** Options (micro): config and orders. One query per function. */

export async function listSecondsOptions(db: Executor) {
  return db
    .selectFrom('micro_seconds_options')
    .select(['id', 'seconds', 'profit_ratio', 'limit_amount'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('seconds')
    .execute();
}

export async function findSecondsOption(db: Executor, seconds: number) {
  return db
    .selectFrom('micro_seconds_options')
    .select(['id', 'seconds', 'profit_ratio', 'limit_amount'])
    .where('seconds', '=', seconds)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

export async function listAmountPresets(db: Executor) {
  return db.selectFrom('micro_amount_presets').select(['amount']).where('enabled', '=', true).orderBy('sort').orderBy('amount').execute();
}

export async function findTradableSymbol(db: Executor, id: number) {
  return db
    .selectFrom('trade_symbols')
    .select(['id', 'code', 'show_code', 'schedule', 'price_precision'])
    .where('id', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

/** The symbol's newest stored tick (the primary key walked backwards: one index probe). */
export async function lastStoredTick(db: Executor, symbolId: number) {
  return db
    .selectFrom('ticks')
    .select(['seq', 'price', 'at'])
    .where('symbol_id', '=', symbolId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface NewOrderRow {
  user_id: number;
  symbol_id: number;
  type: number;
  amount: string;
  seconds: number;
  profit_ratio: string;
  loss_level: number;
  open_price: string;
  entry_tick_seq: string;
  created_at: Date;
  expire_at: Date;
}

export async function insertOrder(db: Executor, row: NewOrderRow): Promise<string> {
  const { id } = await db.insertInto('micro_orders').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

const ORDER_COLUMNS = [
  'o.id',
  'o.user_id',
  'o.symbol_id',
  'o.type',
  'o.amount',
  'o.seconds',
  'o.profit_ratio',
  'o.loss_level',
  'o.open_price',
  'o.entry_tick_seq',
  'o.end_price',
  'o.exit_tick_seq',
  'o.fact_profits',
  'o.status',
  'o.close_type',
  'o.created_at',
  'o.expire_at',
  'o.complete_at',
  's.code',
  's.show_code',
  's.price_precision',
] as const;

export async function findOrder(db: Executor, id: string) {
  return db
    .selectFrom('micro_orders as o')
    .innerJoin('trade_symbols as s', 's.id', 'o.symbol_id')
    .select(ORDER_COLUMNS)
    .where('o.id', '=', id)
    .executeTakeFirst();
}
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

export async function countUserOrders(db: Executor, userId: number, status: number): Promise<number> {
  const row = await db
    .selectFrom('micro_orders')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of the user's orders in one status, newest first. */
export async function listUserOrders(db: Executor, userId: number, status: number, limit: number, offset: number): Promise<OrderRow[]> {
  return db
    .selectFrom('micro_orders as o')
    .innerJoin('trade_symbols as s', 's.id', 'o.symbol_id')
    .select(ORDER_COLUMNS)
    .where('o.user_id', '=', userId)
    .where('o.status', '=', status)
    .orderBy('o.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** What the settler needs of a running order (its queue entry). */
export interface RunningOrderRow {
  id: string;
  user_id: number;
  symbol_id: number;
  type: number;
  amount: string;
  profit_ratio: string;
  loss_level: number;
  open_price: string;
  entry_tick_seq: string;
  expire_at: Date;
  account_id: number;
  show_code: string;
  price_precision: number;
}

/**
 * Every running order with its user's options account (the partial index on expire_at); with
 * `expiredBefore`, only those that expired before that time. It reads the ledger's accounts in the
 * same statement on purpose: the settler rebuilds its queue from this on every engine start, and
 * one join beats a second query per batch of orders. Money still moves only through post().
 */
export async function listRunningOrders(db: Executor, accountType: number, expiredBefore?: Date): Promise<RunningOrderRow[]> {
  let q = db
    .selectFrom('micro_orders as o')
    .innerJoin('trade_symbols as s', 's.id', 'o.symbol_id')
    .innerJoin('ledger_accounts as a', (j) => j.onRef('a.user_id', '=', 'o.user_id').on('a.account_type', '=', accountType))
    .select(['o.id', 'o.user_id', 'o.symbol_id', 'o.type', 'o.amount', 'o.profit_ratio', 'o.loss_level', 'o.open_price', 'o.entry_tick_seq', 'o.expire_at', 'a.id as account_id', 's.show_code', 's.price_precision'])
    .where('o.status', '=', 1);
  if (expiredBefore) q = q.where('o.expire_at', '<', expiredBefore);
  return q.orderBy('o.expire_at').execute();
}

export interface ExitTick {
  orderId: string;
  seq: string;
  price: string;
  at: Date;
}

/**
 * For each order, the first stored tick of its symbol at or after its expiry (and after its entry
 * tick). Walks the (symbol_id, seq) primary key forward from the entry tick, so it reads only the
 * ticks of the option's own lifetime. Orders whose exit tick is not stored yet are left out.
 */
export async function firstTicksAtOrAfter(
  db: Executor,
  orders: readonly { id: string; symbolId: number; entrySeq: string; expireAtMs: number }[],
): Promise<ExitTick[]> {
  if (orders.length === 0) return [];
  const { rows } = await sql<{ id: string; seq: string; price: string; at: Date }>`
    SELECT o.id::text AS id, t.seq::text AS seq, t.price::text AS price, t.at
    FROM unnest(${orders.map((o) => o.id)}::bigint[], ${orders.map((o) => o.symbolId)}::int[], ${orders.map((o) => o.entrySeq)}::bigint[], ${orders.map((o) => new Date(o.expireAtMs).toISOString())}::timestamptz[])
      AS o(id, symbol_id, entry_seq, expire_at)
    CROSS JOIN LATERAL (
      SELECT seq, price, at FROM ticks
      WHERE symbol_id = o.symbol_id AND seq > o.entry_seq AND at >= o.expire_at
      ORDER BY seq LIMIT 1
    ) t
  `.execute(db);
  return rows.map((r) => ({ orderId: r.id, seq: r.seq, price: r.price, at: r.at }));
}

export interface SettledRow {
  id: string;
  endPrice: string;
  exitSeq: string;
  factProfits: string;
  completeAt: Date;
}

/**
 * Closes running orders at their exit ticks in one statement. `WHERE status = 1` makes each
 * settlement happen exactly once: an order already closed (by an earlier run, another engine, a
 * demo reset) is not returned, and the caller moves money only for the ids returned.
 */
export async function closeSettled(db: Executor, rows: readonly SettledRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const { rows: done } = await sql<{ id: string }>`
    UPDATE micro_orders o
    SET status = 3, close_type = 1, end_price = d.end_price, exit_tick_seq = d.exit_seq, fact_profits = d.fact_profits, complete_at = d.complete_at
    FROM unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.endPrice)}::numeric[], ${rows.map((r) => r.exitSeq)}::bigint[],
                ${rows.map((r) => r.factProfits)}::numeric[], ${rows.map((r) => r.completeAt.toISOString())}::timestamptz[])
      AS d(id, end_price, exit_seq, fact_profits, complete_at)
    WHERE o.id = d.id AND o.status = 1
    RETURNING o.id::text AS id
  `.execute(db);
  return done.map((r) => r.id);
}

/** A demo reset closes the user's running options without a result; the reset takes the stakes. */
export async function voidRunningOrders(db: Executor, userId: number, at: Date): Promise<number> {
  const result = await db
    .updateTable('micro_orders')
    .set({ status: 3, close_type: 2, fact_profits: '0', complete_at: at })
    .where('user_id', '=', userId)
    .where('status', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Running options per symbol: they settle at their symbol's next tick (admin console). */
export async function runningOrdersBySymbol(db: Executor): Promise<Map<number, number>> {
  const rows = await db.selectFrom('micro_orders').select(['symbol_id', sql<string>`count(*)`.as('n')]).where('status', '=', 1).groupBy('symbol_id').execute();
  return new Map(rows.map((r) => [r.symbol_id, Number(r.n)]));
}

/** The stakes of running options, per user (the holds check: they are held on the options account). */
export async function heldByRunningOrders(db: Executor): Promise<{ user_id: number; amount: string }[]> {
  return db.selectFrom('micro_orders').select(['user_id', sql<string>`sum(amount)::text`.as('amount')]).where('status', '=', MICRO_STATUS_RUNNING).groupBy('user_id').execute();
}
