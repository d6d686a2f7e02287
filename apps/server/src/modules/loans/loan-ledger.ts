import { ACCOUNT_TYPES } from '@tp/contracts';
import { Decimal } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { baseCurrencyId, ensureSystemAccount, findUserAccount, InsufficientFundsError, LEDGER_KINDS, post, SYSTEM_ACCOUNTS } from '../ledger/index.js';

/*
 * The loans' money in the ledger. The house loan book is a system account whose negative balance
 * is what borrowers owe the house (a receivable): the payout debits it, interest and late fees
 * debit it further (against loan income), a repayment credits it back. Every transaction has a
 * reference naming its loan (and day), so none can happen twice.
 */

/** The loans' kinds, declared with the others in the ledger's list of kinds. */
export const LOAN_LEDGER_KINDS = {
  payout: LEDGER_KINDS.loanPayout,
  interest: LEDGER_KINDS.loanInterest,
  penalty: LEDGER_KINDS.loanPenalty,
  repayment: LEDGER_KINDS.loanRepayment,
} as const;

export const LOAN_ACCOUNTS = { book: 'loan_book', income: 'loan_income' } as const;

async function accounts(trx: Executor, userId: number) {
  const currencyId = await baseCurrencyId(trx);
  const funding = await findUserAccount(trx, userId, ACCOUNT_TYPES.change, currencyId);
  if (!funding) throw new Error(`user ${userId} has no funding account`);
  return {
    currencyId,
    funding: funding.id,
    book: await ensureSystemAccount(trx, LOAN_ACCOUNTS.book, currencyId),
    income: await ensureSystemAccount(trx, LOAN_ACCOUNTS.income, currencyId),
  };
}

/** Approval: principal to the borrower, the term's interest owed. Returns the payout's transaction id. */
export async function postPayout(trx: Executor, loan: { id: number; user_id: number; amount: string; interest_amount: string }): Promise<string> {
  const a = await accounts(trx, loan.user_id);
  const amount = new Decimal(loan.amount);
  const [payout] = await post(trx, [
    {
      kind: LOAN_LEDGER_KINDS.payout,
      memo: `Loan #${loan.id}`,
      reference: `loan:${loan.id}`,
      postings: [
        { accountId: a.book, bucket: 'available', amount: amount.neg() },
        { accountId: a.funding, bucket: 'available', amount },
      ],
    },
    ...(new Decimal(loan.interest_amount).gt(0)
      ? [
          {
            kind: LOAN_LEDGER_KINDS.interest,
            memo: `Loan #${loan.id} interest`,
            reference: `loan:${loan.id}`,
            postings: [
              { accountId: a.book, bucket: 'available' as const, amount: new Decimal(loan.interest_amount).neg() },
              { accountId: a.income, bucket: 'available' as const, amount: new Decimal(loan.interest_amount) },
            ],
          },
        ]
      : []),
  ]);
  return payout!;
}

/** The late fee of overdue day `day` (1, 2, ...) of a loan. */
export async function postPenaltyDay(trx: Executor, loan: { id: number; user_id: number }, day: number, fee: string): Promise<void> {
  if (new Decimal(fee).lte(0)) return;
  const a = await accounts(trx, loan.user_id);
  await post(trx, {
    kind: LOAN_LEDGER_KINDS.penalty,
    memo: `Loan #${loan.id} late fee, day ${day}`,
    reference: `loan:${loan.id}:day:${day}`,
    postings: [
      { accountId: a.book, bucket: 'available', amount: new Decimal(fee).neg() },
      { accountId: a.income, bucket: 'available', amount: new Decimal(fee) },
    ],
  });
}

/**
 * The amount due paid back: from the borrower's funding balance (refused when it is short), or
 * from outside through external clearing (a confirmed proof of payment).
 */
export async function postRepayment(trx: Executor, loan: { id: number; user_id: number }, due: string, from: 'balance' | 'external'): Promise<string> {
  const a = await accounts(trx, loan.user_id);
  const source = from === 'balance' ? a.funding : await ensureSystemAccount(trx, SYSTEM_ACCOUNTS.externalClearing, a.currencyId);
  try {
    return await post(trx, {
      kind: LOAN_LEDGER_KINDS.repayment,
      memo: `Loan #${loan.id} repayment`,
      reference: `loan:${loan.id}`,
      postings: [
        { accountId: source, bucket: 'available', amount: new Decimal(due).neg() },
        { accountId: a.book, bucket: 'available', amount: new Decimal(due) },
      ],
    });
  } catch (err) {
    if (err instanceof InsufficientFundsError) refuse('insufficient_balance');
    throw err;
  }
}
