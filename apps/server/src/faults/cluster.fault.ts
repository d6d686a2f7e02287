/**
 * The cluster under the faults production brings. Three server processes share one PostgreSQL and
 * one Redis, both the test's own so it can take them away. Users work on all three nodes at once
 * (transfers, contract orders opened and closed, options, copy trading, withdrawal requests), each
 * action with an Idempotency-Key and retried on another node when no answer came, as the web app
 * does behind a balancer. Phones watch prices over websockets. Meanwhile a nemesis, in turn:
 * SIGKILLs the engine leader, pauses it (SIGSTOP) past its lease and wakes it, kills Redis and
 * starts it again, restarts PostgreSQL (fast shutdown), cuts the outbox relay's LISTEN connection,
 * and stops the leader gracefully (SIGTERM). After each fault prices must flow again on every node
 * within the target; at the end the books are checked: every acknowledged action exactly once,
 * every unanswered one at most once, the ledger exact, no negative balance, every option settled
 * exactly once by its stored tick, every copy made once.
 *
 * `npm test` runs one round (about three minutes); CLUSTER_SOAK=1 runs rounds for CLUSTER_SOAK_MINUTES
 * (30) and writes its figures to bench/results/cluster-soak.{json,md}.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, endpoints } from '@tp/contracts';
import { GENESIS_HASH, tickHash } from '@tp/domain';
import { createDb, type Db } from '../db/database.js';
import { freePort } from '../db/embedded-pg.js';
import { EVENT_OUTBOX_CHANNEL } from '../engine/event-outbox.js';
import { FENCE_WAIT_MS } from '../engine/leader-election.js';
import { checkBooks } from '../verify-books.js';
import { OwnRedis } from '../test/own-redis.js';
import { sleep } from '../test/wait.js';
import { tronAddress } from '../test/withdraw-helpers.js';
import {
  OwnPostgres,
  REPO_ROOT,
  ServerNode,
  Watcher,
  attempt,
  healthz,
  longestGap,
  probePrices,
  waitFor,
  type CallOptions,
  type Envelope,
  type HttpStats,
} from './cluster.js';

const SOAK = process.env.CLUSTER_SOAK === '1';
const SOAK_MINUTES = Number(process.env.CLUSTER_SOAK_MINUTES ?? '30');
const LEASE_MS = 2000;
const RENEW_MS = 400;
/** Price-stream gap targets (issue: graceful under 500 ms, SIGKILL under the lease plus 1 s). */
const TARGET = {
  graceful: 500,
  kill: LEASE_MS + 1000,
  // A hung leader is seen expired on two checks in a row, then its lock connection is ended; a
  // leader paused mid-write holds the fence, which the takeover waits for before ending it.
  hang: LEASE_MS + 3 * RENEW_MS + FENCE_WAIT_MS + 1000,
};
/** After Redis or PostgreSQL is back, or a node restarted: prices on every node within this. */
const RECOVERY_MS = 15_000;
const ADMIN_EMAIL = 'faults-admin@example.com';
const ADMIN_PASSWORD = 'faults-admin-password';
const PNG_1X1 = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6b1d30000000049454e44ae426082',
  'hex',
);

// ------------------------------------------------------------------------------ the cluster

let root = '';
let postgres: OwnPostgres;
let redis: OwnRedis;
let databaseUrl = '';
let db: Db;
const nodes: ServerNode[] = [];
const watchers: Watcher[] = [];
const http: HttpStats = { unanswered: 0, unavailable: 0 };
const violations: string[] = [];
const faults: { kind: string; at: string; gapMs?: number; targetMs?: number; recoveryMs: number }[] = [];

/** Which node holds the engine, by the lease's holder (host:pid) - undefined while none holds a live lease. */
async function leader(): Promise<ServerNode | undefined> {
  try {
    const { rows } = await sql<{ holder: string; live: boolean }>`SELECT holder, expires_at > now() AS live FROM engine_lease WHERE id = 1`.execute(db);
    const pid = Number(rows[0]?.holder.split(':').at(-1));
    return rows[0]?.live ? nodes.find((n) => n.pid === pid) : undefined;
  } catch {
    return undefined;
  }
}

async function currentEpoch(): Promise<number> {
  const { rows } = await sql<{ epoch: string }>`SELECT epoch::text AS epoch FROM engine_lease WHERE id = 1`.execute(db);
  return Number(rows[0]?.epoch ?? 0);
}

