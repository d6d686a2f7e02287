import { sql } from 'kysely';
import { ACCOUNT_TYPES, type ForexOrder, type ForexSubmitInput } from '@tp/contracts';
import type { Db } from '../../db/database.js';
import type { Bus } from '../../realtime/bus.js';
import { feeShardCodeSql } from './fee-shards.js';
import { publishClosed, publishOrderChanged } from './forex-events.js';
import * as repo from './forex.repository.js';
import * as service from './forex.service.js';

/**
 * Orders the platform places and closes for one of its own accounts (the sample traders): the same
 * service.submit and closeByUser a user's request runs - the same checks, prices, ledger post and
 * pushes after commit - from a read by user id instead of a request's token. The caller is the
 * engine leader's job, never a request.
 */

/** What submit reads, for an active user: the symbol, its newest stored tick, the fee setting and the user's contract account. */
async function contextOf(db: Db, userId: number, symbolId: number): Promise<repo.SubmitContextRead | undefined> {
  const { rows } = await sql<repo.SubmitContextRead>`
    SELECT sy.id, sy.code, sy.show_code, sy.price_precision, sy.pip, sy.min_cont, sy.max_cont, sy.cont_num, sy.fee_rate, sy.spread, sy.margin_mode,
      sy.leverages, sy.schedule, sy.xmin::text AS symbol_version, t.seq AS tick_seq, t.price AS tick_price, t.at AS tick_at,
      (SELECT value FROM settings WHERE key = 'trade_fee_type') AS fee_type,
      a.id AS account_id, a.currency_id,
      (SELECT h.id FROM ledger_accounts h WHERE h.system_code = ${sql.raw(feeShardCodeSql('u.is_demo', 'u.id'))} AND h.currency_id = a.currency_id) AS house_fee_id
    FROM users u
    JOIN trade_symbols sy ON sy.id = ${symbolId} AND sy.enabled
    CROSS JOIN LATERAL (SELECT id, currency_id FROM ledger_accounts WHERE user_id = u.id AND account_type = ${ACCOUNT_TYPES.forex}) a
    LEFT JOIN LATERAL (SELECT seq, price, at FROM ticks WHERE symbol_id = sy.id ORDER BY seq DESC LIMIT 1) t ON true
    WHERE u.id = ${userId} AND u.status = 1
  `.execute(db);
  return rows[0];
}

/** Places an order for the user as a request would (refusals are the request's refusals) and tells the trigger engine. */
export async function placeOrderFor(db: Db, bus: Bus, userId: number, input: ForexSubmitInput, now: Date, priceMaxAgeMs: number): Promise<ForexOrder> {
  const actor = { id: userId, isDemo: false };
  const ctx = await service.withFeeAccount(db, actor, await contextOf(db, userId, input.forex_id));
  const [orderId] = ctx ? await repo.reserveOrderIds(db, 1) : [];
  const order = await service.submit(db, actor, ctx && { ...ctx, order_id: orderId! }, input, now, priceMaxAgeMs);
  publishOrderChanged(bus, userId);
  return order;
}

/** Closes the user's open order at the newest stored tick, as the close request does; its copies follow in the engine's step. */
export async function closeOrderFor(db: Db, bus: Bus, userId: number, orderId: number, now: Date, priceMaxAgeMs: number): Promise<void> {
  const closed = await db.transaction().execute((trx) => service.closeByUser(trx, userId, orderId, now, priceMaxAgeMs));
  publishOrderChanged(bus, userId);
  publishClosed(bus, userId, [closed.id]);
}
