import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Http2SecureServer } from 'node:http2';
import Fastify, { LogController, type FastifyHttp2SecureOptions, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { inputValidatorCompiler } from './http/input-validator.js';
import { DEFAULT_LANG, WS_CLOSE_SERVICE_RESTART } from '@tp/contracts';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { isMigrated } from './db/migrate.js';
import { eventDeliveryLagMs } from './engine/event-outbox.js';
import { processNodeName, readEngineLease } from './engine/leader-election.js';
import { registerDocs } from './http/docs.js';
import { registerDocuments } from './http/documents.js';
import { registerErrorHandling } from './http/error-handler.js';
import { frameworkErrors } from './http/framework-errors.js';
import { registerCompression } from './http/compression.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerStaticAssets } from './http/static-assets.js';
import { registerRequestLog } from './http/request-log.js';
import { registerMetrics } from './http/metrics.js';
import { registerRequestId, requestIdFor } from './http/request-id.js';
import { createReadinessCheck, type ReadinessOptions } from './http/readiness.js';
import { resolveLang } from './http/messages/index.js';
import { clientErrorHandler } from './http/client-error.js';
import { createInProcessBus, type Bus } from './realtime/bus.js';
import { registerWsGateway } from './realtime/ws-gateway.js';
import { createOutbox, type Outbox } from './modules/notify/index.js';
import type { ModuleDefinition } from './modules/define-module.js';
import { MODULES, assertLedgerKindsOwnedOnce } from './modules.js';
import './http/types.js';

/** The engine part of /healthz: this process's role, and the lease's epoch and holder. */
async function engineHealth(db: Db, role: string) {
  const lease = await readEngineLease(db).catch(() => undefined);
  return { role, epoch: lease ? Number(lease.epoch) : null, holder: lease?.holder ?? null, lease_expires_in_ms: lease?.expiresInMs ?? null };
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
    /** The clock of trading actions (market hours); tests fix it. */
    now: () => number;
    /** Set when the process began to stop: /readyz answers 503 so a balancer sends nothing new. */
    draining: boolean;
    /** This process's part in running the engine, for the admin dashboard. */
    engineStatus: () => EngineStatus;
  }
}

/** What the composition knows about this process and the engine (the admin dashboard shows it). */
export interface EngineStatus {
  /** This process: host name and pid, as the engine lock's connection names it. */
  node: string;
  /** 'leader', 'follower', 'unknown', or 'off' when this process runs no election (ENGINE disabled, tests). */
  role: string;
  /** Feeds this process runs that went silent (only the leader runs feeds). */
  staleFeeds: string[];
}

export interface BuildAppOptions {
  db: Db;
  config: Config;
  bus?: Bus;
  outbox?: Outbox;
  /**
   * Whether the price feed runs here, or this process follows the leader (MarketRuntime.ready).
   * Without it (tests of other modules) /healthz reports the database alone. The bus's state is
   * reported apart (`degraded`), from `bus`.
   */
  ready?: () => boolean;
  /** The names of this process's price feeds that went silent (MarketRuntime.staleFeeds). */
  staleFeeds?: () => string[];
  /** The clock of trading actions (market hours); tests fix it. Defaults to Date.now. */
  now?: () => number;
  /** Pino logger options, or false; defaults to the config's level. */
  logger?: FastifyServerOptions['logger'];
  /** This process's engine role (MarketRuntime's election); without it the process runs no engine. */
  engineRole?: () => string;
  /** The modules whose routes are served (default: all of them, MODULES). */
  modules?: readonly ModuleDefinition[];
  /** How long /readyz keeps its database answer and waits for it (tests shorten the cache). */
  readiness?: ReadinessOptions;
}

