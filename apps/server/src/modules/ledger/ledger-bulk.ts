import { Decimal } from '@tp/domain';
import { sql } from 'kysely';
import { pgErrorCode, preparedQuery, type Executor } from '../../db/database.js';
import { ACCOUNT_LOCK_ORDER } from './ledger.repository.js';
import { AlreadyPostedError, InsufficientFundsError, LedgerError, type Bucket, type PostInput } from './ledger.service.js';
import { countLedgerPosts } from '../../lib/metrics.js';

/**
 * Many ledger transactions - thousands, one per business change (a trader's fill copied to every
 * follower) - posted with two statements whatever their number, for fan-outs where `post`'s one
 * statement spends its time deciding in SQL what is cheaper to decide once the rows are locked:
 *
 * 1. the accounts named are locked in the ledger's lock order (ACCOUNT_LOCK_ORDER, so no two
 *    transactions wait on each other in a cycle) and read;
 * 2. against those locked rows - nobody else can change them until the caller's transaction ends -
 *    every rule of `post` is checked here: at least two postings per transaction, a known bucket
 *    and an amount NUMERIC(36, 18) holds exactly, known accounts, each transaction summing to zero
 *    per currency, and no user account below zero in either bucket after any transaction of the
 *    set, in input order;
 * 3. only then one statement appends every transaction (ids drawn in input order), every posting,
 *    and moves every account's projection by its total (one UPDATE ... FROM unnest).
 *
 * Each input stays its own ledger transaction with its own kind, memo and reference; (kind,
 * reference) stays unique in the database, so a replayed set fails with AlreadyPostedError and,
 * the statement being atomic, writes nothing. A refused set writes nothing either (the checks come
 * before the write) and leaves the caller's transaction usable. The CHECK constraints stay the
 * backstop. Runs inside the caller's database transaction.
 */
