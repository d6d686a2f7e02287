import { dailyPenalty, DAY_MS, dec, overdueDays } from '@tp/domain';
import type { ScheduledJob } from '../../engine/scheduled-job.js';
import { postPenaltyDay } from './loan-ledger.js';
import { overdueLoans } from './loans.repository.js';

/**
 * The daily late fee (decisions.md "Loans"): at each midnight UTC, every loan to repay gets the
 * fee of each whole overdue day not yet charged, counted at the period's start. The count lives
 * on the loan (`penalty_days`) and each day has its own ledger reference, and all of it commits
 * with the scheduler's run row in one transaction: a day is charged once however many restarts
 * or nodes. Days missed while the engine was down, or while a repayment was under review and
 * then rejected, are caught up by the next run, since the count is derived from the due date.
 */
export const loanPenaltyJob: ScheduledJob = {
  name: 'loans.penalty',
  periodMs: DAY_MS,
  catchUp: 0,
  async run({ trx, periodStartMs, log }) {
    const loans = await overdueLoans(trx, new Date(periodStartMs - DAY_MS + 1));
    let charged = 0;
    for (const loan of loans) {
      const target = overdueDays(loan.due_at!.getTime(), periodStartMs);
      if (target <= loan.penalty_days) continue;
      const fee = dailyPenalty(loan.amount, loan.penalty_rate);
      for (let day = loan.penalty_days + 1; day <= target; day++) await postPenaltyDay(trx, loan, day, fee);
      const added = dec(fee).times(target - loan.penalty_days);
      await trx
        .updateTable('loans')
        .set({ penalty_days: target, penalty_amount: dec(loan.penalty_amount).plus(added).toFixed(2) })
        .where('id', '=', loan.id)
        .execute();
      charged += target - loan.penalty_days;
    }
    if (charged > 0) log.info(`loans.penalty: ${charged} overdue day(s) charged on ${loans.length} loan(s)`);
  },
};
