/**
 * The plain values of loans.ts (no zod): a screen that needs only one of them imports this
 * module alone, so none of the schemas is evaluated or shipped with it. loans.ts uses them from here.
 */

/** KYC status: 0 never submitted, 1 waiting, 2 approved, 3 rejected (resubmit allowed). */
export const LOAN_KYC_STATUS = { none: 0, waiting: 1, approved: 2, rejected: 3 } as const;
/** Loan status: 1 waiting for review, 2 to repay, 3 rejected, 4 repayment under review, 5 repaid. */
export const LOAN_STATUS = { waiting: 1, repaying: 2, rejected: 3, repaymentReview: 4, repaid: 5 } as const;
/** `repayment` with this `charge_id` pays from the funding balance at once. */
export const REPAY_FROM_BALANCE = 0;
/** The agreement text's version a client shows and signs (`loan_submit`'s `agreement`). */
export const LOAN_AGREEMENT_VERSION = '1';
