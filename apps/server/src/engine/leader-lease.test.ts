import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startServer, type RunningServer } from '../main.js';
import { createTestDatabase } from '../test/test-app.js';
import { ManualFeed, testMarketConfig } from '../test/market-helpers.js';
import { until } from '../test/wait.js';
import { DEPOSED_EPOCH_ERROR, ENGINE_EPOCH_SETTING, LeaderElection } from './leader-election.js';

/*
 * The engine leader's lease and fencing epoch (migration 0029, leader-election.ts). Before them,
 * a leader whose process hung kept its advisory lock for as long as it hung: no standby took over,
 * no price moved, and when it woke nothing stopped it writing what it had in flight.
 */

const REPO = fileURLToPath(new URL('../../../..', import.meta.url));
const LEASE_MS = 1500;

let databaseUrl: string;
let drop: () => Promise<void>;
const dirs: string[] = [];

beforeAll(async () => {
  const database = await createTestDatabase();
  await database.db.destroy();
  databaseUrl = database.url;
  drop = database.drop;
});
afterAll(async () => {
  await drop();
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});


async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = [], options?: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl, ...(options ? { options } : {}) });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const lease = async () => (await query<{ epoch: string; holder: string }>('SELECT epoch::text AS epoch, holder FROM engine_lease'))[0]!;

describe('the fence', () => {
  it('refuses a write of a replaced epoch, ends its transactions in flight at takeover, and lets other writers through', async () => {
    const elected: string[] = [];
    const first = new LeaderElection({ databaseUrl, retryMs: 60_000, leaseMs: LEASE_MS, onElected: async (e) => void elected.push(e), onDeposed: async () => undefined });
    await first.start();
    const epoch = first.epoch!;
    expect(elected).toEqual([epoch]);

    // A write of this epoch in flight: it holds the fence until it ends.
    const inFlight = new pg.Client({ connectionString: databaseUrl, options: `-c ${ENGINE_EPOCH_SETTING}=${epoch}` });
    inFlight.on('error', () => undefined);
    await inFlight.connect();
    await inFlight.query('BEGIN');
    await inFlight.query(`UPDATE scheduled_runs SET finished_at = finished_at WHERE false`);

    // The first leader's lock goes (as when its connection is ended); another takes over.
    await first.stop();
    const second = new LeaderElection({ databaseUrl, retryMs: 60_000, leaseMs: LEASE_MS, onElected: async (e) => void elected.push(e), onDeposed: async () => undefined });
    await second.start();
    expect(Number(second.epoch)).toBe(Number(epoch) + 1);
    // The old epoch's transaction did not survive the takeover.
    await expect(inFlight.query('COMMIT')).rejects.toThrow();
    await inFlight.end().catch(() => undefined);

    // A new write of the old epoch is refused by the database; the current epoch and connections without one write.
    const write = 'UPDATE scheduled_runs SET finished_at = finished_at WHERE false';
    await expect(query(write, [], `-c ${ENGINE_EPOCH_SETTING}=${epoch}`)).rejects.toMatchObject({ code: DEPOSED_EPOCH_ERROR });
    await expect(query(write, [], `-c ${ENGINE_EPOCH_SETTING}=${second.epoch}`)).resolves.toEqual([]);
    await expect(query(write)).resolves.toEqual([]);
    await second.stop();
  });
});

describe('a graceful stop', () => {
  it('hands the engine over at once: the standby hears it and takes over, not at its next retry', async () => {
    const a = new LeaderElection({ databaseUrl, retryMs: 60_000, leaseMs: LEASE_MS, onElected: async () => undefined, onDeposed: async () => undefined });
    await a.start();
    expect(a.role).toBe('leader');
    const b = new LeaderElection({ databaseUrl, retryMs: 60_000, leaseMs: LEASE_MS, onElected: async () => undefined, onDeposed: async () => undefined });
    await b.start();
    expect(b.role).toBe('follower');
    const stoppedAt = Date.now();
    await a.stop();
    // Its retry is a minute away: only the leader's notice can wake it this soon.
    await until(() => b.role === 'leader', 1_000, 'the standby takes over');
    const handoverMs = Date.now() - stoppedAt;
    expect(handoverMs).toBeLessThan(500);
    expect(Number(b.epoch)).toBeGreaterThan(0);
    await b.stop();
  });
});

describe('a slow engine start', () => {
  it('keeps the leadership: the lease is renewed while the engine starts, and no standby takes over', async () => {
    let finish: () => void = () => undefined;
    const started = new Promise<void>((r) => (finish = r));
    const a = new LeaderElection({
      databaseUrl,
      retryMs: 60_000,
      leaseMs: LEASE_MS,
      renewMs: 200,
      onElected: async () => {
        // A first start generating history, or 10^6 positions to index: longer than the lease.
        await new Promise((r) => setTimeout(r, LEASE_MS * 3));
        finish();
      },
      onDeposed: async () => undefined,
    });
    const aStarted = a.start();
    await until(() => a.role === 'leader', 2_000, 'a leads');
    const epoch = a.epoch;
    const b = new LeaderElection({ databaseUrl, retryMs: 60_000, leaseMs: LEASE_MS, renewMs: 200, onElected: async () => undefined, onDeposed: async () => undefined });
    await b.start();
    await started;
    await aStarted;
    expect(a.role).toBe('leader');
    expect(a.epoch).toBe(epoch);
    expect(b.role).toBe('follower');
    expect((await lease()).epoch).toBe(epoch);
    await a.stop();
    await b.stop();
  });

  it('gives the lock back when the engine fails to start, so another process takes it', async () => {
    const a = new LeaderElection({
      databaseUrl,
      retryMs: 60_000,
      leaseMs: LEASE_MS,
      renewMs: 200,
      onElected: async () => {
        throw new Error('no feed');
      },
      onDeposed: async () => undefined,
    });
    await a.start();
    const b = new LeaderElection({ databaseUrl, retryMs: 60_000, leaseMs: LEASE_MS, renewMs: 200, onElected: async () => undefined, onDeposed: async () => undefined });
    await b.start();
    await until(() => b.role === 'leader', 3_000, 'the standby takes the engine the failed start gave back');
    await a.stop();
    await b.stop();
  });
});

