import { Decimal } from '@tp/domain';
import { ACCOUNT_TYPE_IDS } from '@tp/contracts';
import { pgErrorCode, type Db, type Executor } from '../../db/database.js';
import * as repo from './ledger.repository.js';
import { BASE_CURRENCY, type LedgerKind } from './ledger-kinds.js';
import { countLedgerPosts } from '../../lib/metrics.js';


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

/**
 * The action's guard (repo.PostGuard: what its caller read earlier, still current) did not hold
 * when the statement ran: nothing was written. The caller reads afresh and decides again.
 */
export class GuardFailedError extends LedgerError {
  override name = 'GuardFailedError';
  constructor() {
    super('the post\'s guard did not hold: nothing was written');
  }
}

/** A second post of a business event: its (kind, reference) is already in the ledger. */
export class AlreadyPostedError extends LedgerError {
  override name = 'AlreadyPostedError';
  constructor(readonly kind: string, readonly reference: string | null) {
    super(`ledger transaction ${kind} ${reference ?? ''} is already posted`);
  }
}

/** Rows another table gets in the same statement, only if the post goes through (repo.postWithCompanionsStatement). */
export interface Companions {
  statement: repo.CompanionStatement;
  values: readonly unknown[];
}

/**
 * The only way money moves, for one business change or many at once (option expiries settle
 * thousands on one tick): each input is its own ledger transaction whose postings sum to zero per
 * currency, with its own kind, memo and reference. All of them are checked and written by one
 * statement (repo.postInOneStatement): the accounts are locked in the ledger's lock order, no user
 * account may go below zero after any of them, and a refused post writes nothing and leaves the
 * caller's transaction usable. Runs inside the caller's database transaction, so the business
 * change and its money commit together.
 *
 * With `companions`, their rows are inserted in the same statement, only if the post goes
 * through; the statement is atomic on its own, so it may then run outside an explicit transaction
 * (the forex order submit: one statement, no BEGIN and COMMIT round trips).
 *
 * A reference names the business event: (kind, reference) is unique in the database, so a
 * replayed event fails with AlreadyPostedError instead of moving money twice.
 */
export async function post(db: Executor, input: PostInput, companions?: Companions): Promise<string>;
export async function post(trx: Executor, inputs: readonly PostInput[]): Promise<string[]>;
export async function post(db: Executor, input: PostInput | readonly PostInput[], companions?: Companions): Promise<string | string[]> {
  const many = isMany(input);
  const inputs: readonly PostInput[] = many ? input : [input];
  if (!companions && !db.isTransaction) throw new LedgerError('post() must run inside a database transaction');
  if (companions && companions.values.length !== companions.statement.values) {
    throw new LedgerError(`companion statement takes ${companions.statement.values} values, got ${companions.values.length}`);
  }
  if (inputs.length === 0) return [];
  const postings: repo.StatementPosting[] = [];
  inputs.forEach((entry, i) => {
    if (entry.postings.length < 2) throw new LedgerError('a ledger transaction needs at least two postings');
    for (const p of entry.postings) postings.push({ entry: i + 1, accountId: p.accountId, bucket: p.bucket, amount: amountText(p.amount) });
  });
  const entries = inputs.map((e) => ({ kind: e.kind, memo: e.memo ?? '', reference: e.reference ?? null }));
  let outcome: repo.PostOutcome;
  try {
    outcome = await repo.postInOneStatement(db, entries, postings, companions);
  } catch (err) {
    if (pgErrorCode(err) === '23505' && String((err as { constraint?: unknown }).constraint) === LEDGER_REFERENCE_CONSTRAINT) {
      const detail = String((err as { detail?: unknown }).detail ?? '');
      const replayed = entries.find((e) => e.reference !== null && detail.includes(`(${e.kind}, ${e.reference})`)) ?? entries.find((e) => e.reference !== null);
      throw new AlreadyPostedError(replayed?.kind ?? '', replayed?.reference ?? null);
    }
    throw err;
  }
  if (outcome.bad_posting !== null) {
    const p = postings[outcome.bad_posting - 1]!;
    if (p.bucket !== 'available' && p.bucket !== 'held') throw new LedgerError(`unknown bucket ${String(p.bucket)}`);
    throw new LedgerError(`posting amount out of range: ${p.amount}`);
  }
  if (outcome.found !== outcome.named) throw new LedgerError('posting to an unknown ledger account');
  if (outcome.unbalanced_currency !== null) {
    throw new LedgerError(`postings do not sum to zero in currency ${outcome.unbalanced_currency}: ${new Decimal(outcome.unbalanced_sum ?? '0').toFixed()}`);
  }
  // Before the balance check: a balance judged on a stale reading (its fee, say) is no verdict.
  if (!outcome.guard_ok) throw new GuardFailedError();
  if (outcome.short_account !== null) throw new InsufficientFundsError(outcome.short_account, outcome.short_bucket ?? 'available');
  const ids = outcome.transaction_ids ?? [];
  if (ids.length !== inputs.length || outcome.transactions !== inputs.length || outcome.written !== postings.length || outcome.updated !== outcome.changed) {
    // Cannot happen when the verdict passed (every write is gated on it); if it ever does, the
    // caller's transaction must not commit. A companion post outside a transaction has committed
    // by now: the error still reports it.
    throw new LedgerError(`ledger post wrote ${outcome.written} of ${postings.length} postings and ${outcome.updated} of ${outcome.changed} projections`);
  }
  if (companions && outcome.companions !== companions.statement.rows) {
    throw new LedgerError(`ledger post inserted ${outcome.companions} of ${companions.statement.rows} companion rows`);
  }
  countLedgerPosts(entries);
  return many ? ids : ids[0]!;
}

