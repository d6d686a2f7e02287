import { expect, test } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { startServerProcess, type StartedServer } from './server-process.js';
import { endpoints } from '@tp/contracts';

// `npm start` as a newcomer runs it: a fresh data directory, the embedded PostgreSQL, the URL
// printed; a second start on the same directory keeps the users and the admin's password.

// Every server this file starts, so a failed assertion never leaves one (and its PostgreSQL) running.
const started = new Set<ChildProcess>();
test.afterEach(async () => {
  await Promise.all([...started].map((child) => stop(child)));
});

async function startServer(dataDir: string, port: number): Promise<StartedServer> {
  const server = await startServerProcess(dataDir, port, { adminPassword: '' });
  started.add(server.child);
  return server;
}

function stop(child: ChildProcess): Promise<void> {
  started.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

test('a second start reuses the data of the first', async ({ request }) => {
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-lifecycle-'));
  const port = freePort();
  const demoId = `lifecycle-${Date.now()}`;

  const first = await startServer(dataDir, port);
  expect(first.url).toContain(`:${port}`);
  const health = await request.get(`${first.url}/healthz`);
  // The one process leads the engine with the first epoch of this database.
  expect(await health.json()).toEqual({ status: 'ok', engine: { role: 'leader', epoch: 1, holder: expect.stringMatching(/:\d+$/), lease_expires_in_ms: expect.any(Number) } });
  const created = await (await request.get(`${first.url}${endpoints.users.demoLogin.path}?demo_id=${demoId}`)).json();
  expect(created.code).toBe(1);
  // No ADMIN_PASSWORD: a random one is generated and written once.
  const passwordFile = join(dataDir, 'admin-password.txt');
  expect(existsSync(passwordFile)).toBe(true);
  const adminPassword = readFileSync(passwordFile, 'utf8');
  expect(adminPassword.trim().length).toBeGreaterThanOrEqual(12);
  // The embedded PostgreSQL's own random password, readable by the server's user only.
  const pgPasswordFile = join(dataDir, 'pg-password');
  expect(statSync(pgPasswordFile).mode & 0o777).toBe(0o600);
  const pgPassword = readFileSync(pgPasswordFile, 'utf8');
  expect(pgPassword.trim().length).toBeGreaterThanOrEqual(24);
  await stop(first.child);

  const second = await startServer(dataDir, port);
  const again = await (await request.get(`${second.url}${endpoints.users.demoLogin.path}?demo_id=${demoId}`)).json();
  expect(again.code).toBe(1);
  expect(again.data.user.uid).toBe(created.data.user.uid);
  expect(readFileSync(passwordFile, 'utf8')).toBe(adminPassword);
  expect(readFileSync(pgPasswordFile, 'utf8')).toBe(pgPassword);
  await stop(second.child);
});
