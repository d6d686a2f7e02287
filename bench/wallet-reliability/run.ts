/**
 * Wallet reliability under crashes: the real server as a child process on a temp DATA_DIR
 * (embedded PostgreSQL), many real users registered through the API, admin-approved deposits,
 * then for a fixed time concurrent random transfers, deposits with admin decisions and
 * withdrawals with admin decisions - while the server is killed with SIGKILL and restarted
 * several times. Every money action carries an Idempotency-Key; an action whose answer was lost
 * is retried with the same key until it is answered. At the end the server is stopped, the
 * database opened directly, and the books checked:
 *
 *   - every balance equals the sum of its postings, every transaction sums to zero (verifyLedger)
 *   - all accounts (users + house) sum to zero, to the cent and beyond
 *   - no user account below zero
 *   - user totals = deposits approved - withdrawals paid (per user and overall)
 *   - external clearing and fee revenue match the decided deposits and withdrawals
 *   - every acknowledged transfer is in the books exactly once, and retries of one key always
 *     answered the same transfer
 *
 *   node --import tsx bench/wallet-reliability/run.ts [--users 24] [--seconds 90] [--kills 4] [--workers 16]
 *
 * Users register through the API (codes read from DATA_DIR/outbox.jsonl); the server runs with
 * TRUST_PROXY=1 and each user registers from its own X-Forwarded-For address, because code
 * sending is limited to 20 per minute per IP. Exits non-zero on any violation.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Decimal } from '@tp/domain';
import { createDb } from '../../apps/server/src/db/database.js';
import { freePort, startEmbeddedPg } from '../../apps/server/src/db/embedded-pg.js';
import { verifyLedger } from '../../apps/server/src/modules/ledger/ledger.service.js';
import { endpoints, endpointPath, idempotencyScope } from '@tp/contracts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const resultsDir = path.resolve(here, '../results');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i !== -1 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const USERS = Number(arg('users', '24'));
const SECONDS = Number(arg('seconds', '90'));
const KILLS = Number(arg('kills', '4'));
const WORKERS = Number(arg('workers', '16'));
const ADMIN_EMAIL = 'bench-admin@example.com';
const ADMIN_PASSWORD = 'bench-admin-password';
const PNG_1X1 = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6b1d30000000049454e44ae426082',
  'hex',
);

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  error?: string;
}

// ------------------------------------------------------------------------------ server process

let dataDir = '';
let port = 0;
let server: ChildProcess | undefined;
const stats = { kills: 0, restarts: 0, restartMs: [] as number[], unanswered: 0, retried: 0 };

async function startServer(): Promise<void> {
  const t0 = Date.now();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'error',
    TRUST_PROXY: '1',
    HISTORY_BARS: '30',
    DATABASE_URL: '',
  };
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
  proc.stderr?.on('data', (d: Buffer) => {
    const line = d.toString().trim();
    if (line) console.error(`  [server] ${line.slice(0, 300)}`);
  });
  server = proc;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if (proc.exitCode !== null) throw new Error(`server exited during start (code ${proc.exitCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) {
        stats.restartMs.push(Date.now() - t0);
        return;
      }
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('server did not become healthy within 120 s');
}

async function killServer(): Promise<void> {
  const proc = server;
  if (!proc) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await exited;
  stats.kills += 1;
}

async function stopServer(): Promise<void> {
  const proc = server;
  if (!proc || proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------ HTTP

/** One attempt: the envelope, or undefined when no answer came (connection refused/reset, 5xx, timeout). */
async function attempt<T>(method: string, url: string, opts: { token?: string; body?: unknown; key?: string; headers?: Record<string, string>; raw?: BodyInit; contentType?: string } = {}): Promise<Envelope<T> | undefined> {
  const headers: Record<string, string> = { lang: 'en', ...opts.headers };
  if (opts.token) headers.authorization = opts.token;
  if (opts.key) headers['idempotency-key'] = opts.key;
  let body: BodyInit | undefined = opts.raw;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  } else if (opts.contentType) headers['content-type'] = opts.contentType;
  try {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, { method, headers, body, signal: AbortSignal.timeout(15_000) });
    if (res.status >= 500) return undefined;
    return (await res.json()) as Envelope<T>;
  } catch {
    return undefined;
  }
}

