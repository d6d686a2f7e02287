import { sql, type Selectable } from 'kysely';
import { FOREX_CLOSE_TYPE, FOREX_STATUS } from '@tp/contracts';
import { preparedQuery, type Db, type Executor } from '../../db/database.js';
import type { ForexOrdersTable } from '../../db/schema.js';
import { ANSWER_RECORD } from '../../db/idempotency-record.js';
import { ReadBatch, readBatchOf } from '../../db/read-batch.js';
import { GroupCommitter, postWithCompanionsStatement } from '../ledger/index.js';
import type { LiveSession } from '../../http/auth.js';
import { LIVE_SESSION_COLUMNS, liveSessionHolds, liveSessionJoin } from '../../http/session-lookup.js';
import { feeShardCodeSql } from './fee-shards.js';

/** Reads and writes of forex orders: one query per function. */

/**
 * A symbol an order names, enabled or not: a symbol staff disabled is close-only, so what is held
 * on it can still be closed and its stops changed (new orders are refused in the submit's read).
 */
export async function findSymbol(db: Executor, symbolId: number) {
  return db
    .selectFrom('trade_symbols')
    .select(['id', 'code', 'show_code', 'price_precision', 'pip', 'min_cont', 'cont_num', 'fee_rate', 'spread', 'margin_mode', 'leverages', 'schedule', 'enabled'])
    .where('id', '=', symbolId)
    .executeTakeFirst();
}

/** Whether the symbol exists and staff disabled it (close-only): a submit on it gets its own refusal. */
export async function isSymbolDisabled(db: Executor, symbolId: number): Promise<boolean> {
  const row = await db.selectFrom('trade_symbols').select('enabled').where('id', '=', symbolId).executeTakeFirst();
  return row !== undefined && !row.enabled;
}
export type ForexSymbolRow = NonNullable<Awaited<ReturnType<typeof findSymbol>>>;

export interface TickRef {
  seq: string;
  price: string;
  at: Date;
}

