import { sql, type CompiledQuery } from 'kysely';
import { preparedQuery, type Executor } from '../../db/database.js';

export interface LockedAccount {
  id: number;
  user_id: number | null;
  currency_id: number;
  balance: string;
  lock_balance: string;
}

/**
 * The ledger's one lock order: users' accounts first, ascending by id, then the house's accounts,
 * ascending by id. Every statement that locks accounts sorts by it, so two of them can wait for
 * each other but never in a cycle. Users come first because a group batch locks all its users'
 * accounts before its actions run, and an action (a close) reaches the house's P&L only then: a
 * lone close of the engine that took the house's account first would meet such a batch in a
 * deadlock, which PostgreSQL breaks only after a second.
 */
export const ACCOUNT_LOCK_ORDER = '(user_id IS NULL), id';

/** Locks the accounts in the ledger's lock order (ACCOUNT_LOCK_ORDER). */
export async function lockAccounts(db: Executor, ids: readonly number[]): Promise<LockedAccount[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'user_id', 'currency_id', 'balance', 'lock_balance'])
    .where('id', 'in', [...ids])
    .orderBy(sql`user_id IS NULL`)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** What the one-statement post found; `transaction_ids` is set iff it wrote. */
export interface PostOutcome {
  /** How many of the named accounts exist, of how many distinct ones were named. */
  found: number;
  named: number;
  /** The first posting (1-based, in input order) whose bucket or amount is not acceptable, if any. */
  bad_posting: number | null;
  /** A transaction (1-based) and currency whose postings do not sum to zero, if any. */
  unbalanced_entry: number | null;
  unbalanced_currency: number | null;
  unbalanced_sum: string | null;
  /** The first user account that would go below zero after some transaction of the set, and which bucket. */
  short_account: number | null;
  short_bucket: 'available' | 'held' | null;
  /** The written transactions' ids, in input order. */
  transaction_ids: string[] | null;
  /** Whether the action's guard held (true for a statement without one, or given none): when false, nothing was written. */
  guard_ok: boolean;
  /** Transactions and postings appended, projections updated (of `changed` to update) and companion rows inserted (all 0 when refused). */
  transactions: number;
  written: number;
  updated: number;
  changed: number;
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
  /** Columns to insert; their values follow the post's own seven parameters, companion by companion. */
  columns: readonly string[];
  /** The values include the table's GENERATED ALWAYS identity (a reserved id). */
  overridingSystemValue?: boolean;
}

/** The parameters of a post statement before its companions' values: $1-$4 postings, $5-$7 transactions. */
export const POST_PARAMETERS = 7;

/**
 * A condition an action's post also needs, beyond its money: the caller's own reads, taken
 * earlier (from a cache), still current at the moment of writing. SQL boolean over `g`, the
 * action's guard value (jsonb), evaluated in the post's statement; false (or null) refuses the
 * action with nothing written. An action whose guard value is JSON null has no condition.
 */
export type PostGuard = string;

/** The guard's verdict over `g` (JSON null: no condition). */
export function guardHolds(guard: PostGuard): string {
  return `(jsonb_typeof(g) IS DISTINCT FROM 'object' OR coalesce((${guard}), false))`;
}

/*
 * The two shapes of the post statement differ only where a set needs more work than one
 * transaction: the balance check (after each transaction of a set, in input order) and how the
 * transactions get their ids. One transaction keeps the cheaper form - it is the hot path of
 * every order.
 */
const ONE_SHORT = `short AS MATERIALIZED (
      SELECT l.id, CASE WHEN l.balance + d.available < 0 THEN 'available' ELSE 'held' END AS bucket, 1 AS entry
      FROM locked l JOIN delta d ON d.id = l.id
      WHERE l.user_id IS NOT NULL AND (l.balance + d.available < 0 OR l.lock_balance + d.held < 0)
      ORDER BY l.id
      LIMIT 1
    ),`;

