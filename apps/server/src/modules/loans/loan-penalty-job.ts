import { dailyPenalty, DAY_MS, dec, overdueDays } from '@tp/domain';
import type { ScheduledJob } from '../../engine/scheduled-job.js';
import { pruneSetAside, settleIsolated } from '../../engine/item-isolation.js';
import { postPenaltyDay } from './loan-ledger.js';
import { overdueLoans } from './loans.repository.js';

/** The penalty job's name, also in the set-aside list. */
const LOAN_PENALTY_JOB = 'loans.penalty';

/**
 * The daily late fee (decisions.md "Loans"): at each midnight UTC, every loan to repay gets the
 * fee of each whole overdue day not yet charged, counted at the period's start. The count lives
 * on the loan (`penalty_days`) and each day has its own ledger reference, and all of it commits
 * with the scheduler's run row in one transaction: a day is charged once however many restarts
 * or nodes. Days missed while the engine was down, or while a repayment was under review and
 * then rejected, are caught up by the next run, since the count is derived from the due date -
 * so is a loan that could not be charged (set aside in its own savepoint, engine/item-isolation.ts)
 * while every other loan was.
 */
export const loanPenaltyJob: ScheduledJob = {
  name: LOAN_PENALTY_JOB,
  periodMs: DAY_MS,
  catchUp: 0,
  async run({ trx, periodStartMs, now, log }) {
    const loans = await overdueLoans(trx, new Date(periodStartMs - DAY_MS + 1));
    const key = (loan: { id: number; user_id: number }) => `loan ${loan.id} (user ${loan.user_id})`;
    const out = await settleIsolated(trx, loans, {
      job: LOAN_PENALTY_JOB,
      key,
      at: new Date(now()),
      log,
      each: async (t, loan) => {
        const target = overdueDays(loan.due_at!.getTime(), periodStartMs);
        if (target <= loan.penalty_days) return 0;
        const fee = dailyPenalty(loan.amount, loan.penalty_rate);
        for (let day = loan.penalty_days + 1; day <= target; day++) await postPenaltyDay(t, loan, day, fee);
        const added = dec(fee).times(target - loan.penalty_days);
        await t
          .updateTable('loans')
          .set({ penalty_days: target, penalty_amount: dec(loan.penalty_amount).plus(added).toFixed(2) })
          .where('id', '=', loan.id)
          .execute();
        return target - loan.penalty_days;
      },
    });
    // A set-aside loan repaid since then leaves the list.
    const waiting = new Set(loans.map(key));
    await pruneSetAside(trx, LOAN_PENALTY_JOB, (k) => waiting.has(k));
    const charged = out.results.reduce((a, b) => a + b, 0);
    if (charged > 0) log.info(`loans.penalty: ${charged} overdue day(s) charged on ${loans.length} loan(s)`);
  },
};