/** The newest stored tick of a symbol: the price every HTTP-side order action uses. */
export async function lastStoredTick(db: Executor, symbolId: number): Promise<TickRef | undefined> {
  return db.selectFrom('ticks').select(['seq', 'price', 'at']).where('symbol_id', '=', symbolId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
}

/** The newest stored tick of each symbol given. */
export async function lastStoredTicks(db: Executor, symbolIds: readonly number[]): Promise<Map<number, TickRef>> {
  if (symbolIds.length === 0) return new Map();
  const { rows } = await sql<{ symbol_id: number; seq: string; price: string; at: Date }>`
    SELECT s.id AS symbol_id, t.seq, t.price, t.at
    FROM unnest(${sql.val([...symbolIds])}::int[]) AS s(id)
    CROSS JOIN LATERAL (SELECT seq, price, at FROM ticks WHERE symbol_id = s.id ORDER BY seq DESC LIMIT 1) t
  `.execute(db);
  return new Map(rows.map((r) => [r.symbol_id, { seq: r.seq, price: r.price, at: r.at }]));
}

export type NewOrder = {
  user_id: number;
  symbol_id: number;
  order_type: number;
  is_pending: boolean;
  quantity: string;
  cont_num: string;
  spread: string;
  origin_price: string;
  price: string;
  caution_money: string;
  trade_fee: string;
  multiple: number;
  target_loss_price: string;
  target_profit_price: string;
  target_price: string | null;
  status: number;
  open_tick_seq: string | null;
  is_demo: boolean;
  filled_at: Date | null;
};

const ORDER_COLUMNS = [
  'id', 'user_id', 'symbol_id', 'origin_id', 'order_type', 'is_pending', 'quantity', 'cont_num', 'spread', 'origin_price', 'price', 'update_price',
  'fact_profits', 'caution_money', 'trade_fee', 'multiple', 'target_loss_price', 'target_profit_price', 'target_price', 'status', 'close_type',
  'open_tick_seq', 'close_tick_seq', 'is_demo', 'created_at', 'filled_at', 'closed_at',
] as const;

const NEW_ORDER_FIELDS = [
  'user_id', 'symbol_id', 'order_type', 'is_pending', 'quantity', 'cont_num', 'spread', 'origin_price', 'price', 'caution_money', 'trade_fee',
  'multiple', 'target_loss_price', 'target_profit_price', 'target_price', 'status', 'open_tick_seq', 'is_demo', 'filled_at',
] as const satisfies readonly (keyof NewOrder)[];

/** The row as the database gives it back (the columns of ORDER_COLUMNS), typed from the schema. */
export type OrderRow = Pick<Selectable<ForexOrdersTable>, (typeof ORDER_COLUMNS)[number]>;

/**
 * A new order is inserted by the statement of its ledger post (margin and fee), in one round trip
 * and with no transaction around it: the order row only if the post goes through, under the id
 * readSubmit reserved (so the caller builds the order's answer before writing), and - with an
 * Idempotency-Key - the request's recorded answer in the same statement. Every submit runs one
 * of the two: prepared statements (see preparedQuery).
 */
const ORDER_COMPANION = { table: 'forex_orders', columns: ['id', ...NEW_ORDER_FIELDS, 'created_at'], overridingSystemValue: true };

/**
 * What a submit priced from its cached context (submit-context.ts) needs to still hold when it is
 * written, checked in the write's own statement: the session live and its user active, the symbol
 * enabled and unchanged since it was read (its row version), the fee setting unchanged, and the
 * tick priced still the symbol's newest stored one. The guard value `g` is a SubmitGuard; a submit
 * from a fresh read passes JSON null (no condition, as before the cache).
 */
// Scalar subqueries, each a primary-key lookup per submit: an EXISTS may be planned as one hashed
// scan of the whole table instead.
export const SUBMIT_GUARD = `${liveSessionHolds(`(g->>'session_id')::int`)}
      AND (SELECT sy.xmin::text FROM trade_symbols sy WHERE sy.id = (g->>'symbol_id')::int AND sy.enabled) = g->>'symbol_version'
      AND (SELECT value FROM settings WHERE key = 'trade_fee_type') IS NOT DISTINCT FROM g->>'fee_type'
      AND (SELECT max(seq) FROM ticks WHERE symbol_id = (g->>'symbol_id')::int) = (g->>'tick_seq')::bigint`;

/** The guard value of a submit from the cached context (SUBMIT_GUARD). */
export interface SubmitGuard {
  session_id: number;
  symbol_id: number;
  symbol_version: string;
  fee_type: string | null;
  tick_seq: string;
}

export const insertOrderWithPost = postWithCompanionsStatement('forex_open', [ORDER_COMPANION], SUBMIT_GUARD);
export const insertOrderWithPostAndAnswer = postWithCompanionsStatement('forex_open_answered', [ORDER_COMPANION, ANSWER_RECORD], SUBMIT_GUARD);

const committers = new WeakMap<Db, GroupCommitter>();

/**
 * Order submits of one database written in batches (ledger GroupCommitter): the order row and,
 * with an Idempotency-Key, the answer are each action's companion rows, as in the one-statement
 * path above (which a batch of one, and a failed batch, still take).
 */
export function orderCommitter(db: Db): GroupCommitter {
  let committer = committers.get(db);
  if (!committer) {
    committer = new GroupCommitter(db, 'forex_open_batch', [ORDER_COMPANION, ANSWER_RECORD], SUBMIT_GUARD);
    committers.set(db, committer);
  }
  return committer;
}

/** The new order as a row for orderCommitter, column -> value. */
export function newOrderRow(id: number, row: NewOrder, createdAt: Date): Record<string, unknown> {
  const values = newOrderValues(id, row, createdAt);
  return Object.fromEntries(ORDER_COMPANION.columns.map((c, i) => [c, values[i]]));
}

/** The new order's column values, in the order ORDER_COMPANION takes them. */
export function newOrderValues(id: number, row: NewOrder, createdAt: Date): unknown[] {
  return [id, ...NEW_ORDER_FIELDS.map((f) => row[f]), createdAt];
}

/** The row insertOrderWithPost writes for a new order, as the database would give it back. */
export function insertedOrderRow(id: number, row: NewOrder, createdAt: Date): OrderRow {
  return { ...row, id, origin_id: 0, update_price: null, fact_profits: null, close_type: null, close_tick_seq: null, created_at: createdAt, closed_at: null };
}

/** One order of one user, locked: another user's id is simply not found. */
export async function lockOwnOrder(db: Executor, userId: number, orderId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('forex_orders').select(ORDER_COLUMNS).where('id', '=', orderId).where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

export async function findOrder(db: Executor, orderId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('forex_orders').select(ORDER_COLUMNS).where('id', '=', orderId).executeTakeFirst();
}

/**
 * Closes a holding order, guarded by its status: 0 rows means someone else (the user, the engine,
 * a stop-out) closed it first, and the caller must not settle it again.
 */
export async function markClosed(
  db: Executor,
  orderId: number,
  set: { update_price: string; fact_profits: string; close_type: number; close_tick_seq: string | number; closed_at: Date },
): Promise<OrderRow | undefined> {
  return db.updateTable('forex_orders').set({ ...set, status: FOREX_STATUS.closed }).where('id', '=', orderId).where('status', '=', FOREX_STATUS.holding).returning(ORDER_COLUMNS).executeTakeFirst();
}

export async function markCancelled(db: Executor, orderId: number, at: Date): Promise<OrderRow | undefined> {
  return db
    .updateTable('forex_orders')
    .set({ status: FOREX_STATUS.cancelled, close_type: FOREX_CLOSE_TYPE.user, closed_at: at })
    .where('id', '=', orderId)
    .where('status', '=', FOREX_STATUS.pending)
    .returning(ORDER_COLUMNS)
    .executeTakeFirst();
}

/** Fills a pending order at a tick, guarded by its status (a concurrent cancel wins or loses cleanly). */
export async function markFilled(
  db: Executor,
  orderId: number,
  set: { origin_price: string; price: string; open_tick_seq: string | number; filled_at: Date },
): Promise<OrderRow | undefined> {
  return db.updateTable('forex_orders').set({ ...set, status: 1 }).where('id', '=', orderId).where('status', '=', 0).returning(ORDER_COLUMNS).executeTakeFirst();
}

export async function updateStops(db: Executor, orderId: number, stopLoss: string, takeProfit: string): Promise<OrderRow | undefined> {
  return db
    .updateTable('forex_orders')
    .set({ target_loss_price: stopLoss, target_profit_price: takeProfit })
    .where('id', '=', orderId)
    .where('status', '=', 1)
    .returning(ORDER_COLUMNS)
    .executeTakeFirst();
}

/**
 * my_deal tab: statuses of the tab, newest first - for history (closed and cancelled) the newest
 * close, otherwise the newest placed. Placed is created_at, not the id: with several server
 * processes each numbers its orders from its own block of ids (submit-context.ts), so ids
 * interleave between processes. A user's open orders are few, so the sort costs nothing.
 */
export async function listOrders(db: Executor, userId: number, statuses: readonly number[], limit: number, offset: number): Promise<OrderRow[]> {
  const history = statuses.every((s) => s === 3 || s === 4);
  const q = db.selectFrom('forex_orders').select(ORDER_COLUMNS).where('user_id', '=', userId).where('status', 'in', [...statuses]);
  const newest = history ? q.orderBy('closed_at', (o) => o.desc().nullsLast()) : q.orderBy('created_at', 'desc');
  return newest.orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countAndProfit(db: Executor, userId: number, statuses: readonly number[]): Promise<{ total: number; profit: string }> {
  const row = await db
    .selectFrom('forex_orders')
    .select([sql<string>`count(*)`.as('total'), sql<string>`coalesce(sum(fact_profits), 0)::text`.as('profit')])
    .where('user_id', '=', userId)
    .where('status', 'in', [...statuses])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), profit: row.profit };
}

/** Every open (pending or holding) order of a user, oldest first. */
export async function openOrdersOfUser(db: Executor, userId: number): Promise<OrderRow[]> {
  return db.selectFrom('forex_orders').select(ORDER_COLUMNS).where('user_id', '=', userId).where('status', 'in', [0, 1]).orderBy('id').execute();
}

/** Every open order of some users, oldest first, by user (the engine's re-read of many users at once). */
export async function openOrdersOfUsers(db: Executor, userIds: readonly number[]): Promise<Map<number, OrderRow[]>> {
  const byUser = new Map<number, OrderRow[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db.selectFrom('forex_orders').select(ORDER_COLUMNS).where('user_id', 'in', [...userIds]).where('status', 'in', [0, 1]).orderBy('id').execute();
  for (const r of rows) {
    const list = byUser.get(r.user_id);
    if (list) list.push(r);
    else byUser.set(r.user_id, [r]);
  }
  return byUser;
}

/** Every open order (the engine's rebuild), via the partial index. */
export async function allOpenOrders(db: Executor): Promise<OrderRow[]> {
  return db.selectFrom('forex_orders').select(ORDER_COLUMNS).where('status', 'in', [0, 1]).orderBy('id').execute();
}

export async function symbolsMeta(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('trade_symbols').select(['id', 'code', 'show_code', 'price_precision']).where('id', 'in', [...ids]).execute();
}

/** The contract (forex) accounts of users: available and held. */
export async function contractAccounts(db: Executor, userIds: readonly number[], accountType: number) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'user_id', 'balance', 'lock_balance'])
    .where('user_id', 'in', [...userIds])
    .where('account_type', '=', accountType)
    .execute();
}

