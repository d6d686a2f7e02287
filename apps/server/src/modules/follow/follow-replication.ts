import { ACCOUNT_TYPES, FOREX_DEAL_TAB } from '@tp/contracts';
import { type CopyPlan, type Decimal, FOREX_MONEY_PLACES, fundCopy, sizeCopy, profitShare, DEFAULT_FOLLOW_PROFIT_SHARE } from '@tp/domain';
import type { Db, Executor } from '../../db/database.js';
import type { Bus } from '../../realtime/bus.js';
import type { EngineLog } from '../../engine/engine-log.js';
import { SET_ASIDE_RETRY_MS, pruneSetAside, setAsideItemsOf, settleInBulk, settleIsolated, noteOutcome, retryDue } from '../../engine/item-isolation.js';
import { FEE_SHARDS, closePosition, feeShardCode, publishClosed, publishCopyTrades, type CopyTradeChange, type CopyTradingHooks, type OrderRow } from '../forex/index.js';
import {
  LEDGER_KINDS,
  SYSTEM_ACCOUNTS,
  findUserAccountIdOfType,
  baseCurrencyId,
  ensureSystemAccounts,
  holdPostings,
  postMany,
  systemAccountId,
  type Posting,
  type PostInput,
} from '../ledger/index.js';
import * as repo from './follow-replication.repository.js';
import { notify, notifyMany } from '../notifications/index.js';
import { copyReplications } from '../../lib/metrics.js';

/**
 * Copy trading inside the forex trigger engine's step (decisions.md "Copy trading"). Everything
 * works from the database, so a restart, a second node or a repeated call finds what is left to do
 * and does only that:
 *
 * - a trader's fill (market or pending) with no replication mark is copied to every follower, in
 *   batches of one database transaction each: under a lock of the trader order (one replicator at
 *   a time, whatever the node) the followers still owed a copy are read with their accounts
 *   locked, the copy orders inserted, one row per (trader order, follower) - its key makes a second
 *   copy impossible - and each copy's money posted as its own ledger transaction referenced
 *   `follow_copy:<trader order>:<follower>`; followers who cannot get a copy get a row with the
 *   reason instead;
 * - a closed trader order closes its open, attached copies at the trader's close tick and price;
 * - a trader's new stop loss / take profit is written to the open, attached copies.
 *
 * One follower never stops the others (engine/item-isolation.ts): a batch whose statement fails
 * is written again in halves until the follower it cannot copy stands alone, and that copy is
 * set aside with its reason while the order is marked replicated for everyone else; a set-aside
 * copy is tried again (at the trader's fill, as every copy) no sooner than the retry period. A
 * copy's close or a stop change that fails is set aside the same way, the others go on.
 */

/**
 * Followers per database transaction: locks are held for one batch only. Measured (bench/copy-fanout):
 * a batch's fixed cost (the follower read, commit) is small beside its per-copy cost at this size.
 */
const BATCH = 2000;
/**
 * A fan-out runs in lanes at the same time, each on its own connection and in its own database
 * transactions: lane = follower id mod COPY_LANES. A lane's rows are its own - its followers'
 * accounts, copy orders and copy rows, and its fee shards (fee shard = follower id mod
 * FEE_SHARDS, and COPY_LANES divides FEE_SHARDS) - so lanes never wait on each other's locks and
 * PostgreSQL works each on a core of its own; the time from the fill to the last copy falls with
 * them (bench/copy-fanout). More lanes than the machine has cores only add contention.
 */
const COPY_LANES = 2;
if (FEE_SHARDS % COPY_LANES !== 0) throw new Error(`COPY_LANES (${COPY_LANES}) must divide FEE_SHARDS (${FEE_SHARDS}): two lanes would share a fee shard`);
/** How far back an uncopied fill is still copied (a long outage does not copy stale positions). */
const COPY_WINDOW_MS = 30 * 86_400_000;