/** Prices reach a fresh socket on every running node. */
async function pricesOnEveryNode(timeoutMs: number): Promise<number> {
  const times = await Promise.all(nodes.filter((n) => n.alive() && !n.paused).map((n) => probePrices(n, timeoutMs)));
  return Math.max(...times);
}

// ------------------------------------------------------------------------------ HTTP with retries

let rr = 0;
/** The next node a balancer would pick, skipping ones that are down. */
function pickNode(): ServerNode {
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[rr++ % nodes.length]!;
    if (n.alive() && !n.paused) return n;
  }
  return nodes[0]!;
}

let stopRetries = false;
/** Retries (same key, same body, next node) until answered: an unanswered action may or may not have happened. */
async function send<T>(method: string, url: string, opts: CallOptions = {}, giveUpMs = 60_000): Promise<Envelope<T> | undefined> {
  const deadline = Date.now() + giveUpMs;
  for (;;) {
    const answer = await attempt<T>(pickNode(), method, url, opts, http);
    if (answer) return answer;
    if (stopRetries || Date.now() > deadline) return undefined;
    await sleep(150 + Math.random() * 250);
  }
}

async function must<T>(what: string, method: string, url: string, opts: CallOptions = {}): Promise<T> {
  const res = await send<T>(method, url, opts);
  if (res?.code !== 1) throw new Error(`${what}: ${res ? `${res.error} ${res.msg}` : 'no answer'}`);
  return res.data;
}

// ------------------------------------------------------------------------------ users

interface User {
  id: number;
  email: string;
  token: string;
  methodId: number;
  /** When the user's last withdrawal code was asked for (one a minute per account). */
  codeAt: number;
  /** The user's own client address: codes are limited per address as well. */
  ip: Record<string, string>;
  /** Own open contract orders, acknowledged. */
  open: number[];
}
let adminToken = '';
let btcId = 0;
let trader: User;
let followers: User[] = [];
let users: User[] = [];
const following = new Set<number>();

/** The codes mailed to an address so far, over every node's outbox, oldest first. */
async function codesSent(email: string): Promise<string[]> {
  const sent: { code: string; at: string }[] = [];
  for (const n of nodes) {
    const raw = await fs.readFile(path.join(n.dataDir, 'outbox.jsonl'), 'utf8').catch(() => '');
    for (const l of raw.split('\n').filter(Boolean)) {
      const line = JSON.parse(l) as { to: string; code: string | null; created_at: string };
      if (line.to === email && line.code) sent.push({ code: line.code, at: line.created_at });
    }
  }
  return sent.sort((a, b) => a.at.localeCompare(b.at)).map((c) => c.code);
}

/** A code mailed that was not among `before` (the user reads the new mail, not an old one). */
async function nextCode(email: string, before: readonly string[]): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const fresh = (await codesSent(email)).filter((c) => !before.includes(c));
    if (fresh.length > 0) return fresh.at(-1)!;
    await sleep(100);
  }
  throw new Error(`no new code for ${email}`);
}

async function newUser(i: number): Promise<User> {
  const email = `faults${i}.${crypto.randomBytes(3).toString('hex')}@example.com`;
  const headers = { 'x-forwarded-for': `10.88.0.${i + 1}` };
  await must('send code', 'POST', endpoints.notify.sendEmail.path, { body: { to: email, type: 1 }, headers });
  const password = 'faults-password-1';
  const reg = await must<{ token: string; user: { id: number } }>('register', 'POST', endpoints.users.register.path, {
    body: { type: 1, account: email, password, re_password: password, sms_code: await nextCode(email, []) },
    headers,
  });
  const token = reg.token;
  const boundary = `----faults${crypto.randomBytes(8).toString('hex')}`;
  const raw = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG_1X1,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  // Upload and deposit on one node: the proof's file lives in that node's DATA_DIR.
  const home = nodes[0]!;
  const up = await attempt<{ url: string }>(home, 'POST', endpoints.uploads.image.path, { token, raw, contentType: `multipart/form-data; boundary=${boundary}` }, http);
  if (up?.code !== 1) throw new Error(`upload: ${up?.error}`);
  const dep = await attempt<{ id: number }>(home, 'POST', endpoints.deposits.coinSubmit.path, { token, key: `dep-${i}`, body: { number: '5000', proofImg: up.data.url, charge_id: 1 } }, http);
  if (dep?.code !== 1) throw new Error(`deposit: ${dep?.error}`);
  await must('approve deposit', 'POST', endpointPath(endpoints.admin.approveDeposit, { id: dep.data.id }), { token: adminToken, body: {} });
  for (const [to, amount] of [
    [3, '2500'],
    [2, '800'],
  ] as const) {
    await must('initial transfer', 'POST', endpoints.wallet.transfer.path, { token, key: `init-${i}-${to}`, body: { balance: amount, currency_id: 1, from: 1, to } });
  }
  const user: User = { id: reg.user.id, email, token, methodId: 0, codeAt: 0, ip: headers, open: [] };
  const auth_code = await withdrawCode(user);
  if (!auth_code) throw new Error('bind method: no withdrawal code');
  const method = await must<{ id: number }>('bind method', 'POST', endpoints.withdrawals.bindMethod.path, { token, key: `bind-${i}`, body: { type: 1, draw_id: 1, dc_address: tronAddress(`faults-${i}`), auth_code } });
  user.methodId = method.id;
  return user;
}

