import { sql, type CompiledQuery } from 'kysely';
import { preparedQuery, type Executor } from '../../db/database.js';

export interface LockedAccount {
  id: number;
  user_id: number | null;
  currency_id: number;
  balance: string;
  lock_balance: string;
}

/** Locks the accounts in ascending id order, so two transactions never wait on each other in a cycle. */
export async function lockAccounts(db: Executor, ids: readonly number[]): Promise<LockedAccount[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'user_id', 'currency_id', 'balance', 'lock_balance'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** What the one-statement post found; `transaction_id` is set iff it wrote. */
export interface PostOutcome {
  /** How many of the given accounts exist. */
  found: number;
  /** A currency whose postings do not sum to zero, if any. */
  unbalanced_currency: number | null;
  unbalanced_sum: string | null;
  /** The first user account (in id order) that would go below zero, and which bucket. */
  short_account: number | null;
  short_bucket: 'available' | 'held' | null;
  transaction_id: string | null;
  /** Postings appended, projections updated and companion rows inserted (all 0 when refused). */
  written: number;
  updated: number;
  companions: number;
}

/**
 * A row another table gets in the same statement as a ledger post - the order the post pays for,
 * the request's idempotent answer: inserted only when the post's verdict passes, so a refused
 * post still writes nothing, and the business change, its money and its answer commit together
 * even with no explicit transaction around the statement. The caller knows every value
 * beforehand (an id it needs is reserved with nextval first), so nothing is returned.
 */
export interface PostCompanion {
  table: string;
  /** Columns to insert; their values follow the post's own nine parameters, companion by companion. */
  columns: readonly string[];
  /** The values include the table's GENERATED ALWAYS identity (a reserved id). */
  overridingSystemValue?: boolean;
}

/**
 * One ledger transaction in one statement (one round trip): locks the accounts in ascending id
 * order (FOR UPDATE after the sort), checks that they all exist, that the postings sum to zero per
 * currency and that no user account goes below zero in either bucket - against the locked, newest
 * rows - and only if all of that holds updates the projections and appends the transaction and its
 * postings (and the companion rows). Every write is gated on the verdict, and the gate needs the
 * locks first, so a refused post writes nothing and leaves the caller's transaction usable. The
 * CHECK constraints stay the backstop.
 *
 * `deltas` is one row per distinct account (ascending id), the sum of its postings per bucket;
 * `postings` are the entries as given.
 */
function postStatementText(companions: readonly PostCompanion[] = []): string {
  let next = 10;
  const companionCtes = companions.map((c, i) => {
    const values = c.columns.map(() => `$${next++}`).join(', ');
    return `companion_${i} AS (
      INSERT INTO ${c.table} (${c.columns.join(', ')})${c.overridingSystemValue ? ' OVERRIDING SYSTEM VALUE' : ''}
      SELECT ${values}
      WHERE (SELECT ok FROM verdict)
      RETURNING 1
    ),`;
  });
  const companionCount = companions.length === 0 ? '0' : companions.map((_, i) => `(SELECT count(*) FROM companion_${i})`).join(' + ');
  return `
    WITH delta AS MATERIALIZED (
      SELECT * FROM unnest($1::int[], $2::numeric[], $3::numeric[]) AS d(id, available, held)
    ),
    locked AS MATERIALIZED (
      SELECT a.id, a.user_id, a.currency_id, a.balance, a.lock_balance
      FROM ledger_accounts a
      WHERE a.id = ANY($1::int[])
      ORDER BY a.id
      FOR UPDATE
    ),
    unbalanced AS MATERIALIZED (
      SELECT l.currency_id, sum(d.available + d.held) AS total
      FROM locked l JOIN delta d ON d.id = l.id
      GROUP BY l.currency_id
      HAVING sum(d.available + d.held) <> 0
      ORDER BY l.currency_id
      LIMIT 1
    ),
    short AS MATERIALIZED (
      SELECT l.id, CASE WHEN l.balance + d.available < 0 THEN 'available' ELSE 'held' END AS bucket
      FROM locked l JOIN delta d ON d.id = l.id
      WHERE l.user_id IS NOT NULL AND (l.balance + d.available < 0 OR l.lock_balance + d.held < 0)
      ORDER BY l.id
      LIMIT 1
    ),
    verdict AS MATERIALIZED (
      SELECT
        (SELECT count(*) FROM locked)::int AS found,
        (SELECT count(*) FROM locked) = cardinality($1::int[])
          AND NOT EXISTS (SELECT 1 FROM unbalanced)
          AND NOT EXISTS (SELECT 1 FROM short) AS ok
    ),
    -- New balances come from the locked rows, not from a.balance: the UPDATE first meets the row
    -- version of the statement's snapshot, and PostgreSQL checks the CHECK constraints on the
    -- tuple computed from it before it notices a newer version (then it recomputes). Computed from
    -- the stale version, a balance another transaction has since raised could fail the CHECK.
    projection AS (
      UPDATE ledger_accounts a
      SET balance = l.balance + d.available, lock_balance = l.lock_balance + d.held
      FROM locked l JOIN delta d ON d.id = l.id
      WHERE a.id = l.id AND (d.available <> 0 OR d.held <> 0) AND (SELECT ok FROM verdict)
      RETURNING a.id
    ),
    ${companionCtes.join('\n    ')}
    tx AS (
      INSERT INTO ledger_transactions (kind, memo, reference)
      SELECT $4::text, $5::text, $6::text
      WHERE (SELECT ok FROM verdict)
      RETURNING id
    ),
    entries AS (
      INSERT INTO ledger_postings (transaction_id, account_id, bucket, amount)
      SELECT tx.id, p.account_id, p.bucket, p.amount
      FROM tx, unnest($7::int[], $8::text[], $9::numeric[]) WITH ORDINALITY AS p(account_id, bucket, amount, n)
      ORDER BY p.n
      RETURNING 1
    )
    SELECT v.found,
      (SELECT currency_id FROM unbalanced) AS unbalanced_currency,
      (SELECT total::text FROM unbalanced) AS unbalanced_sum,
      (SELECT id FROM short) AS short_account,
      (SELECT bucket FROM short) AS short_bucket,
      (SELECT id::text FROM tx) AS transaction_id,
      (SELECT count(*) FROM entries)::int AS written,
      (SELECT count(*) FROM projection)::int AS updated,
      (${companionCount})::int AS companions
    FROM verdict v
  `;
}

type PostQuery = (parameters: readonly unknown[]) => CompiledQuery<PostOutcome>;

const postStatement: PostQuery = preparedQuery<PostOutcome>('ledger_post', postStatementText());

/** The one-statement post with its companion rows: a prepared statement, defined once at module load. */
export interface CompanionStatement {
  query: PostQuery;
  /** Rows it inserts besides the ledger's own (one per companion). */
  rows: number;
  /** Values it takes after the post's own parameters (all companions' columns). */
  values: number;
}

export function postWithCompanionsStatement(name: string, companions: readonly PostCompanion[]): CompanionStatement {
  if (companions.length === 0) throw new Error(`post statement ${name} has no companion`);
  return { query: preparedQuery<PostOutcome>(name, postStatementText(companions)), rows: companions.length, values: companions.reduce((n, c) => n + c.columns.length, 0) };
}

export async function postInOneStatement(
  db: Executor,
  entry: { kind: string; memo: string; reference: string | null },
  deltas: { ids: readonly number[]; available: readonly string[]; held: readonly string[] },
  postings: { accountIds: readonly number[]; buckets: readonly string[]; amounts: readonly string[] },
  companions?: { statement: CompanionStatement; values: readonly unknown[] },
): Promise<PostOutcome> {
  const parameters = [
    [...deltas.ids],
    [...deltas.available],
    [...deltas.held],
    entry.kind,
    entry.memo,
    entry.reference,
    [...postings.accountIds],
    [...postings.buckets],
    [...postings.amounts],
  ];
  const statement = companions ? companions.statement.query([...parameters, ...companions.values]) : postStatement(parameters);
  const { rows } = await db.executeQuery(statement);
  return rows[0]!;
}

export async function findCurrencyId(db: Executor, code: string): Promise<number | undefined> {
  const row = await db.selectFrom('currencies').select('id').where('code', '=', code).executeTakeFirst();
  return row?.id;
}

export async function findSystemAccountId(db: Executor, code: string, currencyId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('system_code', '=', code)
    .where('currency_id', '=', currencyId)
    .executeTakeFirst();
  return row?.id;
}

/** A system account, created when missing; a concurrent creator is no error (ON CONFLICT). */
export async function insertSystemAccountIfAbsent(db: Executor, code: string, currencyId: number): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values({ system_code: code, currency_id: currencyId })
    .onConflict((oc) => oc.columns(['system_code', 'currency_id']).doNothing())
    .execute();
}