/** Copy trading's names in the set-aside list (engine/item-isolation.ts). */
const COPY_JOB = 'follow.copy';
const CLOSE_JOB = 'follow.close-copy';
const STOPS_JOB = 'follow.stops';
const copyKey = (traderOrderId: number, followerId: number) => `trader order ${traderOrderId}, follower ${followerId}`;
const COPY_KEY = /^trader order (\d+), follower (\d+)$/;

export async function syncCopies(db: Db, bus: Bus, nowMs: number, log?: EngineLog): Promise<number[]> {
  const changed = new Set<number>();
  const since = new Date(Math.min(nowMs, Date.now()) - COPY_WINDOW_MS);
  for (const order of await repo.uncopiedOrders(db, since, 100)) {
    for (const u of await replicate(db, bus, order, new Date(nowMs), log)) changed.add(u);
  }
  for (const u of await retrySetAsideCopies(db, bus, nowMs, since, log)) changed.add(u);
  for (const u of await closeCopiesOfClosedTraders(db, bus, nowMs, log)) changed.add(u);
  const stops = await repo.changedStops(db);
  const passed = await settleIsolated(db, stops, {
    job: STOPS_JOB,
    key: (s) => `trader order ${s.trader_order_id}`,
    at: new Date(nowMs),
    log,
    retryMs: SET_ASIDE_RETRY_MS,
    each: (trx, s) => repo.passStops(trx, s.trader_order_id, s.stop_loss, s.take_profit),
  });
  for (const users of passed.results) for (const u of users) changed.add(u);
  const waitingStops = new Set(stops.map((s) => `trader order ${s.trader_order_id}`));
  await pruneSetAside(db, STOPS_JOB, (k) => waitingStops.has(k));
  return [...changed];
}

/** Copies one trader order to every follower still owed a copy, its lanes at once; then marks it replicated. */
export async function replicate(db: Db, bus: Bus, order: repo.UncopiedOrder, at: Date, log?: EngineLog, only?: readonly number[]): Promise<number[]> {
  const ctx: BatchContext = { feeType: await repo.feeTypeSetting(db), currencyId: await baseCurrencyId(db), feeAccounts: new Map(), sized: new Map() };
  // Every lane runs to its end before the order is marked or anything is answered: a lane that
  // failed as a whole (its connection, a deadlock) leaves the order unmarked, and the next sync
  // copies what that lane still owes. A follower whose copy alone failed is set aside instead.
  const lanes = await Promise.allSettled(Array.from({ length: COPY_LANES }, (_, lane) => copyLane(db, order, { lane, of: COPY_LANES }, ctx, at, log, only)));
  const failed = lanes.find((l) => l.status === 'rejected');
  if (failed) throw failed.reason;
  const copied = lanes.flatMap((l) => (l.status === 'fulfilled' ? l.value : []));
  await db.transaction().execute((trx) => repo.markReplicated(trx, order, at));
  copyReplications.inc({ action: 'open' }, copied.length);
  // The copy opened at the trader's fill price, no profit yet; a copy of an order already closed is closed next (closeCopiesOfClosedTraders).
  publishCopyTrades(bus, copied.map((c) => ({ traderId: order.user_id, followerId: c.followerId, order: { Id: c.copyId, UpdatePrice: order.price, FactProfits: '0', Status: 1 } })));
  return copied.map((c) => c.followerId);
}

/**
 * One lane's followers of a trader order, a batch per database transaction: the batch's copies in
 * one statement set, or - when that fails - in halves, the follower that cannot be copied set aside.
 */
