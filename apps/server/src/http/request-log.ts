import type { FastifyInstance } from 'fastify';

/** Paths answered by the API, the websocket and the health check; everything else is a built file. */
const DYNAMIC = /^\/(api|v2|admin\/api|healthz|docs)(\/|$|\?)/;

/**
 * The level of a request's one log line. Fastify's own logging writes two lines per request
 * ("incoming request" and "request completed"); ours writes one when the answer is sent. Static
 * files (the web app, the console, uploads) would drown the API's lines, so a successful one is
 * logged at debug only; any answer of 400 or more stays at info.
 */
export function requestLogLevel(url: string, statusCode: number): 'info' | 'debug' {
  if (statusCode >= 400) return 'info';
  return DYNAMIC.test(url) ? 'info' : 'debug';
}

/** One JSON line per request: method, path, status and time taken (errors are logged where they happen too). */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    const level = requestLogLevel(req.url, reply.statusCode);
    req.log[level]({ method: req.method, url: req.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
}
