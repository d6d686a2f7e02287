/*
 * The seeded rows the ledger starts from. They are data the seed writes, below every module, so
 * the ledger module re-exports them rather than the seed importing a module.
 */

/** House accounts, one per currency: the other side of money that enters or leaves users. */
export const SYSTEM_ACCOUNTS = {
  houseDemoFunding: 'house_demo_funding',
  housePnl: 'house_pnl',
  feeRevenue: 'fee_revenue',
  externalClearing: 'external_clearing',
} as const;
export type SystemAccountCode = (typeof SYSTEM_ACCOUNTS)[keyof typeof SYSTEM_ACCOUNTS];

export const BASE_CURRENCY = 'USDT';