async function copyLane(
  db: Db,
  order: repo.UncopiedOrder,
  lane: repo.Lane,
  ctx: BatchContext,
  at: Date,
  log?: EngineLog,
  only?: readonly number[],
): Promise<{ followerId: number; copyId: number }[]> {
  const copied: { followerId: number; copyId: number }[] = [];
  let after = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      await repo.lockTraderOrder(trx, order.id, lane);
      const aside = await setAsideItemsOf(trx, COPY_JOB);
      const found = await repo.lockFollowersToCopy(trx, order, lane, after, BATCH, only);
      // A follower set aside for this order waits for its retry (retrySetAsideCopies), not the next sync.
      const followers = only || aside.size === 0 ? found : found.filter((f) => !aside.has(copyKey(order.id, f.follower_id)));
      const out = await settleInBulk(trx, followers, (t, part) => copyBatchAtomically(t, order, part, ctx, at));
      await noteOutcome(trx, { job: COPY_JOB, key: (f) => copyKey(order.id, f.follower_id), at, log }, out, aside);
      return { size: found.length, last: found.at(-1)?.account_id ?? after, made: out.results };
    });
    copied.push(...batch.made);
    after = batch.last;
    if (batch.size < BATCH) return copied;
  }
}

/** A batch's copies, all or none - also in the fee shard accounts it remembers for the next batches. */
async function copyBatchAtomically(trx: Executor, order: repo.UncopiedOrder, followers: readonly repo.FollowerToCopy[], ctx: BatchContext, at: Date): Promise<{ followerId: number; copyId: number }[]> {
  const known = new Set(ctx.feeAccounts.keys());
  try {
    return await copyBatch(trx, order, followers, ctx, at);
  } catch (err) {
    // Fee shard accounts created inside the rolled-back attempt do not exist.
    for (const code of [...ctx.feeAccounts.keys()]) if (!known.has(code)) ctx.feeAccounts.delete(code);
    throw err;
  }
}

/**
 * Copies set aside earlier whose retry is due: each trader order's followers again, at the
 * trader's fill. A row whose copy is no longer owed (made meanwhile, the follower stopped
 * following, the fill is past the copy window) leaves the list.
 */
async function retrySetAsideCopies(db: Db, bus: Bus, nowMs: number, since: Date, log?: EngineLog): Promise<number[]> {
  const aside = await setAsideItemsOf(db, COPY_JOB);
  if (aside.size === 0) return [];
  const due = new Map<number, number[]>();
  for (const [key, state] of aside) {
    const m = COPY_KEY.exec(key);
    if (!m || !retryDue(state, nowMs)) continue;
    const [orderId, followerId] = [Number(m[1]), Number(m[2])];
    due.set(orderId, [...(due.get(orderId) ?? []), followerId]);
  }
  if (due.size === 0) return [];
  const changed: number[] = [];
  const orders = await repo.ordersToCopy(db, [...due.keys()], since);
  for (const order of orders) changed.push(...(await replicate(db, bus, order, new Date(nowMs), log, due.get(order.id))));
  // What was not retried above, or was not found owed when retried, is no longer waiting.
  const left = await setAsideItemsOf(db, COPY_JOB);
  const stillOwed = new Set<string>();
  for (const order of orders) {
    for (const followerId of due.get(order.id)!) {
      const key = copyKey(order.id, followerId);
      if ((left.get(key)?.lastAt.getTime() ?? -1) >= nowMs) stillOwed.add(key);
    }
  }
  const retried = new Set([...due].flatMap(([orderId, followers]) => followers.map((f) => copyKey(orderId, f))));
  await pruneSetAside(db, COPY_JOB, (k) => !retried.has(k) || stillOwed.has(k));
  return changed;
}

/** What every batch of one trader order shares: read once, not per batch. */
interface BatchContext {
  feeType: number;
  currencyId: number;
  /** Fee shard accounts by code (system accounts: created once, never removed). */
  feeAccounts: Map<string, number>;
  /** Sizings by (multiple, max_amount): computed once per distinct setting of the whole fan-out. */
  sized: Map<string, Sizing>;
}

/** One distinct setting's copy, with the texts its order and postings carry (formatted once, not per follower). */
interface Sizing {
  plan: CopyPlan;
  lots: string;
  margin: string;
  fee: string;
  /** margin + fee, negated: what leaves the follower's available balance. */
  debit: string;
  charged: boolean;
}

