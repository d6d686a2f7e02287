import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

export async function listCategories(db: Executor) {
  return db.selectFrom('market_categories').select(['id', 'code', 'names']).orderBy('sort').orderBy('id').execute();
}

export async function listSymbols(db: Executor) {
  return db
    .selectFrom('trade_symbols')
    .select([
      'id', 'code', 'show_code', 'logo', 'category_id', 'price_precision', 'pip', 'min_cont', 'cont_num', 'fee_rate', 'spread',
      'margin_mode', 'leverages', 'schedule', 'initial_price',
    ])
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
export type SymbolRow = Awaited<ReturnType<typeof listSymbols>>[number];

export interface StoredQuoteRow {
  symbol_id: number;
  close: string;
  open: string;
  high: string;
  low: string;
  volume: string;
}

/**
 * The 24-hour quote of every symbol from the stored 1-minute candles: the day of trading before
 * each symbol's newest minute (what a process that does not run the engine answers from).
 */
export async function storedQuotes(db: Executor): Promise<StoredQuoteRow[]> {
  const { rows } = await sql<StoredQuoteRow>`
    SELECT s.id AS symbol_id, last.close, agg.open, agg.high, agg.low, agg.volume
    FROM trade_symbols s
    CROSS JOIN LATERAL (
      SELECT time, close FROM candles WHERE symbol_id = s.id AND period = 1 ORDER BY time DESC LIMIT 1
    ) last
    CROSS JOIN LATERAL (
      SELECT (array_agg(open ORDER BY time))[1] AS open, max(high) AS high, min(low) AS low, sum(volume) AS volume
      FROM candles
      WHERE symbol_id = s.id AND period = 1 AND time >= last.time - interval '24 hours'
    ) agg
    WHERE s.enabled
  `.execute(db);
  return rows;
}

/** The newest `limit` candles of a symbol and period, newest first. */
export async function recentCandles(db: Executor, symbolId: number, period: number, limit: number) {
  return db
    .selectFrom('candles')
    .select(['time', 'open', 'high', 'low', 'close', 'volume'])
    .where('symbol_id', '=', symbolId)
    .where('period', '=', period)
    .orderBy('time', 'desc')
    .limit(limit)
    .execute();
}

/** The newest `limit` closes of one period for each of the given symbols, newest first. */
export async function recentCloses(db: Executor, symbolIds: readonly number[], period: number, limit: number) {
  if (symbolIds.length === 0) return [];
  const { rows } = await sql<{ symbol_id: number; time: Date; close: string }>`
    SELECT s.id AS symbol_id, c.time, c.close
    FROM unnest(${sql.val([...symbolIds])}::int[]) AS s(id)
    CROSS JOIN LATERAL (
      SELECT time, close FROM candles WHERE symbol_id = s.id AND period = ${period} ORDER BY time DESC LIMIT ${limit}
    ) c
  `.execute(db);
  return rows;
}

/** The user's starred symbols that are enabled, in the order they were starred. */
export async function watchlist(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('watchlist as w')
    .innerJoin('trade_symbols as s', 's.id', 'w.symbol_id')
    .select('w.symbol_id')
    .where('w.user_id', '=', userId)
    .where('s.enabled', '=', true)
    .orderBy('w.created_at')
    .orderBy('w.symbol_id')
    .execute();
  return rows.map((r) => r.symbol_id);
}

/** Whether the symbol exists and is enabled (only those can be starred). */
export async function symbolEnabled(db: Executor, symbolId: number): Promise<boolean> {
  const row = await db.selectFrom('trade_symbols').select('id').where('id', '=', symbolId).where('enabled', '=', true).executeTakeFirst();
  return row !== undefined;
}

/** Stars a symbol; a second star of it keeps the first (and its place in the order). */
export async function addToWatchlist(db: Executor, userId: number, symbolId: number): Promise<void> {
  await db.insertInto('watchlist').values({ user_id: userId, symbol_id: symbolId }).onConflict((oc) => oc.columns(['user_id', 'symbol_id']).doNothing()).execute();
}

export async function removeFromWatchlist(db: Executor, userId: number, symbolId: number): Promise<void> {
  await db.deleteFrom('watchlist').where('user_id', '=', userId).where('symbol_id', '=', symbolId).execute();
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchCompanies(db: Executor, name: string, limit: number) {
  let q = db.selectFrom('companies').select(['id', 'name', 'logo', 'url', 'subject', 'registered_address', 'location', 'email']).where('enabled', '=', true);
  if (name !== '') q = q.where('name', 'ilike', likePattern(name));
  return q.orderBy('is_main', 'desc').orderBy('name').limit(limit).execute();
}

// ---------------------------------------------------------------------------------------------
// Admin console: symbol configuration. Every symbol, enabled or not (a disabled one is kept).

const ADMIN_SYMBOL_COLUMNS = [
  's.id', 's.code', 's.show_code', 's.category_id', 'c.code as category_code', 's.price_precision', 's.pip', 's.cont_num', 's.min_cont',
  's.max_cont', 's.fee_rate', 's.spread', 's.margin_mode', 's.leverages', 's.schedule', 's.enabled', 's.sort',
] as const;

export async function listSymbolsForAdmin(db: Executor) {
  return db
    .selectFrom('trade_symbols as s')
    .innerJoin('market_categories as c', 'c.id', 's.category_id')
    .select(ADMIN_SYMBOL_COLUMNS)
    .orderBy('s.sort')
    .orderBy('s.id')
    .execute();
}
export type AdminSymbolRow = Awaited<ReturnType<typeof listSymbolsForAdmin>>[number];

/** The symbol as it is, locked until the change commits: two staff changes of one symbol queue rather than overwrite each other's before. */
export async function lockSymbolForAdmin(db: Executor, id: number): Promise<AdminSymbolRow | undefined> {
  return db
    .selectFrom('trade_symbols as s')
    .innerJoin('market_categories as c', 'c.id', 's.category_id')
    .select(ADMIN_SYMBOL_COLUMNS)
    .where('s.id', '=', id)
    .forUpdate('s')
    .executeTakeFirst();
}

export interface SymbolChange {
  enabled?: boolean;
  spread?: string;
  fee_rate?: string;
  leverages?: number[];
  min_cont?: string;
  max_cont?: string | null;
  schedule?: 'forex' | 'always';
}

export async function updateSymbol(db: Executor, id: number, change: SymbolChange): Promise<void> {
  await db.updateTable('trade_symbols').set(change).where('id', '=', id).execute();
}
