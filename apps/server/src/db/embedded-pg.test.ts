import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LEGACY_PASSWORD, passwordFileOf, startEmbeddedPg, type EmbeddedPg } from './embedded-pg.js';

// Starts its own clusters (initdb once): the embedded database of `npm start`, not the test cluster.
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** The same cluster's URL with another password. */
function withPassword(url: string, password: string): string {
  const u = new URL(url);
  u.password = password;
  return u.toString();
}

async function refusesLogin(url: string): Promise<string | undefined> {
  return query(url, 'SELECT 1').then(
    () => undefined,
    (err: { code?: string }) => err.code,
  );
}

describe('embedded PostgreSQL', () => {
  it('gets a random password kept in DATA_DIR/pg-password (0600), listens on 127.0.0.1 only, and an older cluster with the fixed password is moved to its own', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tp-embedded-pg-'));
    dirs.push(dataDir);
    const pgDir = path.join(dataDir, 'pg');
    const file = passwordFileOf(pgDir);
    expect(file).toBe(path.join(dataDir, 'pg-password'));

    let cluster: EmbeddedPg = await startEmbeddedPg(pgDir);
    let password: string;
    try {
      const stat = await fs.stat(file);
      expect(stat.mode & 0o777).toBe(0o600);
      password = (await fs.readFile(file, 'utf8')).trim();
      expect(password.length).toBeGreaterThanOrEqual(24);
      expect(password).not.toBe(LEGACY_PASSWORD);
      expect(new URL(cluster.adminUrl).password).toBe(password);
      expect(await query<{ listen_addresses: string }>(cluster.adminUrl, 'SHOW listen_addresses')).toEqual([{ listen_addresses: '127.0.0.1' }]);
      expect(await refusesLogin(withPassword(cluster.adminUrl, LEGACY_PASSWORD))).toBe('28P01');
    } finally {
      await cluster.stop();
    }

    // A second start keeps the password.
    cluster = await startEmbeddedPg(pgDir);
    try {
      expect(new URL(cluster.adminUrl).password).toBe(password);
      expect(await query(cluster.adminUrl, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      // Make it a cluster of the previous release: the fixed password and no password file.
      await query(cluster.adminUrl, `ALTER USER postgres WITH PASSWORD '${LEGACY_PASSWORD}'`);
      await fs.rm(file);
    } finally {
      await cluster.stop();
    }

    // The upgrade: the first start after it gives the cluster a password of its own.
    cluster = await startEmbeddedPg(pgDir);
    try {
      const upgraded = (await fs.readFile(file, 'utf8')).trim();
      expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      expect(upgraded).not.toBe(LEGACY_PASSWORD);
      expect(new URL(cluster.adminUrl).password).toBe(upgraded);
      expect(await query(cluster.adminUrl, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(await refusesLogin(withPassword(cluster.adminUrl, LEGACY_PASSWORD))).toBe('28P01');
    } finally {
      await cluster.stop();
    }
  }, 120_000);
});
