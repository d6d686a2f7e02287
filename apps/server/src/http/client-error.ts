import crypto from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANG } from '@tp/contracts';
import { refusalEnvelope } from './envelope.js';
import { REQUEST_ID_HEADER } from './request-id.js';

/**
 * The security headers of every answer (security-headers.ts sets them through helmet, which never
 * sees this one): an answer to a request Node could not parse is data, never a page.
 */
const RAW_SECURITY_HEADERS = [
  "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options: nosniff',
  'X-Frame-Options: DENY',
  'Referrer-Policy: no-referrer',
].map((h) => `${h}\r\n`).join('');

/**
 * Answers a request Node could not parse (headers or a query string beyond the server's header
 * limit, a malformed request line, a timeout) with the envelope, then closes: the request never
 * reached a route, so its `lang` header is unread and the default language answers. Written on
 * the socket because no reply object exists yet (Fastify's `clientErrorHandler`).
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  // No request exists to carry an id: one is made here, for the answer and its log line alike.
  const requestId = crypto.randomUUID();
  const body = JSON.stringify({ ...refusalEnvelope(DEFAULT_LANG, status === 431 ? 'request_too_large' : 'bad_request'), request_id: requestId });
  this.log.debug({ reqId: requestId, err: { code: err.code, message: err.message } }, 'client error');
  if (!socket.writable) return void socket.destroy();
  const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n${REQUEST_ID_HEADER}: ${requestId}\r\n${RAW_SECURITY_HEADERS}`;
  // Closed once the answer is flushed (destroying at once could drop it).
  socket.end(`${head}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`, () => socket.destroy());
}
