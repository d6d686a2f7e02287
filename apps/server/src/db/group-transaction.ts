import { sql, type Transaction } from 'kysely';
import { pgErrorCode, preparedQuery, retryingConflicts, type DB, type Db } from './database.js';
import { groupCommitBatchSize, groupCommitFallbacks, groupCommitWait } from '../lib/metrics.js';

/*
 * Group commit for money actions that need a transaction of their own (several statements and
 * locks: a wallet transfer, a withdrawal request, an option order, a close, a cancel): actions
 * that arrive while a batch is being written wait for it, then run one after another inside ONE
 * transaction, each inside its own savepoint, and commit together - one BEGIN, one COMMIT and one
 * WAL flush per batch instead of per action.
 *
 * - Each action keeps its own checks and its own refusal: one that throws is rolled back to its
 *   savepoint (its writes and the locks it took are undone), which never fails its neighbours.
 * - No action is answered before its batch commits; a refusal is answered then too.
 * - An action that failed for another reason than its own answer (a deadlock with another
 *   batch, a lost connection...) is run again on its own after the batch; when the COMMIT itself
 *   is refused by the database, nothing of the batch happened and every action runs again on its
 *   own. When the connection is lost with the COMMIT's outcome unknown, every action of the batch
 *   fails (as a lone transaction would) and the client retries under its Idempotency-Key.
 * - Deadlock-free against the ledger's lock order (users' accounts ascending, then the house's):
 *   the accounts of the batch's users are locked first, ascending (see write).
 * - Bounded: at most `maxBatch` actions per batch, `lanes` batches at a time; the next batch
 *   leaves as soon as a lane is free, with no timer.
 */

type Outcome<T> = { ok: true; value: T } | { ok: false; err: unknown } | { again: true };

interface Waiting {
  fn: (trx: Transaction<DB>) => Promise<unknown>;
  /** Users whose ledger accounts the action may lock (locked for the whole batch first, see write). */
  users: readonly number[];
  ownAnswer: (err: unknown) => boolean;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  /** performance.now() when queued: the wait until its batch leaves goes to /metrics. */
  queuedAt: number;
}

export interface GroupTransactionStats {
  batches: number;
  actions: number;
  /** Batches whose COMMIT failed, and actions run again on their own. */
  failedBatches: number;
  rerun: number;
  largest: number;
  /** Lone runs aborted as a deadlock victim or a serialization failure, and run again. */
  conflictRetries: number;
}

const TRANSACTION_WAIT = groupCommitWait.labels('transaction');
const TRANSACTION_BATCH_SIZE = groupCommitBatchSize.labels('transaction');

/** Runs of a lone action at most, when each is aborted as a deadlock victim or a serialization failure. */
const CONFLICT_ATTEMPTS = 5;

export class GroupTransactions {
  private readonly queue: Waiting[] = [];
  private busy = 0;
  readonly stats: GroupTransactionStats = { batches: 0, actions: 0, failedBatches: 0, rerun: 0, largest: 0, conflictRetries: 0 };

  constructor(
    private readonly db: Db,
    private readonly lanes = 2,
    private readonly maxBatch = 32,
  ) {}

  /** Actions queued for the next batch. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Batches being written. */
  get writing(): number {
    return this.busy;
  }