/** The page shown where a front end (the web app, the admin console) has not been built. */
function buildHintHtml(what: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Trading platform</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem">
<h1>The server is running</h1>
<p>${what} has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds and serves) and reload this page.</p>
<p>API documentation: <a href="/docs">/docs</a>. Health: <a href="/healthz">/healthz</a>.</p>
</body></html>`;
}
const WEB_HINT_HTML = buildHintHtml('The web app');
const ADMIN_HINT_HTML = buildHintHtml('The admin console');

/** Builds the Fastify app (not listening). main.ts listens; tests use app.inject or listen on port 0. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = opts;
  const options = {
    // A request Node cannot parse (a query or headers beyond 16 KB) still gets the envelope.
    clientErrorHandler,
    logger: opts.logger ?? { level: config.logLevel },
    // One line per request from http/request-log.ts instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A caller's (or proxy's) x-request-id when it is a safe token, so one id follows a request
    // across the proxy's log and ours; a fresh UUID otherwise.
    genReqId: requestIdFor,
    bodyLimit: 256 * 1024,
    trustProxy: config.trustProxy,
    frameworkErrors,
    // A request that reaches a stopping server (on a kept-alive connection) is served, not refused
    // with Fastify's own non-envelope 503: the database is still there until the requests end,
    // and the listener is already closed, so nothing new arrives.
    return503OnClosing: false,
  };
  // With a certificate the server speaks HTTPS itself: HTTP/2 to browsers (one connection carries
  // a screen's dozen files and its API calls at once, where HTTP/1.1 opens up to six, each with
  // its own handshake and slow start - seconds on a phone's network), HTTP/1.1 to the rest
  // (allowHTTP1: the websocket's upgrade is an HTTP/1.1 request). The routes only use what Node's
  // HTTP/2 compatibility API shares with HTTP/1.1 (headers, status, body streams), so the app is
  // typed as the HTTP/1.1 one.
  const app = (
    config.tls
      ? Fastify({ ...options, http2: true, https: { allowHTTP1: true, cert: config.tls.cert, key: config.tls.key } } as unknown as FastifyHttp2SecureOptions<Http2SecureServer>)
      : Fastify(options)
  ) as unknown as FastifyInstance;
  app.setValidatorCompiler(inputValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('bus', opts.bus ?? createInProcessBus());
  app.decorate('outbox', opts.outbox ?? createOutbox(config.dataDir, config.smtpUrl, app.log));
  app.decorate('now', opts.now ?? Date.now);
  app.decorate('draining', false);
  app.decorate('engineStatus', (): EngineStatus => ({ node: processNodeName(), role: opts.engineRole?.() ?? 'off', staleFeeds: opts.staleFeeds?.() ?? [] }));
  app.decorateRequest('lang', DEFAULT_LANG);
  app.decorateRequest('user', null);
  app.decorateRequest('admin', null);
  registerRequestId(app);
  app.addHook('onRequest', async (req) => {
    req.lang = resolveLang(req.headers.lang);
  });

  registerErrorHandling(app);
  registerMetrics(app);
  registerRequestLog(app);
  await registerSecurityHeaders(app);
  registerCompression(app);
  await app.register(formbody);
  // Only routes that name a limit are limited (login, code sending, captcha; statements per user).
  await app.register(rateLimit, { global: false });
  await registerDocs(app);
  registerDocuments(app);
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // Closing on purpose: every socket hears "service restart" (the plugin's default closes with
    // no code), so clients reconnect at once, to another node behind a balancer.
    preClose(this: FastifyInstance, done: () => void) {
      for (const client of this.websocketServer.clients) client.close(WS_CLOSE_SERVICE_RESTART, 'server restarting');
      this.websocketServer.close();
      done();
    },
  });

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    const ok = (await isMigrated(db).catch(() => false)) && (opts.ready?.() ?? true);
    if (!ok) return reply.code(503).send({ status: 'unavailable' });
    // A silent external feed leaves prices frozen: the process runs, but must not look healthy.
    const stale = opts.staleFeeds?.() ?? [];
    if (stale.length > 0) return reply.code(503).send({ status: 'degraded', stale_feeds: stale });
    // Outbox delivery lag is one number for the whole cluster: past the threshold every node says
    // degraded, but stays 200 - taking all nodes out of a balancer for a slow consumer would turn
    // a delay into an outage. Shown (in ms) whenever some event waits.
    const lag = await eventDeliveryLagMs(db).catch(() => null);
    // A process that takes part in the election says who leads and with which epoch (the lease
    // row, the same from every node), and its own part.
    const engine = opts.engineRole ? await engineHealth(db, opts.engineRole()) : undefined;
    const extra = { ...(lag === null ? {} : { event_lag_ms: lag }), ...(engine ? { engine } : {}) };
    // Without Redis a node still serves HTTP and its own sockets (only pushes from other nodes
    // stop): degraded, named, and 200 like the lag.
    const degraded = [...(app.bus.isConnected() ? [] : [app.bus.transport]), ...(lag !== null && lag > config.eventLagDegradedMs ? ['event_delivery'] : [])];
    if (degraded.length > 0) return reply.code(200).send({ status: 'degraded', degraded, ...extra });
    return reply.code(200).send({ status: 'ok', ...extra });
  });

  // Once the app closes, the answer to a request still in flight closes its connection: Node's
  // server.close() only reaps connections that are idle when it is called, so a kept-alive one
  // would hold the close open until its keep-alive timeout (72 s).
  app.addHook('preClose', async () => {
    app.draining = true;
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (app.draining && req.raw.httpVersionMajor < 2) reply.header('connection', 'close');
    done(null, payload);
  });

  // Readiness for a load balancer: a node that is stopping (draining its requests) or has lost its
  // database takes no new traffic. Liveness and the engine's state stay on /healthz.
  // `migrating`: this code's migrations have not all run on the database yet.
  const readiness = createReadinessCheck(db, opts.readiness);
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    if (app.draining) return reply.code(503).send({ status: 'draining' });
    const status = await readiness();
    return reply.code(status === 'ready' ? 200 : 503).send({ status });
  });

  const modules = opts.modules ?? MODULES;
  assertLedgerKindsOwnedOnce(modules);
  for (const m of modules) {
    if (m.routes) await app.register(m.routes);
    if (m.adminRoutes) await app.register(m.adminRoutes);
  }
  await registerWsGateway(app);

  if (existsSync(path.join(config.webDistDir, 'index.html'))) {
    await registerStaticAssets(app, { root: config.webDistDir, prefix: '/', decorateReply: true });
  } else {
    app.get('/', { schema: { hide: true } }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(WEB_HINT_HTML));
  }
  // The admin console on the same port. Its API routes (/admin/api/...) are registered above and
  // are more specific than /admin/*, so they win; an unknown /admin/api/ path finds no file and
  // gets the JSON 404 envelope from the not-found handler. The console routes with a hash
  // (#/queues/deposits), so the server only ever serves its index.html and its assets.
  app.get('/admin', { schema: { hide: true } }, async (_req, reply) => reply.redirect('/admin/', 301));
  if (existsSync(path.join(config.adminDistDir, 'index.html'))) {
    // A second @fastify/static: the first one already decorated reply.sendFile.
    await registerStaticAssets(app, { root: config.adminDistDir, prefix: '/admin/', decorateReply: false });
  } else {
    app.get('/admin/', { schema: { hide: true } }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(ADMIN_HINT_HTML));
  }

  return app;
}