// Balances after each transaction of the set, in input order (RANGE takes a transaction's
// postings together): a set may not pass through a negative balance even if it ends above zero.
const SET_SHORT = `running AS MATERIALIZED (
      SELECT l.id, p.entry,
        l.balance + coalesce(sum(p.amount) FILTER (WHERE p.bucket = 'available') OVER w, 0) AS available,
        l.lock_balance + coalesce(sum(p.amount) FILTER (WHERE p.bucket = 'held') OVER w, 0) AS held
      FROM posting p JOIN locked l ON l.id = p.account_id
      WHERE l.user_id IS NOT NULL
      WINDOW w AS (PARTITION BY l.id ORDER BY p.entry RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
    ),
    short AS MATERIALIZED (
      SELECT id, CASE WHEN available < 0 THEN 'available' ELSE 'held' END AS bucket, entry
      FROM running
      WHERE available < 0 OR held < 0
      ORDER BY entry, id
      LIMIT 1
    ),`;

const ONE_INSERT = `numbered AS (
      INSERT INTO ledger_transactions (kind, memo, reference)
      SELECT kind, memo, reference FROM entry
      WHERE (SELECT ok FROM verdict)
      RETURNING id, 1 AS entry
    ),
    tx AS (SELECT id FROM numbered),`;

/*
 * Parts of a post statement that the one-by-one post (below) and the batched post
 * (group-commit.ts) share, so both read their input, lock and judge a posting the same way.
 */

/** The postings ($1-$4: transaction number, account, bucket, amount) and transactions ($5-$7: kind, memo, reference) of a post. */
export const POST_INPUT = `posting AS MATERIALIZED (
      SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::numeric[]) WITH ORDINALITY AS p(entry, account_id, bucket, amount, n)
    ),
    entry AS MATERIALIZED (
      SELECT * FROM unnest($5::text[], $6::text[], $7::text[]) WITH ORDINALITY AS e(kind, memo, reference, entry)
    ),`;

/** Every named account, locked in the ledger's one lock order (ACCOUNT_LOCK_ORDER). */
export const LOCKED_ACCOUNTS = `locked AS MATERIALIZED (
      SELECT a.id, a.user_id, a.currency_id, a.balance, a.lock_balance
      FROM ledger_accounts a
      WHERE a.id = ANY($2::int[])
      ORDER BY ${ACCOUNT_LOCK_ORDER}
      FOR UPDATE
    ),`;

/** The first posting with an unknown bucket or an amount that NUMERIC(36, 18) cannot hold exactly. */
export const BAD_POSTING = `-- NaN and infinities fail abs() < 1e18; more than 18 fractional digits would be rounded away.
    bad AS MATERIALIZED (
      SELECT n FROM posting
      WHERE bucket IS NULL OR bucket NOT IN ('available', 'held') OR amount IS NULL OR NOT (abs(amount) < 1e18) OR amount <> trunc(amount, 18)
      ORDER BY n
      LIMIT 1
    ),`;

// Ids are drawn first, so each posting knows its transaction without relying on the order
// RETURNING happens to answer in.
const SET_INSERT = `numbered AS MATERIALIZED (
      SELECT e.entry, e.kind, e.memo, e.reference, nextval('ledger_transactions_id_seq'::regclass) AS id
      FROM entry e
      WHERE (SELECT ok FROM verdict)
      ORDER BY e.entry
    ),
    tx AS (
      INSERT INTO ledger_transactions (id, kind, memo, reference) OVERRIDING SYSTEM VALUE
      SELECT id, kind, memo, reference FROM numbered ORDER BY entry
      RETURNING id
    ),`;

/**
 * The one way money moves: one or many ledger transactions in one statement (one round trip).
 * Locks the accounts in the ledger's lock order (FOR UPDATE after the sort), then decides - against
 * the locked, newest rows - that every posting names a known bucket and an amount NUMERIC(36, 18)
 * holds exactly, that every account exists, that each transaction sums to zero per currency and
 * that no user account goes below zero in either bucket after any transaction of the set (in
 * input order). Only if all of that holds does it update the projections and append the
 * transactions, their postings and the companion rows. Every write is gated on the verdict, and
 * the gate needs the locks first, so a refused post writes nothing and leaves the caller's
 * transaction usable. The CHECK constraints and the unique (kind, reference) stay the backstop.
 *
 * Parameters: postings as parallel arrays (transaction number, account, bucket, amount), then the
 * transactions (kind, memo, reference), then the companions' values.
 */
