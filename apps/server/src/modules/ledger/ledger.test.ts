import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { demoLogin } from '../../test/http-helpers.js';
import { SYSTEM_ACCOUNTS } from './ledger-kinds.js';
import { baseCurrencyId, holdPostings, InsufficientFundsError, LedgerError, post, systemAccountId, verifyLedger } from './ledger.service.js';
import { listUserAccounts } from './ledger.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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

describe('ledger post()', () => {
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

describe('ledger is append-only', () => {
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