export async function insertUserAccounts(db: Executor, userId: number, accountTypes: readonly number[], currencyId: number): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values(accountTypes.map((t) => ({ user_id: userId, account_type: t, currency_id: currencyId })))
    .execute();
}

export interface UserAccountRow {
  id: number;
  account_type: number;
  currency_id: number;
  currency: string;
  balance: string;
  lock_balance: string;
}

export async function listUserAccounts(db: Executor, userId: number): Promise<UserAccountRow[]> {
  const rows = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('currencies as c', 'c.id', 'a.currency_id')
    .select(['a.id', 'a.account_type', 'a.currency_id', 'c.code as currency', 'a.balance', 'a.lock_balance'])
    .where('a.user_id', '=', userId)
    .orderBy('a.account_type')
    .orderBy('a.currency_id')
    .execute();
  return rows.map((r) => ({ ...r, account_type: r.account_type ?? 0 }));
}

/** Sum of postings on a user's accounts in [from, to) whose transaction kind is one of `kinds`. */
export async function sumUserPostingsByKinds(db: Executor, userId: number, kinds: readonly string[], from: Date, to: Date): Promise<string> {
  if (kinds.length === 0) return '0';
  const row = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(sql<string>`coalesce(sum(p.amount), 0)::text`.as('total'))
    .where('a.user_id', '=', userId)
    .where('t.kind', 'in', [...kinds])
    .where('t.created_at', '>=', from)
    .where('t.created_at', '<', to)
    .executeTakeFirstOrThrow();
  return row.total;
}