  /**
   * Runs `fn` in the next batch's transaction. Resolves with its result once the batch has
   * committed; rejects with its error when it threw one `ownAnswer` accepts (a refusal), after
   * the batch has ended.
   */
  run<T>(fn: (trx: Transaction<DB>) => Promise<T>, ownAnswer: (err: unknown) => boolean, users: readonly number[] = []): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, users, ownAnswer, resolve: resolve as (v: unknown) => void, reject, queuedAt: performance.now() });
      this.pump();
    });
  }

  private pump(): void {
    while (this.busy < this.lanes && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      const leftAt = performance.now();
      for (const w of batch) TRANSACTION_WAIT.observe((leftAt - w.queuedAt) / 1000);
      TRANSACTION_BATCH_SIZE.observe(batch.length);
      this.busy += 1;
      void this.write(batch).finally(() => {
        this.busy -= 1;
        this.pump();
      });
    }
  }

  private count(actions: number): void {
    this.stats.batches += 1;
    this.stats.actions += actions;
    this.stats.largest = Math.max(this.stats.largest, actions);
  }

  /**
   * On its own: the action's own transaction, as without group commit. Run again when PostgreSQL
   * aborted it as a deadlock victim or for a serialization failure (it wrote nothing): what locks
   * rows before accounts (a close locks its order first; a batch, its users' accounts first) can
   * still meet in a cycle, and the victim must cost time, never an answer of 500.
   */
  private async alone(w: Waiting): Promise<void> {
    try {
      w.resolve(await retryingConflicts(() => this.db.transaction().execute(w.fn), CONFLICT_ATTEMPTS - 1, () => (this.stats.conflictRetries += 1)));
    } catch (err) {
      w.reject(err);
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    this.count(batch.length);
    if (batch.length === 1) return this.alone(batch[0]!);
    const outcomes: Outcome<unknown>[] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        // Every statement that locks ledger accounts locks them in the ledger's one order: users'
        // accounts ascending, then the house's ascending (the ledger's post, the forex batch
        // statement), so any two of them can wait for each other but never deadlock. A batch runs
        // its actions one after another, each locking its own accounts: the batch as a whole
        // would lock out of order (a later action's lower ids after an earlier action's higher
        // ones) and could deadlock with a forex batch or another lane. So the accounts of every
        // user in the batch are locked first, ascending; the house's accounts its actions reach
        // come after them, as the order wants.
        // What this does not order: a path outside any batch that locks a row of its own before
        // the accounts (an order row, e.g. a demo reset closing its orders), or two house
        // accounts reached by different actions of one batch in descending order, can still meet
        // another transaction in a deadlock; PostgreSQL then fails one side, and a failed action
        // is rerun on its own after its batch (below), so it costs time, never an action.
        const users = [...new Set(batch.flatMap((w) => w.users))];
        if (users.length > 0) await lockUserAccounts(trx, users);
        for (const w of batch) {
          await sql`SAVEPOINT group_action`.execute(trx);
          try {
            const value = await w.fn(trx);
            await sql`RELEASE SAVEPOINT group_action`.execute(trx);
            outcomes.push({ ok: true, value });
          } catch (err) {
            await sql`ROLLBACK TO SAVEPOINT group_action`.execute(trx);
            await sql`RELEASE SAVEPOINT group_action`.execute(trx);
            outcomes.push(w.ownAnswer(err) ? { ok: false, err } : { again: true });
          }
        }
      });
    } catch (err) {
      if (pgErrorCode(err) === undefined) {
        // The outcome of the batch is unknown (connection lost): fail every action, as a lone
        // transaction would; a client retries under its key and gets the stored answer or acts.
        for (const w of batch) w.reject(err);
        return;
      }
      // The database refused the batch (nothing of it committed): each action on its own.
      this.stats.failedBatches += 1;
      groupCommitFallbacks.inc({ committer: 'transaction' });
      this.stats.rerun += batch.length;
      for (const w of batch) await this.alone(w);
      return;
    }
    const again: Waiting[] = [];
    batch.forEach((w, i) => {
      const o = outcomes[i]!;
      if ('again' in o) again.push(w);
      else if (o.ok) w.resolve(o.value);
      else w.reject(o.err);
    });
    this.stats.rerun += again.length;
    for (const w of again) await this.alone(w);
  }
}

const lockUserAccountsStatement = preparedQuery<{ id: number }>(
  'group_lock_user_accounts',
  'SELECT id FROM ledger_accounts WHERE user_id = ANY($1::int[]) ORDER BY id FOR UPDATE',
);

async function lockUserAccounts(trx: Transaction<DB>, users: readonly number[]): Promise<void> {
  await trx.executeQuery(lockUserAccountsStatement([users]));
}

const byDb = new WeakMap<Db, GroupTransactions>();

/** The group committer of a database's money-action transactions. */
export function groupTransactions(db: Db): GroupTransactions {
  let group = byDb.get(db);
  if (!group) {
    group = new GroupTransactions(db);
    byDb.set(db, group);
  }
  return group;
}
