import { sql, type Transaction } from 'kysely';
import { pgErrorCode, retryingConflicts, type DB, type Db, type Executor } from '../db/database.js';
import type { EngineLog } from './engine-log.js';

/*
 * One account must never stop a batch for everyone. A batch job (option settlement, fund
 * incomes, trigger closes, copy replication, the scheduled jobs) settles each item in a savepoint
 * of its transaction, or in a transaction of its own: an item that cannot settle is rolled back
 * alone and set aside with its reason, and every other item goes through in the same run. A
 * set-aside item stays where it was (an option running, an income due) and is tried again on a
 * later run, no sooner than its job's retry period; `set_aside_items` keeps one row per
 * (job, item) with its attempts, first and last time and last reason - staff see it on the
 * dashboard - and the row goes when the item settles.
 */

/** A set-aside item is tried again no sooner than this after its last failure (the sweeps' period). */
export const SET_ASIDE_RETRY_MS = 10_000;

/** How often an item settled in its own transaction is run again after a deadlock or serialization failure. */
const ITEM_CONFLICT_RETRIES = 2;

/** Failures recorded by this process (setAsideRecordedTotal). */
let recorded = 0;

/** Rows of one listing (the dashboard): the newest failures first. */
const LIST_LIMIT = 100;

/** Items named in one line of the log when a run sets several aside. */
const LOGGED_ITEMS = 5;

/**
 * Whether an error is the item's own (its account cannot pay, its row breaks a constraint, its
 * data trips a bug) rather than the run's: a lost connection, a deadlock or serialization
 * failure, a cancelled statement, the server shutting down, a deposed engine's write (the
 * platform's own TP class) would fail every item alike. Those are rethrown, so the run fails as a
 * whole and is retried as one; bisecting them would set every item aside for nothing.
 */
export function isItemFault(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code === undefined) return true;
  if (!/^[0-9A-Z]{5}$/.test(code)) return false; // ECONNRESET, EPIPE...: the connection, not the item
  return !['08', '25', '40', '53', '54', '57', '58', 'XX', 'TP'].includes(code.slice(0, 2));
}

export function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}

export type Settled<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * Runs `fn` inside a savepoint of the caller's transaction: kept when it returns, rolled back
 * alone when it throws an item's fault (the transaction stays usable); any other error is
 * rethrown and fails the transaction.
 */
export async function inSavepoint<T>(trx: Transaction<DB>, fn: (trx: Transaction<DB>) => Promise<T>): Promise<Settled<T>> {
  await sql`SAVEPOINT set_aside_item`.execute(trx);
  try {
    const value = await fn(trx);
    await sql`RELEASE SAVEPOINT set_aside_item`.execute(trx);
    return { ok: true, value };
  } catch (err) {
    if (!isItemFault(err)) throw err;
    await sql`ROLLBACK TO SAVEPOINT set_aside_item`.execute(trx);
    await sql`RELEASE SAVEPOINT set_aside_item`.execute(trx);
    return { ok: false, reason: reasonOf(err) };
  }
}

export interface ItemFailure<I> {
  item: I;
  reason: string;
}

export interface ItemsOutcome<I, R> {
  /** What the settled items' groups returned, in order. */
  results: R[];
  /** The items that settled. */
  done: I[];
  failed: ItemFailure<I>[];
}

/**
 * Settles items with one bulk call when they all can (the fast path: one statement for thousands
 * of options or incomes stays one statement), each attempt in a savepoint. When the bulk call
 * fails, it is retried on each half, and so on, until every item that cannot settle stands alone:
 * k bad items among n cost about 2k log2(n/k) extra bulk calls, and every good item settles.
 */