function sizing(order: repo.UncopiedOrder, f: repo.FollowerToCopy, ctx: BatchContext): Sizing {
  const key = `${f.multiple}|${f.max_amount}`;
  let s = ctx.sized.get(key);
  if (!s) {
    const plan = sizeCopy({
      traderLots: order.quantity,
      multiple: f.multiple,
      maxAmount: f.max_amount,
      symbol: { pip: order.pip, minCont: order.min_cont, maxCont: order.max_cont, contNum: order.cont_num, marginMode: order.margin_mode },
      price: order.price,
      leverage: order.multiple,
      feeType: ctx.feeType,
      feeRate: order.fee_rate,
    });
    s = plan.ok
      ? { plan, lots: plan.lots.toFixed(), margin: plan.margin.toFixed(FOREX_MONEY_PLACES), fee: plan.fee.toFixed(FOREX_MONEY_PLACES), debit: plan.margin.plus(plan.fee).neg().toFixed(FOREX_MONEY_PLACES), charged: plan.fee.gt(0) }
      : { plan, lots: plan.lots.toFixed(), margin: '0', fee: '0', debit: '0', charged: false };
    ctx.sized.set(key, s);
  }
  return s;
}

async function copyBatch(trx: Executor, order: repo.UncopiedOrder, followers: readonly repo.FollowerToCopy[], ctx: BatchContext, at: Date): Promise<{ followerId: number; copyId: number }[]> {
  if (followers.length === 0) return [];
  // planCopy per follower: the sizing shared by a setting, the balance check the follower's own.
  const plans = followers.map((f) => {
    const s = sizing(order, f, ctx);
    const plan = fundCopy(s.plan, f.balance);
    return { f, s, plan };
  });
  const shards = plans.filter((p) => p.plan.ok && p.s.charged).map((p) => feeShardCode(p.f.is_demo, p.f.follower_id));
  const missing = [...new Set(shards)].filter((code) => !ctx.feeAccounts.has(code));
  if (missing.length > 0) for (const [code, id] of await ensureSystemAccounts(trx, missing, ctx.currencyId)) ctx.feeAccounts.set(code, id);

  const rows = plans.map(({ f, s, plan }): repo.NewCopyRow =>
    plan.ok
      ? { followerId: f.follower_id, skipReason: null, lots: s.lots, margin: s.margin, fee: s.fee, isDemo: f.is_demo }
      : { followerId: f.follower_id, skipReason: plan.reason, lots: null, margin: null, fee: null, isDemo: f.is_demo },
  );
  // The copy orders and every follower's copy row (the copy, or why there is none) in one
  // statement; the ledger's part is built and checked while the database writes them.
  const inserted = repo.insertCopies(trx, order, rows, at);
  await new Promise((resolve) => setImmediate(resolve));
  const posts: PostInput[] = [];
  for (const { f, s, plan } of plans) {
    if (!plan.ok) continue;
    // Margin held and fee paid out of available in three postings (not a hold pair plus a fee pair
    // as an own order posts): per account and bucket the same movements, the fee still one posting
    // on the fee account, and a quarter fewer rows for the fan-out to write.
    const postings: Posting[] = s.charged
      ? [
          { accountId: f.account_id, bucket: 'available', amount: s.debit },
          { accountId: f.account_id, bucket: 'held', amount: s.margin },
          { accountId: ctx.feeAccounts.get(feeShardCode(f.is_demo, f.follower_id))!, bucket: 'available', amount: s.fee },
        ]
      : holdPostings(f.account_id, s.margin);
    posts.push({ kind: LEDGER_KINDS.followCopyOpen, memo: 'Copy of a trader order: margin and fee', reference: `follow_copy:${order.id}:${f.follower_id}`, postings });
  }
  // Each copy its own ledger transaction, all of the batch's posted in one statement set (ledger
  // postMany), after the copies on the same connection.
  const [made] = await Promise.all([inserted, postMany(trx, posts)]);
  // Each follower hears of their copy in the batch's transaction (names are filled in by the consumer).
  await notifyMany(
    trx,
    made.map((c) => ({ userId: c.followerId, kind: 'copy_opened' as const, params: { trader_id: order.user_id, symbol_id: order.symbol_id }, link: `/order?source=0&type=${FOREX_DEAL_TAB.holding}` })),
  );
  return made;
}

