/**
 * The plain values of withdrawals.ts (no zod): a screen that needs only one of them imports this
 * module alone, so none of the schemas is evaluated or shipped with it. withdrawals.ts uses them from here.
 */

/** Withdraw currency / method type: 1 crypto (coin address), 2 bank. */
export const DRAW_TYPES = { coin: 1, bank: 2 } as const;

/** Withdrawal status: 0 pending review, 1 paid, 2 rejected (hold released). */
export const WITHDRAWAL_STATUS = { pending: 0, paid: 1, rejected: 2 } as const;
/** fee_type 1: draw_rate is a fixed fee; anything else: draw_rate is a rate on the amount. */
export const FEE_TYPE_FIXED = 1;
