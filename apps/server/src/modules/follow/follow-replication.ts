import { ACCOUNT_TYPES } from '@tp/contracts';
import { type CopyPlan, type Decimal, FOREX_MONEY_PLACES, fundCopy, sizeCopy, profitShare, DEFAULT_FOLLOW_PROFIT_SHARE } from '@tp/domain';
import type { Db, Executor } from '../../db/database.js';
import type { Bus } from '../../realtime/bus.js';
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

export async function syncCopies(db: Db, bus: Bus, nowMs: number): Promise<number[]> {
  const changed = new Set<number>();
  const since = new Date(Math.min(nowMs, Date.now()) - COPY_WINDOW_MS);
  for (const order of await repo.uncopiedOrders(db, since, 100)) {
    for (const u of await replicate(db, bus, order, new Date(nowMs))) changed.add(u);
  }
  for (const u of await closeCopiesOfClosedTraders(db, bus)) changed.add(u);
  for (const s of await repo.changedStops(db)) {
    const users = await db.transaction().execute((trx) => repo.passStops(trx, s.trader_order_id, s.stop_loss, s.take_profit));
    for (const u of users) changed.add(u);
  }
  return [...changed];
}

/** Copies one trader order to every follower still owed a copy, its lanes at once; then marks it replicated. */
export async function replicate(db: Db, bus: Bus, order: repo.UncopiedOrder, at: Date): Promise<number[]> {
  const ctx: BatchContext = { feeType: await repo.feeTypeSetting(db), currencyId: await baseCurrencyId(db), feeAccounts: new Map(), sized: new Map() };
  // Every lane runs to its end before the order is marked or anything is answered: a lane that
  // failed leaves the order unmarked, and the next sync copies what that lane still owes.
  const lanes = await Promise.allSettled(Array.from({ length: COPY_LANES }, (_, lane) => copyLane(db, order, { lane, of: COPY_LANES }, ctx, at)));
  const failed = lanes.find((l) => l.status === 'rejected');
  if (failed) throw failed.reason;
  const copied = lanes.flatMap((l) => (l.status === 'fulfilled' ? l.value : []));
  await db.transaction().execute((trx) => repo.markReplicated(trx, order, at));
  // The copy opened at the trader's fill price, no profit yet; a copy of an order already closed is closed next (closeCopiesOfClosedTraders).
  publishCopyTrades(bus, copied.map((c) => ({ traderId: order.user_id, followerId: c.followerId, order: { Id: c.copyId, UpdatePrice: order.price, FactProfits: '0', Status: 1 } })));
  return copied.map((c) => c.followerId);
}

/** One lane's followers of a trader order, a batch per database transaction. */
async function copyLane(db: Db, order: repo.UncopiedOrder, lane: repo.Lane, ctx: BatchContext, at: Date): Promise<{ followerId: number; copyId: number }[]> {
  const copied: { followerId: number; copyId: number }[] = [];
  let after = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      await repo.lockTraderOrder(trx, order.id, lane);
      const followers = await repo.lockFollowersToCopy(trx, order, lane, after, BATCH);
      return { size: followers.length, last: followers.at(-1)?.account_id ?? after, made: await copyBatch(trx, order, followers, ctx, at) };
    });
    copied.push(...batch.made);
    after = batch.last;
    if (batch.size < BATCH) return copied;
  }
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
  return made;
}

async function closeCopiesOfClosedTraders(db: Db, bus: Bus): Promise<number[]> {
  const changed: number[] = [];
  const pushes: CopyTradeChange[] = [];
  for (;;) {
    const due = await repo.copiesToClose(db, 1000);
    for (const c of due) {
      const closed = await db.transaction().execute(async (trx) => {
        const row = await closePosition(trx, c.copy_id, { price: c.update_price, seq: c.close_tick_seq, closeType: c.close_type, at: c.closed_at });
        // Whose close it was: the close reason is the trader's (spec CloseType), the decision too.
        if (row) await repo.markClosedByTrader(trx, c.copy_id);
        return row;
      });
      if (!closed) continue; // the follower closed it first
      changed.push(c.follower_id);
      publishClosed(bus, c.follower_id, [c.copy_id]);
      pushes.push({ traderId: c.trader_id, followerId: c.follower_id, order: { Id: c.copy_id, UpdatePrice: closed.update_price ?? c.update_price, FactProfits: closed.fact_profits ?? '0', Status: closed.status } });
    }
    if (due.length < 1000) break;
  }
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
