/**
 * Option settlement benchmark: N options (default 10^4, one per user) expiring in the same second,
 * settled by the platform's batched settler (MicroSettler.onTicks: heap pop, one database
 * transaction, one UPDATE ... WHERE status = 1, one ledger transaction per order written set-based)
 * against the straightforward way - one database transaction per order (conditional UPDATE plus
 * ledger post()) - sequentially, and with 10 concurrent connections. Each variant runs on its own
 * fresh database built the same way, on the same real PostgreSQL, in the same run; each ends
 * checked: every order closed exactly once, the ledger re-derived, the same house result.
 *
 *   node --import tsx bench/option-settlement/run.ts [--orders 10000] [--database-url postgres://...]
 *
 * Without --database-url (or BENCH_DATABASE_URL) an embedded PostgreSQL is started in a temp dir.
 * Results: bench/results/option-settlement.json and bench/results/option-settlement.md.
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
import { createInProcessBus } from '../../apps/server/src/realtime/bus.js';
import { baseCurrencyId, post, systemAccountId, verifyLedger, holdPostings } from '../../apps/server/src/modules/ledger/ledger.service.js';
import { SYSTEM_ACCOUNTS, LEDGER_KINDS } from '../../apps/server/src/modules/ledger/ledger-kinds.js';
import { createMicroSettler } from '../../apps/server/src/modules/micro/micro-settler.js';
import * as repo from '../../apps/server/src/modules/micro/micro.repository.js';
import { queuedFromRow, settlementPostings, type QueuedOrder } from '../../apps/server/src/modules/micro/micro-settlement.js';
import { settleMicro } from '@tp/domain';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.resolve(here, '../results');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i !== -1 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const ORDERS = Number(arg('orders', '10000'));
const CONCURRENCY = 10;
const STAKE = '100';
const ENTRY = '100000.00';
const EXIT = '100010.00'; // up wins, down loses
const silent = { info: () => undefined, warn: () => undefined, error: (m: string, e?: unknown) => console.error(m, e) };

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
  symbolId: number;
  expireAtMs: number;
  exitSeq: number;
  houseId: number;
}

/** A fresh database: migrated, seeded, N funded users each with one running option expiring in the same second. */
async function prepare(adminUrl: string, label: string): Promise<Prepared> {
  const name = `bench_${label}_${crypto.randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), CONCURRENCY + 2);
  await migrateToLatest(db);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-opt-'));
  await seedIfEmpty(db, { adminEmail: 'bench@example.com', adminPassword: 'bench-password-1', dataDir, log: () => undefined });
  const currency = await baseCurrencyId(db);
  const houseFunding = await systemAccountId(db, SYSTEM_ACCOUNTS.houseDemoFunding, currency);
  const houseId = await systemAccountId(db, SYSTEM_ACCOUNTS.housePnl, currency);
  const { id: symbolId } = await db.selectFrom('trade_symbols').select('id').where('code', '=', 'BTCUSDT').executeTakeFirstOrThrow();

  await sql`
    INSERT INTO users (uid, invite_code, is_demo, demo_id)
    SELECT (10000000 + g)::text, 'BENCH' || g, true, 'bench-' || g FROM generate_series(1, ${ORDERS}::int) g
  `.execute(db);
  await sql`
    INSERT INTO ledger_accounts (user_id, account_type, currency_id)
    SELECT id, 2, ${currency}::int FROM users WHERE demo_id LIKE 'bench-%'
  `.execute(db);
  const accounts = await db.selectFrom('ledger_accounts').select(['id', 'user_id']).where('account_type', '=', 2).orderBy('id').execute();
  await db.transaction().execute(async (trx) => {
    await post(
      trx,
      accounts.map((a) => ({ kind: LEDGER_KINDS.demoFunding, postings: [{ accountId: houseFunding, bucket: 'available' as const, amount: `-${STAKE}` }, { accountId: a.id, bucket: 'available' as const, amount: STAKE }] })),
    );
    await post(trx, accounts.map((a) => ({ kind: LEDGER_KINDS.microStake, postings: holdPostings(a.id, STAKE) })));
  });

  const now = Date.now();
  const createdAt = new Date(now - 31_000);
  const expireAtMs = Math.floor((now - 1000) / 1000) * 1000; // all in the same second
  await db.insertInto('ticks').values({ symbol_id: symbolId, seq: 1, price: ENTRY, volume: '1', at: new Date(createdAt.getTime() - 100) }).execute();
  await sql`
    INSERT INTO micro_orders (user_id, symbol_id, type, amount, seconds, profit_ratio, loss_level, open_price, entry_tick_seq, created_at, expire_at)
    SELECT a.user_id, ${symbolId}::int, CASE WHEN a.id % 2 = 0 THEN 1 ELSE 2 END, ${STAKE}::numeric, 30, 0.80, CASE WHEN a.id % 4 = 1 THEN 1 ELSE 0 END,
           ${ENTRY}::numeric, 1, ${createdAt.toISOString()}::timestamptz, ${new Date(expireAtMs).toISOString()}::timestamptz + (a.id % 1000) * interval '1 millisecond'
    FROM ledger_accounts a WHERE a.account_type = 2 AND a.user_id IS NOT NULL
  `.execute(db);
  await db.executeQuery(sql`ANALYZE`.compile(db));
  return { db, name, symbolId, expireAtMs, exitSeq: 2, houseId };
}

async function storeExitTick(p: Prepared): Promise<{ seq: number; atMs: number }> {
  const atMs = p.expireAtMs + 1000; // after every expiry of the second
  await p.db.insertInto('ticks').values({ symbol_id: p.symbolId, seq: p.exitSeq, price: EXIT, volume: '1', at: new Date(atMs) }).execute();
  return { seq: p.exitSeq, atMs };
}

/** The platform's path: the settler's queue is built by start(), then one tick batch settles everything. */
async function runBatched(p: Prepared): Promise<number> {
  const settler = createMicroSettler({ db: p.db, bus: createInProcessBus(), log: silent, now: Date.now, lastPrice: () => undefined });
  await settler.start(); // the exit tick is not stored yet: every order waits in the heap
  if (settler.queued() !== ORDERS) throw new Error(`expected ${ORDERS} queued, got ${settler.queued()}`);
  const exit = await storeExitTick(p);
  const t0 = performance.now();
  await settler.onTicks([{ symbolId: p.symbolId, code: 'BTCUSDT', seq: exit.seq, price: EXIT, volume: '1', atMs: exit.atMs }]);
  const ms = performance.now() - t0;
  if (settler.settledCount !== ORDERS) throw new Error(`batched settled ${settler.settledCount}`);
  await settler.stop();
  return ms;
}

/** The straightforward way: per order, one transaction with a conditional UPDATE and post(). */
async function settleOne(p: Prepared, order: QueuedOrder): Promise<void> {
  const r = settleMicro({ type: order.type, amount: order.amount, profitRatio: order.profitRatio, entry: order.openPrice, exit: EXIT, lossLevel: order.lossLevel });
  await p.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('micro_orders')
      .set({ status: 3, close_type: 1, end_price: EXIT, exit_tick_seq: p.exitSeq, fact_profits: r.factProfits, complete_at: new Date() })
      .where('id', '=', order.id)
      .where('status', '=', 1)
      .returning('id')
      .executeTakeFirst();
    if (!done) return;
    await post(trx, { kind: LEDGER_KINDS.microSettlement, reference: `micro:${order.id}`, postings: settlementPostings(order, p.houseId, r.returned, r.houseAmount, r.outcome) });
  });
}

async function runPerOrder(p: Prepared, concurrency: number): Promise<number> {
  const orders = (await repo.listRunningOrders(p.db, 2)).map(queuedFromRow);
  await storeExitTick(p);
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < orders.length) await settleOne(p, orders[next++]!);
    }),
  );
  return performance.now() - t0;
}

interface Check { closed: number; house: string; violations: number }
async function check(p: Prepared): Promise<Check> {
  const closed = await p.db.selectFrom('micro_orders').select(sql<string>`count(*)`.as('n')).where('status', '=', 3).executeTakeFirstOrThrow();
  const running = await p.db.selectFrom('micro_orders').select(sql<string>`count(*)`.as('n')).where('status', '=', 1).executeTakeFirstOrThrow();
  const settlements = await p.db.selectFrom('ledger_transactions').select(sql<string>`count(*)`.as('n')).where('kind', '=', 'micro_settlement').executeTakeFirstOrThrow();
  const house = await p.db.selectFrom('ledger_accounts').select('balance').where('id', '=', p.houseId).executeTakeFirstOrThrow();
  const violations = await verifyLedger(p.db);
  if (Number(running.n) !== 0 || Number(closed.n) !== ORDERS || Number(settlements.n) !== ORDERS || violations.length > 0) {
    throw new Error(`check failed: running ${running.n}, closed ${closed.n}, settlements ${settlements.n}, violations ${violations.length}`);
  }
  return { closed: Number(closed.n), house: new (await import('@tp/domain')).Decimal(house.balance).toFixed(2), violations: violations.length };
}

async function main(): Promise<void> {
  let embedded: EmbeddedPg | undefined;
  let tmp: string | undefined;
  let adminUrl = arg('database-url', process.env.BENCH_DATABASE_URL ?? '');
  if (!adminUrl) {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-opt-pg-'));
    embedded = await startEmbeddedPg(path.join(tmp, 'pg'));
    adminUrl = embedded.adminUrl;
  }
  const created: Prepared[] = [];
  try {
    const pgVersion = await withAdmin(adminUrl, async (c) => (await c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v);
    console.log(`option settlement: ${ORDERS} orders expiring in one second, PostgreSQL ${pgVersion}${embedded ? ' (embedded)' : ''}`);

    const batchedDb = await prepare(adminUrl, 'batched');
    created.push(batchedDb);
    const batchedMs = await runBatched(batchedDb);
    const batchedCheck = await check(batchedDb);
    console.log(`  batched (one transaction for the tick batch): ${batchedMs.toFixed(0)} ms`);

    const seqDb = await prepare(adminUrl, 'seq');
    created.push(seqDb);
    const seqMs = await runPerOrder(seqDb, 1);
    const seqCheck = await check(seqDb);
    console.log(`  one transaction per order, sequential:        ${seqMs.toFixed(0)} ms`);

    const parDb = await prepare(adminUrl, 'par');
    created.push(parDb);
    const parMs = await runPerOrder(parDb, CONCURRENCY);
    const parCheck = await check(parDb);
    console.log(`  one transaction per order, ${CONCURRENCY} connections:    ${parMs.toFixed(0)} ms`);

    if (batchedCheck.house !== seqCheck.house || seqCheck.house !== parCheck.house) throw new Error(`house results differ: ${batchedCheck.house} ${seqCheck.house} ${parCheck.house}`);
    const result = {
      benchmark: 'option-settlement',
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, postgres: pgVersion, embedded: !!embedded },
      orders: ORDERS,
      ordersPerUser: 1,
      variants: {
        batched: { ms: Math.round(batchedMs), ordersPerSecond: Math.round((ORDERS / batchedMs) * 1000) },
        perOrderSequential: { ms: Math.round(seqMs), ordersPerSecond: Math.round((ORDERS / seqMs) * 1000) },
        perOrderConcurrent: { connections: CONCURRENCY, ms: Math.round(parMs), ordersPerSecond: Math.round((ORDERS / parMs) * 1000) },
      },
      speedup: { vsSequential: Number((seqMs / batchedMs).toFixed(1)), vsConcurrent: Number((parMs / batchedMs).toFixed(1)) },
      target: 'batched at least 3x faster than one transaction per order',
      met: seqMs / batchedMs >= 3,
      check: { closedEach: ORDERS, housePnl: batchedCheck.house, ledgerViolations: 0 },
    };
    await fs.mkdir(resultsDir, { recursive: true });
    await fs.writeFile(path.join(resultsDir, 'option-settlement.json'), `${JSON.stringify(result, null, 2)}\n`);
    const md = `# Option settlement benchmark

${ORDERS} options (one per user, half up and half down, a quarter under micro_loss_level 1) expiring in
the same second, settled at one exit tick. Same data, same PostgreSQL (${pgVersion}${embedded ? ', embedded' : ''}), same run;
each variant on its own fresh database and checked afterwards (every order closed once, the
ledger re-derived from its postings, the same house result ${batchedCheck.house}).

| variant | time | orders/s |
| --- | ---: | ---: |
| batched: the settler's tick batch (one DB transaction, one ledger transaction per order written set-based) | ${Math.round(batchedMs)} ms | ${result.variants.batched.ordersPerSecond} |
| one DB transaction per order (conditional UPDATE + post()), sequential | ${Math.round(seqMs)} ms | ${result.variants.perOrderSequential.ordersPerSecond} |
| one DB transaction per order, ${CONCURRENCY} connections | ${Math.round(parMs)} ms | ${result.variants.perOrderConcurrent.ordersPerSecond} |

Batched is **${result.speedup.vsSequential}x** faster than one transaction per order (sequential) and
${result.speedup.vsConcurrent}x faster than ${CONCURRENCY} concurrent connections (those serialize on the house P&L
account's row lock). Target (at least 3x): ${result.met ? 'met' : 'NOT met'}.

Machine: ${result.machine.cpus} x ${result.machine.cpuModel}, ${result.machine.memoryGb} GB, Node ${process.version}.
Command: \`node --import tsx bench/option-settlement/run.ts --orders ${ORDERS}\`.
`;
    await fs.writeFile(path.join(resultsDir, 'option-settlement.md'), md);
    console.log(`  speedup ${result.speedup.vsSequential}x (sequential), ${result.speedup.vsConcurrent}x (${CONCURRENCY} connections); results in bench/results/option-settlement.{json,md}`);
  } finally {
    for (const p of created) {
      await p.db.destroy();
      await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${p.name} WITH (FORCE)`)).catch(() => undefined);
    }
    await embedded?.stop();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
