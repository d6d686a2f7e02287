/**
 * Copy trading fan-out benchmark: one trader with 10^2, 10^3 and 10^4 followers fills an order;
 * the time from the fill to the last copy committed (the replication the forex engine runs in its
 * step: copy rows claimed, copy orders inserted, one ledger transaction per copy posted with the
 * ledger's postMany, in database transactions of 2000 followers, two lanes of followers at once on
 * two connections) and copies per second, compared in the same run with a raw batched double-entry
 * post of the same number of ledger transactions (margin held, the ledger's post() of 1000 per
 * database transaction, on one connection) on the same PostgreSQL. For reference the raw post is
 * also run split in two halves on two connections at once, as the fan-out's lanes are. Each size
 * runs on its own fresh database; each ends checked: one copy per follower, the ledger re-derived.
 *
 *   node --import tsx bench/copy-fanout/run.ts [--sizes 100,1000,10000] [--database-url postgres://...]
 *
 * Without --database-url (or BENCH_DATABASE_URL) an embedded PostgreSQL is started in a temp dir.
 * Results: bench/results/copy-fanout.json and bench/results/copy-fanout.md.
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
import { baseCurrencyId, holdPostings, post, systemAccountId, verifyLedger } from '../../apps/server/src/modules/ledger/ledger.service.js';
import { LEDGER_KINDS, SYSTEM_ACCOUNTS } from '../../apps/server/src/modules/ledger/ledger-kinds.js';
import { syncCopies } from '../../apps/server/src/modules/follow/follow-replication.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.resolve(here, '../results');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i !== -1 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const SIZES = arg('sizes', '100,1000,10000').split(',').map(Number);
const PRICE = '100000.00';

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
  orderId: number;
  followerAccounts: number[];
}

/** A fresh database: one trader holding a just-filled BTCUSDT order, N demo followers with 10000 each, following it. */
async function prepare(adminUrl: string, n: number): Promise<Prepared> {
  const name = `bench_copy_${n}_${crypto.randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 4);
  await migrateToLatest(db);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-copy-'));
  await seedIfEmpty(db, { adminEmail: 'bench@example.com', adminPassword: 'bench-password-1', dataDir, log: () => undefined });
  const currency = await baseCurrencyId(db);
  const houseFunding = await systemAccountId(db, SYSTEM_ACCOUNTS.houseDemoFunding, currency);
  const { id: symbolId } = await db.selectFrom('trade_symbols').select('id').where('code', '=', 'BTCUSDT').executeTakeFirstOrThrow();
  await db.updateTable('trade_symbols').set({ pip: '0.01', min_cont: '0.01', max_cont: null }).where('id', '=', symbolId).execute();

  const [trader] = await db.insertInto('users').values({ uid: '90000000', invite_code: 'BTRADER', is_demo: false, is_trader: true, email: 'trader@bench.example', password_hash: 'not-a-login' }).returning('id').execute();
  await sql`
    INSERT INTO users (uid, invite_code, is_demo, demo_id)
    SELECT (20000000 + g)::text, 'BCOPY' || g, true, 'bench-copy-' || g FROM generate_series(1, ${n}::int) g
  `.execute(db);
  await sql`INSERT INTO ledger_accounts (user_id, account_type, currency_id) SELECT id, 3, ${currency}::int FROM users WHERE demo_id LIKE 'bench-copy-%'`.execute(db);
  await sql`INSERT INTO ledger_accounts (user_id, account_type, currency_id) VALUES (${trader!.id}, 3, ${currency})`.execute(db);
  const accounts = await db.selectFrom('ledger_accounts as a').innerJoin('users as u', 'u.id', 'a.user_id').select(['a.id', 'a.user_id']).where('u.is_demo', '=', true).where('a.account_type', '=', 3).orderBy('a.id').execute();
  await db.transaction().execute((trx) =>
    post(trx, accounts.map((a) => ({ kind: LEDGER_KINDS.demoFunding, postings: [{ accountId: houseFunding, bucket: 'available' as const, amount: '-10000' }, { accountId: a.id, bucket: 'available' as const, amount: '10000' }] }))),
  );
  const since = new Date(Date.now() - 60_000);
  await sql`
    INSERT INTO follow_settings (follower_id, trader_id, multiple, max_amount, created_at, updated_at)
    SELECT user_id, ${trader!.id}, 1, 100000, ${since}, ${since} FROM ledger_accounts WHERE id = ANY(${sql.val(accounts.map((a) => a.id))}::int[])
  `.execute(db);
  await db.insertInto('ticks').values({ symbol_id: symbolId, seq: 1, price: PRICE, volume: '1', at: new Date() }).execute();
  // The trader's order, as a fill leaves it (its own money is not what is measured).
  const [order] = await db
    .insertInto('forex_orders')
    .values({
      user_id: trader!.id, symbol_id: symbolId, order_type: 1, is_pending: false, quantity: '0.1', cont_num: '1', spread: '0', origin_price: PRICE, price: PRICE,
      caution_money: '1000', trade_fee: '0', multiple: 10, status: 1, open_tick_seq: 1, is_demo: false, filled_at: new Date(),
    })
    .returning('id')
    .execute();
  await db.executeQuery(sql`ANALYZE`.compile(db));
  return { db, name, orderId: order!.id, followerAccounts: accounts.map((a) => a.id) };
}

/** The platform's path: what the engine runs after the fill, until the last copy has committed. */
async function fanOut(p: Prepared): Promise<number> {
  const t0 = performance.now();
  const changed = await syncCopies(p.db, createInProcessBus(), Date.now());
  const ms = performance.now() - t0;
  if (changed.length !== p.followerAccounts.length) throw new Error(`copied ${changed.length} of ${p.followerAccounts.length}`);
  return ms;
}

/**
 * The raw comparison: the same number of ledger transactions (margin held), posted in batches of
 * 1000 per database transaction, on `connections` connections at once (each its share of the
 * accounts; a hold touches one account only, so they never wait on each other).
 */
async function rawPost(p: Prepared, connections: number, kind: string): Promise<number> {
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, lane) => {
      const accounts = p.followerAccounts.filter((_, i) => i % connections === lane);
      for (let i = 0; i < accounts.length; i += 1000) {
        const batch = accounts.slice(i, i + 1000);
        await p.db.transaction().execute((trx) => post(trx, batch.map((id) => ({ kind, reference: `raw:${id}`, postings: holdPostings(id, '1') }))));
      }
    }),
  );
  return performance.now() - t0;
}

async function check(p: Prepared): Promise<void> {
  const copies = await p.db.selectFrom('forex_orders').select(sql<string>`count(*)`.as('n')).where('origin_id', '=', p.orderId).executeTakeFirstOrThrow();
  const rows = await p.db.selectFrom('follow_copies').select(sql<string>`count(*)`.as('n')).where('trader_order_id', '=', p.orderId).executeTakeFirstOrThrow();
  const violations = await verifyLedger(p.db);
  if (Number(copies.n) !== p.followerAccounts.length || Number(rows.n) !== p.followerAccounts.length || violations.length > 0) {
    throw new Error(`check failed: ${copies.n} copy orders, ${rows.n} copy rows, ${violations.length} ledger violations`);
  }
}

interface Row { followers: number; fanOutMs: number; copiesPerSecond: number; rawMs: number; rawPerSecond: number; ratio: number; rawTwoMs: number; rawTwoPerSecond: number; ratioTwo: number }

async function main(): Promise<void> {
  let embedded: EmbeddedPg | undefined;
  let tmp: string | undefined;
  let adminUrl = arg('database-url', process.env.BENCH_DATABASE_URL ?? '');
  if (!adminUrl) {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-copy-pg-'));
    embedded = await startEmbeddedPg(path.join(tmp, 'pg'));
    adminUrl = embedded.adminUrl;
  }
  const rows: Row[] = [];
  const created: Prepared[] = [];
  try {
    const pgVersion = await withAdmin(adminUrl, async (c) => (await c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v);
    console.log(`copy fan-out: one trader's fill to ${SIZES.join(', ')} followers, PostgreSQL ${pgVersion}${embedded ? ' (embedded)' : ''}`);
    for (const n of SIZES) {
      const p = await prepare(adminUrl, n);
      created.push(p);
      const fanOutMs = await fanOut(p);
      await check(p);
      const rawMs = await rawPost(p, 1, 'bench_raw_hold');
      const rawTwoMs = await rawPost(p, 2, 'bench_raw_hold_two');
      const row = {
        followers: n,
        fanOutMs: Math.round(fanOutMs),
        copiesPerSecond: Math.round(n / (fanOutMs / 1000)),
        rawMs: Math.round(rawMs),
        rawPerSecond: Math.round(n / (rawMs / 1000)),
        ratio: Math.round((rawMs / fanOutMs) * 100) / 100,
        rawTwoMs: Math.round(rawTwoMs),
        rawTwoPerSecond: Math.round(n / (rawTwoMs / 1000)),
        ratioTwo: Math.round((rawTwoMs / fanOutMs) * 100) / 100,
      };
      rows.push(row);
      console.log(`  ${n} followers: fill to last copy ${row.fanOutMs} ms (${row.copiesPerSecond} copies/s); raw batched post ${row.rawMs} ms (${row.rawPerSecond}/s); copies at ${Math.round(row.ratio * 100)} % of the raw rate; raw on two connections ${row.rawTwoMs} ms (${row.rawTwoPerSecond}/s), copies at ${Math.round(row.ratioTwo * 100)} % of it`);
    }
    await fs.mkdir(resultsDir, { recursive: true });
    const at = new Date().toISOString();
    await fs.writeFile(path.join(resultsDir, 'copy-fanout.json'), `${JSON.stringify({ at, postgres: pgVersion, embedded: !!embedded, cpus: os.cpus().length, rows }, null, 2)}\n`);
    const md = [
      `# Copy fan-out (${at.slice(0, 10)}, PostgreSQL ${pgVersion}${embedded ? ' embedded' : ''}, ${os.cpus().length} CPUs)`,
      '',
      'The fan-out copies in two lanes of followers at once, on two connections; the raw post is measured on one connection (the target: copies at least 50 % of its rate) and, for reference, split in two halves on two connections at once.',
      '',
      '| followers | fill to last copy | copies/s | raw batched post | raw/s | copies vs raw | raw on two connections | raw/s | copies vs raw on two |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map((r) => `| ${r.followers} | ${r.fanOutMs} ms | ${r.copiesPerSecond} | ${r.rawMs} ms | ${r.rawPerSecond} | ${Math.round(r.ratio * 100)} % | ${r.rawTwoMs} ms | ${r.rawTwoPerSecond} | ${Math.round(r.ratioTwo * 100)} % |`),
      '',
    ].join('\n');
    await fs.writeFile(path.join(resultsDir, 'copy-fanout.md'), md);
  } finally {
    for (const p of created) {
      await p.db.destroy();
      await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${p.name}`)).catch(() => undefined);
    }
    if (embedded) await embedded.stop();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  }
}

await main();