export interface SubmitContextRow {
  id: number;
  code: string;
  show_code: string;
  price_precision: number;
  pip: string;
  min_cont: string;
  /** The symbol's most lots per order; null: none of its own. */
  max_cont: string | null;
  cont_num: string;
  fee_rate: string;
  spread: string;
  margin_mode: number;
  leverages: number[];
  schedule: 'forex' | 'always';
  /** The symbol row's version (xmin) when read: SUBMIT_GUARD tells whether it has changed since. */
  symbol_version: string;
  tick_seq: string | null;
  tick_price: string | null;
  /** When the newest stored tick was stamped: nothing is priced from it once older than PRICE_MAX_AGE_MS. */
  tick_at: Date | null;
  fee_type: string | null;
  account_id: number;
  currency_id: number;
  house_fee_id: number | null;
  /** The id the new order will have: reserved before (reserveOrderIds), so its answer is known before the write. */
  order_id: number;
}

/** What a submit's read finds of its context (the order id comes from the reserved ids). */
export type SubmitContextRead = Omit<SubmitContextRow, 'order_id'>;

/** A submit's read: the live session of its token, and its context when the symbol and the account exist. */
export interface SubmitRead {
  session: LiveSession;
  ctx: SubmitContextRead | undefined;
}

type SubmitReadRow = LiveSession & { n: string } & { [K in keyof SubmitContextRead]: SubmitContextRead[K] | null };

