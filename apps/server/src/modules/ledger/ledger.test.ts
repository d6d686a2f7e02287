import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Decimal } from '@tp/domain';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { demoLogin } from '../../test/http-helpers.js';
import { SYSTEM_ACCOUNTS } from './ledger-kinds.js';
import { AlreadyPostedError, baseCurrencyId, holdPostings, InsufficientFundsError, LedgerError, post, systemAccountId, verifyLedger, type Companions, type PostInput } from './ledger.service.js';

/** A post with companion rows: the one entry point, with its companions argument. */
const postWithCompanions = (db: Parameters<typeof post>[0], input: PostInput, companions: Companions) => post(db, input, companions);
import { listUserAccounts, lockAccounts, postWithCompanionsStatement } from './ledger.repository.js';

let t: TestApp;
beforeAll(async () => {
  // The ledger's mechanics on bare holds of test kinds: no business row stands behind them.
  t = await createTestApp({ checkHolds: false });
});
afterAll(async () => {
  await t.close();
});

async function demoAccounts(demoId: string) {
  const { user } = await demoLogin(t.app, demoId);
  const accounts = await listUserAccounts(t.db, user.id);
  const house = await systemAccountId(t.db, SYSTEM_ACCOUNTS.houseDemoFunding, await baseCurrencyId(t.db));
  return { user, accounts, house };
}

const companionStatement = postWithCompanionsStatement('ledger_test_companions', [
  { table: 'ledger_companion_test', columns: ['id', 'note'], overridingSystemValue: true },
  { table: 'ledger_companion_test', columns: ['id', 'note'], overridingSystemValue: true },
]);

