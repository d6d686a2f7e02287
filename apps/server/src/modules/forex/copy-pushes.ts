import type { ForexFollowTradePush } from '@tp/contracts';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Bus } from '../../realtime/bus.js';
import { publishPush } from '../../realtime/typed-bus.js';
import type { OrderRow } from './forex.repository.js';

/**
 * FOREX_FOLLOW_TRADE: a copy (an order with origin_id > 0) opened, moved with the price or closed,
 * told to its follower and to the trader it copies. Pushed after commit by whoever changed the
 * copy - the replication (open, the trader's close), the engine (the copy's own stop loss, take
 * profit or stop-out, and its floating profit at FOREX_TRADE's cadence), an HTTP close (the
 * follower's early close). Best effort like every push: the pages re-read on the next one.
 */
export type CopyTradeOrder = ForexFollowTradePush['TransOrder'][number];

export interface CopyTradeChange {
  traderId: number;
  followerId: number;
  order: CopyTradeOrder;
}

/** The traders (user ids) of trader orders, by order id: a copy's origin_id names its trader's order. */
export async function tradersOfOrders(db: Executor, originIds: readonly number[]): Promise<Map<number, number>> {
  const ids = [...new Set(originIds.filter((id) => id > 0))];
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: number; user_id: number }>`SELECT id, user_id FROM forex_orders WHERE id = ANY(${sql.val(ids)}::int[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r.user_id]));
}

type CopyRowFields = Pick<OrderRow, 'id' | 'user_id' | 'origin_id' | 'price' | 'update_price' | 'fact_profits' | 'status'>;

/** The copy changes of rows just written (the copies among them; other orders are skipped). */
export async function copyChangesOf(db: Executor, rows: readonly CopyRowFields[]): Promise<CopyTradeChange[]> {
  const copies = rows.filter((r) => r.origin_id > 0);
  if (copies.length === 0) return [];
  const traders = await tradersOfOrders(db, copies.map((r) => r.origin_id));
  return copies.flatMap((r) => {
    const traderId = traders.get(r.origin_id);
    if (traderId === undefined) return [];
    return [{ traderId, followerId: r.user_id, order: { Id: r.id, UpdatePrice: r.update_price ?? r.price, FactProfits: r.fact_profits ?? '0', Status: r.status } }];
  });
}

/**
 * One push per (trader, follower) pair to each of the two, with every changed copy of the pair:
 * however many copies changed at once, a pair costs two messages.
 */
export function publishCopyTrades(bus: Bus, changes: readonly CopyTradeChange[]): void {
  const pairs = new Map<string, { traderId: number; followerId: number; orders: CopyTradeOrder[] }>();
  for (const c of changes) {
    const key = `${c.traderId}:${c.followerId}`;
    const pair = pairs.get(key);
    if (pair) pair.orders.push(c.order);
    else pairs.set(key, { traderId: c.traderId, followerId: c.followerId, orders: [c.order] });
  }
  for (const p of pairs.values()) {
    const payload: ForexFollowTradePush = { user_id: p.traderId, follower_id: p.followerId, TransOrder: p.orders };
    publishPush(bus, 'FOREX_FOLLOW_TRADE', payload, p.followerId);
    publishPush(bus, 'FOREX_FOLLOW_TRADE', payload, p.traderId);
  }
}

/** The copy changes of orders by id, as written now (a demo reset closes its copies among its other orders). */
export async function copyChangesOfIds(db: Executor, ids: readonly number[]): Promise<CopyTradeChange[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<CopyRowFields>`
    SELECT id, user_id, origin_id, price, update_price, fact_profits, status FROM forex_orders WHERE id = ANY(${sql.val([...ids])}::int[]) AND origin_id > 0
  `.execute(db);
  return copyChangesOf(db, rows);
}