/** The unique index of migration 0008 on (kind, reference). */
const LEDGER_REFERENCE_CONSTRAINT = 'ledger_transactions_kind_reference_key';

function isMany(input: PostInput | readonly PostInput[]): input is readonly PostInput[] {
  return Array.isArray(input);
}

/**
 * The amount as the statement's decimal text. Only parsing happens here (a Decimal, a string such
 * as '1e-18'); whether the amount fits NUMERIC(36, 18) exactly is the statement's check.
 */
function amountText(amount: Decimal | string): string {
  return new Decimal(amount.toString()).toFixed();
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

/** What one module's rows hold on user accounts (a module manifest's `holds`, named by the module). */
export interface HoldSource {
  name: string;
  holds(db: Executor): Promise<readonly ({ amount: string } & ({ accountId: number } | { userId: number; accountType: number }))[]>;
}

export interface HoldViolation {
  type: 'hold_mismatch';
  /** Null when a source names an account that does not exist. */
  accountId: number | null;
  lockBalance: string;
  justified: string;
  /** Per source (module), what it says this account holds for it. */
  sources: Record<string, string>;
}

/**
 * The holds check: on every user account, the held amount (lockBalance) equals the sum of what
 * the modules' rows justify - running options, open and pending orders, pending withdrawals, fund
 * subscriptions. A hold with no row behind it, or a row whose hold is gone, is money that will be
 * released twice or never; the settler or income job meeting it would fail. Empty = consistent.
 * Reads one snapshot.
 */
export async function verifyHolds(db: Db | Executor, sources: readonly HoldSource[]): Promise<HoldViolation[]> {
  // The sources are read by several statements: one snapshot, so a settlement committing in
  // between cannot show as a mismatch.
  if (!db.isTransaction) return db.transaction().setIsolationLevel('repeatable read').execute((trx) => verifyHolds(trx, sources));
  const holds: repo.JustifiedHold[] = [];
  for (const source of sources) {
    for (const h of await source.holds(db)) {
      holds.push({
        accountId: 'accountId' in h ? h.accountId : null,
        userId: 'userId' in h ? h.userId : null,
        accountType: 'accountType' in h ? h.accountType : null,
        amount: h.amount,
        source: source.name,
      });
    }
  }
  const base = await repo.findCurrencyId(db, BASE_CURRENCY);
  if (base === undefined) return [];
  return (await repo.findUnjustifiedHolds(db, holds, base)).map((r) => ({
    type: 'hold_mismatch',
    accountId: r.account_id,
    lockBalance: r.lock_balance,
    justified: r.justified,
    sources: r.sources ?? {},
  }));
}