function postStatementText(companions: readonly PostCompanion[] = [], shape: 'one' | 'set' = 'one', guard?: PostGuard): string {
  let next = POST_PARAMETERS + 1;
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
  // The guard's value is the statement's last parameter.
  const guardCte = guard ? `guard AS MATERIALIZED (SELECT ${guardHolds(guard)} AS ok FROM (SELECT $${next}::jsonb AS g) x),` : '';
  return `
    WITH ${POST_INPUT}
    ${guardCte}
    delta AS MATERIALIZED (
      SELECT account_id AS id,
        coalesce(sum(amount) FILTER (WHERE bucket = 'available'), 0) AS available,
        coalesce(sum(amount) FILTER (WHERE bucket = 'held'), 0) AS held
      FROM posting
      GROUP BY account_id
    ),
    ${LOCKED_ACCOUNTS}
    ${BAD_POSTING}
    unbalanced AS MATERIALIZED (
      SELECT p.entry, l.currency_id, sum(p.amount) AS total
      FROM posting p JOIN locked l ON l.id = p.account_id
      GROUP BY p.entry, l.currency_id
      HAVING sum(p.amount) <> 0
      ORDER BY p.entry, l.currency_id
      LIMIT 1
    ),
    ${shape === 'one' ? ONE_SHORT : SET_SHORT}
    verdict AS MATERIALIZED (
      SELECT
        (SELECT count(*) FROM locked)::int AS found,
        (SELECT count(*) FROM delta)::int AS named,
        (SELECT count(*) FROM locked) = (SELECT count(*) FROM delta)
          AND NOT EXISTS (SELECT 1 FROM bad)
          AND NOT EXISTS (SELECT 1 FROM unbalanced)
          AND NOT EXISTS (SELECT 1 FROM short)${guard ? ' AND (SELECT ok FROM guard)' : ''} AS ok
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
    ${shape === 'one' ? ONE_INSERT : SET_INSERT}
    entries AS (
      INSERT INTO ledger_postings (transaction_id, account_id, bucket, amount)
      SELECT nb.id, p.account_id, p.bucket, p.amount
      FROM posting p JOIN numbered nb ON nb.entry = p.entry
      ORDER BY p.n
      RETURNING 1
    )
    SELECT v.found, v.named,
      (SELECT n FROM bad)::int AS bad_posting,
      (SELECT entry FROM unbalanced)::int AS unbalanced_entry,
      (SELECT currency_id FROM unbalanced) AS unbalanced_currency,
      (SELECT total::text FROM unbalanced) AS unbalanced_sum,
      (SELECT id FROM short) AS short_account,
      (SELECT bucket FROM short) AS short_bucket,
      ${guard ? '(SELECT ok FROM guard)' : 'true'} AS guard_ok,
      (SELECT array_agg(id::text ORDER BY entry) FROM numbered) AS transaction_ids,
      (SELECT count(*) FROM tx)::int AS transactions,
      (SELECT count(*) FROM entries)::int AS written,
      (SELECT count(*) FROM projection)::int AS updated,
      (SELECT count(*) FROM delta WHERE available <> 0 OR held <> 0)::int AS changed,
      (${companionCount})::int AS companions
    FROM verdict v
  `;
}

type PostQuery = (parameters: readonly unknown[]) => CompiledQuery<PostOutcome>;

const postStatement: PostQuery = preparedQuery<PostOutcome>('ledger_post', postStatementText());
const postSetStatement: PostQuery = preparedQuery<PostOutcome>('ledger_post_set', postStatementText([], 'set'));

