import { ACCOUNT_TYPES, CHARGE_STATUS } from '@tp/contracts';
import { Decimal } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { lockCharge, markCharge } from '../deposits/index.js';
import { LEDGER_KINDS, SYSTEM_ACCOUNTS, baseCurrencyId, findUserAccount, post, systemAccountId } from '../ledger/index.js';
import { writeAudit } from '../audit/index.js';
import { notify } from '../notifications/index.js';

/*
 * The deposit decision command: it spans deposits (the claim), the ledger (the credit) and the
 * admin audit log, all in the caller's one transaction, so it lives in its own file.
 */

export type Decision = 'approve' | 'reject';

/**
 * An admin's decision on a deposit, once: the record is locked, so a concurrent second decision
 * waits and then finds it decided. Approval credits the user's funding account from external
 * clearing, referenced `charge:<id>` (unique per kind: a replay cannot credit twice); both
 * outcomes are audited in the same transaction.
 */
export async function decideDeposit(trx: Executor, adminId: number, id: number, decision: Decision, reason: string | undefined) {
  const charge = await lockCharge(trx, id);
  if (!charge) refuse('not_found');
  if (charge.status !== CHARGE_STATUS.unchecked) refuse('already_decided');
  let transactionId: string | null = null;
  if (decision === 'approve') {
    const currencyId = await baseCurrencyId(trx);
    const funding = await findUserAccount(trx, charge.user_id, ACCOUNT_TYPES.change, currencyId);
    if (!funding) throw new Error(`user ${charge.user_id} has no funding account`);
    const amount = new Decimal(charge.number);
    transactionId = await post(trx, {
      kind: LEDGER_KINDS.deposit,
      memo: `Deposit #${id}`,
      reference: `charge:${id}`,
      postings: [
        { accountId: await systemAccountId(trx, SYSTEM_ACCOUNTS.externalClearing, currencyId), bucket: 'available', amount: amount.neg() },
        { accountId: funding.id, bucket: 'available', amount },
      ],
    });
  }
  const status = decision === 'approve' ? CHARGE_STATUS.finished : CHARGE_STATUS.rejected;
  await markCharge(trx, id, { status, remark: reason ?? '', reviewed_by: adminId, ledger_transaction_id: transactionId });
  await notify(trx, {
    userId: charge.user_id,
    kind: 'deposit_decided',
    params: { id, amount: charge.number, outcome: decision === 'approve' ? 'approved' : 'rejected' },
    link: '/mine/charge',
  });
  await writeAudit(trx, {
    adminId,
    action: `deposit.${decision}`,
    target: `charge:${id}`,
    detail: { user_id: charge.user_id, number: charge.number, reason: reason ?? null, ledger_transaction_id: transactionId },
  });
  return { id, status };
}
