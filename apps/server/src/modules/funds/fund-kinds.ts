import { LEDGER_KINDS } from '../ledger/index.js';

/** Ledger kinds of the mining funds (declared in the manifest; each has this one owner). */
export const FUND_LEDGER_KINDS = {
  hold: LEDGER_KINDS.fundHold,
  income: LEDGER_KINDS.fundIncome,
  release: LEDGER_KINDS.fundRelease,
  refund: LEDGER_KINDS.fundRefund,
} as const;
