/**
 * The plain values of micro.ts (no zod): a screen that needs only one of them imports this
 * module alone, so none of the schemas is evaluated or shipped with it. micro.ts uses them from here.
 */

/** Type: 1 up, 2 down (spec section 9: type values 1 buy/up, 2 sell/down). */
export const MICRO_TYPE_UP = 1;
export const MICRO_TYPE_DOWN = 2;
/** Status: 1 running, 3 closed (spec section 4). */
export const MICRO_STATUS_RUNNING = 1;
export const MICRO_STATUS_CLOSED = 3;
/** The options account (accountTypeId 2, type 'micro') holds stakes and receives payouts. */
export const MICRO_ACCOUNT_TYPE_ID = 2;
