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
 * goes below zero, updates the projections and appends the entries - all in one statement
 * (repo.postInOneStatement), so a post costs one round trip whatever the number of postings;
 * a refused post writes nothing.
 */
export async function post(trx: Executor, input: PostInput): Promise<string> {
  return (await postWith(trx, input)).transactionId;
}

/**
 * post(), and in the same statement its companion rows (repo.postWithCompanionsStatement):
 * inserted only if the post goes through. The statement is atomic on its own, so unlike post()
 * it may run outside an explicit transaction - the write of an action that is one statement
 * (the forex order submit) then costs no BEGIN and COMMIT round trips.
 */
export async function postWithCompanions(
  db: Executor,
  input: PostInput,
  companions: { statement: repo.CompanionStatement; values: readonly unknown[] },
): Promise<string> {
  if (companions.values.length !== companions.statement.values) {
    throw new LedgerError(`companion statement takes ${companions.statement.values} values, got ${companions.values.length}`);
  }
  const { transactionId, outcome } = await postWith(db, input, companions);
  if (outcome.companions !== companions.statement.rows) throw new LedgerError(`ledger post inserted ${outcome.companions} of ${companions.statement.rows} companion rows`);
  return transactionId;
}

async function postWith(
  db: Executor,
  input: PostInput,
  companions?: { statement: repo.CompanionStatement; values: readonly unknown[] },
): Promise<{ transactionId: string; outcome: repo.PostOutcome }> {
  if (!companions && !db.isTransaction) throw new LedgerError('post() must run inside a database transaction');
  if (input.postings.length < 2) throw new LedgerError('a ledger transaction needs at least two postings');
  const postings = input.postings.map((p) => {
    const amount = new Decimal(p.amount.toString());
    if (!amount.isFinite() || amount.abs().gte(MAX_ABS) || amount.decimalPlaces() > 18) {
      throw new LedgerError(`posting amount out of range: ${String(p.amount)}`);
    }
    if (p.bucket !== 'available' && p.bucket !== 'held') throw new LedgerError(`unknown bucket ${String(p.bucket)}`);
    return { accountId: p.accountId, bucket: p.bucket, amount };
  });

  // Per account, the sum of its postings in each bucket; the statement checks and applies these.
  const deltas = new Map<number, { available: Decimal; held: Decimal }>();
  for (const p of postings) {
    const d = deltas.get(p.accountId) ?? { available: new Decimal(0), held: new Decimal(0) };
    d[p.bucket] = d[p.bucket].plus(p.amount);
    deltas.set(p.accountId, d);
  }
  const ids = [...deltas.keys()].sort((a, b) => a - b);
  const outcome = await repo.postInOneStatement(
    db,
    { kind: input.kind, memo: input.memo ?? '', reference: input.reference ?? null },
    { ids, available: ids.map((id) => deltas.get(id)!.available.toFixed()), held: ids.map((id) => deltas.get(id)!.held.toFixed()) },
    { accountIds: postings.map((p) => p.accountId), buckets: postings.map((p) => p.bucket), amounts: postings.map((p) => p.amount.toFixed()) },
    companions,
  );
  if (outcome.found !== ids.length) throw new LedgerError('posting to an unknown ledger account');
  if (outcome.unbalanced_currency !== null) {
    throw new LedgerError(`postings do not sum to zero in currency ${outcome.unbalanced_currency}: ${new Decimal(outcome.unbalanced_sum ?? '0').toFixed()}`);
  }
  if (outcome.short_account !== null) throw new InsufficientFundsError(outcome.short_account, outcome.short_bucket ?? 'available');
  const changed = ids.filter((id) => !deltas.get(id)!.available.isZero() || !deltas.get(id)!.held.isZero()).length;
  if (outcome.transaction_id === null || outcome.written !== postings.length || outcome.updated !== changed) {
    // Cannot happen when the verdict passed (every write is gated on it); if it ever does, the
    // caller's transaction must not commit. A companion post outside a transaction has committed
    // by now: the error still reports it.
    throw new LedgerError(`ledger post wrote ${outcome.written} of ${postings.length} postings and ${outcome.updated} of ${changed} projections`);
  }
  return { transactionId: outcome.transaction_id, outcome };
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

/** The id of a system account, created (race-free) when missing (e.g. a fee shard on first use). */
export async function ensureSystemAccount(trx: Executor, code: string, currencyId: number): Promise<number> {
  await repo.insertSystemAccountIfAbsent(trx, code, currencyId);
  return systemAccountId(trx, code, currencyId);
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