export async function postMany(trx: Executor, inputs: readonly PostInput[]): Promise<string[]> {
  if (!trx.isTransaction) throw new LedgerError('postMany() must run inside a database transaction');
  if (inputs.length === 0) return [];

  const entry: number[] = [];
  const account: number[] = [];
  const bucket: Bucket[] = [];
  const amount: string[] = [];
  // Amounts as integers of 10^-18 (NUMERIC(36, 18) exactly): sums and balances are exact and cheap.
  // A fan-out repeats a few amounts thousands of times: each distinct one is parsed once.
  const units: bigint[] = [];
  const parsed = new Map<string, { text: string; units: bigint }>();
  inputs.forEach((input, i) => {
    if (input.postings.length < 2) throw new LedgerError('a ledger transaction needs at least two postings');
    for (const p of input.postings) {
      if (p.bucket !== 'available' && p.bucket !== 'held') throw new LedgerError(`unknown bucket ${String(p.bucket)}`);
      const key = typeof p.amount === 'string' ? p.amount : p.amount.toFixed();
      let a = parsed.get(key);
      if (!a) {
        const text = plainDecimal(key);
        a = { text, units: toUnits(text) };
        parsed.set(key, a);
      }
      entry.push(i + 1);
      account.push(p.accountId);
      bucket.push(p.bucket);
      amount.push(a.text);
      units.push(a.units);
    }
  });

  const ids = [...new Set(account)].sort((x, y) => x - y);
  const locked = await lockForPost(trx, ids);
  if (locked.length !== ids.length) throw new LedgerError('posting to an unknown ledger account');
  const byId = new Map(locked.map((a) => [a.id, { user: a.user_id !== null, currency: a.currency_id, available: toUnits(a.balance), held: toUnits(a.lock_balance), dAvailable: 0n, dHeld: 0n }]));

  // Balance per currency, and the running balances of user accounts, transaction by transaction.
  let k = 0;
  for (let i = 1; i <= inputs.length; i++) {
    const start = k;
    const sums = new Map<number, bigint>();
    for (; k < entry.length && entry[k] === i; k++) {
      const a = byId.get(account[k]!)!;
      const u = units[k]!;
      sums.set(a.currency, (sums.get(a.currency) ?? 0n) + u);
      if (bucket[k] === 'available') {
        a.available += u;
        a.dAvailable += u;
      } else {
        a.held += u;
        a.dHeld += u;
      }
    }
    for (const [currency, sum] of sums) {
      if (sum !== 0n) throw new LedgerError(`postings do not sum to zero in currency ${currency}: ${fromUnits(sum)}`);
    }
    let short: { id: number; bucket: Bucket } | undefined;
    for (let j = start; j < k; j++) {
      const id = account[j]!;
      const a = byId.get(id)!;
      if (!a.user || (a.available >= 0n && a.held >= 0n) || (short && short.id < id)) continue;
      short = { id, bucket: a.available < 0n ? 'available' : 'held' };
    }
    if (short) throw new InsufficientFundsError(short.id, short.bucket);
  }
  const moved = [...byId].filter(([, a]) => a.dAvailable !== 0n || a.dHeld !== 0n).map(([id, a]) => [id, { available: fromUnits(a.dAvailable), held: fromUnits(a.dHeld) }] as const);

  let outcome: { ids: string[] | null; transactions: number; written: number; updated: number };
  try {
    const { rows } = await trx.executeQuery(
      writeStatement([
        arrayLiteral(inputs.map((e) => e.kind)),
        inputs.map((e) => e.memo ?? ''),
        inputs.map((e) => e.reference ?? null),
        arrayLiteral(entry),
        arrayLiteral(account),
        arrayLiteral(bucket),
        arrayLiteral(amount),
        arrayLiteral(moved.map(([id]) => id)),
        arrayLiteral(moved.map(([, d]) => d.available)),
        arrayLiteral(moved.map(([, d]) => d.held)),
      ]),
    );
    outcome = rows[0]!;
  } catch (err) {
    if (pgErrorCode(err) === '23505' && String((err as { constraint?: unknown }).constraint) === 'ledger_transactions_kind_reference_key') {
      const detail = String((err as { detail?: unknown }).detail ?? '');
      const replayed = inputs.find((e) => e.reference && detail.includes(`(${e.kind}, ${e.reference})`)) ?? inputs.find((e) => e.reference);
      throw new AlreadyPostedError(replayed?.kind ?? '', replayed?.reference ?? null);
    }
    throw err;
  }
  if (outcome.transactions !== inputs.length || outcome.written !== entry.length || outcome.updated !== moved.length || outcome.ids?.length !== inputs.length) {
    // Cannot happen (the accounts are locked); if it ever does, the caller's transaction must not commit.
    throw new LedgerError(`bulk ledger post wrote ${outcome.transactions} of ${inputs.length} transactions, ${outcome.written} of ${entry.length} postings, ${outcome.updated} of ${moved.length} projections`);
  }
  countLedgerPosts(inputs);
  return outcome.ids;
}

/**
 * An array parameter as PostgreSQL's array text, joined here rather than escaped element by
 * element by the driver (tens of thousands of elements per fan-out batch). Only for elements that
 * need no quoting - numbers, checked decimal texts, buckets, kind names; anything else goes as an
 * array the driver escapes.
 */
function arrayLiteral(values: readonly (string | number)[]): string | readonly (string | number)[] {
  if (values.length === 0) return '{}';
  const text = values.join(',');
  return SAFE_ELEMENTS.test(text) && !NULL_ELEMENT.test(text) ? `{${text}}` : values;
}
/** Non-empty elements of letters, digits, '_', '-' and '.', comma-separated. */
const SAFE_ELEMENTS = /^[-\w.]+(?:,[-\w.]+)*$/;
/** An unquoted NULL element would read as SQL NULL. */
const NULL_ELEMENT = /(?:^|,)null(?:,|$)/i;

const SCALE = 18;
const PLAIN = /^-?\d+(\.\d+)?$/;

/** An amount as plain decimal text (no exponent), refused unless NUMERIC(36, 18) holds it exactly. */
function plainDecimal(amount: Decimal | string): string {
  const text = typeof amount === 'string' ? (PLAIN.test(amount) ? amount : new Decimal(amount).toFixed()) : amount.toFixed();
  const [int = '', frac = ''] = text.replace('-', '').split('.');
  if (!PLAIN.test(text) || int.replace(/^0+/, '').length > 18 || frac.replace(/0+$/, '').length > SCALE) {
    throw new LedgerError(`posting amount out of range: ${amount.toString()}`);
  }
  return text;
}

