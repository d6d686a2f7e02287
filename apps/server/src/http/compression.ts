import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Below this an answer goes as it is: headers and framing would eat what compression saves.
 * Single answers (an order, a balance) stay under it; lists (symbols, the home screen's
 * mini charts: about 64 KB of JSON) are what a phone on a mobile network waits for.
 */
export const COMPRESS_MIN_BYTES = 1024;

/** Text answers the server builds (API JSON, the hint pages); built files come precompressed. */
const COMPRESSIBLE = /^(application\/(json|javascript|xml|manifest\+json)|text\/|image\/svg\+xml)/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/**
 * Brotli at quality 4: per answer, on the fly, it compresses JSON better than gzip's default and
 * about as fast (quality 11, right for files built once, costs tens of ms on a 64 KB answer).
 */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** The encoding to answer with: brotli if the client takes it, else gzip, else none. q=0 refuses. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const list = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(list)) reply.header('vary', list ? `${list}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses the server's own text answers of at least COMPRESS_MIN_BYTES (brotli or gzip by
 * Accept-Encoding, in zlib's thread pool, so the event loop is not held). Files of the builds are
 * left alone: @fastify/static sends their precompressed copies and sets Content-Encoding itself;
 * streams (uploads, exports) and answers without a body pass as they are. The cheap checks (body
 * kind and size) come first: most answers are small and leave after them.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < COMPRESS_MIN_BYTES || req.method === 'HEAD') return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304 || reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
    addVary(reply);
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = encoding === 'br' ? await brotli(payload, BROTLI_OPTIONS) : await gzip(payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
