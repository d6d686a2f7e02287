import crypto from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * A request id a proxy or client may hand us: short, and nothing a log line or a header could be
 * broken with (no spaces, quotes, newlines). Anything else is ignored and a fresh id is made, so a
 * caller cannot forge log lines or reuse another request's id to confuse a search.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** Fastify's genReqId: the caller's `x-request-id` when it is a safe token, else a random UUID. */
export function requestIdFor(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return value !== undefined && SAFE_REQUEST_ID.test(value) ? value : crypto.randomUUID();
}

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/**
 * The id of the request whose work is running, for records written far from the route (the audit
 * log is written by services that know nothing of Fastify); undefined outside a request (jobs).
 */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

/**
 * Every answer names its request (`x-request-id`), and the work a request starts runs in its
 * scope. The hook takes `done`: the rest of the request (later hooks, the handler) is called from
 * inside `run`, so everything it awaits inherits the scope.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, req.id);
    requestScope.run({ requestId: String(req.id) }, done);
  });
}
