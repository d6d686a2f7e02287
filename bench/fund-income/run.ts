/**
 * Fund income benchmark: N mining subscriptions (default 10^5, one per user) each with its first
 * daily income due, paid by the platform's income job (payDueIncomes: the due rows locked in
 * chunks, one income row per (subscription, day) with ON CONFLICT, one ledger transaction per
 * income through post(), the subscriptions' figures moved on in the same statement) against a raw batched double-entry
 * post of the same amounts to the same accounts (one INSERT of transactions, postings and balance
 * updates per chunk, nothing else) - same chunk size, same PostgreSQL, same run, same database.
 * Afterwards: every subscription paid exactly once, the ledger re-derived from its postings.
 *
 *   node --import tsx bench/fund-income/run.ts [--subs 100000] [--database-url postgres://...]
 *
 * Without --database-url (or BENCH_DATABASE_URL) an embedded PostgreSQL is started in a temp dir.
 * Results: bench/results/fund-income.json and bench/results/fund-income.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'kysely';
import { createDb, type Db } from '../../apps/server/src/db/database.js';
import { startEmbeddedPg, type EmbeddedPg } from '../../apps/server/src/db/embedded-pg.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { seedIfEmpty } from '../../apps/server/src/db/seed/seed.js';
import { baseCurrencyId, holdPostings, post, systemAccountId, verifyLedger } from '../../apps/server/src/modules/ledger/ledger.service.js';
import { LEDGER_KINDS, SYSTEM_ACCOUNTS } from '../../apps/server/src/modules/ledger/ledger-kinds.js';
import { payDueIncomes } from '../../apps/server/src/modules/funds/funds-income.js';
import { FUND_DAY_MS } from '@tp/domain';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.resolve(here, '../results');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i !== -1 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const SUBS = Number(arg('subs', '100000'));
const CHUNK = 2000;
const AMOUNT = '1000';
/** 1000 x 0.8 % a day. */
const DAY_PROFIT = '8';

async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

interface Prepared {
  db: Db;
  name: string;
  house: number;
  accounts: number[];
  nowMs: number;
}

