import { Decimal } from '@tp/domain';
import { preparedQuery, type Db } from '../../db/database.js';
import type { CompiledQuery } from 'kysely';
import { BAD_POSTING, LOCKED_ACCOUNTS, POST_INPUT, POST_PARAMETERS, guardHolds, type PostGuard } from './ledger.repository.js';
import { GuardFailedError, InsufficientFundsError, LedgerError, post, type Companions, type PostInput } from './ledger.service.js';
import { countLedgerPosts, groupCommitBatchSize, groupCommitFallbacks, groupCommitWait } from '../../lib/metrics.js';

/*
 * Group commit for the money path: money actions that arrive while a write is in flight wait for
 * it and are then written together, by ONE auto-committed statement per batch (one round trip,
 * one commit and WAL flush for the whole batch instead of one per action).
 *
 * Each action of a batch keeps its own verdict: the statement locks every named account (ascending
 * id order), refuses an action whose user accounts would go below zero and writes the others, with
 * their companion rows (the order, the idempotent answer), gated on their own verdict. So that one
 * action's verdict can never depend on a neighbour's, a batch never holds two actions on the same
 * user account (the second waits for the next batch); house accounts (no user) are shared freely,
 * they may go below zero anyway. A programming error in any posting set (unbalanced, unknown
 * account, bad amount) or a unique violation (an Idempotency-Key or business reference already
 * taken) fails the whole statement, which then wrote nothing: the batch falls back to one action
 * at a time on the ordinary one-statement path, where each meets its own error - never lost,
 * never doubled (the statement is atomic, and every action's reference is unique).
 *
 * A committer with a guard (repo.PostGuard) also judges each action's own guard value: an action
 * whose guard does not hold is refused alone (GuardFailedError), like one short of funds.
 *
 * No action is answered before the statement that wrote it has committed. The bound on added wait
 * is one batch: the next batch leaves as soon as the previous one's statement answers, with no
 * timer; a batch holds at most `maxBatch` actions.
 */

/** A table an action inserts one row into, gated on the action's own verdict. */
export interface BatchCompanion {
  table: string;
  columns: readonly string[];
  /** The values include the table's GENERATED ALWAYS identity (a reserved id). */
  overridingSystemValue?: boolean;
}

/** One action of a batch. */
export interface BatchedPost {
  input: PostInput;
  /**
   * The companion rows, one per companion of the committer (undefined: the action has no row in
   * that table), as column -> value. JSON-typed columns take the value itself, not its text.
   */
  rows: readonly (Readonly<Record<string, unknown>> | undefined)[];
  /** The same action on the ordinary one-statement path: a failed batch replays each action there. */
  alone: Companions;
  /** User accounts the action touches; none may be in another action of the same batch. */
  userAccounts: readonly number[];
  /** A key that may appear once per batch (e.g. user and Idempotency-Key); a second one waits for the next batch. */
  uniqueKey?: string;
  /** The action's guard value, for a committer with a guard (undefined: no condition). `alone` carries it too. */
  guard?: Readonly<Record<string, unknown>>;
}

interface BatchOutcome {
  /** Whole-batch verdict: every account exists, every posting is sound, every set balances, no shared user account. */
  sound: boolean;
  found: number;
  named: number;
  bad_posting: number | null;
  unbalanced_entry: number | null;
  shared_account: number | null;
  /** Per action (input order): its transaction id, or null when refused. */
  transaction_ids: (string | null)[] | null;
  /** Per action: the user account that would go below zero and its bucket, or null. */
  short_accounts: (number | null)[] | null;
  short_buckets: ('available' | 'held' | null)[] | null;
  /** The actions (1-based) whose guard did not hold. */
  stale_entries: number[] | null;
  accepted: number;
  transactions: number;
  written: number;
  postings_of_accepted: number;
  updated: number;
  changed: number;
  companions: number;
  companion_rows: number;
}

