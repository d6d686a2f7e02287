import { FUND_SUB_STATUS } from '@tp/contracts';
import { Decimal, fundPenalty } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { writeAudit } from '../audit/index.js';
import { SYSTEM_ACCOUNTS, baseCurrencyId, post, systemAccountId, type Posting } from '../ledger/index.js';
import { FUND_LEDGER_KINDS } from './fund-kinds.js';
import { lockSubscription, markSubscription } from './funds.repository.js';

export type RefundDecision = 'approve' | 'reject';

/**
 * Staff's decision on an early redemption (the queue /admin/api/fund-refunds), once: the row is
 * locked and must be in status 2. Approval releases the hold less the penalty share_amount x
 * liquidated_damages / 100, which goes to the house (the demo house for a demo account), and
 * stops the incomes (those already paid are kept): status 3. Rejection moves no money: back to 1.
 * Referenced `fund:<sub>:refund`, so a replay cannot post twice. Audited in the same transaction.
 */
export async function decideFundRefund(trx: Executor, adminId: number, id: number, decision: RefundDecision, reason: string | undefined, nowMs: number) {
  const s = await lockSubscription(trx, id);
  if (!s || s.refund_applied_at === null) refuse('not_found');
  if (s.status !== FUND_SUB_STATUS.refunding) refuse('already_decided');
  const penalty = fundPenalty(s.share_amount, s.liquidated_damages);
  const back = new Decimal(s.share_amount).minus(penalty);
  let settleId: string | null = null;
  if (decision === 'approve') {
    const currencyId = await baseCurrencyId(trx);
    const house = await systemAccountId(trx, s.is_demo ? SYSTEM_ACCOUNTS.houseDemoFunding : SYSTEM_ACCOUNTS.housePnl, currencyId);
    const postings: Posting[] = [{ accountId: s.account_id, bucket: 'held', amount: new Decimal(s.share_amount).neg() }];
    if (!back.isZero()) postings.push({ accountId: s.account_id, bucket: 'available', amount: back });
    if (!penalty.isZero()) postings.push({ accountId: house, bucket: 'available', amount: penalty });
    settleId = await post(trx, { kind: FUND_LEDGER_KINDS.refund, memo: `Mining fund #${id} redeemed early`, reference: `fund:${id}:refund`, postings });
  }
  const status = decision === 'approve' ? FUND_SUB_STATUS.refunded : FUND_SUB_STATUS.running;
  await markSubscription(trx, id, {
    status,
    remark: reason ?? '',
    reviewed_by: adminId,
    reviewed_at: new Date(nowMs),
    ...(decision === 'approve' ? { settle_transaction_id: settleId, next_due_at: null, finished_at: new Date(nowMs) } : {}),
  });
  await writeAudit(trx, {
    adminId,
    action: `fund_refund.${decision}`,
    target: `fund_subscription:${id}`,
    detail: {
      user_id: s.user_id,
      share_amount: s.share_amount,
      penalty: decision === 'approve' ? penalty.toFixed() : null,
      refund: decision === 'approve' ? back.toFixed() : null,
      reason: reason ?? null,
      ledger_transaction_id: settleId,
    },
  });
  return { id, status };
}