describe('ledger post()', () => {
  it('with companion rows: inserts them in the same statement, also with no transaction around it, and writes nothing when refused', async () => {
    await sql`CREATE TABLE IF NOT EXISTS ledger_companion_test (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, note text NOT NULL)`.execute(t.db);
    const { accounts, house } = await demoAccounts('ledger-companion-1');
    const acc = accounts[0]!;
    // On the database itself: the one statement is the whole (auto-committed) transaction.
    const transactionId = await postWithCompanions(
      t.db,
      { kind: 'test_companion', reference: 'companion:1001', postings: holdPostings(acc.id, '10') },
      { statement: companionStatement, values: [1001, 'paid', 1002, 'paid too'] },
    );
    const rows = await sql<{ id: number; note: string }>`SELECT id, note FROM ledger_companion_test WHERE id IN (1001, 1002) ORDER BY id`.execute(t.db);
    expect(rows.rows).toEqual([{ id: 1001, note: 'paid' }, { id: 1002, note: 'paid too' }]);
    const tx = await t.db.selectFrom('ledger_transactions').select(['kind', 'reference']).where('id', '=', transactionId).executeTakeFirstOrThrow();
    expect(tx).toEqual({ kind: 'test_companion', reference: 'companion:1001' });
    const held = await t.db.selectFrom('ledger_accounts').select(['lock_balance']).where('id', '=', acc.id).executeTakeFirstOrThrow();
    expect(Number(held.lock_balance)).toBe(10);

    // Refused (more than the account holds): no companion row, no ledger rows, and a caller's
    // transaction goes on.
    const before = await t.db.selectFrom('ledger_transactions').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const overdraw = [{ accountId: acc.id, bucket: 'available' as const, amount: '-1000000' }, { accountId: house, bucket: 'available' as const, amount: '1000000' }];
    await expect(postWithCompanions(t.db, { kind: 'test_companion', postings: overdraw }, { statement: companionStatement, values: [1003, 'refused', 1004, 'refused'] })).rejects.toThrow(
      InsufficientFundsError,
    );
    const rowsAfterRefusal = await t.db.transaction().execute(async (trx) => {
      await expect(postWithCompanions(trx, { kind: 'test_companion', postings: overdraw }, { statement: companionStatement, values: [1005, 'refused', 1006, 'refused'] })).rejects.toThrow(
        InsufficientFundsError,
      );
      return sql<{ n: string }>`SELECT count(*) AS n FROM ledger_companion_test WHERE note = 'refused'`.execute(trx);
    });
    expect(rowsAfterRefusal.rows[0]!.n).toBe('0');
    const after = await t.db.selectFrom('ledger_transactions').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);

    // A companion that fails (duplicate id) fails the whole statement: the money does not move.
    await expect(
      postWithCompanions(t.db, { kind: 'test_companion', postings: holdPostings(acc.id, '5') }, { statement: companionStatement, values: [1007, 'x', 1001, 'taken'] }),
    ).rejects.toThrow(/duplicate key/);
    const heldAfter = await t.db.selectFrom('ledger_accounts').select(['lock_balance']).where('id', '=', acc.id).executeTakeFirstOrThrow();
    expect(Number(heldAfter.lock_balance)).toBe(10);
    const ledgerAfter = await t.db.selectFrom('ledger_transactions').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(ledgerAfter.n).toBe(before.n);

    // Values that do not match the companions' columns are a programming error, caught before sending.
    await expect(postWithCompanions(t.db, { kind: 'test_companion', postings: holdPostings(acc.id, '1') }, { statement: companionStatement, values: [1008, 'short'] })).rejects.toThrow(
      /takes 4 values, got 2/,
    );
  });

  it('refuses postings that do not sum to zero and writes nothing', async () => {
    const { accounts, house } = await demoAccounts('ledger-zero-sum-1');
    const before = await t.db.selectFrom('ledger_transactions').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    await expect(
      t.db.transaction().execute((trx) =>
        post(trx, { kind: 'test', postings: [{ accountId: accounts[0]!.id, bucket: 'available', amount: '1' }, { accountId: house, bucket: 'available', amount: '-0.999999999999999999' }] }),
      ),
    ).rejects.toThrow(/do not sum to zero/);
    const after = await t.db.selectFrom('ledger_transactions').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses a single posting, an unknown account and use outside a transaction', async () => {
    const { accounts, house } = await demoAccounts('ledger-misc-1');
    await expect(t.db.transaction().execute((trx) => post(trx, { kind: 'test', postings: [{ accountId: house, bucket: 'available', amount: '0' }] }))).rejects.toThrow(LedgerError);
    await expect(
      t.db.transaction().execute((trx) =>
        post(trx, { kind: 'test', postings: [{ accountId: 99_999_999, bucket: 'available', amount: '1' }, { accountId: house, bucket: 'available', amount: '-1' }] }),
      ),
    ).rejects.toThrow(/unknown ledger account/);
    await expect(post(t.db, { kind: 'test', postings: [{ accountId: accounts[0]!.id, bucket: 'available', amount: '1' }, { accountId: house, bucket: 'available', amount: '-1' }] })).rejects.toThrow(/inside a database transaction/);
  });

  it('a hold moves available to held on the same account, and releasing it moves it back', async () => {
    const { accounts } = await demoAccounts('ledger-hold-1');
    const acc = accounts[0]!;
    await t.db.transaction().execute((trx) => post(trx, { kind: 'test_hold', postings: holdPostings(acc.id, '2500.5') }));
    let [row] = (await listUserAccounts(t.db, acc ? (await t.db.selectFrom('ledger_accounts').select('user_id').where('id', '=', acc.id).executeTakeFirstOrThrow()).user_id! : 0)).filter((a) => a.id === acc.id);
    expect(row).toMatchObject({ balance: '7499.500000000000000000', lock_balance: '2500.500000000000000000' });
    await t.db.transaction().execute((trx) => post(trx, { kind: 'test_release', postings: holdPostings(acc.id, '-2500.5') }));
    row = (await t.db.selectFrom('ledger_accounts').select(['id', 'balance', 'lock_balance']).where('id', '=', acc.id).executeTakeFirstOrThrow()) as never;
    expect(row).toMatchObject({ balance: '10000.000000000000000000', lock_balance: '0.000000000000000000' });
  });

  it('never lets a user account go below zero, in available or held', async () => {
    const { accounts, house } = await demoAccounts('ledger-negative-1');
    const acc = accounts[1]!;
    await expect(
      t.db.transaction().execute((trx) =>
        post(trx, { kind: 'test', postings: [{ accountId: acc.id, bucket: 'available', amount: '-10000.000000000000000001' }, { accountId: house, bucket: 'available', amount: '10000.000000000000000001' }] }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(t.db.transaction().execute((trx) => post(trx, { kind: 'test', postings: holdPostings(acc.id, '-1') }))).rejects.toBeInstanceOf(InsufficientFundsError);
    // The database CHECK is the backstop even for a direct write.
    await expect(t.db.updateTable('ledger_accounts').set({ balance: '-1' }).where('id', '=', acc.id).execute()).rejects.toThrow(/check constraint/);
  });

  it('concurrent debits never take an account below zero', async () => {
    const { accounts, house } = await demoAccounts('ledger-concurrent-1');
    const acc = accounts[2]!;
    // 25 debits of 500 against 10000: exactly 20 may succeed.
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, () =>
        t.db.transaction().execute((trx) =>
          post(trx, { kind: 'test_debit', postings: [{ accountId: acc.id, bucket: 'available', amount: '-500' }, { accountId: house, bucket: 'available', amount: '500' }] }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(20);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    const row = await t.db.selectFrom('ledger_accounts').select(['balance']).where('id', '=', acc.id).executeTakeFirstOrThrow();
    expect(row.balance).toBe('0.000000000000000000');
  });
});

describe('ledger post() in one statement', () => {
  const snapshot = async (db: typeof t.db, ids: number[]) => ({
    accounts: await db.selectFrom('ledger_accounts').select(['id', 'balance', 'lock_balance']).where('id', 'in', ids).orderBy('id').execute(),
    transactions: (await db.selectFrom('ledger_transactions').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
    postings: (await db.selectFrom('ledger_postings').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
  });

  it('writes the transaction, every posting as given and the projections, and returns the transaction id', async () => {
    const { accounts, house } = await demoAccounts('ledger-one-1');
    const [funding, , contract] = accounts;
    const postings = [
      ...holdPostings(contract!.id, '100.25'),
      { accountId: contract!.id, bucket: 'available' as const, amount: '-0.75' },
      { accountId: funding!.id, bucket: 'available' as const, amount: '0' },
      { accountId: house, bucket: 'available' as const, amount: '0.75' },
    ];
    const id = await t.db.transaction().execute((trx) => post(trx, { kind: 'test_one', memo: 'memo', reference: 'ref:1', postings }));
    const tx = await t.db.selectFrom('ledger_transactions').select(['kind', 'memo', 'reference']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(tx).toEqual({ kind: 'test_one', memo: 'memo', reference: 'ref:1' });
    const rows = await t.db.selectFrom('ledger_postings').select(['account_id', 'bucket', 'amount']).where('transaction_id', '=', id).orderBy('id').execute();
    expect(rows.map((r) => [r.account_id, r.bucket, Number(r.amount)])).toEqual(postings.map((p) => [p.accountId, p.bucket, Number(p.amount)]));
    const after = await snapshot(t.db, [funding!.id, contract!.id]);
    expect(after.accounts).toEqual([
      { id: funding!.id, balance: '10000.000000000000000000', lock_balance: '0.000000000000000000' },
      { id: contract!.id, balance: '9899.000000000000000000', lock_balance: '100.250000000000000000' },
    ]);
  });

  it('a refused post writes nothing and leaves the transaction usable', async () => {
    const { accounts, house } = await demoAccounts('ledger-one-2');
    const [funding, micro] = accounts;
    const ids = [funding!.id, micro!.id, house];
    const before = await snapshot(t.db, ids);
    await t.db.transaction().execute(async (trx) => {
      // The house side is credited before the user's side is found short: still nothing is written.
      const short = post(trx, {
        kind: 'test_short',
        postings: [
          { accountId: house, bucket: 'available', amount: '15000.5' },
          { accountId: funding!.id, bucket: 'available', amount: '-5000' },
          { accountId: micro!.id, bucket: 'available', amount: '-10000.5' },
        ],
      });
      await expect(short).rejects.toBeInstanceOf(InsufficientFundsError);
      await expect(short).rejects.toMatchObject({ accountId: micro!.id, bucket: 'available' });
      expect(await snapshot(trx, ids)).toEqual(before);
      await expect(post(trx, { kind: 'test_short', postings: holdPostings(funding!.id, '-0.000000000000000001') })).rejects.toMatchObject({ accountId: funding!.id, bucket: 'held' });
      await expect(post(trx, { kind: 'test_unbalanced', postings: [{ accountId: funding!.id, bucket: 'available', amount: '-1' }, { accountId: house, bucket: 'available', amount: '2' }] })).rejects.toThrow(
        /do not sum to zero in currency \d+: 1$/,
      );
      expect(await snapshot(trx, ids)).toEqual(before);
      // The same transaction goes on and commits a good post.
      await post(trx, { kind: 'test_ok', postings: [{ accountId: funding!.id, bucket: 'available', amount: '-1' }, { accountId: micro!.id, bucket: 'available', amount: '1' }] });
    });
    const after = await snapshot(t.db, ids);
    expect(Number(after.transactions) - Number(before.transactions)).toBe(1);
    expect(Number(after.postings) - Number(before.postings)).toBe(2);
  });

  it('zero-sum is per currency: a set that balances only across currencies is refused', async () => {
    const { accounts } = await demoAccounts('ledger-one-3');
    const { id: other } = await t.db.insertInto('currencies').values({ code: 'TSTC', name: 'Test coin' }).returning('id').executeTakeFirstOrThrow();
    const { id: otherHouse } = await t.db.insertInto('ledger_accounts').values({ system_code: 'test_house', currency_id: other }).returning('id').executeTakeFirstOrThrow();
    await expect(
      t.db.transaction().execute((trx) =>
        post(trx, { kind: 'test', postings: [{ accountId: accounts[0]!.id, bucket: 'available', amount: '-3' }, { accountId: otherHouse, bucket: 'available', amount: '3' }] }),
      ),
    ).rejects.toThrow(/do not sum to zero in currency/);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('concurrent posts over the same accounts, in every order, neither deadlock nor overdraw nor lose an update', async () => {
    const { accounts, house } = await demoAccounts('ledger-one-4');
    const ids = [...accounts.map((a) => a.id), house];
    // 60 transfers among a user's three accounts and the house, each naming its accounts in its own order.
    const moves = Array.from({ length: 60 }, (_, i) => {
      const from = ids[i % 4]!;
      const to = ids[(i * 7 + 1) % 4] === from ? ids[(i + 2) % 4]! : ids[(i * 7 + 1) % 4]!;
      const amount = String(100 + (i % 5) * 1000);
      const postings = [
        { accountId: to, bucket: 'available' as const, amount },
        { accountId: from, bucket: 'available' as const, amount: `-${amount}` },
      ];
      return i % 2 === 0 ? postings : postings.reverse();
    });
    const results = await Promise.allSettled(moves.map((postings) => t.db.transaction().execute((trx) => post(trx, { kind: 'test_move', postings }))));
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    const rows = await t.db.selectFrom('ledger_accounts').select(['id', 'user_id', 'balance']).where('id', 'in', ids).execute();
    // Money is conserved across the four accounts and no user account is below zero.
    const total = rows.reduce((acc, r) => acc + Number(r.balance), 0);
    const houseBefore = -Number(
      (await t.db.selectFrom('ledger_postings').select(sql<string>`coalesce(sum(amount), 0)`.as('s')).where('account_id', '=', house).where('transaction_id', 'not in', (eb) => eb.selectFrom('ledger_transactions').select('id').where('kind', '=', 'test_move')).executeTakeFirstOrThrow()).s,
    );
    expect(total).toBeCloseTo(30000 - houseBefore, 6);
    // No lost update: each account holds its start plus exactly the moves that committed (the
    // CHECK constraint alone would let a lost update through as long as it stayed above zero).
    for (const r of rows) {
      if (r.user_id === null) continue;
      const expected = moves.reduce((acc, postings, i) => {
        if (results[i]!.status !== 'fulfilled') return acc;
        return postings.filter((p) => p.accountId === r.id).reduce((a, p) => a.plus(p.amount), acc);
      }, new Decimal('10000'));
      expect(new Decimal(r.balance).toFixed(18)).toBe(expected.toFixed(18));
    }
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('ledger is append-only', () => {
  it('the lock order puts users before the house: a batch that locked its users and then reaches the house meets a lone close without a deadlock', async () => {
    const { user, accounts, house } = await demoAccounts('ledger-lock-order-1');
    const account = accounts[0]!;
    expect(house).toBeLessThan(account.id); // the house's accounts are older: ascending ids alone would take it first
    let userLocked!: () => void;
    const batchHoldsUser = new Promise<void>((resolve) => (userLocked = resolve));
    // A group batch: every user's accounts first, then an action (a close) reaches the house's account.
    const batch = t.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM ledger_accounts WHERE user_id = ${user.id} ORDER BY id FOR UPDATE`.execute(trx);
      userLocked();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await lockAccounts(trx, [house]);
      return 'batch';
    });
    await batchHoldsUser;
    // The engine's close of the same user's position, meanwhile, on its own.
    const close = t.db.transaction().execute(async (trx) => {
      await lockAccounts(trx, [account.id, house]);
      return 'close';
    });
    // Taking the house's account first, the close would hold it while waiting for the user's,
    // and PostgreSQL would end one of the two as a deadlock victim (40P01).
    expect(await Promise.all([batch, close])).toEqual(['batch', 'close']);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of transactions and postings', async () => {
    await demoAccounts('ledger-append-1');
    await expect(sql`UPDATE ledger_postings SET amount = amount + 1`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM ledger_postings`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`UPDATE ledger_transactions SET memo = 'x'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM ledger_transactions`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE ledger_postings`.execute(t.db)).rejects.toThrow(/append-only/);
  });
});

describe('verifyLedger', () => {
  it('is empty for a consistent ledger and names a tampered projection', async () => {
    const { accounts } = await demoAccounts('ledger-verify-1');
    expect(await verifyLedger(t.db)).toEqual([]);
    const acc = accounts[0]!;
    await t.db.updateTable('ledger_accounts').set({ balance: '10000.01' }).where('id', '=', acc.id).execute();
    try {
      const violations = await verifyLedger(t.db);
      expect(violations).toEqual([
        { type: 'projection_mismatch', accountId: acc.id, balance: '10000.010000000000000000', lockBalance: '0.000000000000000000', derivedAvailable: '10000.000000000000000000', derivedHeld: '0' },
      ]);
    } finally {
      await t.db.updateTable('ledger_accounts').set({ balance: '10000' }).where('id', '=', acc.id).execute();
    }
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('finds a transaction whose postings do not sum to zero (written around post())', async () => {
    const { accounts } = await demoAccounts('ledger-verify-2');
    const acc = accounts[0]!;
    const { id } = await t.db.insertInto('ledger_transactions').values({ kind: 'bogus', memo: '' }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('ledger_postings').values({ transaction_id: id, account_id: acc.id, bucket: 'available', amount: '5' }).execute();
    const violations = await verifyLedger(t.db);
    expect(violations).toContainEqual({ type: 'unbalanced_transaction', transactionId: id, currencyId: acc.currency_id, sum: '5.000000000000000000' });
    expect(violations).toContainEqual({ type: 'too_few_postings', transactionId: id, postings: 1 });
    expect(violations.some((v) => v.type === 'projection_mismatch' && v.accountId === acc.id)).toBe(true);
    // The entries cannot be removed (append-only), so balance them with a correcting entry and projection.
    const house = await systemAccountId(t.db, SYSTEM_ACCOUNTS.houseDemoFunding, acc.currency_id);
    await t.db.insertInto('ledger_postings').values({ transaction_id: id, account_id: house, bucket: 'available', amount: '-5' }).execute();
    await t.db.updateTable('ledger_accounts').set({ balance: sql`balance + 5` }).where('id', '=', acc.id).execute();
    await t.db.updateTable('ledger_accounts').set({ balance: sql`balance - 5` }).where('id', '=', house).execute();
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('ledger post() of many transactions and of business events', () => {
  const count = async (kind: string) => Number((await t.db.selectFrom('ledger_transactions').select(sql<string>`count(*)`.as('n')).where('kind', '=', kind).executeTakeFirstOrThrow()).n);

  it('a replayed event (same kind and reference) never posts twice, alone or within a set', async () => {
    const { accounts, house } = await demoAccounts('ledger-replay-1');
    const acc = accounts[0]!;
    const credit = { kind: 'test_event', reference: 'event:1', postings: [{ accountId: house, bucket: 'available' as const, amount: '-7' }, { accountId: acc.id, bucket: 'available' as const, amount: '7' }] };
    await t.db.transaction().execute((trx) => post(trx, credit));
    const replay = t.db.transaction().execute((trx) => post(trx, credit));
    await expect(replay).rejects.toBeInstanceOf(AlreadyPostedError);
    await expect(replay).rejects.toMatchObject({ kind: 'test_event', reference: 'event:1' });
    const twiceInOneSet = t.db.transaction().execute((trx) => post(trx, [{ ...credit, reference: 'event:2' }, { ...credit, reference: 'event:2' }]));
    await expect(twiceInOneSet).rejects.toBeInstanceOf(AlreadyPostedError);
    expect(await count('test_event')).toBe(1);
    const row = await t.db.selectFrom('ledger_accounts').select('balance').where('id', '=', acc.id).executeTakeFirstOrThrow();
    expect(row.balance).toBe('10007.000000000000000000');
    // The same reference under another kind is another event (a forex order is opened, then closed).
    await t.db.transaction().execute((trx) => post(trx, { ...credit, kind: 'test_event_other' }));
    expect(await count('test_event_other')).toBe(1);
  });

  it('a demo account may be reset again and again: demo_reset is exempt from the uniqueness', async () => {
    const { accounts, house } = await demoAccounts('ledger-replay-2');
    const acc = accounts[1]!;
    const reset = { kind: 'demo_reset', reference: `user:${acc.id}`, postings: [{ accountId: house, bucket: 'available' as const, amount: '-1' }, { accountId: acc.id, bucket: 'available' as const, amount: '1' }] };
    await t.db.transaction().execute((trx) => post(trx, reset));
    await t.db.transaction().execute((trx) => post(trx, reset));
    expect(Number((await t.db.selectFrom('ledger_transactions').select(sql<string>`count(*)`.as('n')).where('kind', '=', 'demo_reset').where('reference', '=', `user:${acc.id}`).executeTakeFirstOrThrow()).n)).toBe(2);
  });

  it('writes a set of transactions in one statement, returning their ids in input order', async () => {
    const { accounts, house } = await demoAccounts('ledger-many-1');
    const [a, b] = accounts;
    const ids = await t.db.transaction().execute((trx) =>
      post(trx, [
        { kind: 'test_many', memo: 'first', reference: 'many:1', postings: holdPostings(a!.id, '3') },
        { kind: 'test_many', memo: 'second', reference: 'many:2', postings: [{ accountId: b!.id, bucket: 'available', amount: '-2' }, { accountId: house, bucket: 'available', amount: '2' }] },
        { kind: 'test_many', memo: 'third', reference: 'many:3', postings: holdPostings(a!.id, '-1') },
      ]),
    );
    expect(ids).toHaveLength(3);
    const rows = await t.db.selectFrom('ledger_transactions').select(['id', 'memo']).where('id', 'in', ids).execute();
    expect(ids.map((id) => rows.find((r) => r.id === id)?.memo)).toEqual(['first', 'second', 'third']);
    const after = await t.db.selectFrom('ledger_accounts').select(['id', 'balance', 'lock_balance']).where('id', 'in', [a!.id, b!.id]).orderBy('id').execute();
    expect(after).toEqual([
      { id: a!.id, balance: '9998.000000000000000000', lock_balance: '2.000000000000000000' },
      { id: b!.id, balance: '9998.000000000000000000', lock_balance: '0.000000000000000000' },
    ]);
  });

  it('refuses a set that passes through a negative balance even if it ends above zero, and writes nothing', async () => {
    const { accounts, house } = await demoAccounts('ledger-many-2');
    const acc = accounts[2]!;
    const before = await count('test_dip');
    await t.db.transaction().execute(async (trx) => {
      const dip = post(trx, [
        { kind: 'test_dip', postings: [{ accountId: acc.id, bucket: 'available', amount: '-10001' }, { accountId: house, bucket: 'available', amount: '10001' }] },
        { kind: 'test_dip', postings: [{ accountId: house, bucket: 'available', amount: '-5' }, { accountId: acc.id, bucket: 'available', amount: '5' }] },
      ]);
      await expect(dip).rejects.toBeInstanceOf(InsufficientFundsError);
      await expect(dip).rejects.toMatchObject({ accountId: acc.id, bucket: 'available' });
      // The refused set left the transaction usable.
      await post(trx, { kind: 'test_dip', postings: holdPostings(acc.id, '1') });
    });
    expect(await count('test_dip')).toBe(before + 1);
  });

  it('the statement checks buckets and amounts: an unknown bucket, too many decimals, NaN and 1e18 are refused and write nothing', async () => {
    const { accounts, house } = await demoAccounts('ledger-amounts-1');
    const acc = accounts[0]!;
    const pair = (amount: string, bucket = 'available') => [
      { accountId: acc.id, bucket: bucket as 'available', amount },
      { accountId: house, bucket: 'available' as const, amount: new Decimal(amount).isNaN() ? amount : new Decimal(amount).neg().toFixed() },
    ];
    await t.db.transaction().execute(async (trx) => {
      await expect(post(trx, { kind: 'test_amount', postings: pair('1', 'spare') })).rejects.toThrow(/unknown bucket spare/);
      await expect(post(trx, { kind: 'test_amount', postings: pair('0.0000000000000000001') })).rejects.toThrow(/out of range/);
      await expect(post(trx, { kind: 'test_amount', postings: pair('NaN') })).rejects.toThrow(/out of range/);
      await expect(post(trx, { kind: 'test_amount', postings: pair('1000000000000000000') })).rejects.toThrow(LedgerError);
      // The smallest and the largest amounts that fit still post.
      await post(trx, { kind: 'test_amount', postings: pair('0.000000000000000001') });
      await post(trx, { kind: 'test_amount', postings: [{ accountId: house, bucket: 'available', amount: '999999999999999999.999999999999999999' }, { accountId: house, bucket: 'available', amount: '-999999999999999999.999999999999999999' }] });
    });
    expect(await count('test_amount')).toBe(2);
  });
});
