import { WITHDRAWAL_STATUS } from '@tp/contracts';
import { Decimal } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { LEDGER_KINDS, SYSTEM_ACCOUNTS, baseCurrencyId, holdPostings, post, systemAccountId, type Posting } from '../ledger/index.js';
import { lockWithdrawal, markWithdrawal } from '../withdrawals/index.js';
import { writeAudit } from '../audit/index.js';
import { notify } from '../notifications/index.js';
import type { Decision } from './decide-deposit.js';

/*
 * The withdrawal decision command: it spans withdrawals (the request), the ledger (paying out or
 * releasing the hold) and the admin audit log, in the caller's one transaction.
 */

/**
 * An admin's decision on a withdrawal, once (the row is locked). Approval pays the hold out:
 * real_number to external clearing and the fee to fee revenue. Rejection releases the hold back
 * to available. Either is referenced `withdrawal:<id>`, unique per kind, so a replay cannot post
 * twice. Audited in the same transaction.
 */
export async function decideWithdrawal(trx: Executor, adminId: number, id: number, decision: Decision, reason: string | undefined) {
  const w = await lockWithdrawal(trx, id);
  if (!w) refuse('not_found');
  if (w.status !== WITHDRAWAL_STATUS.pending) refuse('already_decided');
  const currencyId = await baseCurrencyId(trx);
  let postings: Posting[];
  if (decision === 'approve') {
    postings = [
      { accountId: w.account_id, bucket: 'held', amount: new Decimal(w.number).neg() },
      { accountId: await systemAccountId(trx, SYSTEM_ACCOUNTS.externalClearing, currencyId), bucket: 'available', amount: w.real_number },
    ];
    if (!new Decimal(w.fee).isZero()) postings.push({ accountId: await systemAccountId(trx, SYSTEM_ACCOUNTS.feeRevenue, currencyId), bucket: 'available', amount: w.fee });
  } else {
    postings = holdPostings(w.account_id, new Decimal(w.number).neg());
  }
  const settleId = await post(trx, {
    kind: decision === 'approve' ? LEDGER_KINDS.withdrawalPaid : LEDGER_KINDS.withdrawalRelease,
    memo: `Withdrawal #${id} ${decision === 'approve' ? 'paid' : 'rejected'}`,
    reference: `withdrawal:${id}`,
    postings,
  });
  const status = decision === 'approve' ? WITHDRAWAL_STATUS.paid : WITHDRAWAL_STATUS.rejected;
  await markWithdrawal(trx, id, { status, remark: reason ?? '', reviewed_by: adminId, settle_transaction_id: settleId });
  await notify(trx, {
    userId: w.user_id,
    kind: 'withdrawal_decided',
    params: { id, amount: w.number, outcome: decision === 'approve' ? 'approved' : 'rejected' },
    link: '/mine/withdraw',
  });
  await writeAudit(trx, {
    adminId,
    action: `withdrawal.${decision}`,
    target: `withdrawal:${id}`,
    detail: { user_id: w.user_id, number: w.number, fee: w.fee, real_number: w.real_number, reason: reason ?? null, ledger_transaction_id: settleId },
  });
  return { id, status };
}