function batchStatementText(companions: readonly BatchCompanion[], guard?: PostGuard): string {
  const companionCtes = companions.map(
    (c, i) => `companion_${i} AS (
      INSERT INTO ${c.table} (${c.columns.join(', ')})${c.overridingSystemValue ? ' OVERRIDING SYSTEM VALUE' : ''}
      SELECT ${c.columns.map((col) => `r.${col}`).join(', ')}
      FROM jsonb_array_elements($${POST_PARAMETERS + 1 + i}::jsonb) WITH ORDINALITY AS x(j, entry)
      JOIN accepted a ON a.entry = x.entry
      CROSS JOIN LATERAL jsonb_populate_record(NULL::${c.table}, x.j) AS r
      WHERE jsonb_typeof(x.j) = 'object'
      ORDER BY x.entry
      RETURNING 1
    ),`,
  );
  const companionCount = companions.length === 0 ? '0' : companions.map((_, i) => `(SELECT count(*) FROM companion_${i})`).join(' + ');
  const companionRows =
    companions.length === 0
      ? '0'
      : companions
          .map((_, i) => `(SELECT count(*) FROM jsonb_array_elements($${POST_PARAMETERS + 1 + i}::jsonb) WITH ORDINALITY AS x(j, entry) JOIN accepted a ON a.entry = x.entry WHERE jsonb_typeof(x.j) = 'object')`)
          .join(' + ');
  // The guards' values (one per action, in a JSON array) are the statement's last parameter.
  const staleCte = guard
    ? `stale AS MATERIALIZED (
      SELECT x.entry FROM jsonb_array_elements($${POST_PARAMETERS + companions.length + 1}::jsonb) WITH ORDINALITY AS x(g, entry)
      WHERE NOT ${guardHolds(guard)}
    ),`
    : '';
  return `
    WITH ${POST_INPUT}
    ${staleCte}
    delta AS MATERIALIZED (
      SELECT entry, account_id AS id,
        coalesce(sum(amount) FILTER (WHERE bucket = 'available'), 0) AS available,
        coalesce(sum(amount) FILTER (WHERE bucket = 'held'), 0) AS held
      FROM posting
      GROUP BY entry, account_id
    ),
    ${LOCKED_ACCOUNTS}
    ${BAD_POSTING}
    unbalanced AS MATERIALIZED (
      SELECT p.entry
      FROM posting p JOIN locked l ON l.id = p.account_id
      GROUP BY p.entry, l.currency_id
      HAVING sum(p.amount) <> 0
      ORDER BY p.entry
      LIMIT 1
    ),
    shared AS MATERIALIZED (
      SELECT d.id FROM delta d JOIN locked l ON l.id = d.id
      WHERE l.user_id IS NOT NULL
      GROUP BY d.id
      HAVING count(*) > 1
      ORDER BY d.id
      LIMIT 1
    ),
    sound AS MATERIALIZED (
      SELECT
        (SELECT count(*) FROM locked)::int AS found,
        (SELECT count(DISTINCT id) FROM delta)::int AS named,
        (SELECT count(*) FROM locked) = (SELECT count(DISTINCT id) FROM delta)
          AND (SELECT count(*) FROM entry) = (SELECT count(DISTINCT entry) FROM posting)
          AND NOT EXISTS (SELECT 1 FROM bad)
          AND NOT EXISTS (SELECT 1 FROM unbalanced)
          AND NOT EXISTS (SELECT 1 FROM shared) AS ok
    ),
    -- Each action against the locked balances alone: no user account is in two actions.
    short AS MATERIALIZED (
      SELECT DISTINCT ON (d.entry) d.entry, l.id, CASE WHEN l.balance + d.available < 0 THEN 'available' ELSE 'held' END AS bucket
      FROM delta d JOIN locked l ON l.id = d.id
      WHERE l.user_id IS NOT NULL AND (l.balance + d.available < 0 OR l.lock_balance + d.held < 0)
      ORDER BY d.entry, l.id
    ),
    accepted AS MATERIALIZED (
      SELECT e.entry FROM entry e
      WHERE (SELECT ok FROM sound) AND NOT EXISTS (SELECT 1 FROM short s WHERE s.entry = e.entry)${guard ? ' AND NOT EXISTS (SELECT 1 FROM stale st WHERE st.entry = e.entry)' : ''}
    ),
    total AS MATERIALIZED (
      SELECT d.id, sum(d.available) AS available, sum(d.held) AS held
      FROM delta d JOIN accepted a ON a.entry = d.entry
      GROUP BY d.id
    ),
    projection AS (
      UPDATE ledger_accounts a
      SET balance = l.balance + t.available, lock_balance = l.lock_balance + t.held
      FROM locked l JOIN total t ON t.id = l.id
      WHERE a.id = l.id AND (t.available <> 0 OR t.held <> 0)
      RETURNING a.id
    ),
    numbered AS MATERIALIZED (
      SELECT e.entry, e.kind, e.memo, e.reference, nextval('ledger_transactions_id_seq'::regclass) AS id
      FROM entry e JOIN accepted a ON a.entry = e.entry
      ORDER BY e.entry
    ),
    tx AS (
      INSERT INTO ledger_transactions (id, kind, memo, reference) OVERRIDING SYSTEM VALUE
      SELECT id, kind, memo, reference FROM numbered ORDER BY entry
      RETURNING id
    ),
    entries AS (
      INSERT INTO ledger_postings (transaction_id, account_id, bucket, amount)
      SELECT nb.id, p.account_id, p.bucket, p.amount
      FROM posting p JOIN numbered nb ON nb.entry = p.entry
      ORDER BY p.n
      RETURNING 1
    ),
    ${companionCtes.join('\n    ')}
    done AS (SELECT 1)
    SELECT s.ok AS sound, s.found, s.named,
      (SELECT n FROM bad)::int AS bad_posting,
      (SELECT entry FROM unbalanced)::int AS unbalanced_entry,
      (SELECT id FROM shared) AS shared_account,
      (SELECT array_agg(nb.id::text ORDER BY e.entry) FROM entry e LEFT JOIN numbered nb ON nb.entry = e.entry) AS transaction_ids,
      (SELECT array_agg(sh.id ORDER BY e.entry) FROM entry e LEFT JOIN short sh ON sh.entry = e.entry) AS short_accounts,
      (SELECT array_agg(sh.bucket ORDER BY e.entry) FROM entry e LEFT JOIN short sh ON sh.entry = e.entry) AS short_buckets,
      ${guard ? '(SELECT array_agg(entry::int ORDER BY entry) FROM stale)' : 'NULL::int[]'} AS stale_entries,
      (SELECT count(*) FROM accepted)::int AS accepted,
      (SELECT count(*) FROM tx)::int AS transactions,
      (SELECT count(*) FROM entries)::int AS written,
      (SELECT count(*) FROM posting p JOIN accepted a ON a.entry = p.entry)::int AS postings_of_accepted,
      (SELECT count(*) FROM projection)::int AS updated,
      (SELECT count(*) FROM total WHERE available <> 0 OR held <> 0)::int AS changed,
      (${companionCount})::int AS companions,
      (${companionRows})::int AS companion_rows
    FROM sound s
  `;
}

