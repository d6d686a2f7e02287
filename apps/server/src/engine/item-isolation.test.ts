import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Executor } from '../db/database.js';
import { createTestDatabase } from '../test/test-app.js';
import { countSetAsideItems, isItemFault, listSetAsideItems, pruneSetAside, settleIsolated } from './item-isolation.js';

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  // A bulk statement that refuses some rows: the stand-in for one account that cannot pay.
  await sql`CREATE TABLE isolation_probe (n int PRIMARY KEY CHECK (n % 97 <> 0))`.execute(db);
});
afterAll(async () => {
  await drop();
});

const insertAll = async (trx: Executor, part: readonly number[]) => {
  await sql`INSERT INTO isolation_probe SELECT unnest(${sql.val(part)}::int[])`.execute(trx);
  return part;
};

describe('settling a batch item by item', () => {
  it('one bulk statement when every item can settle; halves when one cannot, every other item settled in the same run', async () => {
    let calls = 0;
    const items = Array.from({ length: 1000 }, (_, i) => i + 1); // 97, 194, ... 970 are refused
    const out = await db.transaction().execute((trx) =>
      settleIsolated(trx, items, {
        job: 'test.bulk',
        key: (n) => `n ${n}`,
        at: new Date(),
        bulk: async (t, part) => {
          calls += 1;
          return insertAll(t, part);
        },
      }),
    );
    const bad = items.filter((n) => n % 97 === 0);
    expect(out.failed.map((f) => f.item)).toEqual(bad);
    expect(out.failed[0]!.reason).toContain('check constraint');
    expect(out.done).toHaveLength(1000 - bad.length);
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM isolation_probe`.execute(db);
    expect(Number(rows[0]!.n)).toBe(1000 - bad.length);
    // Ten bad items among a thousand: far fewer statements than one per item.
    expect(calls).toBeLessThan(200);
    expect((await listSetAsideItems(db)).filter((r) => r.job === 'test.bulk')).toHaveLength(bad.length);
    expect(await countSetAsideItems(db)).toBe(bad.length);

    // The next run: still refused, one more attempt each; once settled (here: pruned as gone), the rows leave.
    await db.transaction().execute((trx) => settleIsolated(trx, bad, { job: 'test.bulk', key: (n) => `n ${n}`, at: new Date(), bulk: insertAll }));
    expect(new Set((await listSetAsideItems(db)).map((r) => r.attempts))).toEqual(new Set([2]));
    await pruneSetAside(db, 'test.bulk', () => false);
    expect(await countSetAsideItems(db)).toBe(0);

    // Unchanged fast path: a clean batch is one call.
    calls = 0;
    await db.transaction().execute((trx) =>
      settleIsolated(trx, [2001, 2002, 2003], {
        job: 'test.bulk',
        key: (n) => `n ${n}`,
        at: new Date(),
        bulk: async (t, part) => {
          calls += 1;
          return insertAll(t, part);
        },
      }),
    );
    expect(calls).toBe(1);
  });

  it('an error of the run as a whole (connection, deadlock, a deposed engine) is not set aside: the run fails', async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(isItemFault(deadlock)).toBe(false);
    expect(isItemFault(Object.assign(new Error('socket'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isItemFault(Object.assign(new Error('epoch'), { code: 'TPF01' }))).toBe(false);
    expect(isItemFault(Object.assign(new Error('check'), { code: '23514' }))).toBe(true);
    expect(isItemFault(new Error('account 5 held would go below zero'))).toBe(true);
    await expect(
      db.transaction().execute((trx) =>
        settleIsolated(trx, [1, 2], {
          job: 'test.whole',
          key: (n) => String(n),
          at: new Date(),
          bulk: async () => {
            throw deadlock;
          },
        }),
      ),
    ).rejects.toThrow('deadlock detected');
    expect(await countSetAsideItems(db)).toBe(0);
  });

  it('each in a transaction of its own when given the pool', async () => {
    const out = await settleIsolated(db, [3000, 3104, 3001], { job: 'test.each', key: (n) => `n ${n}`, at: new Date(), each: (trx, n) => insertAll(trx, [n]) });
    expect(out.done).toEqual([3000, 3001]);
    expect(out.failed.map((f) => f.item)).toEqual([3104]); // 3104 = 97 x 32
    await pruneSetAside(db, 'test.each', () => false);
  });

  it('an item in its own transaction that meets a deadlock is run again, and the run goes on', async () => {
    // A copy close against a batch that locked the same accounts in the other order: PostgreSQL
    // ends one side after a second; that item's transaction wrote nothing and runs again.
    let tries = 0;
    const out = await settleIsolated(db, [4000, 4001], {
      job: 'test.conflict',
      key: (n) => `n ${n}`,
      at: new Date(),
      each: async (trx, n) => {
        await insertAll(trx, [n]);
        if (n === 4000 && ++tries === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
        return n;
      },
    });
    expect(out.done).toEqual([4000, 4001]);
    expect(tries).toBe(2);
    expect((await sql<{ n: number }>`SELECT n FROM isolation_probe WHERE n IN (4000, 4001) ORDER BY n`.execute(db)).rows).toEqual([{ n: 4000 }, { n: 4001 }]);
  });
});