/**
 * Everything a submit reads, in one round trip: the token's live session and its user (the token
 * check itself, http/session-lookup.ts's rule: this route checks the session in its own read), the
 * symbol (with its row version), its newest stored tick, the fee setting, the user's contract
 * account and the house account the fee goes to. A token without a live session answers no row; a live one whose symbol or account
 * is missing answers its session with an empty context. Submit is the hottest money path; each
 * round trip is a noticeable share of its time, so the reads of concurrent submits share one
 * statement (db/read-batch.ts): each parameter is an array, one element per submit, and each row
 * carries its submit's ordinal `n`.
 */
const submitReadStatement = preparedQuery<SubmitReadRow>(
  'forex_submit_read',
  `SELECT q.n, ${LIVE_SESSION_COLUMNS}, c.*
   FROM unnest($1::text[], $2::int[], $3::int[]) WITH ORDINALITY AS q(token_hash, symbol_id, account_type, n)
   ${liveSessionJoin('q.token_hash')}
   LEFT JOIN LATERAL (
     SELECT sy.id, sy.code, sy.show_code, sy.price_precision, sy.pip, sy.min_cont, sy.max_cont, sy.cont_num, sy.fee_rate, sy.spread, sy.margin_mode,
       sy.leverages, sy.schedule, sy.xmin::text AS symbol_version, t.seq AS tick_seq, t.price AS tick_price, t.at AS tick_at,
       (SELECT value FROM settings WHERE key = 'trade_fee_type') AS fee_type,
       a.id AS account_id, a.currency_id,
       (SELECT h.id FROM ledger_accounts h WHERE h.system_code = ${feeShardCodeSql('u.is_demo', 'u.id')} AND h.currency_id = a.currency_id) AS house_fee_id
     FROM trade_symbols sy
     CROSS JOIN LATERAL (SELECT id, currency_id FROM ledger_accounts WHERE user_id = u.id AND account_type = q.account_type) a
     LEFT JOIN LATERAL (SELECT seq, price, at FROM ticks WHERE symbol_id = sy.id ORDER BY seq DESC LIMIT 1) t ON true
     WHERE sy.id = q.symbol_id AND sy.enabled
   ) c ON true
   ORDER BY q.n`,
);
// The one deliberate exception to "a repository reads its own module's tables": this hot path
// reads the sessions, the ledger's accounts and the settings in the same statement as its own
// symbol and tick, for speed (one round trip instead of five). Writes still go through the
// ledger's post().

