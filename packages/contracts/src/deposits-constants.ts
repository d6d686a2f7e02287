/**
 * The plain values of deposits.ts (no zod): a screen that needs only one of them imports this
 * module alone, so none of the schemas is evaluated or shipped with it. deposits.ts uses them from here.
 */

export const CHARGE_TYPES = { coin: 0, bank: 1 } as const;
/** Deposit record status (spec 4): 0 unchecked, 1 finished, 2 rejected, 3 invalid. */
export const CHARGE_STATUS = { unchecked: 0, finished: 1, rejected: 2, invalid: 3 } as const;