export async function settleInBulk<I, R>(trx: Transaction<DB>, items: readonly I[], bulk: (trx: Transaction<DB>, items: readonly I[]) => Promise<readonly R[]>): Promise<ItemsOutcome<I, R>> {
  const out: ItemsOutcome<I, R> = { results: [], done: [], failed: [] };
  const attempt = async (group: readonly I[]): Promise<void> => {
    if (group.length === 0) return;
    const r = await inSavepoint(trx, (t) => bulk(t, group));
    if (r.ok) {
      out.results.push(...r.value);
      out.done.push(...group);
    } else if (group.length === 1) {
      out.failed.push({ item: group[0]!, reason: r.reason });
    } else {
      const half = Math.ceil(group.length / 2);
      await attempt(group.slice(0, half));
      await attempt(group.slice(half));
    }
  };
  await attempt(items);
  return out;
}

/**
 * Settles each item on its own: in a savepoint of the caller's transaction, or - given the pool -
 * in a transaction of its own (work that commits piece by piece).
 */
export async function settleEach<I, R>(db: Executor, items: readonly I[], fn: (trx: Transaction<DB>, item: I) => Promise<R>): Promise<ItemsOutcome<I, R>> {
  const out: ItemsOutcome<I, R> = { results: [], done: [], failed: [] };
  for (const item of items) {
    let r: Settled<R>;
    if (db.isTransaction) {
      r = await inSavepoint(db as Transaction<DB>, (t) => fn(t, item));
    } else {
      try {
        // A deadlock or serialization failure is the moment's, not the item's: its own
        // transaction wrote nothing and is run again before the conflict fails the run.
        r = { ok: true, value: await retryingConflicts(() => (db as Db).transaction().execute((t) => fn(t, item)), ITEM_CONFLICT_RETRIES) };
      } catch (err) {
        if (!isItemFault(err)) throw err;
        r = { ok: false, reason: reasonOf(err) };
      }
    }
    if (r.ok) {
      out.results.push(r.value);
      out.done.push(item);
    } else {
      out.failed.push({ item, reason: r.reason });
    }
  }
  return out;
}

export interface SetAsideState {
  attempts: number;
  lastAt: Date;
}

/** The items of a job set aside now, by key (one read on the primary key's prefix; usually none). */
export async function setAsideItemsOf(db: Executor, job: string): Promise<Map<string, SetAsideState>> {
  const rows = await db.selectFrom('set_aside_items').select(['item', 'attempts', 'last_at']).where('job', '=', job).execute();
  return new Map(rows.map((r) => [r.item, { attempts: r.attempts, lastAt: r.last_at }]));
}

/** Whether a set-aside item's retry is due (an item not set aside always is). */
export function retryDue(state: SetAsideState | undefined, nowMs: number, retryMs = SET_ASIDE_RETRY_MS): boolean {
  return state === undefined || state.lastAt.getTime() + retryMs <= nowMs;
}

/** Records failures: a new row, or one more attempt on the item's row with the latest reason. */
export async function recordSetAside(db: Executor, job: string, failures: readonly { key: string; reason: string }[], at: Date, log?: EngineLog): Promise<void> {
  if (failures.length === 0) return;
  const unique = [...new Map(failures.map((f) => [f.key, f])).values()];
  await db
    .insertInto('set_aside_items')
    .values(unique.map((f) => ({ job, item: f.key, reason: f.reason, first_at: at, last_at: at, attempts: 1 })))
    .onConflict((oc) =>
      oc.columns(['job', 'item']).doUpdateSet((eb) => ({
        reason: eb.ref('excluded.reason'),
        last_at: eb.ref('excluded.last_at'),
        attempts: sql<number>`set_aside_items.attempts + 1`,
      })),
    )
    .execute();
  recorded += unique.length;
  if (log) {
    const named = unique.slice(0, LOGGED_ITEMS).map((f) => `${f.key}: ${f.reason}`).join('; ');
    log.error(`${job}: ${unique.length} item(s) set aside, the rest of the run went through - ${named}${unique.length > LOGGED_ITEMS ? '; ...' : ''}`);
  }
}

