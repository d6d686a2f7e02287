import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig, type ConfigOverrides } from '../config.js';
import { createDb, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedIfEmpty } from '../db/seed/seed.js';

/** Databases of the current test file; setup-ledger-check.ts verifies each after every test. */
export const activeDbs = new Set<Db>();
/** Of those, the ones whose holds are checked against their reasons too (all but the ledger's own mechanics). */
export const holdCheckedDbs = new Set<Db>();

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  databaseUrl: string;
  close(): Promise<void>;
}

export const TEST_ADMIN_PASSWORD = 'admin-password-for-tests';

async function withAdminClient<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated and seeded database with its own name. */
export async function createTestDatabase(): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 20);
  await migrateToLatest(db);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A test database seeded as a first start seeds it: for the tests of what the seed ships. */
export async function createSeededTestDatabase(): Promise<Awaited<ReturnType<typeof createTestDatabase>>> {
  const database = await createTestDatabase();
  await seedIfEmpty(database.db, { adminEmail: 'admin@example.com', adminPassword: 'seeded-database-password', dataDir: '/tmp', log: () => undefined });
  return database;
}

export interface TestAppOptions {
  config?: ConfigOverrides;
  /** Add routes (e.g. one that throws) before the app is ready. */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** The app's clock for trading actions (market hours). */
  now?: () => number;
  /** Pino options for a test that reads the log (default: no log). */
  logger?: BuildAppOptions['logger'];
  /**
   * false: skip the holds check after each test. Only for the ledger's own suites, which post
   * bare holds of test kinds to prove the ledger's mechanics, with no business row behind them.
   */
  checkHolds?: boolean;
}

/**
 * Limits on costly actions that a test file meets without meaning to: every injected request
 * comes from 127.0.0.1 (one address for all demo accounts of a file), and helpers upload a proof
 * for every deposit. The tests of these limits set their own small values.
 */
const UNLIMITED_FOR_TESTS = { demoAccountsPerIpPerHour: 1_000_000, uploadsPerHour: 1_000_000, uploadBytesPerDay: 2 ** 40, accountIpLimitPerMinute: 1_000_000 };

/** The real app on its own database, for app.inject or app.listen({ port: 0 }). */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tp-data-'));
  const database = await createTestDatabase();
  const config = loadConfig({}, { dataDir, webDistDir: path.join(dataDir, 'no-web-dist'), adminDistDir: path.join(dataDir, 'no-admin-dist'), logLevel: 'silent', ...UNLIMITED_FOR_TESTS, ...opts.config });
  await seedIfEmpty(database.db, { adminEmail: config.adminEmail, adminPassword: TEST_ADMIN_PASSWORD, dataDir, log: () => undefined });
  const app = await buildApp({ db: database.db, config, logger: opts.logger ?? false, now: opts.now });
  await opts.extend?.(app);
  await app.ready();
  activeDbs.add(database.db);
  if (opts.checkHolds !== false) holdCheckedDbs.add(database.db);
  return {
    app,
    db: database.db,
    dataDir,
    databaseUrl: database.url,
    close: async () => {
      activeDbs.delete(database.db);
      holdCheckedDbs.delete(database.db);
      await app.close();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface OutboxLine {
  channel: 'email' | 'sms';
  to: string;
  type: string;
  code: string | null;
  text: string;
  created_at: string;
}

export async function readOutbox(dataDir: string): Promise<OutboxLine[]> {
  const raw = await fs.readFile(path.join(dataDir, 'outbox.jsonl'), 'utf8').catch(() => '');
  return raw
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as OutboxLine);
}

/** The newest code the outbox holds for an address. */
export async function lastCode(dataDir: string, to: string): Promise<string> {
  const line = (await readOutbox(dataDir)).filter((l) => l.to === to).at(-1);
  if (!line?.code) throw new Error(`no code in the outbox for ${to}`);
  return line.code;
}
