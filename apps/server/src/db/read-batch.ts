import type { CompiledQuery } from 'kysely';
import type { Db } from './database.js';

/*
 * Group reads for the hottest lookups (the token check of every request, the order submit's
 * context): lookups that arrive while one is being read wait for it and then go out together as
 * ONE statement - one round trip, one backend wake-up and one protocol exchange for the whole
 * group instead of one each. On a loaded machine those per-statement costs, in PostgreSQL and in
 * the server's socket writes, were a large share of a submit's CPU.
 *
 * Exactly as correct as one statement per lookup: the grouped statement takes each parameter as an
 * array (one element per lookup, `unnest ... WITH ORDINALITY AS q(..., n)`) and answers each
 * lookup's rows tagged with its ordinal `n`; it reads the same committed rows a lookup of its own
 * would have read a moment later, and nothing is kept after the answer. Bounded: at most
 * `maxBatch` lookups per statement and one statement in flight; the next leaves as soon as the
 * previous one answers, with no timer. A grouped statement that fails (a lookup's parameter the
 * database refuses) reruns each lookup on its own, so one bad lookup never fails its neighbours.
 */

interface Waiting<Row> {
  parameters: readonly unknown[];
  resolve: (row: Row | undefined) => void;
  reject: (err: unknown) => void;
}

export interface ReadBatchStats {
  statements: number;
  lookups: number;
  largest: number;
}

export class ReadBatch<Row extends { n: number | string }> {
  private readonly queue: Waiting<Row>[] = [];
  private inFlight = false;
  readonly stats: ReadBatchStats = { statements: 0, lookups: 0, largest: 0 };
  /** Off: every lookup is its own statement at once, concurrently (for comparison). */
  grouping = true;

  /**
   * @param query the grouped statement: parameter i is the array of every lookup's parameter i;
   *   each answered row carries `n`, the 1-based position of its lookup.
   */
  constructor(
    private readonly db: Db,
    private readonly query: (parameters: readonly unknown[]) => CompiledQuery<Row>,
    private readonly maxBatch = 64,
  ) {}

  /** The first row the lookup with these parameters answers (undefined: none). */
  read(parameters: readonly unknown[]): Promise<Row | undefined> {
    return new Promise<Row | undefined>((resolve, reject) => {
      const w = { parameters, resolve, reject };
      if (!this.grouping) {
        void this.run([w]);
        return;
      }
      this.queue.push(w);
      this.pump();
    });
  }

  private pump(): void {
    if (this.inFlight || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.maxBatch);
    this.inFlight = true;
    void this.run(batch).finally(() => {
      this.inFlight = false;
      this.pump();
    });
  }

  private async statement(batch: readonly Waiting<Row>[]): Promise<(Row | undefined)[]> {
    const arity = batch[0]!.parameters.length;
    const columns = Array.from({ length: arity }, (_, i) => batch.map((w) => w.parameters[i]));
    const { rows } = await this.db.executeQuery(this.query(columns));
    const answers: (Row | undefined)[] = new Array(batch.length).fill(undefined);
    for (const row of rows) {
      const i = Number(row.n) - 1;
      // The first row of a lookup, as rows[0] of a statement of its own.
      if (answers[i] === undefined) answers[i] = row;
    }
    return answers;
  }

  private async run(batch: Waiting<Row>[]): Promise<void> {
    this.stats.statements += 1;
    this.stats.lookups += batch.length;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    try {
      const answers = await this.statement(batch);
      batch.forEach((w, i) => w.resolve(answers[i]));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // Each lookup on its own, meeting its own error.
      await Promise.all(
        batch.map((w) =>
          this.statement([w]).then(
            ([row]) => w.resolve(row),
            (own: unknown) => w.reject(own),
          ),
        ),
      );
    }
  }
}

/** One ReadBatch per database and statement. */
export function readBatchOf<Row extends { n: number | string }>(
  cache: WeakMap<Db, ReadBatch<Row>>,
  db: Db,
  query: (parameters: readonly unknown[]) => CompiledQuery<Row>,
): ReadBatch<Row> {
  let batch = cache.get(db);
  if (!batch) {
    batch = new ReadBatch(db, query);
    cache.set(db, batch);
  }
  return batch;
}
