import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Decimal } from '@tp/domain';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { demoLogin } from '../../test/http-helpers.js';
import { SYSTEM_ACCOUNTS } from './ledger-kinds.js';
import { listUserAccounts } from './ledger.repository.js';
import { AlreadyPostedError, baseCurrencyId, holdPostings, InsufficientFundsError, LedgerError, post, systemAccountId, verifyLedger, type PostInput } from './ledger.service.js';
import { postMany } from './ledger-bulk.js';

let t: TestApp;
beforeAll(async () => {
  // The ledger's mechanics on bare holds of test kinds: no business row stands behind them.
  t = await createTestApp({ checkHolds: false });
});
afterAll(async () => {
  await t.close();
});

/** A demo user's contract account (10000 of play money from the demo house) and the house account. */
async function demo(demoId: string) {
  const { user } = await demoLogin(t.app, demoId);
  const accounts = await listUserAccounts(t.db, user.id);
  const house = await systemAccountId(t.db, SYSTEM_ACCOUNTS.houseDemoFunding, await baseCurrencyId(t.db));
  const funded = accounts.find((a) => Number(a.balance) > 0) ?? accounts[0]!;
  return { account: funded.id, balance: funded.balance, house };
}

const balances = (ids: number[]) => t.db.selectFrom('ledger_accounts').select(['id', 'balance', 'lock_balance']).where('id', 'in', ids).orderBy('id').execute();
const countTx = async () => Number((await t.db.selectFrom('ledger_transactions').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

describe('ledger postMany()', () => {
  it('posts each input as its own transaction, in input order, moving the projections exactly as post() would', async () => {
    const a = await demo('bulk-ok-a');
    const b = await demo('bulk-ok-b');
    const inputs: PostInput[] = [
      { kind: 'test_bulk', reference: 'bulk:ok:1', postings: holdPostings(a.account, '12.5') },
      { kind: 'test_bulk', reference: 'bulk:ok:2', memo: 'fee', postings: [{ accountId: b.account, bucket: 'available', amount: '-0.000000000000000001' }, { accountId: b.house, bucket: 'available', amount: '0.000000000000000001' }] },
      // Three postings: margin held and fee paid in one transaction.
      { kind: 'test_bulk', reference: 'bulk:ok:3', postings: [{ accountId: a.account, bucket: 'available', amount: '-101.25' }, { accountId: a.account, bucket: 'held', amount: '100' }, { accountId: a.house, bucket: 'available', amount: '1.25' }] },
    ];
    const before = await balances([a.account, b.account]);
    const ids = await t.db.transaction().execute((trx) => postMany(trx, inputs));
    expect(ids).toHaveLength(3);
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((x, y) => x - y));
    const txs = await t.db.selectFrom('ledger_transactions').select(['id', 'reference', 'memo']).where('id', 'in', ids).orderBy('id').execute();
    expect(txs.map((x) => [x.reference, x.memo])).toEqual([['bulk:ok:1', ''], ['bulk:ok:2', 'fee'], ['bulk:ok:3', '']]);
    const postings = await t.db.selectFrom('ledger_postings').select(['transaction_id']).where('transaction_id', 'in', ids).execute();
    expect(postings).toHaveLength(7);
    const after = await balances([a.account, b.account]);
    expect(Number(after[0]!.balance) - Number(before[0]!.balance)).toBeCloseTo(-12.5 - 101.25, 9);
    expect(Number(after[0]!.lock_balance) - Number(before[0]!.lock_balance)).toBeCloseTo(112.5, 9);
    expect(new Decimal(before[1]!.balance).minus(after[1]!.balance).toFixed()).toBe('0.000000000000000001');
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refuses an overdraft after any transaction of the set, even one later inputs would cover, and writes nothing', async () => {
    const a = await demo('bulk-short');
    const before = await balances([a.account]);
    const n = await countTx();
    const all = Number(before[0]!.balance);
    const inputs: PostInput[] = [
      { kind: 'test_bulk', postings: [{ accountId: a.account, bucket: 'available', amount: String(-(all + 1)) }, { accountId: a.house, bucket: 'available', amount: String(all + 1) }] },
      { kind: 'test_bulk', postings: [{ accountId: a.house, bucket: 'available', amount: '-5' }, { accountId: a.account, bucket: 'available', amount: '5' }] },
    ];
    await t.db.transaction().execute(async (trx) => {
      const refused = await postMany(trx, inputs).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(InsufficientFundsError);
      expect(refused).toMatchObject({ accountId: a.account, bucket: 'available' });
      // The caller's transaction goes on.
      await postMany(trx, [{ kind: 'test_bulk', postings: holdPostings(a.account, '1') }]);
    });
    // A held bucket may not go below zero either.
    await expect(t.db.transaction().execute((trx) => postMany(trx, [{ kind: 'test_bulk', postings: holdPostings(a.account, '-2') }]))).rejects.toMatchObject({ bucket: 'held' });
    expect(await countTx()).toBe(n + 1);
    const now = (await balances([a.account]))[0]!;
    expect(new Decimal(now.lock_balance).minus(before[0]!.lock_balance).toFixed()).toBe('1');
    expect(new Decimal(before[0]!.balance).minus(now.balance).toFixed()).toBe('1');
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refuses unbalanced sets, unknown accounts and buckets, amounts NUMERIC(36, 18) cannot hold and single postings', async () => {
    const a = await demo('bulk-bad');
    const n = await countTx();
    const run = (inputs: PostInput[]) => t.db.transaction().execute((trx) => postMany(trx, inputs));
    await expect(run([{ kind: 'test_bulk', postings: [{ accountId: a.account, bucket: 'available', amount: '-1' }, { accountId: a.house, bucket: 'available', amount: '0.5' }] }])).rejects.toThrow(/sum to zero/);
    await expect(run([{ kind: 'test_bulk', postings: [{ accountId: a.account, bucket: 'available', amount: '-1' }, { accountId: 2_000_000_000, bucket: 'available', amount: '1' }] }])).rejects.toThrow(/unknown ledger account/);
    await expect(run([{ kind: 'test_bulk', postings: [{ accountId: a.account, bucket: 'pending' as 'held', amount: '-1' }, { accountId: a.house, bucket: 'available', amount: '1' }] }])).rejects.toThrow(/unknown bucket/);
    await expect(run([{ kind: 'test_bulk', postings: [{ accountId: a.account, bucket: 'available', amount: '-0.0000000000000000001' }, { accountId: a.house, bucket: 'available', amount: '0.0000000000000000001' }] }])).rejects.toThrow(/out of range/);
    await expect(run([{ kind: 'test_bulk', postings: [{ accountId: a.house, bucket: 'available', amount: '-1e18' }, { accountId: a.account, bucket: 'available', amount: '1e18' }] }])).rejects.toThrow(/out of range/);
    await expect(run([{ kind: 'test_bulk', postings: [{ accountId: a.account, bucket: 'available', amount: '0' }] }])).rejects.toThrow(LedgerError);
    await expect(postMany(t.db, [{ kind: 'test_bulk', postings: holdPostings(a.account, '1') }])).rejects.toThrow(/inside a database transaction/);
    expect(await countTx()).toBe(n);
  });

  it('keeps (kind, reference) unique: a replayed reference - in the ledger already or twice in the set - fails whole, writing nothing', async () => {
    const a = await demo('bulk-replay');
    await t.db.transaction().execute((trx) => post(trx, { kind: 'test_bulk', reference: 'bulk:replay:1', postings: holdPostings(a.account, '1') }));
    const n = await countTx();
    const before = await balances([a.account]);
    const run = (inputs: PostInput[]) => t.db.transaction().execute((trx) => postMany(trx, inputs));
    await expect(run([{ kind: 'test_bulk', reference: 'bulk:replay:2', postings: holdPostings(a.account, '1') }, { kind: 'test_bulk', reference: 'bulk:replay:1', postings: holdPostings(a.account, '1') }])).rejects.toThrow(
      AlreadyPostedError,
    );
    await expect(run([{ kind: 'test_bulk', reference: 'bulk:replay:3', postings: holdPostings(a.account, '1') }, { kind: 'test_bulk', reference: 'bulk:replay:3', postings: holdPostings(a.account, '1') }])).rejects.toThrow(
      AlreadyPostedError,
    );
    expect(await countTx()).toBe(n);
    expect(await balances([a.account])).toEqual(before);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('posts thousands in one set, balanced, each its own transaction, and the ledger re-derives', async () => {
    const a = await demo('bulk-many');
    const inputs: PostInput[] = Array.from({ length: 3000 }, (_, i) => ({
      kind: 'test_bulk',
      reference: `bulk:many:${i}`,
      postings: [{ accountId: a.account, bucket: 'available', amount: '-0.001001' }, { accountId: a.account, bucket: 'held', amount: '0.001' }, { accountId: a.house, bucket: 'available', amount: '0.000001' }],
    }));
    const before = await balances([a.account]);
    const ids = await t.db.transaction().execute((trx) => postMany(trx, inputs));
    expect(new Set(ids).size).toBe(3000);
    const after = await balances([a.account]);
    expect(Number(after[0]!.lock_balance) - Number(before[0]!.lock_balance)).toBeCloseTo(3, 9);
    expect(Number(before[0]!.balance) - Number(after[0]!.balance)).toBeCloseTo(3.003, 9);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