/**
 * Closes the open copies of closed trader orders, each in its own transaction; a copy that cannot
 * be closed (its follower's account holds less than its margin) is set aside and tried again
 * after the retry period, and the others close.
 */
async function closeCopiesOfClosedTraders(db: Db, bus: Bus, nowMs: number, log?: EngineLog): Promise<number[]> {
  const changed: number[] = [];
  const pushes: CopyTradeChange[] = [];
  const key = (c: repo.CopyToClose) => `copy ${c.copy_id} (follower ${c.follower_id})`;
  const waiting = new Set<string>();
  let after = 0;
  for (;;) {
    const due = await repo.copiesToClose(db, 1000, after);
    for (const c of due) waiting.add(key(c));
    const out = await settleIsolated(db, due, {
      job: CLOSE_JOB,
      key,
      at: new Date(nowMs),
      log,
      retryMs: SET_ASIDE_RETRY_MS,
      each: async (trx, c) => {
        const row = await closePosition(trx, c.copy_id, { price: c.update_price, seq: c.close_tick_seq, closeType: c.close_type, at: c.closed_at });
        // Whose close it was: the close reason is the trader's (spec CloseType), the decision too.
        if (row) {
          await repo.markClosedByTrader(trx, c.copy_id);
          await notify(trx, {
            userId: c.follower_id,
            kind: 'copy_closed',
            params: { trader_id: c.trader_id, symbol_id: row.symbol_id, profit: row.fact_profits ?? '0' },
            link: `/order?source=0&type=${FOREX_DEAL_TAB.history}`,
          });
        }
        return row;
      },
    });
    out.done.forEach((c, i) => {
      const closed = out.results[i];
      if (!closed) return; // the follower closed it first
      changed.push(c.follower_id);
      copyReplications.inc({ action: 'close' });
      publishClosed(bus, c.follower_id, [c.copy_id]);
      pushes.push({ traderId: c.trader_id, followerId: c.follower_id, order: { Id: c.copy_id, UpdatePrice: closed.update_price ?? c.update_price, FactProfits: closed.fact_profits ?? '0', Status: closed.status } });
    });
    if (due.length < 1000) break;
    after = due.at(-1)!.copy_id;
  }
  // A set-aside copy its follower closed meanwhile is no longer waiting.
  await pruneSetAside(db, CLOSE_JOB, (k) => waiting.has(k));
  publishCopyTrades(bus, pushes);
  return changed;
}

/**
 * The trader's profit share of a closing copy, in the close's own ledger transaction: percent
 * (base setting follow_profit_share) of a positive profit, from the follower's contract account to
 * the trader's - or, for a demo follower, to the demo house (play money never pays a real trader).
 */
export async function closeCopyPostings(trx: Executor, copy: OrderRow, profit: Decimal, followerAccountId: number): Promise<Posting[]> {
  const ctx = await repo.copyContext(trx, copy.origin_id);
  if (!ctx) return [];
  const percent = ctx.share !== null && ctx.share !== '' && Number.isFinite(Number(ctx.share)) ? ctx.share : String(DEFAULT_FOLLOW_PROFIT_SHARE);
  const share = profitShare(profit, percent);
  if (share.lte(0)) return [];
  const currencyId = await baseCurrencyId(trx);
  const to = copy.is_demo
    ? await systemAccountId(trx, SYSTEM_ACCOUNTS.houseDemoFunding, currencyId)
    : await findUserAccountIdOfType(trx, ctx.trader_id, ACCOUNT_TYPES.forex);
  if (to === undefined) return [];
  await repo.recordShare(trx, copy.id, share.toFixed(FOREX_MONEY_PLACES));
  return [
    { accountId: followerAccountId, bucket: 'available', amount: share.neg() },
    { accountId: to, bucket: 'available', amount: share },
  ];
}

export const followHooks: CopyTradingHooks = { closeCopy: closeCopyPostings, sync: syncCopies };
