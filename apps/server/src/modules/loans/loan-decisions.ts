import { LOAN_KYC_STATUS, LOAN_STATUS } from '@tp/contracts';
import { loanDueAt } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { writeAudit } from '../audit/index.js';
import { notify } from '../notifications/index.js';
import { postPayout, postRepayment } from './loan-ledger.js';
import { lockLoan } from './loans.repository.js';

/*
 * The console's decisions on the three loan queues, each in the caller's one transaction with its
 * audit row: the record is locked, so a second decision waits and then finds it decided. Approving
 * a loan and confirming a repayment move money (loan-ledger.ts); they are reviewed decisions, the
 * only kind of admin write that may (staff-never.test.ts). Not a route file, so it may post.
 */

export type Decision = 'approve' | 'reject';
/** What every decision answers: the record and its new status. */
export interface DecisionResult {
  id: number;
  status: number;
}

export async function decideKyc(trx: Executor, adminId: number, id: number, decision: Decision, reason: string | undefined, nowMs: number): Promise<DecisionResult> {
  const row = await trx.selectFrom('loan_kyc').select(['id', 'user_id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) refuse('not_found');
  if (row.status !== LOAN_KYC_STATUS.waiting) refuse('already_decided');
  const status = decision === 'approve' ? LOAN_KYC_STATUS.approved : LOAN_KYC_STATUS.rejected;
  await trx.updateTable('loan_kyc').set({ status, remark: reason ?? '', reviewed_by: adminId, reviewed_at: new Date(nowMs) }).where('id', '=', id).execute();
  await writeAudit(trx, { adminId, action: `loan_kyc.${decision}`, target: `loan_kyc:${id}`, detail: { user_id: row.user_id, reason: reason ?? null } });
  return { id, status };
}

/** Approval pays the principal from the loan book and starts the term: due = approval + loan_period days. */
export async function decideLoan(trx: Executor, adminId: number, id: number, decision: Decision, reason: string | undefined, nowMs: number): Promise<DecisionResult> {
  const loan = await lockLoan(trx, id);
  if (!loan) refuse('not_found');
  if (loan.status !== LOAN_STATUS.waiting) refuse('already_decided');
  let transactionId: string | null = null;
  if (decision === 'approve') {
    transactionId = await postPayout(trx, loan);
    await trx
      .updateTable('loans')
      .set({ status: LOAN_STATUS.repaying, remark: reason ?? '', reviewed_by: adminId, reviewed_at: new Date(nowMs), due_at: new Date(loanDueAt(nowMs, loan.loan_period)) })
      .where('id', '=', id)
      .execute();
  } else {
    await trx.updateTable('loans').set({ status: LOAN_STATUS.rejected, remark: reason ?? '', reviewed_by: adminId, reviewed_at: new Date(nowMs) }).where('id', '=', id).execute();
  }
  await notify(trx, { userId: loan.user_id, kind: 'loan_decided', params: { id, amount: loan.amount, outcome: decision === 'approve' ? 'approved' : 'rejected' }, link: '/loan/record' });
  await writeAudit(trx, {
    adminId,
    action: `loan.${decision}`,
    target: `loan:${id}`,
    detail: { user_id: loan.user_id, amount: loan.amount, reason: reason ?? null, ledger_transaction_id: transactionId },
  });
  return { id, status: decision === 'approve' ? LOAN_STATUS.repaying : LOAN_STATUS.rejected };
}

/** Confirming closes the receivable with the amount paid (status 5); rejecting returns the loan to 2 with the reason. */
export async function decideRepayment(trx: Executor, adminId: number, id: number, decision: Decision, reason: string | undefined, nowMs: number): Promise<DecisionResult> {
  const loan = await lockLoan(trx, id);
  if (!loan) refuse('not_found');
  if (loan.status !== LOAN_STATUS.repaymentReview) refuse('already_decided');
  let transactionId: string | null = null;
  if (decision === 'approve') {
    transactionId = await postRepayment(trx, loan, loan.repay_amount ?? '0', 'external');
    await trx.updateTable('loans').set({ status: LOAN_STATUS.repaid, repaid_at: new Date(nowMs), remark: reason ?? '' }).where('id', '=', id).execute();
  } else {
    await trx.updateTable('loans').set({ status: LOAN_STATUS.repaying, remark: reason ?? '' }).where('id', '=', id).execute();
  }
  await notify(trx, { userId: loan.user_id, kind: 'repayment_decided', params: { id, amount: loan.repay_amount ?? '0', outcome: decision === 'approve' ? 'approved' : 'rejected' }, link: '/loan/record' });
  await writeAudit(trx, {
    adminId,
    action: `loan_repayment.${decision}`,
    target: `loan:${id}`,
    detail: { user_id: loan.user_id, repay_amount: loan.repay_amount, reason: reason ?? null, ledger_transaction_id: transactionId },
  });
  return { id, status: decision === 'approve' ? LOAN_STATUS.repaid : LOAN_STATUS.repaying };
}