/** Retries until answered (same key, same body): an unanswered action may or may not have happened. */
async function until<T>(method: string, url: string, opts: Parameters<typeof attempt>[2] = {}, deadlineMs = 180_000): Promise<Envelope<T>> {
  const deadline = Date.now() + deadlineMs;
  let first = true;
  for (;;) {
    const answer = await attempt<T>(method, url, opts);
    if (answer) return answer;
    if (first) stats.unanswered += 1;
    else stats.retried += 1;
    first = false;
    if (Date.now() > deadline) throw new Error(`${method} ${url}: no answer within ${deadlineMs} ms`);
    await sleep(200 + Math.random() * 300);
  }
}

// ------------------------------------------------------------------------------ setup

interface BenchUser {
  id: number;
  email: string;
  token: string;
  methodId: number;
  /** When the user's last withdrawal code was asked for (one a minute per account). */
  codeAt: number;
  /** The user's own client address: codes are limited per address as well. */
  ip: Record<string, string>;
}

/** A well-formed TRC20 address (base58check): every bench user binds it as their withdrawal method. */
const BENCH_TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

async function lastCode(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const raw = await fs.readFile(path.join(dataDir, 'outbox.jsonl'), 'utf8').catch(() => '');
    const line = raw
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { to: string; code: string | null })
      .filter((l) => l.to === email)
      .at(-1);
    if (line?.code) return line.code;
    await sleep(100);
  }
  throw new Error(`no code for ${email}`);
}

