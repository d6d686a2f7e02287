import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createDb } from '../db/database.js';
import { createReadinessCheck } from './readiness.js';

/*
 * /readyz: 200 only when this node should take traffic. 503 `draining` once it stops (see
 * drain.test.ts), `migrating` while its migrations have not all run, `unavailable` when the
 * database is gone or too slow to answer; one answer serves the probes of a second.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A server that accepts connections and never answers: a hung database. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('/readyz', () => {
  it('is 503 "migrating" while a migration has not run, and 200 "ready" once it has', async () => {
    const last = await t.db.selectFrom('kysely_migration' as never).select(['name' as never, 'timestamp' as never]).orderBy('name' as never, 'desc').executeTakeFirstOrThrow();
    const { name, timestamp } = last as { name: string; timestamp: string };
    await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(t.db);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'migrating' });
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, ${timestamp})`.execute(t.db);
    }
    expect(await createReadinessCheck(t.db)()).toBe('ready');
  });

  it('is "unavailable" when the database refuses connections or does not answer in time', async () => {
    const refused = createDb('postgres://nobody:nothing@127.0.0.1:1/none', 1);
    const silent = await silentServer();
    const hung = createDb(`postgres://nobody:nothing@127.0.0.1:${silent.port}/none`, 1);
    try {
      expect(await createReadinessCheck(refused, { cacheMs: 0 })()).toBe('unavailable');
      const started = Date.now();
      expect(await createReadinessCheck(hung, { cacheMs: 0, timeoutMs: 200 })()).toBe('unavailable');
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      // The silent server goes first: the pool's connect attempt then fails at once instead of at its timeout.
      await silent.close();
      await refused.destroy().catch(() => undefined);
      await hung.destroy().catch(() => undefined);
    }
  });

  it('keeps an answer for its cache time, then asks the database again', async () => {
    const db = createDb(t.databaseUrl, 1);
    const cached = createReadinessCheck(db, { cacheMs: 60_000 });
    const uncached = createReadinessCheck(db, { cacheMs: 0, timeoutMs: 500 });
    expect(await Promise.all([cached(), cached(), uncached()])).toEqual(['ready', 'ready', 'ready']);
    // The database is gone for this pool: the kept answer stands until its time is up.
    await db.destroy();
    expect(await cached()).toBe('ready');
    expect(await uncached()).toBe('unavailable');
  });
});
