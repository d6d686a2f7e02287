import { describe, expect, it } from 'vitest';
import { DAY_MS, dailyPenalty, loanAmountDue, loanDueAt, loanInterest, overdueDays, withinLoanBounds } from './loans.js';

describe('loanInterest', () => {
  it.each([
    // amount, daily rate, loan_period, free_period, interest
    ['1000', '0.001', 30, 0, '30.00'],
    ['1000', '0.001', 30, 10, '20.00'], // free days bear nothing
    ['1000', '0.001', 30, 30, '0.00'], // all free
    ['1000', '0.001', 7, 10, '0.00'], // free longer than the term: never negative
    ['1234.56', '0.0025', 14, 0, '43.21'], // 43.2096 rounded up
    ['0.01', '0.0001', 1, 0, '0.01'], // a fraction of a cent is still charged
    ['500', '0', 30, 0, '0.00'], // interest-free term
    ['1000000000', '0.0025', 365, 5, '900000000.00'], // large amounts stay exact
  ] as const)('%s at %s for %i days, %i free -> %s', (amount, rate, period, free, interest) => {
    expect(loanInterest(amount, { loanPeriod: period, freePeriod: free, interestRate: rate })).toBe(interest);
  });
});

describe('loanDueAt', () => {
  const approved = Date.UTC(2026, 0, 31, 10, 0, 0);
  it.each([
    [1, Date.UTC(2026, 1, 1, 10, 0, 0)],
    [30, Date.UTC(2026, 2, 2, 10, 0, 0)], // across a short month
    [0, approved],
  ])('approved + %i days', (days, due) => {
    expect(loanDueAt(approved, days)).toBe(due);
  });
});

describe('overdueDays', () => {
  const due = Date.UTC(2026, 0, 10, 12, 0, 0);
  it.each([
    [due - 1, 0], // before the due date
    [due, 0], // at it
    [due + DAY_MS - 1, 0], // within the first day after it
    [due + DAY_MS, 1],
    [due + 2 * DAY_MS + 5, 2],
    [due + 30 * DAY_MS, 30],
  ])('at %i -> %i', (now, days) => {
    expect(overdueDays(due, now)).toBe(days);
  });
});

describe('dailyPenalty', () => {
  it.each([
    ['1000', '0.0025', '2.50'],
    ['1234.56', '0.0025', '3.09'], // 3.0864 up
    ['100', '0', '0.00'],
    ['0.01', '0.0025', '0.01'],
  ] as const)('%s at %s -> %s', (amount, rate, penalty) => {
    expect(dailyPenalty(amount, rate)).toBe(penalty);
  });
});

describe('loanAmountDue', () => {
  it.each([
    ['1000', '30', '0', '1030.00'],
    ['1000', '30', '7.5', '1037.50'],
    ['1000.00', '0.00', '0.00', '1000.00'],
  ] as const)('%s + %s + %s = %s', (amount, interest, penalty, due) => {
    expect(loanAmountDue(amount, interest, penalty)).toBe(due);
  });
});

describe('withinLoanBounds', () => {
  it.each([
    ['100', '100', '5000', true],
    ['5000', '100', '5000', true],
    ['99.99', '100', '5000', false],
    ['5000.01', '100', '5000', false],
  ] as const)('%s in [%s, %s] -> %s', (amount, min, max, ok) => {
    expect(withinLoanBounds(amount, min, max)).toBe(ok);
  });
});