describe('a hung leader', () => {
  let leaderA: ChildProcess | undefined;
  let b: RunningServer | undefined;
  afterAll(async () => {
    if (leaderA && leaderA.exitCode === null) {
      leaderA.kill('SIGCONT');
      leaderA.kill('SIGKILL');
    }
    await b?.stop().catch(() => undefined);
  });

  it('is replaced once its lease expires, and writes nothing when it wakes', async () => {
    const dataA = await fs.mkdtemp(path.join(os.tmpdir(), 'tp-lease-a-'));
    const dataB = await fs.mkdtemp(path.join(os.tmpdir(), 'tp-lease-b-'));
    dirs.push(dataA, dataB);
    // Node A: a whole server process with the simulated feed storing ticks every 100 ms.
    let outA = '';
    leaderA = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataA,
        PORT: '0',
        HOST: '127.0.0.1',
        ADMIN_PASSWORD: 'lease-test-admin-password',
        HISTORY_BARS: '20',
        TICK_FLUSH_MS: '100',
        LEADER_RETRY_MS: '200',
        ENGINE_LEASE_MS: String(LEASE_MS),
        ENGINE_LEASE_RENEW_MS: '300',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    leaderA.stdout!.on('data', (d: Buffer) => (outA += d.toString()));
    leaderA.stderr!.on('data', (d: Buffer) => (outA += d.toString()));
    await until(() => outA.includes('Trading platform ready'), 60_000, 'node A starts');
    await until(async () => (await lease()).holder.endsWith(`:${leaderA!.pid}`), 10_000, 'node A leads');
    const epochA = Number((await lease()).epoch);
    await until(async () => Number((await query<{ n: string }>('SELECT count(*)::text AS n FROM ticks'))[0]!.n) > 0, 10_000, 'node A stores ticks');

    // Node B: a standby with a feed that stores nothing unless told.
    const config = loadConfig(
      {},
      {
        port: 0,
        host: '127.0.0.1',
        dataDir: dataB,
        databaseUrl,
        logLevel: 'silent',
        adminPassword: 'lease-test-admin-password',
        webDistDir: path.join(dataB, 'none'),
        market: testMarketConfig({ leaderRetryMs: 200, leaseMs: LEASE_MS, leaseRenewMs: 300 }),
      },
    );
    const feedB = new ManualFeed();
    b = await startServer(config, { engine: { onlySymbols: ['BTCUSDT'], feeds: (symbols) => ((feedB.symbols = symbols), [feedB]) } });
    await until(() => b!.runtime!.election.role === 'follower', 5_000, 'node B follows');

    // A hangs with its connections open: it keeps its advisory lock, and renews nothing.
    leaderA.kill('SIGSTOP');
    const stoppedAt = Date.now();
    await until(() => b!.runtime!.election.role === 'leader' && b!.runtime!.ready(), LEASE_MS + 4_000, 'node B takes over');
    const takeoverMs = Date.now() - stoppedAt;
    expect(takeoverMs).toBeLessThan(LEASE_MS + 2_000);
    const now = await lease();
    expect(Number(now.epoch)).toBeGreaterThan(epochA);
    expect(now.holder.endsWith(`:${process.pid}`)).toBe(true);
    const health = (await b.app.inject({ method: 'GET', url: '/healthz' })).json() as { engine: { role: string; epoch: number; holder: string } };
    expect(health.engine).toMatchObject({ role: 'leader', epoch: Number(now.epoch), holder: now.holder });
    const takenAt = (await query<{ at: Date }>('SELECT now() AS at'))[0]!.at;

    // A wakes: its feed, its flush timer and its renewal run again, with the old epoch.
    leaderA.kill('SIGCONT');
    await until(() => /stepping down|lock connection/.test(outA), 10_000, 'node A steps down');
    await new Promise((r) => setTimeout(r, 1000));
    const written = await query<{ n: string }>('SELECT count(*)::text AS n FROM ticks WHERE at > $1', [takenAt]);
    expect(written[0]!.n).toBe('0');
    expect((await lease()).epoch).toBe(now.epoch);

    // The new leader writes: its prices are the stored ones now.
    feedB.push({ code: 'BTCUSDT', price: '123456.78' });
    await until(async () => (await query('SELECT 1 FROM ticks WHERE price = 123456.78')).length === 1, 5_000, 'node B stores a tick');
  }, 120_000);
});
