import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints, type ForexOrder } from '@tp/contracts';
import { createBackup, restoreBackup, BackupRefusal, type Manifest } from './backup.js';
import { checkBooks } from './verify-books.js';
import { createDb, type Db } from './db/database.js';
import { createWorld, type World } from './fuzz/fuzz-world.js';
import { call, callEndpoint, demoLogin } from './test/http-helpers.js';
import { syncCopies } from './modules/follow/follow-replication.js';

/*
 * A platform filled through its own endpoints (real and demo users, forex orders, an option, a
 * copy of a trader's order, a loan, fund subscriptions, deposits with uploaded proofs), backed up
 * while a user keeps trading, restored into a new database and DATA_DIR: the restored books pass
 * the ledger verification and every table equals the snapshot the backup took, row for row, every
 * upload byte for byte.
 */

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
let world: World;
let work: string;
let restored: { db: Db; url: string; drop(): Promise<void> } | undefined;
const auth = (token: string) => ({ authorization: token });

beforeAll(async () => {
  world = await createWorld();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'tp-backup-'));
}, 60_000);
afterAll(async () => {
  await restored?.drop();
  await world?.t.close();
  await fs.rm(work, { recursive: true, force: true });
});

/** An option, and a trader's order copied to a follower: what createWorld does not make. */
async function optionAndCopy(): Promise<void> {
  const { t, btc, real, demo } = world;
  const option = await call(t.app, { method: 'POST', url: endpoints.micro.submit.path, headers: auth(demo.token), payload: { forex_id: btc, type: 1, number: '10', seconds: 30 } });
  expect(option.body.code, JSON.stringify(option.body)).toBe(1);
  await t.db.updateTable('users').set({ is_trader: true }).where('id', '=', real.userId).execute();
  const follower = await demoLogin(t.app, 'backup-follower');
  const followed = await callEndpoint(t.app, endpoints.follow.followTrader, { token: follower.token, input: { trader_id: real.userId, multiple: '1', max_amount: '5000' } });
  expect(followed.body.code, JSON.stringify(followed.body)).toBe(1);
  const own = await call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(real.token), payload: { type: 1, cont: '0.01', forex_id: btc, multiple: 10, status: 1 } });
  expect(own.body.code, JSON.stringify(own.body)).toBe(1);
  await syncCopies(t.db, t.app.bus, Date.now());
  const copy = await t.db.selectFrom('follow_copies').select('copy_order_id').where('trader_order_id', '=', own.body.data.Id).executeTakeFirst();
  expect(copy?.copy_order_id).toEqual(expect.any(Number));
}

