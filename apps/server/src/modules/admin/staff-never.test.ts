import { describe, expect, it } from 'vitest';
import { allEndpoints } from '@tp/contracts';

/*
 * What staff can never do (issue 13, item 8; decisions.md "Admin console"): no admin endpoint
 * moves a price, opens, edits or closes an order, decides a settlement or writes a balance. The
 * build's dependency rule (admin-routes-move-no-money-or-market) keeps the route files away from
 * that code; this test keeps the API itself from offering it, over every admin endpoint there is.
 */

/** The only admin writes that move money: the reviewed decisions on deposits and withdrawals. */
const MONEY_MOVING_DECISIONS = [
  'POST /admin/api/deposits/:id/approve',
  'POST /admin/api/deposits/:id/reject',
  'POST /admin/api/withdrawals/:id/approve',
  'POST /admin/api/withdrawals/:id/reject',
  // Mining funds (decisions.md "Mining funds"): approving an early redemption the user asked for
  // releases the hold less the penalty (funds/decide-refund.ts); rejecting moves nothing and
  // returns the subscription to status 1. Neither decides an amount: the penalty is the fund's rule.
  'POST /admin/api/fund-refunds/:id/approve',
  'POST /admin/api/fund-refunds/:id/reject',
  // Loans (issue 16): approving a loan pays the principal from the house loan book; rejecting it
  // decides the same queue item without money.
  'POST /admin/api/loans/:id/approve',
  'POST /admin/api/loans/:id/reject',
  // Confirming a repayment closes the loan's receivable with the amount paid from outside;
  // rejecting it returns the loan to "to repay" without money.
  'POST /admin/api/loan-repayments/:id/approve',
  'POST /admin/api/loan-repayments/:id/reject',
];

/**
 * Words of a write on trading or money: an admin write whose path names one is a breach. Plain
 * configuration (symbols and their spreads, deposit addresses, collection accounts) names none.
 */
const TRADING_WRITE = /order|position|price|quote|tick|kline|candle|settle|close|\btrades?\b/i;
const MONEY_WRITE = /balance|ledger|posting|wallet|transfer|credit|debit|payout|refund|repay/i;
/** Any action on a deposit, withdrawal, early redemption, loan or repayment record (not their configuration). */
const QUEUE_ACTION = /^\w+ \/admin\/api\/(deposits|withdrawals|fund-refunds|loans|loan-repayments)\/:/;

const adminWrites = allEndpoints()
  .filter((e) => e.path.startsWith('/admin/api/'))
  .flatMap((e) => e.methods.filter((m) => m !== 'GET').map((m) => `${m} ${e.path}`));

describe('what staff can never do', () => {
  it('every admin endpoint is under /admin/api and has admin access, but the login and the invitation', () => {
    const admin = allEndpoints().filter((e) => e.path.startsWith('/admin/api/'));
    const open = admin.filter((e) => e.access.kind !== 'admin').map((e) => e.path);
    expect(open.sort()).toEqual(['/admin/api/login', '/admin/api/staff/accept']);
  });

  it('no admin write is an order, price or settlement action', () => {
    expect(adminWrites.filter((w) => TRADING_WRITE.test(w))).toEqual([]);
  });

  it('the admin writes that move money are exactly the reviewed decisions', () => {
    // the reviewed decisions are the only writes allowed a money word (the fund-refunds queue has one in its name)
    expect(adminWrites.filter((w) => MONEY_WRITE.test(w) && !MONEY_MOVING_DECISIONS.includes(w))).toEqual([]);
    expect(adminWrites.filter((w) => QUEUE_ACTION.test(w)).sort()).toEqual([...MONEY_MOVING_DECISIONS].sort());
  });
});
