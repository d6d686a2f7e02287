/** Kinds of ledger transactions. A kind names why money moved; the memo says it to a person. */
export const LEDGER_KINDS = {
  demoFunding: 'demo_funding',
  demoReset: 'demo_reset',
  /** An approved deposit: external clearing -> user funding. */
  deposit: 'deposit',
  /** A withdrawal request: funding available -> held. */
  withdrawalHold: 'withdrawal_hold',
  /** An approved withdrawal: held -> external clearing (real_number) and fee revenue (fee). */
  withdrawalPaid: 'withdrawal_paid',
  /** A rejected withdrawal: held -> available. */
  withdrawalRelease: 'withdrawal_release',
  /** Between two accounts of one user. */
  transfer: 'transfer',
  /** A manual correction whose memo is shown as is (history Type 10). */
  adjustment: 'adjustment',
  /** An option's stake moved from available to held at submission. */
  microStake: 'micro_stake',
  /** An option settled: the held stake released, profit paid by or loss taken to the house. */
  microSettlement: 'micro_settlement',
  /** Forex: margin held and fee charged when an order is placed. */
  forexOpen: 'forex_open',
  /** Forex: margin released and profit or loss settled against the house P&L. */
  forexClose: 'forex_close',
  /** Forex: a pending order's margin and fee returned. */
  forexCancel: 'forex_cancel',
  /** Forex: the house absorbs a loss beyond the user's account (negative balance protection). */
  forexNegativeBalance: 'forex_negative_balance_protection',
  /** Mining fund subscribed: funding available -> held for the term. */
  fundHold: 'fund_hold',
  /** A daily mining income: house (the demo house for demo accounts) -> funding available. */
  fundIncome: 'fund_income',
  /** A mining fund matured: its held amount back to available. */
  fundRelease: 'fund_release',
  /** An approved early redemption: held -> available less the penalty, the penalty to the house. */
  fundRefund: 'fund_refund',
  /** Copy trading: a follower's copy of a trader order - margin held and fee charged (its close is forex_close). */
  followCopyOpen: 'follow_copy_open',
  /** A sample trader's starting money, once: external clearing -> its contract account (as a deposit credits). */
  sampleFunding: 'sample_funding',
  /** Loans: an approved loan's principal, house loan book -> user funding. */
  loanPayout: 'loan_payout',
  /** Loans: the term's interest owed at approval, loan book -> loan income. */
  loanInterest: 'loan_interest',
  /** Loans: one overdue day's late fee owed, loan book -> loan income. */
  loanPenalty: 'loan_penalty',
  /** Loans: the amount due paid back into the loan book (from funding or external clearing). */
  loanRepayment: 'loan_repayment',
} as const;
export type LedgerKind = (typeof LEDGER_KINDS)[keyof typeof LEDGER_KINDS] | (string & {});

/**
 * Kinds whose postings on a user's accounts are trading profit or loss (today's profit on the
 * home card). Forex settlement adds its kinds here; an option's settlement postings on the user's
 * account sum to its FactProfits.
 */
export const TRADING_PROFIT_KINDS: readonly string[] = ['micro_settlement', 'forex_close', 'forex_negative_balance_protection'];

export { SYSTEM_ACCOUNTS, BASE_CURRENCY, type SystemAccountCode } from '../../db/seed/system-accounts.js';