/** A fresh database: N users, each with a funding account holding AMOUNT for one subscription whose first income is due. */
async function prepare(adminUrl: string): Promise<Prepared> {
  const name = `bench_fund_${crypto.randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 4);
  await migrateToLatest(db);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-fund-'));
  await seedIfEmpty(db, { adminEmail: 'bench@example.com', adminPassword: 'bench-password-1', dataDir, log: () => undefined });
  const currency = await baseCurrencyId(db);
  const clearing = await systemAccountId(db, SYSTEM_ACCOUNTS.externalClearing, currency);
  const house = await systemAccountId(db, SYSTEM_ACCOUNTS.housePnl, currency);
  await sql`
    INSERT INTO users (uid, invite_code, is_demo, email, password_hash)
    SELECT (20000000 + g)::text, 'FUNDB' || g, false, 'fund-bench-' || g || '@example.com', 'not-a-login' FROM generate_series(1, ${SUBS}::int) g
  `.execute(db);
  await sql`
    INSERT INTO ledger_accounts (user_id, account_type, currency_id)
    SELECT id, 1, ${currency}::int FROM users WHERE invite_code LIKE 'FUNDB%'
  `.execute(db);
  const rows = await db.selectFrom('ledger_accounts').select(['id']).where('account_type', '=', 1).orderBy('id').execute();
  const accounts = rows.map((r) => r.id);
  for (let i = 0; i < accounts.length; i += 5000) {
    const part = accounts.slice(i, i + 5000);
    await db.transaction().execute(async (trx) => {
      await post(trx, part.map((id) => ({ kind: LEDGER_KINDS.deposit, postings: [{ accountId: clearing, bucket: 'available' as const, amount: `-${AMOUNT}` }, { accountId: id, bucket: 'available' as const, amount: AMOUNT }] })));
      await post(trx, part.map((id) => ({ kind: LEDGER_KINDS.fundHold, postings: holdPostings(id, AMOUNT) })));
    });
  }
  const nowMs = Date.now();
  const subTime = new Date(nowMs - FUND_DAY_MS - 60_000);
  await sql`
    INSERT INTO fund_subscriptions (user_id, fund_id, account_id, is_demo, share_amount, dividend_percentage, lock_dividend_days, liquidated_damages, day_profit, sub_time, next_due_at, hold_transaction_id)
    SELECT a.user_id, 1, a.id, false, ${AMOUNT}::numeric, 0.8, 7, 5, ${DAY_PROFIT}::numeric, ${subTime}::timestamptz, ${subTime}::timestamptz + interval '1 day', 0
    FROM ledger_accounts a WHERE a.account_type = 1 AND a.user_id IS NOT NULL ORDER BY a.id
  `.execute(db);
  await db.executeQuery(sql`ANALYZE`.compile(db));
  return { db, name, house, accounts, nowMs };
}

/** The baseline: the same incomes as plain double-entry rows, set-based, CHUNK per statement, one transaction. */
async function runRaw(p: Prepared): Promise<number> {
  const t0 = performance.now();
  await p.db.transaction().execute(async (trx) => {
    for (let i = 0; i < p.accounts.length; i += CHUNK) {
      const part = p.accounts.slice(i, i + CHUNK);
      await sql`
        WITH src AS (SELECT a AS account_id, ${DAY_PROFIT}::numeric AS amount, 'raw:' || a AS ref FROM unnest(${part}::int[]) AS a),
        tx AS (INSERT INTO ledger_transactions (kind, memo, reference) SELECT 'bench_raw_income', 'raw income', ref FROM src RETURNING id, reference),
        p AS (
          INSERT INTO ledger_postings (transaction_id, account_id, bucket, amount)
          SELECT tx.id, src.account_id, 'available', src.amount FROM tx JOIN src ON src.ref = tx.reference
          UNION ALL
          SELECT tx.id, ${p.house}::int, 'available', -src.amount FROM tx JOIN src ON src.ref = tx.reference
          RETURNING 1
        ),
        u AS (UPDATE ledger_accounts a SET balance = a.balance + src.amount FROM src WHERE a.id = src.account_id RETURNING 1),
        h AS (UPDATE ledger_accounts SET balance = balance - (SELECT sum(amount) FROM src) WHERE id = ${p.house}::int RETURNING 1)
        SELECT (SELECT count(*) FROM p) AS postings, (SELECT count(*) FROM u) AS accounts, (SELECT count(*) FROM h) AS house`.execute(trx);
    }
  });
  return performance.now() - t0;
}

/** The platform's income job, as the scheduler runs it: one call in the run's transaction. */
async function runJob(p: Prepared): Promise<{ ms: number; incomes: number }> {
  const t0 = performance.now();
  const r = await p.db.transaction().execute((trx) => payDueIncomes(trx, p.nowMs));
  return { ms: performance.now() - t0, incomes: r.incomes };
}

async function check(p: Prepared): Promise<void> {
  const incomes = await sql<{ n: string; subs: string }>`SELECT count(*) AS n, count(DISTINCT subscription_id) AS subs FROM fund_incomes`.execute(p.db);
  const paid = await sql<{ n: string }>`SELECT count(*) AS n FROM fund_subscriptions WHERE paid_days = 1 AND sum_profit = ${DAY_PROFIT}::numeric`.execute(p.db);
  const tx = await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_transactions WHERE kind = 'fund_income'`.execute(p.db);
  const violations = await verifyLedger(p.db);
  const [i, s] = [Number(incomes.rows[0]!.n), Number(incomes.rows[0]!.subs)];
  if (i !== SUBS || s !== SUBS || Number(paid.rows[0]!.n) !== SUBS || Number(tx.rows[0]!.n) !== SUBS || violations.length > 0) {
    throw new Error(`check failed: incomes ${i} over ${s} subscriptions, paid ${paid.rows[0]!.n}, ledger ${tx.rows[0]!.n}, violations ${violations.length}`);
  }
  // a second run finds nothing left to pay
  const again = await p.db.transaction().execute((trx) => payDueIncomes(trx, p.nowMs));
  if (again.incomes !== 0) throw new Error(`a second run paid ${again.incomes} again`);
}

