/**
 * The plain values of wallet.ts (no zod): a screen that needs only one of them imports this
 * module alone, so none of the schemas is evaluated or shipped with it. wallet.ts uses them from here.
 */

/** Three balance accounts per user and currency; transfer's from/to are these ids. */
export const ACCOUNT_TYPES = { change: 1, micro: 2, forex: 3 } as const;
export type AccountTypeName = keyof typeof ACCOUNT_TYPES;
export const ACCOUNT_TYPE_IDS = Object.values(ACCOUNT_TYPES);

/** A demo account starts with this much in each of its three accounts (decisions.md). */
export const DEMO_START_BALANCE = '10000';