async function registerUser(i: number): Promise<BenchUser> {
  const email = `bench${i}.${crypto.randomBytes(3).toString('hex')}@example.com`;
  const ip = { 'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` };
  const sent = await until('POST', endpoints.notify.sendEmail.path, { body: { to: email, type: 1 }, headers: ip });
  if (sent.code !== 1) throw new Error(`send_email: ${sent.msg}`);
  const password = 'bench-password-1';
  const reg = await until<{ token: string; user: { id: number } }>('POST', endpoints.users.register.path, {
    body: { type: 1, account: email, password, re_password: password, sms_code: await lastCode(email) },
    headers: ip,
  });
  if (reg.code !== 1) throw new Error(`register: ${reg.msg}`);
  const token = reg.data.token;
  const user: BenchUser = { id: reg.data.user.id, email, token, methodId: 0, codeAt: 0, ip };
  const auth_code = await withdrawCode(user);
  if (!auth_code) throw new Error('bind: no withdrawal code');
  const method = await until<{ id: number }>('POST', endpoints.withdrawals.bindMethod.path, { token, key: `bind-${i}`, body: { type: 1, draw_id: 1, dc_address: BENCH_TRC20_ADDRESS, auth_code } });
  if (method.code !== 1) throw new Error(`bind: ${method.msg}`);
  user.methodId = method.data.id;
  return user;
}

/**
 * A withdrawal code (send_email type 3) read from the outbox as the user reads their mail. A send
 * retried after its answer was lost may be refused as too soon: its first try went out.
 */
async function withdrawCode(user: BenchUser): Promise<string | undefined> {
  user.codeAt = Date.now();
  const sent = await until('POST', endpoints.notify.sendEmail.path, { token: user.token, body: { type: 3 }, headers: user.ip });
  if (sent.code !== 1 && sent.error !== 'code_too_soon') return undefined;
  return lastCode(user.email);
}

async function uploadProof(token: string): Promise<string> {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const raw = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG_1X1,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await until<{ url: string }>('POST', endpoints.uploads.image.path, { token, raw, contentType: `multipart/form-data; boundary=${boundary}` });
  if (res.code !== 1) throw new Error(`upload: ${res.msg}`);
  return res.data.url;
}

// ------------------------------------------------------------------------------ the workload

const counts = {
  transfersOk: 0,
  transfersRefused: 0,
  depositsSubmitted: 0,
  depositsApproved: 0,
  depositsRejected: 0,
  withdrawalsSubmitted: 0,
  withdrawalsRefused: 0,
  withdrawalsApproved: 0,
  withdrawalsRejected: 0,
  decisionsAlreadyDecided: 0,
  ordersOk: 0,
  ordersRefused: 0,
};
/** Idempotency key -> every transfer id answered for it (must be exactly one). */
const transferAnswers = new Map<string, Set<number>>();
/** Idempotency key -> every forex order id answered for it (must be exactly one). */
const orderAnswers = new Map<string, Set<number>>();
const violations: string[] = [];
let adminToken = '';
let btcId = 0;

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const money = (min: number, max: number) => (min + Math.random() * (max - min)).toFixed(2);

const DECISIONS = {
  deposits: { approve: endpoints.admin.approveDeposit, reject: endpoints.admin.rejectDeposit },
  withdrawals: { approve: endpoints.admin.approveWithdrawal, reject: endpoints.admin.rejectWithdrawal },
};

async function decide(queue: 'deposits' | 'withdrawals', id: number): Promise<void> {
  const approve = Math.random() < 0.7;
  const res = await until<{ status: number }>('POST', endpointPath(DECISIONS[queue][approve ? 'approve' : 'reject'], { id }), { token: adminToken, body: approve ? {} : { reason: 'bench rejection' } });
  if (res.code === 1) {
    if (queue === 'deposits') counts[approve ? 'depositsApproved' : 'depositsRejected'] += 1;
    else counts[approve ? 'withdrawalsApproved' : 'withdrawalsRejected'] += 1;
  } else if (res.error === 'already_decided') {
    // The first attempt committed but its answer was lost to a kill.
    counts.decisionsAlreadyDecided += 1;
  } else violations.push(`${queue} ${id} decision refused: ${res.error}`);
}

async function randomTransfer(users: BenchUser[]): Promise<void> {
  const u = pick(users);
  const from = pick([1, 2, 3]);
  const to = pick([1, 2, 3].filter((x) => x !== from));
  const key = `tr-${crypto.randomUUID()}`;
  const balance = money(0.01, 80);
  const res = await until<{ id: number }>('POST', endpoints.wallet.transfer.path, { token: u.token, key, body: { balance, currency_id: 1, from, to } });
  if (res.code === 1) {
    counts.transfersOk += 1;
    const seen = transferAnswers.get(key) ?? new Set<number>();
    seen.add(res.data.id);
    transferAnswers.set(key, seen);
    // A replay of an acknowledged key must answer the same transfer.
    if (Math.random() < 0.1) {
      // Another body for certain: a fixed 0.01 equalled the original whenever money() drew 0.01,
      // and that replay was rightly answered as the same request.
      const otherBalance = (Number(balance) + 0.01).toFixed(2);
      const again = await until<{ id: number }>('POST', endpoints.wallet.transfer.path, { token: u.token, key, body: { balance: otherBalance, currency_id: 1, from, to } });
      if (again.error !== 'idempotency_conflict') violations.push(`replay of ${key} with another body answered ${again.code}/${again.error}`);
    }
  } else if (res.error === 'insufficient_balance') counts.transfersRefused += 1;
  else violations.push(`transfer refused unexpectedly: ${res.error}`);
}

/**
 * A forex market order from the user's contract account (funded by the random transfers into
 * it): submits that arrive together are written in batches (group commit), so kills land in the
 * middle of batches too.
 */
async function randomOrder(users: BenchUser[]): Promise<void> {
  const u = pick(users);
  const key = `fx-${crypto.randomUUID()}`;
  const res = await until<{ Id: number }>('POST', endpoints.forex.submit.path, { token: u.token, key, body: { type: pick([1, 2]), cont: pick(['0.01', '0.02']), forex_id: btcId, status: 1, multiple: 100 } });
  if (res.code === 1) {
    counts.ordersOk += 1;
    const seen = orderAnswers.get(key) ?? new Set<number>();
    seen.add(res.data.Id);
    orderAnswers.set(key, seen);
  } else if (res.error === 'forex_insufficient_balance') counts.ordersRefused += 1;
  else violations.push(`order refused unexpectedly: ${res.error}`);
}

async function randomDeposit(users: BenchUser[], proofs: Map<number, string>): Promise<void> {
  const u = pick(users);
  const res = await until<{ id: number }>('POST', endpoints.deposits.coinSubmit.path, { token: u.token, key: `dep-${crypto.randomUUID()}`, body: { number: money(1, 100), proofImg: proofs.get(u.id), charge_id: 1 } });
  if (res.code !== 1) return void violations.push(`deposit refused: ${res.error}`);
  counts.depositsSubmitted += 1;
  await decide('deposits', res.data.id);
}

async function randomWithdrawal(users: BenchUser[]): Promise<void> {
  // Each withdrawal needs its own e-mailed code, and an account gets one a minute.
  const ready = users.filter((x) => Date.now() - x.codeAt >= 61_000);
  if (ready.length === 0) return;
  const u = pick(ready);
  const auth_code = await withdrawCode(u);
  if (!auth_code) return void violations.push('withdrawal code not sent');
  const res = await until<{ id: number }>('POST', endpoints.withdrawals.draw.path, { token: u.token, key: `wd-${crypto.randomUUID()}`, body: { draw_currency_id: 1, number: money(10, 120), draw_method_id: u.methodId, auth_code } });
  if (res.code !== 1) {
    // code_invalid: the code was sent by a server killed before it wrote the mail, so the user's
    // last code in the outbox is an older, used one.
    if (res.error === 'insufficient_balance' || res.error === 'code_invalid') counts.withdrawalsRefused += 1;
    else violations.push(`withdrawal refused: ${res.error}`);
    return;
  }
  counts.withdrawalsSubmitted += 1;
  await decide('withdrawals', res.data.id);
}

// ------------------------------------------------------------------------------ checks

async function checkBooks(): Promise<Record<string, string>> {
  const pg = await startEmbeddedPg(path.join(dataDir, 'pg'));
  const db = createDb(pg.adminUrl);
  try {
    const figures: Record<string, string> = {};
    const ledger = await verifyLedger(db);
    if (ledger.length > 0) violations.push(`verifyLedger: ${JSON.stringify(ledger.slice(0, 5))} (${ledger.length})`);
    figures.ledgerViolations = String(ledger.length);

    const all = await sql<{ total: string }>`SELECT coalesce(sum(balance + lock_balance), 0)::text AS total FROM ledger_accounts`.execute(db);
    figures.sumOfAllAccounts = all.rows[0]!.total;
    if (!new Decimal(all.rows[0]!.total).isZero()) violations.push(`all accounts sum to ${all.rows[0]!.total}, not 0`);

    const negative = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ledger_accounts WHERE user_id IS NOT NULL AND (balance < 0 OR lock_balance < 0)`.execute(db);
    if (negative.rows[0]!.n !== '0') violations.push(`${negative.rows[0]!.n} user accounts below zero`);

    const perUser = await sql<{ user_id: number; held: string; deposits: string; paid: string; traded: string }>`
      SELECT u.id AS user_id,
        (SELECT coalesce(sum(balance + lock_balance), 0) FROM ledger_accounts a WHERE a.user_id = u.id)::text AS held,
        (SELECT coalesce(sum(number), 0) FROM charges c WHERE c.user_id = u.id AND c.status = 1)::text AS deposits,
        (SELECT coalesce(sum(number), 0) FROM withdrawals w WHERE w.user_id = u.id AND w.status = 1)::text AS paid,
        -- What the user's trading moved between the user and the house (fees, realized profit and loss).
        (SELECT coalesce(sum(p.amount), 0) FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
           JOIN ledger_transactions t ON t.id = p.transaction_id WHERE a.user_id = u.id AND t.kind LIKE 'forex%')::text AS traded
      FROM users u WHERE NOT u.is_demo`.execute(db);
    let userTotal = new Decimal(0);
    let expected = new Decimal(0);
    for (const r of perUser.rows) {
      const want = new Decimal(r.deposits).minus(r.paid).plus(r.traded);
      userTotal = userTotal.plus(r.held);
      expected = expected.plus(want);
      if (!new Decimal(r.held).eq(want)) violations.push(`user ${r.user_id} holds ${r.held}, deposits - withdrawals paid + trading = ${want.toFixed()}`);
    }
    figures.userTotal = userTotal.toFixed();
    figures.depositsApprovedMinusWithdrawalsPaidPlusTrading = expected.toFixed();

    const house = await sql<{ system_code: string; balance: string }>`SELECT system_code, balance::text FROM ledger_accounts WHERE system_code IS NOT NULL`.execute(db);
    const sys = Object.fromEntries(house.rows.map((r) => [r.system_code, new Decimal(r.balance)]));
    const sums = await sql<{ deposits: string; real: string; fees: string }>`
      SELECT (SELECT coalesce(sum(number), 0) FROM charges WHERE status = 1)::text AS deposits,
             (SELECT coalesce(sum(real_number), 0) FROM withdrawals WHERE status = 1)::text AS real,
             (SELECT coalesce(sum(fee), 0) FROM withdrawals WHERE status = 1)::text AS fees`.execute(db);
    const s = sums.rows[0]!;
    const clearingWant = new Decimal(s.real).minus(s.deposits);
    if (!(sys.external_clearing ?? new Decimal(0)).eq(clearingWant)) violations.push(`external clearing ${sys.external_clearing?.toFixed()} != paid out - deposited ${clearingWant.toFixed()}`);
    if (!(sys.fee_revenue ?? new Decimal(0)).eq(s.fees)) violations.push(`fee revenue ${sys.fee_revenue?.toFixed()} != fees ${s.fees}`);
    figures.externalClearing = sys.external_clearing?.toFixed() ?? '0';
    figures.feeRevenue = sys.fee_revenue?.toFixed() ?? '0';

    // Transfers: every acknowledged one exactly once; the books hold no transfer without a key.
    const rows = await sql<{ id: number }>`SELECT id FROM transfers`.execute(db);
    const inBooks = new Set(rows.rows.map((r) => r.id));
    const keyed = await sql<{ key: string; id: string | null }>`
      SELECT key, response->'data'->>'id' AS id FROM idempotency_keys WHERE route = 'account/transfer' AND (response->>'ok')::boolean`.execute(db);
    const keyIds = new Map(keyed.rows.map((r) => [r.key, Number(r.id)]));
    let acknowledged = 0;
    for (const [key, ids] of transferAnswers) {
      acknowledged += 1;
      if (ids.size !== 1) violations.push(`key ${key} answered ${ids.size} different transfers`);
      const id = [...ids][0]!;
      if (!inBooks.has(id)) violations.push(`acknowledged transfer ${id} (${key}) is not in the books`);
      if (keyIds.get(key) !== id) violations.push(`key ${key} stored ${keyIds.get(key)}, answered ${id}`);
    }
    if (keyIds.size !== inBooks.size) violations.push(`${inBooks.size} transfers in the books, ${keyIds.size} keys with a stored success`);
    const ledgerTransfers = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ledger_transactions WHERE kind = 'transfer'`.execute(db);
    if (Number(ledgerTransfers.rows[0]!.n) !== inBooks.size) violations.push(`${ledgerTransfers.rows[0]!.n} ledger transfer transactions for ${inBooks.size} transfers`);
    figures.transfersAcknowledged = String(acknowledged);
    figures.transfersInBooks = String(inBooks.size);

    // Forex orders: every acknowledged one exactly once, each with exactly one opening post, and
    // nothing else booked (every submit was retried until answered).
    const orders = await sql<{ id: number; opens: string }>`
      SELECT o.id, (SELECT count(*) FROM ledger_transactions t WHERE t.kind = 'forex_open' AND t.reference = 'forex_order:' || o.id)::text AS opens
      FROM forex_orders o`.execute(db);
    const ordersInBooks = new Set(orders.rows.map((r) => r.id));
    for (const r of orders.rows) if (r.opens !== '1') violations.push(`order ${r.id} has ${r.opens} opening posts`);
    const opens = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ledger_transactions WHERE kind = 'forex_open'`.execute(db);
    if (Number(opens.rows[0]!.n) !== ordersInBooks.size) violations.push(`${opens.rows[0]!.n} opening posts for ${ordersInBooks.size} orders`);
    const orderKeys = await sql<{ key: string; id: string | null }>`
      SELECT key, response->'data'->>'Id' AS id FROM idempotency_keys WHERE route = ${idempotencyScope(endpoints.forex.submit)} AND (response->>'ok')::boolean`.execute(db);
    const orderKeyIds = new Map(orderKeys.rows.map((r) => [r.key, Number(r.id)]));
    for (const [key, ids] of orderAnswers) {
      if (ids.size !== 1) violations.push(`key ${key} answered ${ids.size} different orders`);
      const id = [...ids][0]!;
      if (!ordersInBooks.has(id)) violations.push(`acknowledged order ${id} (${key}) is not in the books`);
      if (orderKeyIds.get(key) !== id) violations.push(`key ${key} stored order ${orderKeyIds.get(key)}, answered ${id}`);
    }
    if (orderKeyIds.size !== ordersInBooks.size) violations.push(`${ordersInBooks.size} orders in the books, ${orderKeyIds.size} keys with a stored success`);
    if (orderAnswers.size !== ordersInBooks.size) violations.push(`${ordersInBooks.size} orders in the books, ${orderAnswers.size} acknowledged`);
    figures.ordersAcknowledged = String(orderAnswers.size);
    figures.ordersInBooks = String(ordersInBooks.size);
    figures.pendingWithdrawals = (await sql<{ n: string }>`SELECT count(*)::text AS n FROM withdrawals WHERE status = 0`.execute(db)).rows[0]!.n;
    figures.pendingDeposits = (await sql<{ n: string }>`SELECT count(*)::text AS n FROM charges WHERE status = 0`.execute(db)).rows[0]!.n;
    return figures;
  } finally {
    await db.destroy();
    await pg.stop();
  }
}

// ------------------------------------------------------------------------------ main

async function main(): Promise<void> {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tp-wallet-bench-'));
  port = await freePort();
  console.log(`wallet reliability: ${USERS} users, ${SECONDS} s, ${KILLS} kills, ${WORKERS} workers; DATA_DIR ${dataDir}`);
  await startServer();
  console.log(`  server up in ${stats.restartMs[0]} ms`);

  const admin = await until<{ token: string }>('POST', endpoints.admin.login.path, { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  if (admin.code !== 1) throw new Error(`admin login: ${admin.msg}`);
  adminToken = admin.data.token;
  // New withdrawal methods usable at once: this run is about the books under kills, not the waiting time.
  const wait = await until('PUT', endpointPath(endpoints.adminConfig.updateSetting, { key: 'withdraw_method_wait_hours' }), { token: adminToken, body: { value: '0' } });
  if (wait.code !== 1) throw new Error(`waiting time: ${wait.msg}`);
  const symbols = await until<{ Id: number; Code: string }[]>('GET', endpoints.market.tradeList.path);
  btcId = symbols.data.find((x) => x.Code === 'BTCUSDT')?.Id ?? 0;
  if (!btcId) throw new Error('no BTCUSDT symbol');

  const t0 = Date.now();
  const users: BenchUser[] = [];
  for (let i = 0; i < USERS; i += 8) users.push(...(await Promise.all(Array.from({ length: Math.min(8, USERS - i) }, (_, j) => registerUser(i + j)))));
  const proofs = new Map<number, string>();
  for (const u of users) proofs.set(u.id, await uploadProof(u.token));
  await Promise.all(
    users.map(async (u) => {
      const dep = await until<{ id: number }>('POST', endpoints.deposits.coinSubmit.path, { token: u.token, key: `init-${u.id}`, body: { number: '1000', proofImg: proofs.get(u.id), charge_id: 1 } });
      const ok = await until('POST', endpointPath(endpoints.admin.approveDeposit, { id: dep.data.id }), { token: adminToken, body: {} });
      if (ok.code !== 1) throw new Error(`initial approval: ${ok.msg}`);
    }),
  );
  console.log(`  ${USERS} users registered and funded with 1000 each in ${Date.now() - t0} ms`);

  const runStart = Date.now();
  const end = runStart + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const r = Math.random();
      if (r < 0.55) await randomTransfer(users);
      else if (r < 0.7) await randomOrder(users);
      else if (r < 0.85) await randomDeposit(users, proofs);
      else await randomWithdrawal(users);
    }
  };
  const killer = async () => {
    const every = (SECONDS * 1000) / (KILLS + 1);
    for (let k = 1; k <= KILLS; k++) {
      await sleep(Math.max(0, runStart + k * every + Math.random() * 1000 - Date.now()));
      await killServer();
      console.log(`  kill ${k}: SIGKILL sent, restarting`);
      await startServer();
      console.log(`  restart ${k}: healthy after ${stats.restartMs.at(-1)} ms`);
      stats.restarts += 1;
    }
  };
  await Promise.all([killer(), ...Array.from({ length: WORKERS }, worker)]);
  console.log('  workload done; stopping the server and checking the books');
  await stopServer();

  const figures = await checkBooks();
  const summary = {
    date: new Date().toISOString(),
    config: { users: USERS, seconds: SECONDS, kills: KILLS, workers: WORKERS },
    process: { ...stats, restartMs: stats.restartMs },
    counts,
    figures,
    violations,
  };
  await fs.mkdir(resultsDir, { recursive: true });
  await fs.writeFile(path.join(resultsDir, 'wallet-reliability.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(JSON.stringify({ counts, process: stats, figures }, null, 2));
  if (violations.length > 0) {
    console.error(`FAILED: ${violations.length} violation(s)`);
    for (const v of violations.slice(0, 30)) console.error(`  - ${v}`);
  } else console.log('OK: no violations');
  await fs.rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  process.exit(violations.length > 0 ? 1 : 0);
}

main().catch(async (err: unknown) => {
  console.error(err);
  server?.kill('SIGKILL');
  process.exit(2);
});
