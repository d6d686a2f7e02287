import { sql } from 'kysely';
import { ALERT_STATUS } from '@tp/contracts';
import type { Executor } from '../../db/database.js';

/** The queries of the alerts module on its own table (price_alerts, 0037) and the symbol it names. */

const listColumns = [
  'a.id',
  'a.symbol_id',
  's.code',
  's.show_code',
  'a.direction',
  'a.price',
  'a.status',
  'a.created_at',
  'a.fired_at',
  'a.fired_price',
] as const;

export async function enabledSymbol(db: Executor, symbolId: number) {
  return db.selectFrom('trade_symbols').select(['id', 'code']).where('id', '=', symbolId).where('enabled', '=', true).executeTakeFirst();
}

/**
 * Serializes a user's alert creations (transaction-scoped), so two at once cannot both pass the
 * limit of waiting alerts.
 */
export async function lockUserAlerts(trx: Executor, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('price_alerts'), ${userId})`.execute(trx);
}

export async function countWaiting(db: Executor, userId: number): Promise<number> {
  const r = await db
    .selectFrom('price_alerts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', ALERT_STATUS.waiting)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertAlert(trx: Executor, row: { user_id: number; symbol_id: number; direction: number; price: string; created_at: Date }): Promise<number> {
  const r = await trx.insertInto('price_alerts').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function findOwn(db: Executor, userId: number, id: number) {
  return db
    .selectFrom('price_alerts as a')
    .innerJoin('trade_symbols as s', 's.id', 'a.symbol_id')
    .select(listColumns)
    .where('a.id', '=', id)
    .where('a.user_id', '=', userId)
    .executeTakeFirst();
}

export type AlertListRow = NonNullable<Awaited<ReturnType<typeof findOwn>>>;

interface ListFilter {
  status: number | undefined;
  symbolId: number | undefined;
}

function ownFiltered(db: Executor, userId: number, f: ListFilter) {
  let q = db.selectFrom('price_alerts as a').where('a.user_id', '=', userId);
  if (f.status !== undefined) q = q.where('a.status', '=', f.status);
  if (f.symbolId !== undefined) q = q.where('a.symbol_id', '=', f.symbolId);
  return q;
}

/** Waiting first, then newest first. */
export async function listOwn(db: Executor, userId: number, f: ListFilter, limit: number, offset: number): Promise<AlertListRow[]> {
  return ownFiltered(db, userId, f)
    .innerJoin('trade_symbols as s', 's.id', 'a.symbol_id')
    .select(listColumns)
    .orderBy('a.status')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countOwn(db: Executor, userId: number, f: ListFilter): Promise<number> {
  const r = await ownFiltered(db, userId, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Cancels the user's waiting alert; undefined when there is none (another user's, fired, cancelled). */
export async function cancelOwnWaiting(trx: Executor, userId: number, id: number, at: Date): Promise<number | undefined> {
  const r = await trx
    .updateTable('price_alerts')
    .set({ status: ALERT_STATUS.cancelled, cancelled_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '=', ALERT_STATUS.waiting)
    .returning('id')
    .executeTakeFirst();
  return r?.id;
}

const indexColumns = ['id', 'user_id', 'symbol_id', 'direction', 'price'] as const;

/** Every waiting alert (the engine's start-up build). */
export async function allWaiting(db: Executor) {
  return db.selectFrom('price_alerts').select(indexColumns).where('status', '=', ALERT_STATUS.waiting).execute();
}

/** One alert if it waits (a bus event named it). */
export async function waitingById(db: Executor, id: number) {
  return db.selectFrom('price_alerts').select(indexColumns).where('id', '=', id).where('status', '=', ALERT_STATUS.waiting).executeTakeFirst();
}

/** Waiting alerts created since `since` (the catch-up for a lost bus event). */
export async function waitingSince(db: Executor, since: Date) {
  return db.selectFrom('price_alerts').select(indexColumns).where('status', '=', ALERT_STATUS.waiting).where('created_at', '>=', since).execute();
}

/**
 * Marks the alert fired by this stored tick, if it still waits and the price truly reaches it (the
 * database's own decimal comparison): the guard that makes firing happen once, whatever the
 * engine's memory says after a restart or a change of leader.
 */
export async function markFired(trx: Executor, id: number, tick: { price: string; seq: number; at: Date }): Promise<{ id: number; user_id: number; symbol_id: number; direction: number; price: string } | undefined> {
  return trx
    .updateTable('price_alerts')
    .set({ status: ALERT_STATUS.fired, fired_at: tick.at, fired_price: tick.price, fired_seq: tick.seq })
    .where('id', '=', id)
    .where('status', '=', ALERT_STATUS.waiting)
    .where((eb) =>
      eb.or([
        eb.and([eb('direction', '=', 1), eb('price', '<=', tick.price)]),
        eb.and([eb('direction', '=', 2), eb('price', '>=', tick.price)]),
      ]),
    )
    .returning(['id', 'user_id', 'symbol_id', 'direction', 'price'])
    .executeTakeFirst();
}
