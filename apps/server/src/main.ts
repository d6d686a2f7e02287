import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { createDb, type Db } from './db/database.js';
import { startEmbeddedPg, type EmbeddedPg } from './db/embedded-pg.js';
import { migrateToLatest } from './db/migrate.js';
import { seedIfEmpty } from './db/seed/seed.js';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  url: string;
  config: Config;
  stop(): Promise<void>;
}

/**
 * Starts everything: the database (embedded PostgreSQL in DATA_DIR/pg unless DATABASE_URL is
 * set), migrations, first-start seed, the app, and the listener.
 */
export async function startServer(config: Config = loadConfig()): Promise<RunningServer> {
  let embedded: EmbeddedPg | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPg(path.join(config.dataDir, 'pg'), (m) => {
      if (config.logLevel === 'debug' || config.logLevel === 'trace') console.log(`[pg] ${m}`);
    });
    databaseUrl = embedded.adminUrl;
  }
  const db = createDb(databaseUrl);
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, dataDir: config.dataDir, log: (l) => console.log(l) });
    const app = await buildApp({ db, config });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://localhost:${port}/`;
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        await app.close();
        await db.destroy();
        await embedded?.stop();
      })());
    return { app, db, url, config, stop };
  } catch (err) {
    await db.destroy().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
}

async function main(): Promise<void> {
  const server = await startServer();
  console.log(`Trading platform ready: ${server.url}`);
  const shutdown = (signal: string) => {
    console.log(`${signal} received, shutting down`);
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error('Failed to start:', err);
    process.exit(1);
  });
}