async function main(): Promise<void> {
  let embedded: EmbeddedPg | undefined;
  let tmp: string | undefined;
  let adminUrl = arg('database-url', process.env.BENCH_DATABASE_URL ?? '');
  if (!adminUrl) {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-fund-pg-'));
    embedded = await startEmbeddedPg(path.join(tmp, 'pg'));
    adminUrl = embedded.adminUrl;
  }
  let p: Prepared | undefined;
  try {
    const pgVersion = await withAdmin(adminUrl, async (c) => (await c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v);
    console.log(`fund income: ${SUBS} subscriptions with an income due, PostgreSQL ${pgVersion}${embedded ? ' (embedded)' : ''}`);
    p = await prepare(adminUrl);
    const rawMs = await runRaw(p);
    console.log(`  raw batched double-entry post: ${rawMs.toFixed(0)} ms`);
    const job = await runJob(p);
    console.log(`  income job (payDueIncomes):    ${job.ms.toFixed(0)} ms, ${job.incomes} incomes`);
    await check(p);
    const jobRate = (SUBS / job.ms) * 1000;
    const rawRate = (SUBS / rawMs) * 1000;
    const share = Math.round((jobRate / rawRate) * 100);
    const result = {
      benchmark: 'fund-income',
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, postgres: pgVersion, embedded: !!embedded },
      subscriptions: SUBS,
      chunk: CHUNK,
      variants: {
        incomeJob: { ms: Math.round(job.ms), incomesPerSecond: Math.round(jobRate) },
        rawBatchedPost: { ms: Math.round(rawMs), incomesPerSecond: Math.round(rawRate) },
      },
      jobShareOfRawPercent: share,
      target: 'income job at least 50 % of the raw batched post',
      met: share >= 50,
      check: { incomesEach: 1, ledgerViolations: 0, secondRunPaid: 0 },
    };
    await fs.mkdir(resultsDir, { recursive: true });
    await fs.writeFile(path.join(resultsDir, 'fund-income.json'), `${JSON.stringify(result, null, 2)}\n`);
    const md = `# Fund income benchmark

${SUBS} mining subscriptions (one per user), each with its first daily income due. Same database,
same PostgreSQL (${pgVersion}${embedded ? ', embedded' : ''}), same run, both in chunks of ${CHUNK} inside one transaction.
Checked afterwards: one income row and one ledger transaction per subscription, every
subscription's figures updated, the ledger re-derived from its postings, and a second run pays nothing.

| variant | time | incomes/s |
| --- | ---: | ---: |
| income job (lock the due rows, income rows with ON CONFLICT, post() one ledger transaction each, the subscriptions' figures moved on) | ${Math.round(job.ms)} ms | ${result.variants.incomeJob.incomesPerSecond} |
| raw batched double-entry post (transactions, postings, balance updates; nothing else) | ${Math.round(rawMs)} ms | ${result.variants.rawBatchedPost.incomesPerSecond} |

The income job reaches **${share} %** of the raw post. Target (at least 50 %): ${result.met ? 'met' : 'NOT met'}.

Machine: ${result.machine.cpus} x ${result.machine.cpuModel}, ${result.machine.memoryGb} GB, Node ${process.version}.
Command: \`npm run bench:funds -- --subs ${SUBS}\`.
`;
    await fs.writeFile(path.join(resultsDir, 'fund-income.md'), md);
    console.log(`  job at ${share} % of raw; results in bench/results/fund-income.{json,md}`);
  } finally {
    if (p) {
      await p.db.destroy();
      await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${p!.name} WITH (FORCE)`)).catch(() => undefined);
    }
    await embedded?.stop();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
