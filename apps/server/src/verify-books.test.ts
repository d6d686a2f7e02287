import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';
import { demoLogin } from './test/http-helpers.js';
import { MODULES, holdSourcesOf } from './modules.js';
import { LEDGER_KINDS, holdPostings, post, verifyHolds } from './modules/ledger/index.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** `npm run verify` with no argument: the books of the database it is pointed at. */
function verifyCli(): { status: number | null; stdout: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/verify.ts'], {
    cwd: REPO,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, DATABASE_URL: t.databaseUrl },
  });
  return { status: r.status, stdout: r.stdout };
}

async function fundingAccount(userId: number): Promise<number> {
  const row = await t.db.selectFrom('ledger_accounts').select('id').where('user_id', '=', userId).where('account_type', '=', 1).executeTakeFirstOrThrow();
  return row.id;
}

describe('the holds check', () => {
  it('finds a hold that no row justifies, names the account, and npm run verify fails on it', async () => {
    const demo = await demoLogin(t.app, `holds-check-${Date.now()}`);
    const sources = holdSourcesOf(MODULES);
    expect(sources.map((s) => s.name).sort()).toEqual(['forex', 'funds', 'micro', 'withdrawals']);
    expect(await verifyHolds(t.db, sources)).toEqual([]);
    expect(verifyCli()).toMatchObject({ status: 0 });

    // A hold posted through the ledger (so the postings re-derive exactly) with no row behind it.
    const account = await fundingAccount(demo.user.id);
    const hold = (amount: string) => t.db.transaction().execute((trx) => post(trx, { kind: LEDGER_KINDS.withdrawalHold, postings: holdPostings(account, amount) }));
    await hold('25');
    expect(await verifyHolds(t.db, sources)).toEqual([{ type: 'hold_mismatch', accountId: account, lockBalance: '25.000000000000000000', justified: '0', sources: {} }]);
    const cli = verifyCli();
    expect(cli.status).toBe(1);
    expect(cli.stdout).toContain(`"accountId":${account}`);

    // Released again: the afterEach check of every API test must find the books exact.
    await hold('-25');
    expect(await verifyHolds(t.db, sources)).toEqual([]);
  }, 60_000);

  it('finds a row whose hold is gone', async () => {
    const demo = await demoLogin(t.app, `holds-check-row-${Date.now()}`);
    const account = await fundingAccount(demo.user.id);
    const fund = await t.db.selectFrom('funds').select(['id', 'dividend_percentage', 'lock_dividend_days', 'liquidated_damages']).orderBy('id').executeTakeFirstOrThrow();
    // A row that says it holds 100 while nothing is held (it points at any ledger transaction).
    const anyTransaction = await t.db.selectFrom('ledger_transactions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const sub = await t.db
      .insertInto('fund_subscriptions')
      .values({
        user_id: demo.user.id,
        fund_id: fund.id,
        account_id: account,
        is_demo: true,
        share_amount: '100',
        dividend_percentage: fund.dividend_percentage,
        lock_dividend_days: fund.lock_dividend_days,
        liquidated_damages: fund.liquidated_damages,
        day_profit: '1',
        sub_time: new Date(),
        next_due_at: new Date(),
        hold_transaction_id: anyTransaction.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const found = await verifyHolds(t.db, holdSourcesOf(MODULES));
    expect(found.map((v) => [v.accountId, Number(v.lockBalance), Number(v.justified), Object.keys(v.sources)])).toEqual([[account, 0, 100, ['funds']]]);
    await t.db.deleteFrom('fund_subscriptions').where('id', '=', sub.id).execute();
  });
});
