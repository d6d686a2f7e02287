/**
 * The plain values of real-name.ts (no zod): a screen that needs only one of them imports this
 * module alone, so none of the schemas is evaluated or shipped with it. real-name.ts uses them from here.
 */

/** id_card_type: 1 id card, 2 passport, 3 driver license. */
export const ID_CARD_TYPES = [1, 2, 3] as const;
export type IdCardType = (typeof ID_CARD_TYPES)[number];

/** The user's view (review_status of the spec): 0 form (nothing submitted, or rejected), 1 waiting, 2 finished. */
export const REVIEW_STATUS = { form: 0, waiting: 1, finished: 2 } as const;

/** A submission as staff see it: 1 waiting, 2 approved, 3 rejected (like the loan KYC queue). */
export const REAL_NAME_STATUS = { waiting: 1, approved: 2, rejected: 3 } as const;
