import { Decimal } from '@tp/domain';
import { LEDGER_KINDS, type PostInput } from '../ledger/index.js';

/** Ledger kinds of the mining funds (declared in the manifest; each has this one owner). */
export const FUND_LEDGER_KINDS = {
  hold: LEDGER_KINDS.fundHold,
  income: LEDGER_KINDS.fundIncome,
  release: LEDGER_KINDS.fundRelease,
  refund: LEDGER_KINDS.fundRefund,
} as const;

/** The whole hold of a subscription back to available, in one ledger transaction (maturity, demo reset). */
export function holdRelease(s: { id: number; account_id: number; share_amount: string }, memo: string, referenceSuffix: 'release' | 'reset'): PostInput {
  return {
    kind: FUND_LEDGER_KINDS.release,
    memo,
    reference: `fund:${s.id}:${referenceSuffix}`,
    postings: [
      { accountId: s.account_id, bucket: 'held', amount: new Decimal(s.share_amount).neg() },
      { accountId: s.account_id, bucket: 'available', amount: s.share_amount },
    ],
  };
}
