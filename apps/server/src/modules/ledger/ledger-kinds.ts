/** Kinds of ledger transactions. A kind names why money moved; the memo says it to a person. */
export const LEDGER_KINDS = {
  demoFunding: 'demo_funding',
  demoReset: 'demo_reset',
  /** Forex: margin held and fee charged when an order is placed. */
  forexOpen: 'forex_open',
  /** Forex: margin released and profit or loss settled against the house P&L. */
  forexClose: 'forex_close',
  /** Forex: a pending order's margin and fee returned. */
  forexCancel: 'forex_cancel',
  /** Forex: the house absorbs a loss beyond the user's account (negative balance protection). */
  forexNegativeBalance: 'forex_negative_balance_protection',
} as const;
export type LedgerKind = (typeof LEDGER_KINDS)[keyof typeof LEDGER_KINDS] | (string & {});

/**
 * Kinds whose postings on a user's accounts are trading profit or loss (today's profit on the
 * home card). None exist yet: forex and option settlement add theirs here.
 */
export const TRADING_PROFIT_KINDS: readonly string[] = ['forex_close', 'forex_negative_balance_protection'];

/** House accounts, one per currency: the other side of money that enters or leaves users. */
export const SYSTEM_ACCOUNTS = {
  houseDemoFunding: 'house_demo_funding',
  housePnl: 'house_pnl',
  feeRevenue: 'fee_revenue',
  externalClearing: 'external_clearing',
} as const;
export type SystemAccountCode = (typeof SYSTEM_ACCOUNTS)[keyof typeof SYSTEM_ACCOUNTS];

export const BASE_CURRENCY = 'USDT';