/**
 * A withdrawal code (send_email type 3) read from the outbox as the user reads their mail. A send
 * retried after its answer was lost may be refused as too soon: its first try went out.
 */
async function withdrawCode(user: User): Promise<string | undefined> {
  user.codeAt = Date.now();
  const before = await codesSent(user.email);
  const sent = await send('POST', endpoints.notify.sendEmail.path, { token: user.token, body: { type: 3 }, headers: user.ip });
  if (sent?.code === 1) return nextCode(user.email, before);
  // Refused as too soon: a first try whose answer was lost went out; its code is the newest.
  if (sent?.error === 'code_too_soon') return (await codesSent(user.email)).at(-1);
  return undefined;
}

async function setUpUsers(count: number): Promise<void> {
  adminToken = (await must<{ token: string }>('admin login', 'POST', endpoints.admin.login.path, { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).token;
  // New withdrawal methods usable at once: this run is about faults, not the waiting time.
  await must('waiting time', 'PUT', endpointPath(endpoints.adminConfig.updateSetting, { key: 'withdraw_method_wait_hours' }), { token: adminToken, body: { value: '0' } });
  const symbols = await must<{ Id: number; Code: string }[]>('symbols', 'GET', endpoints.market.tradeList.path);
  btcId = symbols.find((s) => s.Code === 'BTCUSDT')?.Id ?? 0;
  if (!btcId) throw new Error('no BTCUSDT');
  users = await Promise.all(Array.from({ length: count }, (_, i) => newUser(i)));
  trader = users[0]!;
  followers = users.slice(1, 4);
  await must('apply trader', 'POST', endpoints.follow.applyTrader.path, { token: trader.token, body: {} });
  const apps = await must<{ data: { id: number; user: { id: number } }[] }>('applications', 'GET', `${endpoints.follow.adminApplications.path}?status=0`, { token: adminToken });
  const app = apps.data.find((a) => a.user.id === trader.id);
  if (!app) throw new Error('no trader application');
  await must('approve trader', 'POST', endpointPath(endpoints.follow.approveApplication, { id: app.id }), { token: adminToken, body: {} });
}

// ------------------------------------------------------------------------------ the workload

interface Op {
  kind: 'transfer' | 'open' | 'close' | 'option' | 'withdrawal';
  key: string;
  /** The id answered, once acknowledged. */
  id?: number;
  /** Answered with a refusal: it changed nothing. */
  refused?: boolean;
}
const ops: Op[] = [];
const refusals = new Map<string, number>();
/** Refusals a busy market gives: they change nothing and are fine. Anything else is a violation. */
const EXPECTED_REFUSALS = new Set([
  'insufficient_balance',
  'forex_insufficient_balance',
  'micro_insufficient_balance',
  // A submit or close while no fresh tick exists (a leader change in progress) is refused, not filled.
  'prices_delayed',
  // Closing an order that a stop-out or the trader's close (of a copy) closed first.
  'forex_order_not_holding',
  // An unfollow retried after its answer was lost.
  'follow_not_following',
  // A withdrawal whose code was sent by a node killed before it wrote the mail: the user's last
  // code (already used) is the one in the outbox.
  'code_invalid',
]);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

function refused(what: string, res: Envelope | undefined): void {
  const key = res?.error ?? 'unanswered';
  refusals.set(`${what}:${key}`, (refusals.get(`${what}:${key}`) ?? 0) + 1);
  if (res && !EXPECTED_REFUSALS.has(key)) violations.push(`${what} refused: ${res.error} (${res.msg})`);
}

/** An action with an Idempotency-Key; acknowledged when answered code 1. */
async function keyed(kind: Op['kind'], url: string, user: User, body: unknown): Promise<number | undefined> {
  const op: Op = { kind, key: `${kind}-${crypto.randomUUID()}` };
  ops.push(op);
  const res = await send<{ id?: number; Id?: number }>('POST', url, { token: user.token, key: op.key, body });
  if (res?.code === 1) {
    op.id = res.data?.id ?? res.data?.Id;
    ackTimes.push(Date.now());
    return op.id ?? 0;
  }
  op.refused = res !== undefined;
  refused(kind, res);
  return undefined;
}

let optionsUntil = 0;
async function oneAction(): Promise<void> {
  const r = Math.random();
  const u = pick(users.slice(1));
  if (r < 0.3) {
    const from = pick([1, 2, 3]);
    const to = pick([1, 2, 3].filter((x) => x !== from));
    await keyed('transfer', endpoints.wallet.transfer.path, u, { balance: (1 + Math.random() * 20).toFixed(2), currency_id: 1, from, to });
  } else if (r < 0.5) {
    const id = await keyed('open', endpoints.forex.submit.path, u, { type: pick([1, 2]), cont: '0.01', forex_id: btcId, status: 1, multiple: 100 });
    if (id) u.open.push(id);
  } else if (r < 0.65) {
    const id = u.open.shift();
    if (id !== undefined) await keyed('close', endpoints.forex.close.path, u, { id });
  } else if (r < 0.8) {
    if (Date.now() < optionsUntil) await keyed('option', endpoints.micro.submit.path, u, { forex_id: btcId, type: pick([1, 2]), number: '10', seconds: 30 });
  } else if (r < 0.85) {
    // Each withdrawal needs its own e-mailed code, and an account gets one a minute.
    if (Date.now() - u.codeAt < 61_000) return;
    const auth_code = await withdrawCode(u);
    if (auth_code) await keyed('withdrawal', endpoints.withdrawals.draw.path, u, { draw_currency_id: 1, number: (10 + Math.random() * 10).toFixed(2), draw_method_id: u.methodId, auth_code });
  } else if (r < 0.92) {
    // The trader trades; followers' copies follow it.
    if (trader.open.length > 2 || (trader.open.length > 0 && Math.random() < 0.5)) {
      const id = trader.open.shift()!;
      await keyed('close', endpoints.forex.close.path, trader, { id });
    } else {
      const id = await keyed('open', endpoints.forex.submit.path, trader, { type: pick([1, 2]), cont: '0.01', forex_id: btcId, status: 1, multiple: 100 });
      if (id) trader.open.push(id);
    }
  } else {
    const f = pick(followers);
    // Follow and unfollow carry no Idempotency-Key: a retried follow answers "already following".
    if (following.has(f.id)) {
      const res = await send('POST', endpoints.follow.canalFollow.path, { token: f.token, body: { trader_id: trader.id } });
      if (res?.code === 1 || res?.error === 'follow_not_following') following.delete(f.id);
      else refused('unfollow', res);
    } else {
      const res = await send('POST', endpoints.follow.followTrader.path, { token: f.token, body: { trader_id: trader.id, multiple: '1', max_amount: '500' } });
      if (res?.code === 1) following.add(f.id);
      else refused('follow', res);
    }
  }
}

let workloadRunning = false;
async function worker(): Promise<void> {
  while (workloadRunning) {
    await oneAction();
    await sleep(20 + Math.random() * 60);
  }
}

function acknowledgedSince(t: number): number {
  return ackTimes.filter((x) => x >= t).length;
}
const ackTimes: number[] = [];
let rounds = 0;

// ------------------------------------------------------------------------------ the nemesis

async function expectPricesBack(kind: string, faultAt: number, target?: number): Promise<void> {
  const recoveryMs = await pricesOnEveryNode(RECOVERY_MS);
  await sleep(1500);
  const gapMs = target === undefined ? undefined : longestGap(watchers, faultAt - 2000, Date.now());
  faults.push({ kind, at: new Date(faultAt).toISOString(), gapMs, targetMs: target, recoveryMs });
  if (gapMs !== undefined && target !== undefined && gapMs > target) violations.push(`${kind}: price stream gap ${gapMs} ms, target ${target} ms`);
}

async function killLeader(): Promise<void> {
  const l = await waitForLeader();
  const t = Date.now();
  l.signal('SIGKILL');
  await l.exited();
  await waitFor('a standby takes the engine', async () => (await leader()) !== undefined, 10_000);
  await expectPricesBack('SIGKILL leader', t, TARGET.kill);
  await l.start();
}

async function hangLeader(): Promise<void> {
  const l = await waitForLeader();
  const epochBefore = await currentEpoch();
  const t = Date.now();
  l.signal('SIGSTOP');
  await waitFor('a standby replaces the hung leader', async () => {
    const now = await leader();
    return now !== undefined && now !== l;
  }, LEASE_MS * 4);
  await expectPricesBack('SIGSTOP leader past its lease', t, TARGET.hang);
  l.signal('SIGCONT');
  // Woken, it finds its lease gone and steps down; its engine writes nothing (the fence).
  await waitFor('the woken leader steps down', async () => (await healthz(l))?.body.engine !== undefined && ((await healthz(l))?.body.engine as { role: string }).role === 'follower', 10_000);
  if ((await currentEpoch()) <= epochBefore) violations.push('a takeover did not raise the epoch');
}

async function bounceRedis(): Promise<void> {
  const t = Date.now();
  await redis.kill();
  await sleep(3000);
  // Degraded, not down: every node answers HTTP and says which part is missing.
  for (const n of nodes) {
    const h = await healthz(n);
    if (h?.status !== 200) violations.push(`node ${n.index} /healthz ${h?.status} while Redis is gone (want 200 degraded)`);
  }
  if (acknowledgedSince(t + 500) === 0) violations.push('no action was acknowledged while Redis was gone');
  await redis.start();
  await expectPricesBack('Redis killed and restarted', Date.now());
}

async function restartPostgres(): Promise<void> {
  const t = Date.now();
  await postgres.stop();
  await sleep(2000);
  const h = await healthz(nodes.find((n) => n.alive())!);
  if (h?.status !== 503) violations.push(`/healthz answered ${h?.status} without PostgreSQL (want 503)`);
  await postgres.start();
  await waitFor('an engine leader after the PostgreSQL restart', async () => (await leader()) !== undefined, RECOVERY_MS);
  await expectPricesBack('PostgreSQL restarted (fast shutdown)', t);
  if (acknowledgedSince(Date.now() - 1000) === 0) await waitFor('actions acknowledged again after PostgreSQL', () => acknowledgedSince(Date.now() - 1000) > 0, RECOVERY_MS);
}

async function cutRelayListen(): Promise<void> {
  const t = Date.now();
  const cut = await sql<{ pid: number }>`
    SELECT pg_terminate_backend(pid)::int AS pid FROM pg_stat_activity WHERE query ILIKE ${`LISTEN ${EVENT_OUTBOX_CHANNEL}%`}`.execute(db);
  if (cut.rows.length === 0) violations.push('no LISTEN connection of the outbox relay was found to cut');
  // Events written in the second after the cut (or, when the workload wrote none then, up to the
  // first one after it) are all delivered: the relay listens again, or its poll finds them. The
  // workload goes on writing events, so later ones are not waited for.
  const windowFrom = new Date(t + 200);
  await sleep(1500);
  let windowTo = new Date(t + 1200);
  try {
    await waitFor(
      'an event written after the LISTEN cut',
      async () => {
        const { rows } = await sql<{ first: Date | null }>`SELECT min(created_at) AS first FROM event_outbox WHERE created_at >= ${windowFrom}`.execute(db);
        const first = rows[0]?.first;
        if (first && first >= windowTo) windowTo = new Date(first.getTime() + 1);
        return first != null;
      },
      RECOVERY_MS,
      250,
    );
    await waitFor(
      'events written after the LISTEN cut are delivered',
      async () => {
        const { rows } = await sql<{ waiting: string }>`
          SELECT count(*) FILTER (WHERE done_at IS NULL)::text AS waiting
          FROM event_outbox WHERE created_at >= ${windowFrom} AND created_at < ${windowTo}`.execute(db);
        return Number(rows[0]!.waiting) === 0;
      },
      RECOVERY_MS,
      250,
    );
  } catch (err) {
    // What waits, and what the relay's connections are doing: the report of a failure.
    const waiting = await sql`SELECT id, name, created_at, retry_at FROM event_outbox WHERE done_at IS NULL ORDER BY id LIMIT 5`.execute(db);
    const activity = await sql`SELECT pid, application_name, state, wait_event, now() - query_start AS running, left(query, 120) AS query FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle'`.execute(db);
    console.error(JSON.stringify({ leader: (await leader())?.index, waiting: waiting.rows, activity: activity.rows }, null, 2));
    throw err;
  }
  faults.push({ kind: 'outbox relay LISTEN cut', at: new Date(t).toISOString(), recoveryMs: Date.now() - t });
}

async function stopLeaderGracefully(): Promise<void> {
  const l = await waitForLeader();
  const t = Date.now();
  l.signal('SIGTERM');
  await l.exited();
  await waitFor('a standby takes the engine', async () => (await leader()) !== undefined, 5000, 50);
  await expectPricesBack('SIGTERM leader (graceful)', t, TARGET.graceful);
  await l.start();
}

async function waitForLeader(): Promise<ServerNode> {
  let l: ServerNode | undefined;
  await waitFor('an engine leader', async () => (l = await leader()) !== undefined, RECOVERY_MS);
  return l!;
}

/** FAULTS=name,name runs only those (to look at one fault). */
const NEMESIS = [killLeader, hangLeader, bounceRedis, restartPostgres, cutRelayListen, stopLeaderGracefully].filter(
  (f) => !process.env.FAULTS || process.env.FAULTS.split(',').includes(f.name),
);

// ------------------------------------------------------------------------------ the run

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'tp-faults-'));
  postgres = new OwnPostgres(path.join(root, 'pg'), await freePort());
  const pg = await postgres.start();
  const admin = createDb(pg.adminUrl, 1);
  await sql`CREATE DATABASE tp_faults`.execute(admin);
  await admin.destroy();
  databaseUrl = pg.urlFor('tp_faults');
  db = createDb(databaseUrl, 3);
  redis = new OwnRedis(await freePort());
  await redis.start();
  const settings = {
    databaseUrl,
    redisUrl: redis.url,
    channel: `tp:faults:${crypto.randomBytes(4).toString('hex')}`,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    leaseMs: LEASE_MS,
    renewMs: RENEW_MS,
  };
  for (let i = 0; i < 3; i++) nodes.push(new ServerNode(i, await freePort(), path.join(root, `node${i}`), settings));
  // The first start migrates and seeds; the others join it.
  await nodes[0]!.start();
  await Promise.all(nodes.slice(1).map((n) => n.start()));
}, 240_000);

