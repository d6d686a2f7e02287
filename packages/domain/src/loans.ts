import { dec, fixed, type DecimalLike } from './money.js';

/**
 * Loan rules (decisions.md "Loans"). Rates are daily fractions ("0.0025" is 0.25 % a day). Amounts
 * a borrower owes are rounded UP to the cent: the house never lends for less than its rate says.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Loan amounts, interest and penalties are kept to the cent (balances are shown with 2 places). */
export const LOAN_PLACES = 2;

export interface LoanTerms {
  /** Days from approval to the due date. */
  loanPeriod: number;
  /** Leading days of the term that bear no interest. */
  freePeriod: number;
  /** Interest per day, a fraction. */
  interestRate: DecimalLike;
  /** Late fee per overdue day, a fraction of the principal. */
  penaltyRate: DecimalLike;
}

/** Interest of the whole term = amount x daily rate x (loan_period - free_period), never below 0. */
export function loanInterest(amount: DecimalLike, terms: Pick<LoanTerms, 'loanPeriod' | 'freePeriod' | 'interestRate'>): string {
  const days = Math.max(0, terms.loanPeriod - terms.freePeriod);
  return fixed(dec(amount).times(dec(terms.interestRate)).times(days), LOAN_PLACES, 'up');
}

/** Due date = approval + loan_period days (to the millisecond: a loan approved at 10:00 is due at 10:00). */
export function loanDueAt(approvedAtMs: number, loanPeriod: number): number {
  return approvedAtMs + loanPeriod * DAY_MS;
}

/**
 * Whole overdue days at `nowMs`: the first counts once a full day has passed after the due date,
 * so a loan repaid within 24 hours of its due date owes no late fee.
 */
export function overdueDays(dueAtMs: number, nowMs: number): number {
  if (nowMs <= dueAtMs) return 0;
  return Math.floor((nowMs - dueAtMs) / DAY_MS);
}

/** The late fee of one overdue day = principal x penalty_rate. */
export function dailyPenalty(amount: DecimalLike, penaltyRate: DecimalLike): string {
  return fixed(dec(amount).times(dec(penaltyRate)), LOAN_PLACES, 'up');
}

/** Amount due = principal + interest + penalty accrued so far. */
export function loanAmountDue(amount: DecimalLike, interest: DecimalLike, penalty: DecimalLike): string {
  return fixed(dec(amount).plus(dec(interest)).plus(dec(penalty)), LOAN_PLACES, 'up');
}

/** Whether an amount lies within a term's bounds (both inclusive). */
export function withinLoanBounds(amount: DecimalLike, min: DecimalLike, max: DecimalLike): boolean {
  const a = dec(amount);
  return a.gte(dec(min)) && a.lte(dec(max));
}
