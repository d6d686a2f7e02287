import crypto from 'node:crypto';
import { sql } from 'kysely';
import { ACCOUNT_TYPES, forexSubmitInput } from '@tp/contracts';
import { Decimal } from '@tp/domain';
import type { Db, Executor } from '../../db/database.js';
import type { EngineLog } from '../../engine/engine-log.js';
import type { ScheduledJob } from '../../engine/scheduled-job.js';
import { isRefusal } from '../../http/refusal.js';
import type { Bus } from '../../realtime/bus.js';
import { closeOrderFor, placeOrderFor } from '../forex/index.js';
import { LEDGER_KINDS, SYSTEM_ACCOUNTS, baseCurrencyId, findUserAccount, openUserAccounts, post, systemAccountId } from '../ledger/index.js';
import { LOOKBACK_TICKS, decide, paceOf, signal, type OpenPosition, type SampleStrategy, type Side } from './strategies.js';

/**
 * Sample traders (issue 43, decisions.md "Sample traders"): on the simulated market the first
 * start creates a few approved traders, each with a strategy and a symbol, funded through the
 * ledger as a deposit is; a job on the engine leader trades for them through forex's own submit
 * and close. Everything they do is real rows - orders, closes, ranking figures, followers' copies
 * and profit shares. Crypto symbols: open around the clock, so they trade at weekends too.
 *
 * Reads and writes of users, trade_symbols, ticks and forex_orders here are the platform acting
 * as one more user: the money moves only through ledger.post and forex's submit and close.
 */

export const SAMPLE_TRADER_PLANS: readonly { strategy: SampleStrategy; symbol: string }[] = [
  { strategy: 'trend', symbol: 'BTCUSDT' },
  { strategy: 'mean_reversion', symbol: 'ETHUSDT' },
  // Not SOLUSDT: the console journey switches that one off and counts its open orders.
  { strategy: 'breakout', symbol: 'BNBUSDT' },
  { strategy: 'momentum', symbol: 'XRPUSDT' },
];

/** Each one's starting money on its contract account (USDT). */
export const SAMPLE_FUNDING = '100000';
/** Base setting: staff's switch in the console ('1' trading, '0' stopped). */
export const SAMPLE_SETTING = 'sample_traders';
/** They act only on a stored tick this fresh: never older than a user's order could be (PRICE_MAX_AGE_MS defaults to 10 s). */
export const SAMPLE_PRICE_MAX_AGE_MS = 5_000;
/** Stop loss and take profit of their orders, as a share of the price. */
const STOP_LOSS_SHARE = '0.01';
const TAKE_PROFIT_SHARE = '0.015';
/** One creation at a time across processes starting together (advisory lock key). */
const CREATE_LOCK = 0x7473_6d70;

