import { Decimal } from '@tp/domain';
import { ACCOUNT_TYPE_IDS } from '@tp/contracts';
import type { Db, Executor } from '../../db/database.js';
import * as repo from './ledger.repository.js';
import { BASE_CURRENCY, type LedgerKind } from './ledger-kinds.js';


export type Bucket = 'available' | 'held';

export interface Posting {
  accountId: number;
  bucket: Bucket;
  /** Signed: positive credits the bucket, negative debits it. */
  amount: Decimal | string;
}

export interface PostInput {
  kind: LedgerKind;
  memo?: string;
  reference?: string | null;
  postings: readonly Posting[];
}

/** A programming error in a posting set (not a user refusal): zero-sum, unknown account... */
export class LedgerError extends Error {
  override name = 'LedgerError';
}

/** A user account would go below zero. Callers that can meet it turn it into a refusal. */
export class InsufficientFundsError extends LedgerError {
  override name = 'InsufficientFundsError';
  constructor(readonly accountId: number, readonly bucket: Bucket) {
    super(`account ${accountId} ${bucket} would go below zero`);
  }
}

// NUMERIC(36, 18): 18 integer digits and 18 fractional digits.
const MAX_ABS = new Decimal('1e18');

/**
 * The only way money moves: one ledger transaction whose postings sum to zero per currency.
 * Must run inside the caller's database transaction (the business change and its money move
 * commit together). Locks touched accounts in ascending id order, checks that no user account
 * goes below zero, updates the projections and appends the entries.
 */
export async function post(trx: Executor, input: PostInput): Promise<string> {
  if (!trx.isTransaction) throw new LedgerError('post() must run inside a database transaction');
  if (input.postings.length < 2) throw new LedgerError('a ledger transaction needs at least two postings');
  const postings = input.postings.map((p) => {
    const amount = new Decimal(p.amount.toString());
    if (!amount.isFinite() || amount.abs().gte(MAX_ABS) || amount.decimalPlaces() > 18) {
      throw new LedgerError(`posting amount out of range: ${String(p.amount)}`);
    }
    if (p.bucket !== 'available' && p.bucket !== 'held') throw new LedgerError(`unknown bucket ${String(p.bucket)}`);
    return { accountId: p.accountId, bucket: p.bucket, amount };
  });

  const ids = [...new Set(postings.map((p) => p.accountId))].sort((a, b) => a - b);
  const accounts = await repo.lockAccounts(trx, ids);
  if (accounts.length !== ids.length) throw new LedgerError('posting to an unknown ledger account');
  const byId = new Map(accounts.map((a) => [a.id, a]));

  const sumByCurrency = new Map<number, Decimal>();
  const deltas = new Map<number, { available: Decimal; held: Decimal }>();
  for (const p of postings) {
    const account = byId.get(p.accountId)!;
    sumByCurrency.set(account.currency_id, (sumByCurrency.get(account.currency_id) ?? new Decimal(0)).plus(p.amount));
    const d = deltas.get(p.accountId) ?? { available: new Decimal(0), held: new Decimal(0) };
    d[p.bucket] = d[p.bucket].plus(p.amount);
    deltas.set(p.accountId, d);
  }
  for (const [currencyId, total] of sumByCurrency) {
    if (!total.isZero()) throw new LedgerError(`postings do not sum to zero in currency ${currencyId}: ${total.toFixed()}`);
  }

  for (const id of ids) {
    const account = byId.get(id)!;
    const d = deltas.get(id)!;
    if (account.user_id !== null) {
      // The CHECK constraint is the backstop; this names the account and bucket.
      if (new Decimal(account.balance).plus(d.available).isNegative()) throw new InsufficientFundsError(id, 'available');
      if (new Decimal(account.lock_balance).plus(d.held).isNegative()) throw new InsufficientFundsError(id, 'held');
    }
    if (!d.available.isZero() || !d.held.isZero()) await repo.addToProjection(trx, id, d.available.toFixed(), d.held.toFixed());
  }

  const transactionId = await repo.insertTransaction(trx, { kind: input.kind, memo: input.memo ?? '', reference: input.reference ?? null });
  await repo.insertPostings(
    trx,
    postings.map((p) => ({ transaction_id: transactionId, account_id: p.accountId, bucket: p.bucket, amount: p.amount.toFixed() })),
  );
  return transactionId;
}

/** Moves `amount` of an account from available to held (margin, pending withdrawal, stake). */
export function holdPostings(accountId: number, amount: Decimal | string): Posting[] {
  const a = new Decimal(amount);
  return [
    { accountId, bucket: 'available', amount: a.neg() },
    { accountId, bucket: 'held', amount: a },
  ];
}

export async function baseCurrencyId(db: Executor): Promise<number> {
  const id = await repo.findCurrencyId(db, BASE_CURRENCY);
  if (id === undefined) throw new LedgerError(`currency ${BASE_CURRENCY} is not seeded`);
  return id;
}

export async function systemAccountId(db: Executor, code: string, currencyId: number): Promise<number> {
  const id = await repo.findSystemAccountId(db, code, currencyId);
  if (id === undefined) throw new LedgerError(`system account ${code} is not seeded`);
  return id;
}

/** Opens the funding, options and contract accounts of a new user in the base currency. */
export async function openUserAccounts(trx: Executor, userId: number): Promise<void> {
  await repo.insertUserAccounts(trx, userId, ACCOUNT_TYPE_IDS, await baseCurrencyId(trx));
}

export type LedgerViolation =
  | { type: 'projection_mismatch'; accountId: number; balance: string; lockBalance: string; derivedAvailable: string; derivedHeld: string }
  | { type: 'unbalanced_transaction'; transactionId: string; currencyId: number; sum: string }
  | { type: 'too_few_postings'; transactionId: string; postings: number };

/**
 * Re-derives every account's available and held amounts from the postings, compares them with
 * the projection, and checks every transaction sums to zero per currency. Empty = consistent.
 */
export async function verifyLedger(db: Db | Executor): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  for (const m of await repo.findProjectionMismatches(db)) {
    violations.push({
      type: 'projection_mismatch',
      accountId: m.id,
      balance: m.balance,
      lockBalance: m.lock_balance,
      derivedAvailable: m.derived_available,
      derivedHeld: m.derived_held,
    });
  }
  const { unbalanced, lonely } = await repo.findUnbalancedTransactions(db);
  for (const u of unbalanced) violations.push({ type: 'unbalanced_transaction', transactionId: u.transaction_id, currencyId: u.currency_id, sum: u.total });
  for (const l of lonely) violations.push({ type: 'too_few_postings', transactionId: l.id, postings: Number(l.postings) });
  return violations;
}

export async function assertLedgerConsistent(db: Db | Executor): Promise<void> {
  const violations = await verifyLedger(db);
  if (violations.length > 0) throw new LedgerError(`ledger violations: ${JSON.stringify(violations)}`);
}