/** Accounts whose projection differs from the sum of their postings. */
export async function findProjectionMismatches(db: Executor) {
  return db
    .selectFrom('ledger_accounts as a')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('ledger_postings')
          .select([
            'account_id',
            sql<string>`coalesce(sum(amount) FILTER (WHERE bucket = 'available'), 0)`.as('available'),
            sql<string>`coalesce(sum(amount) FILTER (WHERE bucket = 'held'), 0)`.as('held'),
          ])
          .groupBy('account_id')
          .as('s'),
      (join) => join.onRef('s.account_id', '=', 'a.id'),
    )
    .select([
      'a.id',
      'a.balance',
      'a.lock_balance',
      sql<string>`coalesce(s.available, 0)::text`.as('derived_available'),
      sql<string>`coalesce(s.held, 0)::text`.as('derived_held'),
    ])
    .where(sql<boolean>`a.balance <> coalesce(s.available, 0) OR a.lock_balance <> coalesce(s.held, 0)`)
    .orderBy('a.id')
    .execute();
}

/** Transactions whose postings do not sum to zero per currency (or that have fewer than two postings). */
export async function findUnbalancedTransactions(db: Executor) {
  const unbalanced = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['p.transaction_id', 'a.currency_id', sql<string>`sum(p.amount)::text`.as('total')])
    .groupBy(['p.transaction_id', 'a.currency_id'])
    .having(sql<boolean>`sum(p.amount) <> 0`)
    .execute();
  const lonely = await db
    .selectFrom('ledger_transactions as t')
    .leftJoin('ledger_postings as p', 'p.transaction_id', 't.id')
    .select(['t.id', sql<string>`count(p.id)::text`.as('postings')])
    .groupBy('t.id')
    .having(sql<boolean>`count(p.id) < 2`)
    .execute();
  return { unbalanced, lonely };
}

/** A user's account of one type in one currency (funding, options, contract). */
export async function findUserAccount(db: Executor, userId: number, accountType: number, currencyId: number) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance', 'lock_balance', 'currency_id'])
    .where('user_id', '=', userId)
    .where('account_type', '=', accountType)
    .where('currency_id', '=', currencyId)
    .executeTakeFirst();
}

