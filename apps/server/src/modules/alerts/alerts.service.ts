import { MAX_WAITING_ALERTS, type PriceAlert } from '@tp/contracts';
import { Decimal } from '@tp/domain';
import type { Db, Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';
import * as repo from './alerts.repository.js';

/** A stored NUMERIC as the user typed it: no trailing zeros of the column's scale. */
const plain = (v: string) => new Decimal(v).toFixed();

export function toWire(r: repo.AlertListRow): PriceAlert {
  return {
    id: r.id,
    forex_id: r.symbol_id,
    code: r.code,
    show_code: r.show_code,
    direction: r.direction,
    price: plain(r.price),
    status: r.status,
    created_at: wireDateTime(r.created_at),
    fired_at: r.fired_at ? wireDateTime(r.fired_at) : null,
    fired_price: r.fired_price === null ? null : plain(r.fired_price),
  };
}

export interface CreateAlert {
  forex_id: number;
  direction: number;
  price: string;
}

/**
 * Creates a waiting alert on an enabled symbol; refused past MAX_WAITING_ALERTS waiting ones (the
 * count and the insert under the user's lock, so two at once cannot pass it together). An alert
 * the market already reached fires on the next stored tick.
 */
export async function create(trx: Executor, userId: number, input: CreateAlert, now: Date): Promise<PriceAlert> {
  const symbol = await repo.enabledSymbol(trx, input.forex_id);
  if (!symbol) refuse('not_found');
  await repo.lockUserAlerts(trx, userId);
  if ((await repo.countWaiting(trx, userId)) >= MAX_WAITING_ALERTS) refuse('alert_limit', { max: String(MAX_WAITING_ALERTS) });
  // created_at from the app's clock, which the engine's catch-up reads by.
  const id = await repo.insertAlert(trx, { user_id: userId, symbol_id: symbol.id, direction: input.direction, price: input.price, created_at: now });
  return toWire((await repo.findOwn(trx, userId, id))!);
}

export async function cancel(trx: Executor, userId: number, id: number, now: Date): Promise<PriceAlert> {
  const cancelled = await repo.cancelOwnWaiting(trx, userId, id, now);
  if (cancelled === undefined) refuse('alert_not_found');
  return toWire((await repo.findOwn(trx, userId, id))!);
}

export async function list(db: Db, userId: number, q: { page: number; status?: number | undefined; forex_id?: number | undefined }) {
  const filter = { status: q.status, symbolId: q.forex_id };
  const { limit, offset } = pageWindow(q.page);
  const [rows, total] = await Promise.all([repo.listOwn(db, userId, filter, limit, offset), repo.countOwn(db, userId, filter)]);
  return paged(rows.map(toWire), total, q.page);
}