export interface PrepareOptions {
  /** SAMPLE_TRADERS (default on). */
  wanted: boolean;
  /** The prices come from the simulator: a live feed never gets sample traders. */
  simulated: boolean;
  log: (line: string) => void;
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

async function unusedUid(db: Executor): Promise<string> {
  for (;;) {
    const uid = String(crypto.randomInt(10_000_000, 100_000_000));
    if (!(await db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirst())) return uid;
  }
}

async function unusedInviteCode(db: Executor): Promise<string> {
  for (;;) {
    let code = '';
    for (let i = 0; i < 8; i++) code += INVITE_ALPHABET[crypto.randomInt(INVITE_ALPHABET.length)];
    if (!(await db.selectFrom('users').select('id').where('invite_code', '=', code).executeTakeFirst())) return code;
  }
}

/**
 * At start: creates the sample traders once (the first start that wants them on the simulated
 * market; a later start finds them and creates none). Unwanted or on a live feed, existing ones are
 * stopped through the staff's switch. Answers how many were created.
 */
export async function prepareSampleTraders(db: Db, opts: PrepareOptions): Promise<number> {
  if (!opts.wanted || !opts.simulated) {
    const stopped = await db
      .updateTable('settings')
      .set({ value: '0' })
      .where('key', '=', SAMPLE_SETTING)
      .where('value', '<>', '0')
      .where(sql<boolean>`EXISTS (SELECT 1 FROM sample_traders)`)
      .executeTakeFirst();
    if (Number(stopped.numUpdatedRows) > 0) opts.log(`Sample traders stopped (${opts.simulated ? 'SAMPLE_TRADERS=0' : 'live price feed'})`);
    return 0;
  }
  const created = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${CREATE_LOCK})`.execute(trx);
    if (await trx.selectFrom('sample_traders').select('user_id').limit(1).executeTakeFirst()) return [];
    const symbols = await trx.selectFrom('trade_symbols').select(['id', 'code', 'show_code']).where('code', 'in', SAMPLE_TRADER_PLANS.map((p) => p.symbol)).where('enabled', '=', true).execute();
    const currencyId = await baseCurrencyId(trx);
    const clearing = await systemAccountId(trx, SYSTEM_ACCOUNTS.externalClearing, currencyId);
    const made: string[] = [];
    for (const plan of SAMPLE_TRADER_PLANS) {
      const symbol = symbols.find((s) => s.code === plan.symbol);
      if (!symbol) continue;
      const user = await trx
        .insertInto('users')
        .values({ uid: await unusedUid(trx), email: null, password_hash: null, invite_code: await unusedInviteCode(trx), inviter_id: null, is_demo: false, demo_id: null, is_trader: true, is_sample: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      await openUserAccounts(trx, user.id);
      const contract = await findUserAccount(trx, user.id, ACCOUNT_TYPES.forex, currencyId);
      if (!contract) throw new Error(`sample trader ${user.id} has no contract account`);
      await post(trx, {
        kind: LEDGER_KINDS.sampleFunding,
        memo: 'Sample trader funding',
        reference: `sample_funding:${user.id}`,
        postings: [
          { accountId: clearing, bucket: 'available', amount: new Decimal(SAMPLE_FUNDING).neg() },
          { accountId: contract.id, bucket: 'available', amount: new Decimal(SAMPLE_FUNDING) },
        ],
      });
      await trx.insertInto('sample_traders').values({ user_id: user.id, strategy: plan.strategy, symbol_id: symbol.id }).execute();
      made.push(`${plan.strategy} on ${symbol.show_code}`);
    }
    return made;
  });
  if (created.length > 0) opts.log(`Sample traders created: ${created.join(', ')}`);
  return created.length;
}

interface RosterRow {
  user_id: number;
  strategy: SampleStrategy;
  symbol_id: number;
  price_precision: number;
  min_cont: string;
  leverages: number[];
}

/** The sample traders that may trade now: staff's switch on, the account active, its symbol enabled. */
async function roster(db: Executor): Promise<RosterRow[]> {
  const { rows } = await sql<RosterRow>`
    SELECT st.user_id, st.strategy, st.symbol_id, sy.price_precision, sy.min_cont, sy.leverages
    FROM sample_traders st
    JOIN users u ON u.id = st.user_id AND u.status = 1
    JOIN trade_symbols sy ON sy.id = st.symbol_id AND sy.enabled
    WHERE coalesce((SELECT value FROM settings WHERE key = ${SAMPLE_SETTING}), '1') = '1'
    ORDER BY st.user_id
  `.execute(db);
  return rows;
}

/** The symbol's newest stored prices (oldest first), the trader's open own positions and its last open. */
async function lookAt(db: Executor, t: RosterRow): Promise<{ prices: number[]; open: OpenPosition[]; lastOpenAtMs: number | null }> {
  const [ticks, orders] = await Promise.all([
    sql<{ price: string }>`SELECT price FROM ticks WHERE symbol_id = ${t.symbol_id} ORDER BY seq DESC LIMIT ${LOOKBACK_TICKS}`.execute(db),
    sql<{ id: number; order_type: number; status: number; created_at: Date }>`
      SELECT id, order_type, status, created_at FROM forex_orders
      WHERE user_id = ${t.user_id} AND origin_id = 0 AND (status = 1 OR id = (SELECT max(id) FROM forex_orders WHERE user_id = ${t.user_id} AND origin_id = 0))
    `.execute(db),
  ]);
  const open = orders.rows.filter((o) => o.status === 1).map((o) => ({ id: o.id, side: o.order_type as Side, openedAtMs: o.created_at.getTime() }));
  const newest = orders.rows.reduce<Date | null>((m, o) => (m === null || o.created_at > m ? o.created_at : m), null);
  return { prices: ticks.rows.map((r) => Number(r.price)).reverse(), open, lastOpenAtMs: newest ? newest.getTime() : null };
}

/** A leverage in the middle of the symbol's list (20 where offered). */
function leverageOf(list: readonly number[]): number | undefined {
  if (list.includes(20)) return 20;
  return list[Math.floor(list.length / 2)];
}

function stops(side: Side, price: number, precision: number): { stop_loss_price: string; target_profit_price: string } {
  const p = new Decimal(price);
  const sl = p.times(side === 1 ? new Decimal(1).minus(STOP_LOSS_SHARE) : new Decimal(1).plus(STOP_LOSS_SHARE));
  const tp = p.times(side === 1 ? new Decimal(1).plus(TAKE_PROFIT_SHARE) : new Decimal(1).minus(TAKE_PROFIT_SHARE));
  return { stop_loss_price: sl.toFixed(precision), target_profit_price: tp.toFixed(precision) };
}

export interface TradeResult {
  opened: number;
  closed: number;
}

/**
 * One look by every sample trader: close what its strategy is done with, open what it wants.
 * Each trader on its own - a refusal (a closed market, stale prices, funds) or a fault of one is
 * logged and the others go on. Restart-safe: every decision is made from the rows as they are.
 */
export async function tradeOnce(db: Db, bus: Bus, nowMs: number, log: EngineLog): Promise<TradeResult> {
  const result: TradeResult = { opened: 0, closed: 0 };
  const now = new Date(nowMs);
  const traders = await roster(db);
  for (const [index, t] of traders.entries()) {
    try {
      const seen = await lookAt(db, t);
      const side = signal(t.strategy, seen.prices);
      const decision = decide(side, seen.open, seen.lastOpenAtMs, nowMs, paceOf(index));
      for (const id of decision.close) {
        await closeOrderFor(db, bus, t.user_id, id, now, SAMPLE_PRICE_MAX_AGE_MS);
        result.closed += 1;
      }
      const leverage = leverageOf(t.leverages);
      if (decision.open !== undefined && leverage !== undefined) {
        const input = forexSubmitInput.parse({
          type: decision.open,
          cont: new Decimal(t.min_cont).times(2).toFixed(),
          forex_id: t.symbol_id,
          multiple: leverage,
          ...stops(decision.open, seen.prices[seen.prices.length - 1]!, t.price_precision),
        });
        await placeOrderFor(db, bus, t.user_id, input, now, SAMPLE_PRICE_MAX_AGE_MS);
        result.opened += 1;
      }
    } catch (err) {
      if (isRefusal(err)) log.info(`sample trader ${t.user_id}: ${err.key}`);
      else log.error(`sample trader ${t.user_id} failed`, err);
    }
  }
  return result;
}

export const SAMPLE_TRADING_JOB = 'sample-traders.trade';

/** Every 5 s on the engine leader; a missed period is not made up (the next look decides afresh). */
export const sampleTradingJob: ScheduledJob = {
  name: SAMPLE_TRADING_JOB,
  periodMs: 5_000,
  run: async (ctx) => {
    await tradeOnce(ctx.db, ctx.bus, ctx.now(), ctx.log);
  },
};