/** The one-statement post with its companion rows: a prepared statement, defined once at module load. */
export interface CompanionStatement {
  query: PostQuery;
  /** Rows it inserts besides the ledger's own (one per companion). */
  rows: number;
  /** Values it takes after the post's own parameters (all companions' columns; then the guard's value, when it has a guard). */
  values: number;
  /** Whether its last value is a guard's (PostGuard). */
  guarded: boolean;
}

export function postWithCompanionsStatement(name: string, companions: readonly PostCompanion[], guard?: PostGuard): CompanionStatement {
  if (companions.length === 0) throw new Error(`post statement ${name} has no companion`);
  const values = companions.reduce((n, c) => n + c.columns.length, 0) + (guard ? 1 : 0);
  return { query: preparedQuery<PostOutcome>(name, postStatementText(companions, 'one', guard)), rows: companions.length, values, guarded: guard !== undefined };
}

export interface StatementPosting {
  /** The 1-based number of the transaction the posting belongs to. */
  entry: number;
  accountId: number;
  bucket: string;
  amount: string;
}

export async function postInOneStatement(
  db: Executor,
  entries: readonly { kind: string; memo: string; reference: string | null }[],
  postings: readonly StatementPosting[],
  companions?: { statement: CompanionStatement; values: readonly unknown[] },
): Promise<PostOutcome> {
  const parameters = [
    postings.map((p) => p.entry),
    postings.map((p) => p.accountId),
    postings.map((p) => p.bucket),
    postings.map((p) => p.amount),
    entries.map((e) => e.kind),
    entries.map((e) => e.memo),
    entries.map((e) => e.reference),
  ];
  const statement = companions ? companions.statement.query([...parameters, ...companions.values]) : entries.length === 1 ? postStatement(parameters) : postSetStatement(parameters);
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

/** The id of a user's account of one type (funding, options, contract), in its first currency. */
export async function findUserAccountIdOfType(db: Executor, userId: number, accountType: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('account_type', '=', accountType)
    .orderBy('currency_id')
    .executeTakeFirst();
  return row?.id;
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


/** One source's held amount on a user account, as the holds check receives it. */
export interface JustifiedHold {
  accountId: number | null;
  userId: number | null;
  accountType: number | null;
  amount: string;
  source: string;
}

/**
 * User accounts whose held amount differs from what their sources justify (each source names the
 * account by id, or by owner and type in the base currency). An account no source names must hold
 * nothing; a source naming an account that does not exist comes back with a null id.
 */
export async function findUnjustifiedHolds(db: Executor, holds: readonly JustifiedHold[], baseCurrencyId: number) {
  const { rows } = await sql<{ account_id: number | null; lock_balance: string; justified: string; sources: Record<string, string> | null }>`
    WITH r AS (
      SELECT coalesce(x."accountId", a.id) AS account_id, x.amount::numeric AS amount, x.source
      FROM jsonb_to_recordset(${JSON.stringify(holds)}::jsonb) AS x("accountId" int, "userId" int, "accountType" int, amount text, source text)
      LEFT JOIN ledger_accounts a
        ON x."accountId" IS NULL AND a.user_id = x."userId" AND a.account_type = x."accountType" AND a.currency_id = ${baseCurrencyId}
    ), j AS (
      SELECT account_id, sum(amount) AS justified, jsonb_object_agg(source, amount::text) AS sources FROM r GROUP BY account_id
    )
    SELECT coalesce(a.id, j.account_id) AS account_id, coalesce(a.lock_balance, 0)::text AS lock_balance,
      coalesce(j.justified, 0)::text AS justified, j.sources
    FROM (SELECT id, lock_balance FROM ledger_accounts WHERE user_id IS NOT NULL) a
    FULL JOIN j ON j.account_id = a.id
    WHERE coalesce(a.lock_balance, 0) <> coalesce(j.justified, 0) OR (a.id IS NULL AND j.account_id IS NULL)
    ORDER BY 1
  `.execute(db);
  return rows;
}