type BatchQuery = (parameters: readonly unknown[]) => CompiledQuery<BatchOutcome>;

/** A value as JSON for jsonb_populate_record: dates as ISO text, decimals as text. */
function jsonValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Decimal) return value.toFixed();
  return value;
}

interface Waiting {
  job: BatchedPost;
  resolve: (transactionId: string) => void;
  reject: (err: unknown) => void;
  /** performance.now() when queued: the wait until its batch leaves goes to /metrics. */
  queuedAt: number;
}

export interface GroupCommitStats {
  batches: number;
  actions: number;
  fallbacks: number;
  largest: number;
  /** Wall time of the batch statements, from sending to their answer (commit included), in ms: where the one lane spends its time. */
  statementMs: number;
}

/**
 * The group committer of one kind of action (one set of companion tables, one prepared
 * statement). `post` queues an action and answers its ledger transaction id once the batch that
 * wrote it has committed, or throws its own error (InsufficientFundsError for a refused action).
 */
export class GroupCommitter {
  private readonly query: BatchQuery;
  private readonly queue: Waiting[] = [];
  private inFlight = false;
  readonly stats: GroupCommitStats = { batches: 0, actions: 0, fallbacks: 0, largest: 0, statementMs: 0 };
  private readonly batchSize: { observe(value: number): void };
  private readonly wait: { observe(value: number): void };
  private readonly fallbacks: { inc(): void };
  /** Off: every action is written on its own at once, concurrently (the path before group commit; for comparison). */
  grouping = true;

  constructor(
    private readonly db: Db,
    name: string,
    private readonly companions: readonly BatchCompanion[],
    private readonly guard?: PostGuard,
    private readonly maxBatch = 64,
  ) {
    this.query = preparedQuery<BatchOutcome>(name, batchStatementText(companions, guard));
    this.batchSize = groupCommitBatchSize.labels(name);
    this.wait = groupCommitWait.labels(name);
    this.fallbacks = groupCommitFallbacks.labels(name);
  }

  /** Whether a batch is being written. */
  get writing(): boolean {
    return this.inFlight;
  }

  /** Actions queued for the next batch. */
  get waiting(): number {
    return this.queue.length;
  }

  post(job: BatchedPost): Promise<string> {
    if (job.rows.length !== this.companions.length) throw new LedgerError(`batched post takes ${this.companions.length} companion rows, got ${job.rows.length}`);
    if (job.input.postings.length < 2) throw new LedgerError('a ledger transaction needs at least two postings');
    if (job.guard !== undefined && this.guard === undefined) throw new LedgerError('a guarded post needs a committer with a guard');
    return new Promise<string>((resolve, reject) => {
      if (!this.grouping) {
        void this.alone({ job, resolve, reject, queuedAt: 0 });
        return;
      }
      this.queue.push({ job, resolve, reject, queuedAt: performance.now() });
      this.pump();
    });
  }

  /** Sends the next batch unless one is in flight: the queue builds up exactly while a write is in flight. */
  private pump(): void {
    if (this.inFlight || this.queue.length === 0) return;
    const batch = this.take();
    const leftAt = performance.now();
    for (const w of batch) this.wait.observe((leftAt - w.queuedAt) / 1000);
    this.batchSize.observe(batch.length);
    this.inFlight = true;
    void this.write(batch).finally(() => {
      this.inFlight = false;
      this.pump();
    });
  }

