import crypto from 'node:crypto';
import { statfs } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import type { ErrorKey } from '@tp/contracts';
import { httpDuration, httpRateLimited, httpRefusals, httpRequests, metricsRegistry, statusClass } from '../lib/metrics.js';
import { refusalEnvelope } from './envelope.js';
import { resolveLang } from './messages/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * This app's own scrape-time metrics (its database's queues, its sockets, its DATA_DIR), served
     * with the process-wide ones of lib/metrics.ts. Modules add their gauges here.
     */
    metricsRegistry: Registry;
    /** The separate metrics listener's address (METRICS_PORT), once the app listens; else undefined. */
    metricsAddress(): AddressInfo | undefined;
  }
  interface FastifyContextConfig {
    /** The endpoint object's name (`wallet.transfer`), set by route(): the label of the HTTP metrics. */
    endpoint?: string;
  }
}

/** The endpoint label of a request: its endpoint object, `other` for a route that is none (health, files), `not_found`. */
function endpointLabel(req: FastifyRequest): string {
  return req.routeOptions.config?.endpoint ?? (req.routeOptions.url === undefined ? 'not_found' : 'other');
}

/** Counts a refusal answered in the envelope (error-handler.ts): by its error key, and rate-limit refusals apart. */
export function noteRefusal(req: FastifyRequest, key: ErrorKey): void {
  const endpoint = endpointLabel(req);
  httpRefusals.inc({ endpoint, error: key });
  if (key === 'too_many_requests') httpRateLimited.inc({ endpoint });
}

/** Whether the Authorization header carries the configured token (compared in constant time). */
function hasToken(req: FastifyRequest | http.IncomingMessage, token: string): boolean {
  const header = req.headers.authorization;
  const given = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return given !== '' && crypto.timingSafeEqual(digest(given), digest(token));
}

/** The free space of DATA_DIR's filesystem: the disk alert's figure (uploads, outbox, the embedded database). */
function dataDirGauges(app: FastifyInstance): void {
  const dir = app.config.dataDir;
  const read = async () => statfs(dir).catch(() => undefined);
  new Gauge({
    name: 'tp_data_dir_free_bytes',
    help: 'Bytes free for unprivileged use on the filesystem holding DATA_DIR.',
    registers: [app.metricsRegistry],
    async collect() {
      const s = await read();
      if (s) this.set(s.bavail * s.bsize);
    },
  });
  new Gauge({
    name: 'tp_data_dir_size_bytes',
    help: 'Size in bytes of the filesystem holding DATA_DIR.',
    registers: [app.metricsRegistry],
    async collect() {
      const s = await read();
      if (s) this.set(s.blocks * s.bsize);
    },
  });
}

/** The Prometheus text of the process and this app. */
async function scrape(app: FastifyInstance): Promise<{ body: string; contentType: string }> {
  const merged = Registry.merge([metricsRegistry, app.metricsRegistry]);
  return { body: await merged.metrics(), contentType: merged.contentType };
}

/**
 * GET /metrics (Prometheus text) and the HTTP metrics. Not public: with METRICS_PORT it is served
 * only on that separate listener (METRICS_HOST, default 127.0.0.1), without a token, and not on
 * the public port; otherwise on the public port only with `Authorization: Bearer <METRICS_TOKEN>`,
 * and refused when no token is set.
 */
export function registerMetrics(app: FastifyInstance): void {
  app.decorate('metricsRegistry', new Registry());
  dataDirGauges(app);

  // Once per answered request: a label lookup and two increments. Websocket upgrades are
  // counted when the socket closes, as Fastify answers them then.
  app.addHook('onResponse', async (req, reply) => {
    const endpoint = endpointLabel(req);
    httpRequests.inc({ endpoint, method: req.method, status_class: statusClass(reply.statusCode) });
    httpDuration.observe({ endpoint, method: req.method }, reply.elapsedTime / 1000);
  });

  const { metricsToken, metricsHost, metricsPort } = app.config;
  let listener: http.Server | undefined;
  app.decorate('metricsAddress', () => (listener?.address() ?? undefined) as AddressInfo | undefined);

  if (metricsPort === undefined) {
    app.get('/metrics', { schema: { hide: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
      const lang = req.lang ?? resolveLang(req.headers.lang);
      // No token configured: nobody may read it here (METRICS_PORT is the other way).
      if (metricsToken === undefined) return reply.code(403).send({ ...refusalEnvelope(lang, 'forbidden'), request_id: String(req.id) });
      if (!hasToken(req, metricsToken)) return reply.code(401).header('www-authenticate', 'Bearer').send({ ...refusalEnvelope(lang, 'forbidden'), request_id: String(req.id) });
      const { body, contentType } = await scrape(app);
      return reply.code(200).type(contentType).send(body);
    });
    return;
  }

  // The separate listener starts with the app's and closes with it; a plain Node server, so the
  // public port's hooks (security headers, compression, rate limits) neither apply nor count.
  app.addHook('onListen', async () => {
    if (listener) return;
    const server = http.createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'GET' || path !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found: GET /metrics\n');
        return;
      }
      if (metricsToken !== undefined && !hasToken(req, metricsToken)) {
        res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' }).end('bearer token required\n');
        return;
      }
      scrape(app).then(
        ({ body, contentType }) => res.writeHead(200, { 'content-type': contentType }).end(body),
        (err: unknown) => {
          app.log.error({ err }, 'metrics scrape failed');
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('scrape failed\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(metricsPort, metricsHost, () => {
        server.off('error', reject);
        resolve();
      });
    });
    listener = server;
    app.log.info(`metrics on http://${metricsHost}:${(server.address() as AddressInfo).port}/metrics`);
  });
  app.addHook('onClose', async () => {
    const server = listener;
    listener = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
