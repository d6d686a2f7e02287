import { sql } from 'kysely';
import { FUND_SUB_STATUS } from '@tp/contracts';
import { Decimal, FUND_DAY_MS, fundDaysDue, fundIncomeDueMs } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import type { ScheduledJob } from '../../engine/scheduled-job.js';
import type { EngineLog } from '../../engine/engine-log.js';
import { pruneSetAside, setAsideItemsOf, settleIsolated } from '../../engine/item-isolation.js';
import { SYSTEM_ACCOUNTS, baseCurrencyId, post, systemAccountId, type PostInput } from '../ledger/index.js';
import { FUND_LEDGER_KINDS, holdRelease } from './fund-kinds.js';
import { notifyMany, type NotificationRequest } from '../notifications/index.js';

/** Subscriptions settled per statement group: big enough to be cheap per income, small enough to keep each statement short. */
const CHUNK = 2000;

export interface IncomeRunResult {
  incomes: number;
  matured: number;
  /** Subscriptions that could not be settled this run (engine/item-isolation.ts): retried next run. */
  setAside: number;
}

/** The income job's name, also in the set-aside list. */
export const FUND_INCOME_JOB = 'funds.income';
const itemKey = (s: { id: number }) => `subscription ${s.id}`;

interface DueRow {
  id: number;
  user_id: number;
  /** The fund's name, for the user's notifications. */
  fund_title: string;
  account_id: number;
  is_demo: boolean;
  status: number;
  share_amount: string;
  day_profit: string;
  lock_dividend_days: number;
  paid_days: number;
  sub_time: Date;
}

/**
 * Pays every income due by `nowMs` and releases the holds whose term is over, in the caller's
 * transaction (the scheduler's run, so it commits with the run row). Exactly once per
 * (subscription, day), three ways: the scheduler's advisory lock and run row; `fund_incomes`
 * UNIQUE (subscription_id, day) - an income row that exists is not paid again (ON CONFLICT DO
 * NOTHING, and only inserted rows are posted); and the ledger reference `fund:<sub>:<day>`.
 * A late run pays every missed day (each with its own due time); a subscription in status 2
 * (waiting for staff) still earns, since its amount is still held.
 *
 * A chunk is paid by one statement set; when that fails, by halves, so a subscription that cannot
 * be paid (its account holds less than its amount at maturity) is set aside with its reason and
 * every other user is paid in the same run. It stays due and is tried again by the next run.
 */
export async function payDueIncomes(trx: Executor, nowMs: number, log?: EngineLog): Promise<IncomeRunResult> {
  const currencyId = await baseCurrencyId(trx);
  const house = await systemAccountId(trx, SYSTEM_ACCOUNTS.housePnl, currencyId);
  // Demo money is the demo house's: a demo subscription never costs the real house anything.
  const demoHouse = await systemAccountId(trx, SYSTEM_ACCOUNTS.houseDemoFunding, currencyId);
  const result: IncomeRunResult = { incomes: 0, matured: 0, setAside: 0 };
  let afterId = 0;
  for (;;) {
    // Locked: a staff decision on one of these waits for this run, and then sees its incomes.
    const { rows } = await sql<DueRow>`
      SELECT id, user_id, (SELECT title FROM funds f WHERE f.id = fund_id) AS fund_title, account_id, is_demo, status, share_amount::text, day_profit::text, lock_dividend_days, paid_days, sub_time
      FROM fund_subscriptions
      WHERE next_due_at <= ${new Date(nowMs)} AND status IN (${FUND_SUB_STATUS.running}, ${FUND_SUB_STATUS.refunding}) AND id > ${afterId}
      ORDER BY id
      LIMIT ${CHUNK}
      FOR UPDATE`.execute(trx);
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1]!.id;
    const out = await settleIsolated(trx, rows, {
      job: FUND_INCOME_JOB,
      key: itemKey,
      at: new Date(nowMs),
      log,
      bulk: async (t, part) => [await payChunk(t, part, nowMs, house, demoHouse)],
    });
    for (const chunk of out.results) {
      result.incomes += chunk.incomes;
      result.matured += chunk.matured;
    }
    result.setAside += out.failed.length;
    if (rows.length < CHUNK) break;
  }
  await forgetEnded(trx);
  return result;
}

