/**
 * The plain values of account-history.ts (no zod): a screen that needs only one of them imports this
 * module alone, so none of the schemas is evaluated or shipped with it. account-history.ts uses them from here.
 */

/**
 * History item Type: which kind of ledger transaction it was. 10 is a free-text entry (an admin
 * adjustment): clients show Memo for it and MemoTran (localized) for the others (spec 3).
 */
export const ACCOUNT_LOG_TYPES = {
  deposit: 1,
  withdrawal: 2,
  withdrawal_paid: 3,
  withdrawal_released: 4,
  transfer_out: 5,
  transfer_in: 6,
  demo_funding: 7,
  demo_reset: 8,
  other: 9,
  memo: 10,
} as const;
