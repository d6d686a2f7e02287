import { ACCOUNT_TYPES, FUND_SUB_STATUS, type Fund, type FundIncome, type FundSubscription } from '@tp/contracts';
import { checkFundAmount, Decimal, FUND_DAY_MS, fundDayProfit, fundMaturityMs, fundPenalty } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import type { ActionResult } from '../../http/idempotency.js';
import { refuse } from '../../http/refusal.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';
import { baseCurrencyId, findUserAccount, holdPostings, InsufficientFundsError, post } from '../ledger/index.js';
import { FUND_LEDGER_KINDS, holdRelease } from './fund-kinds.js';
import * as repo from './funds.repository.js';

/** Rates and amounts as plain decimals on the wire (no trailing zeros of the NUMERIC columns). */
const plain = (v: string) => new Decimal(v).toFixed();

export function toFund(f: repo.FundRow): Fund {
  return {
    id: f.id,
    title: f.title,
    image: f.image,
    currency_code: f.currency_code,
    dividend_percentage: plain(f.dividend_percentage),
    staring_sub_amount: plain(f.staring_sub_amount),
    max_sub_amount: plain(f.max_sub_amount),
    lock_dividend_days: f.lock_dividend_days,
    liquidated_damages: plain(f.liquidated_damages),
    desc: f.desc,
  };
}

export function toSubscription(s: repo.SubscriptionRow, fund: repo.FundRow): FundSubscription {
  return {
    id: s.id,
    fund_id: s.fund_id,
    get_fund: toFund(fund),
    status: s.status,
    share_amount: plain(s.share_amount),
    sub_time: wireDateTime(s.sub_time),
    day_profit: new Decimal(s.day_profit).toFixed(4),
    sum_profit: new Decimal(s.sum_profit).toFixed(4),
    paid_days: s.paid_days,
    end_time: wireDateTime(new Date(fundMaturityMs(s.sub_time.getTime(), s.lock_dividend_days))),
    penalty: fundPenalty(s.share_amount, s.liquidated_damages).toFixed(4),
  };
}

export async function listFunds(db: Executor, page: number) {
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([repo.listEnabledFunds(db, limit, offset), repo.countEnabledFunds(db)]);
  return paged(rows.map(toFund), total, page);
}

export async function fundInfo(db: Executor, id: number): Promise<Fund> {
  const f = await repo.findFund(db, id);
  if (!f || !f.enabled) refuse('fund_not_found');
  return toFund(f);
}

/**
 * A subscription: the amount moves from available to held on the funding account and stays held
 * for the term (one ledger transaction, with the row). The fund's terms are copied so a later
 * change by staff never alters what was promised. The first income is due 24 h after `nowMs`.
 */
export async function buy(trx: Executor, user: { id: number }, fundId: number, amount: string, nowMs: number): Promise<ActionResult<FundSubscription>> {
  const fund = await repo.findFund(trx, fundId);
  if (!fund || !fund.enabled) refuse('fund_not_found');
  const check = checkFundAmount(amount, fund.staring_sub_amount, fund.max_sub_amount);
  if (check === 'below_min') refuse('fund_amount_below_min', { min: plain(fund.staring_sub_amount) });
  if (check === 'above_max') refuse('fund_amount_above_max', { max: plain(fund.max_sub_amount) });
  const funding = await findUserAccount(trx, user.id, ACCOUNT_TYPES.change, await baseCurrencyId(trx));
  if (!funding) throw new Error(`user ${user.id} has no funding account`);
  const userRow = await trx.selectFrom('users').select('is_demo').where('id', '=', user.id).executeTakeFirstOrThrow();
  let holdId: string;
  try {
    holdId = await post(trx, { kind: FUND_LEDGER_KINDS.hold, memo: `Mining fund ${fund.title}`, postings: holdPostings(funding.id, amount) });
  } catch (err) {
    if (err instanceof InsufficientFundsError) refuse('fund_insufficient_balance');
    throw err;
  }
  const subTime = new Date(nowMs);
  const id = await repo.insertSubscription(trx, {
    user_id: user.id,
    fund_id: fund.id,
    account_id: funding.id,
    is_demo: userRow.is_demo,
    share_amount: amount,
    dividend_percentage: fund.dividend_percentage,
    lock_dividend_days: fund.lock_dividend_days,
    liquidated_damages: fund.liquidated_damages,
    day_profit: fundDayProfit(amount, fund.dividend_percentage).toFixed(),
    sub_time: subTime,
    next_due_at: new Date(nowMs + FUND_DAY_MS),
    hold_transaction_id: holdId,
  });
  const row = (await repo.findOwnSubscription(trx, user.id, id))!;
  return { data: toSubscription(row, fund), key: 'fund_subscribed' };
}

export async function listOwnSubscriptions(db: Executor, userId: number, status: number | undefined, page: number) {
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([repo.listOwnSubscriptions(db, userId, status, limit, offset), repo.countOwnSubscriptions(db, userId, status)]);
  const funds = await repo.findFunds(db, rows.map((r) => r.fund_id));
  return paged(rows.map((r) => toSubscription(r, funds.get(r.fund_id)!)), total, page);
}

export async function listOwnIncomes(db: Executor, userId: number, subId: number, page: number) {
  if (!(await repo.findOwnSubscription(db, userId, subId))) refuse('fund_sub_not_found');
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([repo.listIncomes(db, subId, limit, offset), repo.countIncomes(db, subId)]);
  const data: FundIncome[] = rows.map((r) => ({ id: Number(r.id), day: r.day, interest: new Decimal(r.interest).toFixed(4), created_at: wireDateTime(r.created_at) }));
  return paged(data, total, page);
}

/**
 * Early redemption asked for: status 1 -> 2, into the staff queue. Nothing moves yet; the hold
 * keeps earning until staff decide (approval stops it, rejection returns to 1).
 */
export async function applyRefund(trx: Executor, userId: number, subId: number, nowMs: number): Promise<ActionResult<FundSubscription>> {
  const own = await repo.findOwnSubscription(trx, userId, subId);
  if (!own) refuse('fund_sub_not_found');
  const s = (await repo.lockSubscription(trx, subId))!;
  if (s.status !== FUND_SUB_STATUS.running) refuse('fund_not_running');
  await repo.markSubscription(trx, subId, { status: FUND_SUB_STATUS.refunding, refund_applied_at: new Date(nowMs), remark: '', reviewed_at: null, reviewed_by: null });
  const row = (await repo.findOwnSubscription(trx, userId, subId))!;
  const fund = (await repo.findFund(trx, row.fund_id))!;
  return { data: toSubscription(row, fund), key: 'fund_refund_applied' };
}


/**
 * The demo reset's part (users/reset-demo.ts): ends every running or refunding subscription of
 * the user at once, without penalty and without further incomes (status 3, remarked as a reset),
 * and releases each one's hold in its own ledger transaction (fund:<sub>:reset). Runs inside the
 * reset's transaction, after it has locked the user's accounts. Returns how many ended.
 */
export async function endSubscriptionsForDemoReset(trx: Executor, userId: number, nowMs: number): Promise<number> {
  const ended = await repo.endRunningSubscriptions(trx, userId, new Date(nowMs));
  if (ended.length === 0) return 0;
  await post(trx, ended.map((s) => holdRelease(s, 'Mining fund ended by the demo reset', 'reset')));
  return ended.length;
}
