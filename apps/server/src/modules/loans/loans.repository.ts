import { LOAN_STATUS } from '@tp/contracts';
import type { Executor } from '../../db/database.js';

/** The columns of a loan record with its user and signature upload (user pages and the console). */
export function loanRows(db: Executor) {
  return db
    .selectFrom('loans as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .innerJoin('uploads as s', 's.id', 'l.sign_upload_id')
    .leftJoin('uploads as p', 'p.id', 'l.repay_upload_id')
    // The collection account a repayment was sent to (repay_channel 0, the balance, matches none).
    .leftJoin('bank_accounts as ba', 'ba.id', 'l.repay_channel')
    .selectAll('l')
    .select(['u.uid', 'u.email', 's.stored_name as sign_name', 'p.stored_name as proof_name', 'ba.bank_name as repay_bank_name', 'ba.payee_account as repay_payee_account']);
}
export type LoanRow = NonNullable<Awaited<ReturnType<ReturnType<typeof loanRows>['executeTakeFirst']>>>;

export function kycRows(db: Executor) {
  return db
    .selectFrom('loan_kyc as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .innerJoin('uploads as h', 'h.id', 'k.hand_upload_id')
    .innerJoin('uploads as s', 's.id', 'k.signature_upload_id')
    .selectAll('k')
    .select(['u.uid', 'u.email', 'h.stored_name as hand_name', 's.stored_name as signature_name']);
}
export type KycRow = NonNullable<Awaited<ReturnType<ReturnType<typeof kycRows>['executeTakeFirst']>>>;

export async function lockLoan(trx: Executor, id: number) {
  return trx.selectFrom('loans').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findConfig(db: Executor, id: number, enabledOnly: boolean) {
  let q = db.selectFrom('loan_configs').selectAll().where('id', '=', id);
  if (enabledOnly) q = q.where('enabled', '=', true);
  return q.executeTakeFirst();
}

/** Loans whose late fee may be due: to repay (2). A repayment under review (4) pauses the fee. */
export async function overdueLoans(trx: Executor, before: Date) {
  return trx
    .selectFrom('loans')
    .select(['id', 'user_id', 'amount', 'penalty_rate', 'penalty_amount', 'penalty_days', 'due_at'])
    .where('status', '=', LOAN_STATUS.repaying)
    .where('due_at', '<', before)
    .orderBy('id')
    .forUpdate()
    .execute();
}
