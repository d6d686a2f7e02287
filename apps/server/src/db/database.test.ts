import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase } from '../test/test-app.js';
import { preparedQuery, type Db } from './database.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop();
});

const plusOne = preparedQuery<{ n: number }>('test_plus_one', 'SELECT $1::int + 1 AS n');

describe('preparedQuery', () => {
  it('runs as a named prepared statement of the connection, on the database and inside a transaction', async () => {
    expect((await db.executeQuery(plusOne([1]))).rows).toEqual([{ n: 2 }]);
    await db.transaction().execute(async (trx) => {
      expect((await trx.executeQuery(plusOne([41]))).rows).toEqual([{ n: 42 }]);
      const { rows } = await sql<{ name: string }>`SELECT name FROM pg_prepared_statements WHERE name = 'test_plus_one'`.execute(trx);
      expect(rows).toEqual([{ name: 'test_plus_one' }]);
    });
    // Other queries stay unnamed.
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_prepared_statements WHERE statement LIKE '%pg_prepared_statements%'`.execute(db);
    expect(rows[0]!.n).toBe('0');
  });

  it('refuses a name used for another text, and a text registered under another name', () => {
    expect(() => preparedQuery('test_plus_one', 'SELECT $1::int + 2 AS n')).toThrow(/used twice/);
    expect(() => preparedQuery('test_plus_one_again', 'SELECT $1::int + 1 AS n')).toThrow(/repeats the text/);
    expect(() => preparedQuery('test_plus_one', 'SELECT $1::int + 1 AS n')).not.toThrow();
  });

  it('a failing prepared statement fails its own query only', async () => {
    const fails = preparedQuery<{ n: number }>('test_fails', 'SELECT 1 / $1::int AS n');
    await expect(db.executeQuery(fails([0]))).rejects.toThrow(/division by zero/);
    expect((await db.executeQuery(fails([1]))).rows).toEqual([{ n: 1 }]);
  });
});