afterAll(async () => {
  workloadRunning = false;
  stopRetries = true;
  for (const w of watchers) w.stop();
  for (const n of nodes) n.killNow();
  await db?.destroy().catch(() => undefined);
  await redis?.kill().catch(() => undefined);
  await postgres?.stop().catch(() => undefined);
  if (root) await fs.rm(root, { recursive: true, force: true });
}, 60_000);

describe('three nodes under faults', () => {
  it('serve users through every fault and recover from each', async () => {
    await setUpUsers(8);
    for (let i = 0; i < 6; i++) watchers.push(new Watcher(i % nodes.length, nodes));
    for (const w of watchers) w.start();
    await waitFor('every phone subscribed and receiving prices', () => watchers.every((w) => w.flowing()), 20_000);

    const started = Date.now();
    const soakUntil = started + SOAK_MINUTES * 60_000;
    optionsUntil = Number.POSITIVE_INFINITY;
    workloadRunning = true;
    const workers = Array.from({ length: 8 }, () => worker());
    try {
      await sleep(5000);
      do {
        for (const fault of NEMESIS) {
          try {
            await fault();
          } catch (err) {
            console.error([`${fault.name} failed; the nodes said:`, ...nodes.flatMap((n) => n.output.slice(-25))].join('\n'));
            // The soak counts a recovery that failed and goes on (its figures say how often);
            // one round in npm test stops at the first.
            if (!SOAK) throw err;
            violations.push(`${fault.name}: ${String(err)}`);
            for (const n of nodes) if (!n.alive()) await n.start().catch(() => undefined);
            for (const n of nodes) if (n.paused) n.signal('SIGCONT');
          }
          await sleep(1500);
        }
        rounds += 1;
      } while (SOAK && Date.now() < soakUntil);
      // Options opened from now on would still run at the check: the last ones settle first.
      optionsUntil = 0;
      await sleep(3000);
    } finally {
      workloadRunning = false;
      await Promise.all(workers);
    }
    // Every phone is back and subscribed, each receiving prices.
    await waitFor('every phone back, subscribed and receiving prices', () => watchers.every((w) => w.flowing()), RECOVERY_MS);
    // Options bought last are settled by the engine before the books are read.
    await waitFor(
      'every option settled',
      async () => Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM micro_orders WHERE status = 1`.execute(db)).rows[0]!.n) === 0,
      60_000,
      500,
    );
    for (const w of watchers) w.stop();
    // Graceful stop of every node, then the books are read with nothing running.
    for (const n of nodes) n.signal('SIGTERM');
    await Promise.all(nodes.map((n) => n.exited()));
    const summary = await report(started);
    if (violations.length > 0) console.error([`${violations.length} violations:`, ...violations.slice(0, 40), ...nodes.flatMap((n) => n.output.slice(-15))].join('\n'));
    console.log(JSON.stringify(summary, null, 2));
    expect(violations).toEqual([]);
  }, (SOAK ? SOAK_MINUTES * 60 + 600 : 420) * 1000);
});

// ------------------------------------------------------------------------------ the checker

async function report(started: number): Promise<Record<string, unknown>> {
  await checkTheBooks();
  const acked = ops.filter((o) => o.id !== undefined);
  const summary = {
    date: new Date().toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    rounds,
    faults: faults.length,
    faultLog: faults,
    longestGapMs: Math.max(...faults.map((f) => f.gapMs ?? 0)),
    operations: ops.length,
    acknowledged: acked.length,
    refused: ops.filter((o) => o.refused).length,
    unanswered: ops.filter((o) => o.id === undefined && !o.refused).length,
    lost: lostCount,
    duplicated: duplicatedCount,
    httpUnanswered: http.unanswered,
    http503: http.unavailable,
    refusals: Object.fromEntries(refusals),
    reconnects: watchers.reduce((a, w) => a + w.reconnects, 0),
    violations,
  };
  if (SOAK) {
    const dir = path.join(REPO_ROOT, 'bench/results');
    await fs.writeFile(path.join(dir, 'cluster-soak.json'), `${JSON.stringify(summary, null, 2)}\n`);
    const byKind = new Map<string, { n: number; gap: number; recovery: number }>();
    for (const f of faults) {
      const k = byKind.get(f.kind) ?? { n: 0, gap: 0, recovery: 0 };
      byKind.set(f.kind, { n: k.n + 1, gap: Math.max(k.gap, f.gapMs ?? 0), recovery: Math.max(k.recovery, f.recoveryMs) });
    }
    const md = [
      '# Cluster soak: three nodes under faults',
      '',
      `Run ${summary.date} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), \`CLUSTER_SOAK=1 npx vitest run -c apps/server/vitest.faults.config.ts\`: ` +
        `${summary.seconds} s, ${rounds} rounds, ${faults.length} faults. Lease ${LEASE_MS} ms, renewed every ${RENEW_MS} ms.`,
      '',
      `Operations ${summary.operations}: acknowledged ${summary.acknowledged}, refused ${summary.refused}, unanswered ${summary.unanswered}; ` +
        `**lost ${lostCount}, duplicated ${duplicatedCount}**; violations ${violations.length}. Longest price gap ${summary.longestGapMs} ms.`,
      '',
      '| fault | times | longest price gap (ms) | target (ms) | slowest recovery on every node (ms) |',
      '| --- | --- | --- | --- | --- |',
      ...[...byKind].map(([kind, k]) => `| ${kind} | ${k.n} | ${k.gap || '-'} | ${faults.find((f) => f.kind === kind)?.targetMs ?? '-'} | ${k.recovery} |`),
      '',
    ];
    await fs.writeFile(path.join(dir, 'cluster-soak.md'), md.join('\n'));
  }
  return summary;
}

let lostCount = 0;
let duplicatedCount = 0;
function lost(msg: string): void {
  violations.push(msg);
  lostCount += 1;
}
function duplicated(msg: string): void {
  violations.push(msg);
  duplicatedCount += 1;
}

async function checkTheBooks(): Promise<void> {
  for (const v of await checkBooks(db)) violations.push(`books: ${JSON.stringify(v)}`);
  const negative = await sql<{ id: number }>`SELECT id FROM ledger_accounts WHERE user_id IS NOT NULL AND (balance < 0 OR lock_balance < 0)`.execute(db);
  for (const r of negative.rows) violations.push(`account ${r.id} below zero`);

  // Every acknowledged action in the books exactly once; every unanswered one at most once.
  const userIds = users.map((u) => u.id);
  const tables = {
    transfer: sql<{ id: number }>`SELECT id FROM transfers WHERE user_id IN (${sql.join(userIds)}) AND amount < 100`,
    open: sql<{ id: number }>`SELECT id FROM forex_orders WHERE user_id IN (${sql.join(userIds)}) AND origin_id = 0`,
    option: sql<{ id: number }>`SELECT id::int AS id FROM micro_orders WHERE user_id IN (${sql.join(userIds)})`,
    withdrawal: sql<{ id: number }>`SELECT id FROM withdrawals WHERE user_id IN (${sql.join(userIds)})`,
  };
  for (const [kind, query] of Object.entries(tables)) {
    const inBooks = new Set((await query.execute(db)).rows.map((r) => Number(r.id)));
    const mine = ops.filter((o) => o.kind === kind);
    const ackedIds = mine.filter((o) => o.id !== undefined).map((o) => o.id!);
    for (const id of ackedIds) if (!inBooks.has(id)) lost(`${kind} ${id} was acknowledged but is not in the books`);
    if (new Set(ackedIds).size !== ackedIds.length) duplicated(`${kind}: one row answered for two keys`);
    const unanswered = mine.filter((o) => o.id === undefined && !o.refused).length;
    if (inBooks.size > ackedIds.length + unanswered) duplicated(`${kind}: ${inBooks.size} rows for ${ackedIds.length} acknowledged and ${unanswered} other actions`);
  }
  // Each own order opened once, each close booked once.
  const posts = await sql<{ reference: string; kind: string; n: string }>`
    SELECT t.reference, t.kind, count(*)::text AS n FROM ledger_transactions t
    WHERE t.kind IN ('forex_open', 'forex_close', 'micro_stake', 'micro_settlement') GROUP BY 1, 2 HAVING count(*) > 1`.execute(db);
  for (const p of posts.rows) duplicated(`${p.kind} posted ${p.n} times for ${p.reference}`);
  const closes = await sql<{ id: number; status: number }>`SELECT id, status FROM forex_orders WHERE id IN (${sql.join([0, ...ops.filter((o) => o.kind === 'close' && o.id !== undefined).map((o) => o.id!)])})`.execute(db);
  for (const c of closes.rows) if (c.status !== 3) violations.push(`order ${c.id}: close acknowledged, status ${c.status}`);

  // Every option settled exactly once, at the first stored tick at or after its expiry.
  const options = await sql<{ id: string; status: number; close_type: number | null; exit_tick_seq: string | null; end_price: string | null; want_seq: string | null; want_price: string | null }>`
    SELECT o.id, o.status, o.close_type, o.exit_tick_seq, o.end_price, x.seq::text AS want_seq, x.price::text AS want_price
    FROM micro_orders o
    LEFT JOIN LATERAL (SELECT seq, price FROM ticks t WHERE t.symbol_id = o.symbol_id AND t.seq > o.entry_tick_seq AND t.at >= o.expire_at ORDER BY seq LIMIT 1) x ON true`.execute(db);
  for (const o of options.rows) {
    if (o.status !== 3 || o.close_type !== 1) violations.push(`option ${o.id} not settled (status ${o.status}, close type ${o.close_type})`);
    else if (o.exit_tick_seq !== o.want_seq || Number(o.end_price) !== Number(o.want_price)) violations.push(`option ${o.id} settled at tick ${o.exit_tick_seq} (${o.end_price}), the rule says ${o.want_seq} (${o.want_price})`);
  }
  // No write by a deposed epoch: every symbol's ticks form one unbroken hash chain in sequence
  // order. A paused leader that woke and stored its buffered ticks beside its successor's would
  // repeat a sequence number or break a link.
  const ticks = await sql<{ code: string; seq: string; price: string; at: Date; hash: Buffer | null }>`
    SELECT s.code, t.seq::text AS seq, t.price::text AS price, t.at, t.hash FROM ticks t JOIN trade_symbols s ON s.id = t.symbol_id ORDER BY t.symbol_id, t.seq`.execute(db);
  const heads = new Map<string, string>();
  let broken = 0;
  for (const t of ticks.rows) {
    const want = tickHash(heads.get(t.code) ?? GENESIS_HASH, t.code, Number(t.seq), t.price, t.at.getTime());
    if (t.hash?.toString('hex') !== want && broken++ < 5) violations.push(`${t.code} tick ${t.seq} breaks the hash chain: a second writer`);
    heads.set(t.code, t.hash?.toString('hex') ?? want);
  }
  if (ticks.rows.length === 0) violations.push('no tick was stored');

  // Copy trading: at most one copy per follower of each trader order.
  const copies = await sql<{ trader_order_id: number; follower_id: number; n: string }>`
    SELECT o.origin_id AS trader_order_id, o.user_id AS follower_id, count(*)::text AS n FROM forex_orders o WHERE o.origin_id <> 0 GROUP BY 1, 2 HAVING count(*) > 1`.execute(db);
  for (const c of copies.rows) duplicated(`trader order ${c.trader_order_id} copied ${c.n} times to user ${c.follower_id}`);
  const copied = Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM forex_orders WHERE origin_id <> 0`.execute(db)).rows[0]!.n);
  if (copied === 0) violations.push('no copy was made: copy trading did not run under the faults');
}