/** Removes the rows of items that have settled since they were set aside. */
export async function clearSetAside(db: Executor, job: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('set_aside_items').where('job', '=', job).where('item', 'in', [...new Set(keys)]).execute();
}

/**
 * Removes the rows of a job's items that are no longer waiting (settled or ended another way:
 * an option voided by a demo reset, a copy its follower closed). Returns the keys still set aside.
 */
export async function pruneSetAside(db: Executor, job: string, stillWaiting: (key: string) => boolean): Promise<string[]> {
  const keys = [...(await setAsideItemsOf(db, job)).keys()];
  const gone = keys.filter((k) => !stillWaiting(k));
  await clearSetAside(db, job, gone);
  return keys.filter((k) => stillWaiting(k));
}

export interface IsolatedRun<I> {
  job: string;
  /** The item's stable name in the set-aside list (e.g. `order 12 (user 3)`). */
  key: (item: I) => string;
  at: Date;
  log?: EngineLog;
  /**
   * For jobs that run far more often than a retry should (on every tick or sync): a set-aside
   * item is left out until this long after its last failure. Jobs whose own period is the retry
   * leave it unset.
   */
  retryMs?: number;
}

/**
 * The rule in one place: settle the items (in bulk when given, else one by one; in the caller's
 * transaction, or each in its own given the pool), record the ones set aside, and clear the rows
 * of the ones that settled now. With `retryMs`, set-aside items not yet due are left out.
 */
export async function settleIsolated<I, R>(
  trx: Executor,
  items: readonly I[],
  run: IsolatedRun<I> & ({ bulk: (trx: Transaction<DB>, items: readonly I[]) => Promise<readonly R[]> } | { each: (trx: Transaction<DB>, item: I) => Promise<R> }),
): Promise<ItemsOutcome<I, R>> {
  if (items.length === 0) return { results: [], done: [], failed: [] };
  const before = await setAsideItemsOf(trx, run.job);
  const due = run.retryMs === undefined || before.size === 0 ? items : items.filter((i) => retryDue(before.get(run.key(i)), run.at.getTime(), run.retryMs));
  let out: ItemsOutcome<I, R>;
  if ('bulk' in run) {
    if (!trx.isTransaction) throw new Error('a bulk settlement runs inside a transaction');
    out = await settleInBulk(trx as Transaction<DB>, due, run.bulk);
  } else {
    out = await settleEach(trx, due, run.each);
  }
  await noteOutcome(trx, run, out, before);
  return out;
}

/** Records what a run set aside and clears what it settled (for runs that settle items their own way). */
export async function noteOutcome<I>(db: Executor, run: IsolatedRun<I>, out: { done: readonly I[]; failed: readonly ItemFailure<I>[] }, before?: ReadonlyMap<string, SetAsideState>): Promise<void> {
  const known = before ?? (await setAsideItemsOf(db, run.job));
  await recordSetAside(db, run.job, out.failed.map((f) => ({ key: run.key(f.item), reason: f.reason })), run.at, run.log);
  if (known.size > 0) await clearSetAside(db, run.job, out.done.map(run.key).filter((k) => known.has(k)));
}

/** Failures recorded by this process since it started (a counter for metrics). */
export function setAsideRecordedTotal(): number {
  return recorded;
}

/** How many items are set aside now, over every job (a gauge for metrics). */
export async function countSetAsideItems(db: Executor): Promise<number> {
  const row = await db.selectFrom('set_aside_items').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface SetAsideRow {
  job: string;
  item: string;
  reason: string;
  attempts: number;
  first_at: Date;
  last_at: Date;
}

/** The set-aside items, the most recent failures first. */
export async function listSetAsideItems(db: Executor, limit = LIST_LIMIT): Promise<SetAsideRow[]> {
  return db.selectFrom('set_aside_items').select(['job', 'item', 'reason', 'attempts', 'first_at', 'last_at']).orderBy('last_at', 'desc').orderBy('job').orderBy('item').limit(limit).execute();
}