  /** Up to maxBatch actions in arrival order, skipping (for the next batch) any that shares a user account or unique key with one taken. */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const accounts = new Set<number>();
    const keys = new Set<string>();
    const rest: Waiting[] = [];
    for (const w of this.queue) {
      const clash =
        batch.length >= this.maxBatch || w.job.userAccounts.some((a) => accounts.has(a)) || (w.job.uniqueKey !== undefined && keys.has(w.job.uniqueKey));
      if (clash) {
        rest.push(w);
        continue;
      }
      batch.push(w);
      for (const a of w.job.userAccounts) accounts.add(a);
      if (w.job.uniqueKey !== undefined) keys.add(w.job.uniqueKey);
    }
    this.queue.splice(0, this.queue.length, ...rest);
    return batch;
  }

  private async write(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) {
      // Nothing to group with: the ordinary path is the cheaper statement.
      await this.alone(batch[0]!);
      this.count(1, false);
      return;
    }
    let outcome: BatchOutcome | undefined;
    try {
      outcome = await this.statement(batch);
    } catch {
      outcome = undefined;
    }
    if (outcome === undefined || !outcome.sound) {
      // Nothing of the batch was written (one statement that failed, or whose verdict refused it
      // whole): each action on its own, meeting its own error.
      this.count(batch.length, true);
      for (const w of batch) await this.alone(w);
      return;
    }
    this.count(batch.length, false);
    countLedgerPosts(batch.filter((_, i) => outcome.transaction_ids?.[i]).map((w) => w.job.input));
    const o = outcome;
    // The statement has committed; these hold whenever the verdicts passed (every write is gated on them).
    if (o.transactions !== o.accepted || o.written !== o.postings_of_accepted || o.updated !== o.changed || o.companions !== o.companion_rows) {
      const err = new LedgerError(
        `batched post wrote ${o.transactions}/${o.accepted} transactions, ${o.written}/${o.postings_of_accepted} postings, ${o.updated}/${o.changed} projections, ${o.companions}/${o.companion_rows} rows`,
      );
      for (const w of batch) w.reject(err);
      return;
    }
    const stale = new Set(outcome.stale_entries ?? []);
    batch.forEach((w, i) => {
      const id = outcome.transaction_ids?.[i];
      if (id) w.resolve(id);
      else if (stale.has(i + 1)) w.reject(new GuardFailedError());
      else {
        const account = outcome.short_accounts?.[i];
        if (account === null || account === undefined) w.reject(new LedgerError('batched post neither written nor refused'));
        else w.reject(new InsufficientFundsError(account, outcome.short_buckets?.[i] ?? 'available'));
      }
    });
  }

  private count(actions: number, fallback: boolean): void {
    this.stats.batches += 1;
    this.stats.actions += actions;
    if (fallback) {
      this.stats.fallbacks += 1;
      this.fallbacks.inc();
    }
    this.stats.largest = Math.max(this.stats.largest, actions);
  }

  private async alone(w: Waiting): Promise<void> {
    try {
      w.resolve(await post(this.db, w.job.input, w.job.alone));
    } catch (err) {
      w.reject(err);
    }
  }

  /** The batch's statement (throws when it failed: then it wrote nothing). */
  private async statement(batch: readonly Waiting[]): Promise<BatchOutcome> {
    const postings = { entry: [] as number[], account: [] as number[], bucket: [] as string[], amount: [] as string[] };
    batch.forEach((w, i) => {
      for (const p of w.job.input.postings) {
        postings.entry.push(i + 1);
        postings.account.push(p.accountId);
        postings.bucket.push(p.bucket);
        postings.amount.push(new Decimal(p.amount.toString()).toFixed());
      }
    });
    const rows = this.companions.map((c, k) =>
      JSON.stringify(
        batch.map((w) => {
          const row = w.job.rows[k];
          if (row === undefined) return null;
          return Object.fromEntries(c.columns.map((col) => [col, jsonValue(row[col])]));
        }),
      ),
    );
    const parameters = [
      postings.entry,
      postings.account,
      postings.bucket,
      postings.amount,
      batch.map((w) => w.job.input.kind),
      batch.map((w) => w.job.input.memo ?? ''),
      batch.map((w) => w.job.input.reference ?? null),
      ...rows,
      ...(this.guard ? [JSON.stringify(batch.map((w) => w.job.guard ?? null))] : []),
    ];
    const sent = performance.now();
    try {
      const { rows: result } = await this.db.executeQuery(this.query(parameters));
      return result[0]!;
    } finally {
      this.stats.statementMs += performance.now() - sent;
    }
  }
}