/** Set-aside subscriptions that ended another way (redeemed, cancelled) leave the list. */
async function forgetEnded(trx: Executor): Promise<void> {
  const ids = [...(await setAsideItemsOf(trx, FUND_INCOME_JOB)).keys()].map((k) => Number(/^subscription (\d+)$/.exec(k)?.[1])).filter(Number.isInteger);
  if (ids.length === 0) return;
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM fund_subscriptions WHERE id = ANY(${ids}::int[]) AND status IN (${FUND_SUB_STATUS.running}, ${FUND_SUB_STATUS.refunding})`.execute(trx);
  const open = new Set(rows.map((r) => itemKey(r)));
  await pruneSetAside(trx, FUND_INCOME_JOB, (key) => open.has(key));
}

async function payChunk(trx: Executor, rows: readonly DueRow[], nowMs: number, house: number, demoHouse: number): Promise<{ incomes: number; matured: number }> {
  const subIds: number[] = [];
  const days: number[] = [];
  const interests: string[] = [];
  const dues: Date[] = [];
  for (const s of rows) {
    const due = fundDaysDue(s.sub_time.getTime(), nowMs, s.lock_dividend_days);
    for (let day = s.paid_days + 1; day <= due; day += 1) {
      subIds.push(s.id);
      days.push(day);
      interests.push(s.day_profit);
      dues.push(new Date(fundIncomeDueMs(s.sub_time.getTime(), day)));
    }
  }
  const created = new Date(nowMs);
  // One statement: the income rows that were not there yet, and the subscriptions' figures moved on
  // by exactly those rows (an income row that exists already is neither inserted nor counted).
  const { rows: changed } = await sql<{ kind: 'income' | 'sub'; id: number; a: number; b: number }>`
    WITH ins AS (
      INSERT INTO fund_incomes (subscription_id, day, interest, due_at, created_at)
      SELECT u.sub, u.day, u.interest, u.due, ${created}
      FROM unnest(${subIds}::int[], ${days}::int[], ${interests}::numeric[], ${dues}::timestamptz[]) AS u(sub, day, interest, due)
      ON CONFLICT ON CONSTRAINT fund_incomes_once DO NOTHING
      RETURNING subscription_id, day
    ),
    paid AS (SELECT subscription_id, count(*)::int AS n FROM ins GROUP BY subscription_id),
    upd AS (
      UPDATE fund_subscriptions s SET
        paid_days = s.paid_days + paid.n,
        sum_profit = s.sum_profit + paid.n * s.day_profit,
        next_due_at = CASE WHEN s.paid_days + paid.n >= s.lock_dividend_days THEN NULL
                           ELSE s.sub_time + (s.paid_days + paid.n + 1) * ${FUND_DAY_MS} * interval '1 millisecond' END
      FROM paid WHERE s.id = paid.subscription_id
      RETURNING s.id, s.paid_days, s.lock_dividend_days
    )
    SELECT 'income' AS kind, subscription_id AS id, day AS a, 0 AS b FROM ins
    UNION ALL
    SELECT 'sub', id, paid_days, lock_dividend_days FROM upd`.execute(trx);
  const inserted = changed.filter((c) => c.kind === 'income');
  const updated = changed.filter((c) => c.kind === 'sub').map((c) => ({ id: c.id, paid_days: c.a, lock_dividend_days: c.b }));

  const byId = new Map(rows.map((r) => [r.id, r]));
  const entries: PostInput[] = [];
  // One notification per subscription and run, however many missed days the run paid.
  const paidDays = new Map<number, number>();
  for (const i of inserted) {
    const s = byId.get(i.id)!;
    if (new Decimal(s.day_profit).isZero()) continue; // a zero income is recorded, nothing moves
    paidDays.set(s.id, (paidDays.get(s.id) ?? 0) + 1);
    entries.push({
      kind: FUND_LEDGER_KINDS.income,
      memo: `Mining income day ${i.a}`,
      reference: `fund:${s.id}:${i.a}`,
      postings: [
        { accountId: s.is_demo ? demoHouse : house, bucket: 'available', amount: new Decimal(s.day_profit).neg() },
        { accountId: s.account_id, bucket: 'available', amount: s.day_profit },
      ],
    });
  }
  if (entries.length > 0) await post(trx, entries);

  const matured = updated.filter((u) => u.paid_days >= u.lock_dividend_days).map((u) => byId.get(u.id)!);
  if (matured.length > 0) {
    // After the last income the hold is released once (reference fund:<sub>:release); a pending
    // early redemption is overtaken by the maturity and never charged.
    await post(trx, matured.map((s) => holdRelease(s, 'Mining fund matured', 'release')));
    await sql`
      UPDATE fund_subscriptions SET status = ${FUND_SUB_STATUS.finished}, finished_at = ${created}
      WHERE id = ANY(${matured.map((s) => s.id)}::int[])`.execute(trx);
  }
  const notices: NotificationRequest[] = [...paidDays].map(([id, n]) => {
    const s = byId.get(id)!;
    return { userId: s.user_id, kind: 'fund_income', params: { fund: s.fund_title, amount: new Decimal(s.day_profit).mul(n).toFixed() }, link: `/mining/income?id=${s.id}` };
  });
  for (const s of matured) notices.push({ userId: s.user_id, kind: 'fund_matured', params: { fund: s.fund_title, amount: s.share_amount }, link: '/mining/record' });
  await notifyMany(trx, notices);
  return { incomes: inserted.length, matured: matured.length };
}

/** How often due incomes are looked for: an income is paid at most this long after it is due. */
export const FUND_INCOME_PERIOD_MS = 10_000;

/**
 * The income job: every 10 s (not daily: each subscription's day starts at its own sub_time),
 * one run pays all that is due, so missed periods need no catch-up of their own.
 */
export const fundIncomeJob: ScheduledJob = {
  name: FUND_INCOME_JOB,
  periodMs: FUND_INCOME_PERIOD_MS,
  catchUp: 0,
  async run({ trx, now, log }) {
    const r = await payDueIncomes(trx, now(), log);
    if (r.incomes > 0 || r.matured > 0) log.info(`fund incomes: ${r.incomes} paid, ${r.matured} matured${r.setAside > 0 ? `, ${r.setAside} set aside` : ''}`);
  },
};