const submitReads = new WeakMap<Db, ReadBatch<SubmitReadRow>>();

/** The submits' read group of a database (the order-submit benchmark reports it). */
export function submitReadBatch(db: Db) {
  return readBatchOf(submitReads, db, submitReadStatement);
}

/** The submit's read (shared with concurrent submits' reads); undefined when the token has no live session. */
export async function readSubmit(db: Db, tokenHash: string, symbolId: number, accountType: number): Promise<SubmitRead | undefined> {
  const row = await readBatchOf(submitReads, db, submitReadStatement).read([tokenHash, symbolId, accountType]);
  if (!row) return undefined;
  const { session_id, user_id, is_demo, n: _n, ...context } = row;
  return { session: { session_id, user_id, is_demo }, ctx: context.id === null ? undefined : (context as SubmitContextRead) };
}

/** Order ids reserved ahead (a submit from the cached context takes one without a round trip). */
export async function reserveOrderIds(db: Executor, count: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT nextval('forex_orders_id_seq')::int AS id FROM generate_series(1, ${count}::int)`.execute(db);
  return rows.map((r) => r.id);
}

/** Open orders (pending or holding) per symbol: what a disabled symbol leaves unpriced (admin console). */
export async function openOrdersBySymbol(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('forex_orders')
    .select(['symbol_id', sql<string>`count(*)`.as('n')])
    .where('status', 'in', [FOREX_STATUS.pending, FOREX_STATUS.holding])
    .groupBy('symbol_id')
    .execute();
  return new Map(rows.map((r) => [r.symbol_id, Number(r.n)]));
}

/** The trader side of copies (orders with origin_id > 0): the trader order's fill, status and close, and who the trader is. */
export interface TraderOrderOfCopy {
  id: number;
  trader_id: number;
  trader_uid: string;
  trader_email: string | null;
  price: string;
  status: number;
  update_price: string | null;
}

/** Of these closed copies, those their trader's close closed (follow_copies.closed_by_trader): the rest the follower closed. */
export async function copiesClosedByTrader(db: Executor, copyIds: readonly number[]): Promise<Set<number>> {
  if (copyIds.length === 0) return new Set();
  const rows = await db.selectFrom('follow_copies').select('copy_order_id').where('copy_order_id', 'in', [...copyIds]).where('closed_by_trader', '=', true).execute();
  return new Set(rows.map((r) => r.copy_order_id!));
}

export async function traderOrdersOf(db: Executor, originIds: readonly number[]): Promise<Map<number, TraderOrderOfCopy>> {
  if (originIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('forex_orders as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id as trader_id', 'u.uid as trader_uid', 'u.email as trader_email', 't.price', 't.status', 't.update_price'])
    .where('t.id', 'in', [...originIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The margin of pending, holding and closing orders, per user (the holds check: held on the contract account). */
export async function heldByOpenOrders(db: Executor): Promise<{ user_id: number; amount: string }[]> {
  return db
    .selectFrom('forex_orders')
    .select(['user_id', sql<string>`sum(caution_money)::text`.as('amount')])
    .where('status', 'in', [FOREX_STATUS.pending, FOREX_STATUS.holding, FOREX_STATUS.closing])
    .groupBy('user_id')
    .execute();
}