/** Every table's rows as one digest each (the same text on both sides for the same rows). */
async function tableDigests(client: pg.Client, tables: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of tables) {
    const { rows } = await client.query<{ d: string }>(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM "${name}" x`);
    out[name] = rows[0]!.d;
  }
  return out;
}

async function sequences(db: Db): Promise<Record<string, string | null>> {
  const { rows } = await sql<{ name: string; last_value: string | null }>`SELECT sequencename AS name, last_value::text AS last_value FROM pg_sequences WHERE schemaname = 'public'`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, r.last_value]));
}

describe('backup and restore', () => {
  it('restores a running platform, backed up mid-trade, into a new database and DATA_DIR: books exact, every row and upload equal', async () => {
    const { t, btc } = world;
    await optionAndCopy();

    // A user trades on while the backup runs: the snapshot must still be one consistent moment.
    const trader = await demoLogin(t.app, 'backup-busy-trader');
    let trading = true;
    const busy = (async () => {
      // Open and close again: only fees are spent, so a slow backup cannot run the account dry.
      let n = 0;
      while (trading) {
        const opened = await call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(trader.token), payload: { type: 1 + (n++ % 2), cont: '0.01', forex_id: btc, multiple: 10, status: 1 } });
        expect(opened.body.code, JSON.stringify(opened.body)).toBe(1);
        const closed = await call(t.app, { method: 'POST', url: endpoints.forex.close.path, headers: auth(trader.token), payload: { id: opened.body.data.Id } });
        expect(closed.body.code, JSON.stringify(closed.body)).toBe(1);
      }
      return n;
    })();

    // The expected state is read in the backup's own snapshot, while the backup holds it.
    let expected: Record<string, string> = {};
    const archive = path.join(work, 'platform.tar.gz');
    const manifest: Manifest = await createBackup({
      databaseUrl: t.databaseUrl,
      dataDir: t.dataDir,
      file: archive,
      onSnapshot: async (snapshotId) => {
        const reader = new pg.Client({ connectionString: t.databaseUrl });
        await reader.connect();
        try {
          await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
          await reader.query(`SET TRANSACTION SNAPSHOT '${snapshotId}'`);
          const { rows } = await reader.query<{ relname: string }>(`SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relname NOT LIKE 'kysely_migration%'`);
          expected = await tableDigests(reader, rows.map((r) => r.relname));
          await reader.query('COMMIT');
        } finally {
          await reader.end();
        }
      },
    });
    trading = false;
    expect(await busy).toBeGreaterThan(0);

    expect(manifest.schema_version).toBe((await t.db.selectFrom('kysely_migration' as never).select(sql<string>`max(name)`.as('v')).executeTakeFirstOrThrow()).v);
    const rowsOf = (name: string) => manifest.tables.find((x) => x.name === name)?.rows ?? 0;
    for (const name of ['users', 'ledger_accounts', 'ledger_postings', 'forex_orders', 'micro_orders', 'follow_copies', 'loans', 'fund_subscriptions', 'uploads', 'charges', 'withdrawals']) expect(rowsOf(name), name).toBeGreaterThan(0);
    expect(Object.keys(expected).sort()).toEqual(manifest.tables.map((x) => x.name).sort());
    expect(manifest.uploads.length).toBeGreaterThanOrEqual(3);

    // Restored into a new database and a new DATA_DIR.
    restored = await createEmptyDatabase();
    const dataDir = path.join(work, 'restored-data');
    const { notes } = await restoreBackup({ file: archive, databaseUrl: restored.url, dataDir });
    expect(notes).toEqual([]);
    expect(await checkBooks(restored.db)).toEqual([]);
    const client = new pg.Client({ connectionString: restored.url });
    await client.connect();
    try {
      expect(await tableDigests(client, Object.keys(expected))).toEqual(expected);
    } finally {
      await client.end();
    }
    // Sequences go on from where they were: the next id is a new one.
    const restoredSequences = await sequences(restored.db);
    for (const s of manifest.sequences) expect(restoredSequences[s.name], s.name).toBe(s.last_value);
    for (const u of manifest.uploads) {
      const [a, b] = await Promise.all([fs.readFile(path.join(t.dataDir, 'uploads', u.name)), fs.readFile(path.join(dataDir, 'uploads', u.name))]);
      expect(Buffer.compare(a, b), u.name).toBe(0);
    }
    expect((await fs.readdir(path.join(dataDir, 'uploads'))).sort()).toEqual(manifest.uploads.map((u) => u.name).sort());
  }, 60_000);

  it('refuses a target that is not empty, and a damaged archive, changing nothing', async () => {
    const archive = path.join(work, 'platform.tar.gz');
    // The database restored above is not empty; nor is the source platform's.
    const before = await restored!.db.selectFrom('forex_orders').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    await expect(restoreBackup({ file: archive, databaseUrl: restored!.url, dataDir: path.join(work, 'other-data') })).rejects.toThrow(/not empty: the database already has \d+ tables/);
    expect(await restored!.db.selectFrom('forex_orders').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).toEqual(before);

    // One flipped byte inside the archive: refused before any target is touched.
    const bytes = await fs.readFile(archive);
    const damaged = path.join(work, 'damaged.tar.gz');
    const raw = (await import('node:zlib')).gunzipSync(bytes);
    const at = raw.indexOf(Buffer.from('\t'), 4096);
    raw[at + 1] = raw[at + 1] === 0x41 ? 0x42 : 0x41;
    await fs.writeFile(damaged, (await import('node:zlib')).gzipSync(raw));
    const empty = await createEmptyDatabase();
    try {
      const err = await restoreBackup({ file: damaged, databaseUrl: empty.url, dataDir: path.join(work, 'damaged-data') }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackupRefusal);
      expect((err as Error).message).toMatch(/the archive is damaged: tables\/\w+\.copy does not match its checksum/);
      const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM pg_tables WHERE schemaname = 'public'`.execute(empty.db);
      expect(rows[0]!.n).toBe('0');
    } finally {
      await empty.drop();
    }

    // The command says it in one line and exits 1.
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/backup-cli.ts', 'restore', archive], {
      cwd: REPO,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, DATABASE_URL: restored!.url, DATA_DIR: path.join(work, 'cli-data') },
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toMatch(/^restore: refusing to restore into a platform that is not empty/);
  }, 60_000);
});

/** A new database with nothing in it, on the tests' PostgreSQL. */
async function createEmptyDatabase(): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 2);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