function toUnits(text: string): bigint {
  const negative = text.startsWith('-');
  const [int = '0', frac = ''] = (negative ? text.slice(1) : text).split('.');
  const units = BigInt(int) * 10n ** BigInt(SCALE) + BigInt(frac.slice(0, SCALE).padEnd(SCALE, '0'));
  return negative ? -units : units;
}

function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(SCALE + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -SCALE)}.${digits.slice(-SCALE)}`;
}

interface LockedForPost {
  id: number;
  user_id: number | null;
  currency_id: number;
  balance: string;
  lock_balance: string;
}

const lockStatement = preparedQuery<LockedForPost>(
  'ledger_bulk_lock',
  `SELECT id, user_id, currency_id, balance::text, lock_balance::text FROM ledger_accounts WHERE id = ANY($1::int[]) ORDER BY ${ACCOUNT_LOCK_ORDER} FOR UPDATE`,
);

async function lockForPost(trx: Executor, ids: readonly number[]): Promise<LockedForPost[]> {
  const { rows } = await trx.executeQuery(lockStatement([ids]));
  return rows;
}

/*
 * Parameters: the transactions (kind, memo, reference), the postings as parallel arrays
 * (transaction number, account, bucket, amount), the projections' moves (account, available,
 * held). Transaction ids are drawn in input order first, so each posting knows its transaction
 * without relying on the order RETURNING answers in. The projections move by their totals from
 * the rows as they are now: the accounts were locked by this transaction's previous statement,
 * so this statement's snapshot already sees their newest version.
 */
const writeStatement = preparedQuery<{ ids: string[] | null; transactions: number; written: number; updated: number }>(
  'ledger_bulk_write',
  `
  WITH numbered AS MATERIALIZED (
    SELECT e.entry, e.kind, e.memo, e.reference, nextval('ledger_transactions_id_seq'::regclass) AS id
    FROM (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS e(kind, memo, reference, entry) ORDER BY entry) e
  ),
  tx AS (
    INSERT INTO ledger_transactions (id, kind, memo, reference) OVERRIDING SYSTEM VALUE
    SELECT id, kind, memo, reference FROM numbered ORDER BY entry
    RETURNING 1
  ),
  entries AS (
    INSERT INTO ledger_postings (transaction_id, account_id, bucket, amount)
    SELECT nb.id, p.account_id, p.bucket, p.amount
    FROM unnest($4::int[], $5::int[], $6::text[], $7::numeric[]) WITH ORDINALITY AS p(entry, account_id, bucket, amount, n)
    JOIN numbered nb ON nb.entry = p.entry
    ORDER BY p.n
    RETURNING 1
  ),
  projection AS (
    UPDATE ledger_accounts a
    SET balance = a.balance + d.available, lock_balance = a.lock_balance + d.held
    FROM unnest($8::int[], $9::numeric[], $10::numeric[]) AS d(id, available, held)
    WHERE a.id = d.id
    RETURNING 1
  )
  SELECT (SELECT array_agg(id::text ORDER BY entry) FROM numbered) AS ids,
    (SELECT count(*) FROM tx)::int AS transactions,
    (SELECT count(*) FROM entries)::int AS written,
    (SELECT count(*) FROM projection)::int AS updated
  `,
);

/**
 * System accounts by code, each created (race-free: ON CONFLICT) when missing - ensureSystemAccount
 * for a set of codes in two statements, as a fan-out meets the fee shards of its first batch.
 */
export async function ensureSystemAccounts(trx: Executor, codes: readonly string[], currencyId: number): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  await sql`
    INSERT INTO ledger_accounts (system_code, currency_id)
    SELECT code, ${currencyId}::int FROM unnest(${sql.val(codes)}::text[]) AS code ORDER BY code
    ON CONFLICT (system_code, currency_id) DO NOTHING
  `.execute(trx);
  const { rows } = await sql<{ id: number; system_code: string }>`
    SELECT id, system_code FROM ledger_accounts WHERE system_code = ANY(${sql.val(codes)}::text[]) AND currency_id = ${currencyId}
  `.execute(trx);
  if (rows.length !== new Set(codes).size) throw new LedgerError(`system accounts ${codes.join(', ')}: ${rows.length} found`);
  return new Map(rows.map((r) => [r.system_code, r.id]));
}
