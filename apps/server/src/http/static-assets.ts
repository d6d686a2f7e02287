import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Files whose names carry a content hash (Vite's `assets/`): a new build gives new names. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/**
 * The html names the hashed files of the current build, and the service worker names the files it
 * precaches: the browser must ask for both every time, or a phone keeps an old build.
 */
export const HTML_CACHE = 'no-cache';
/** Public files under a fixed name (logo, manifest): a change shows within the hour. */
export const PUBLIC_FILE_CACHE = 'public, max-age=3600';

const COMPRESSED_COPY = /\.(br|gz)$/;

/** The Cache-Control of a built file, from its path relative to the served root. */
export function cacheControlFor(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/').replace(COMPRESSED_COPY, '');
  if (file.startsWith('assets/')) return IMMUTABLE_CACHE;
  if (file.endsWith('.html') || file === 'sw.js') return HTML_CACHE;
  return PUBLIC_FILE_CACHE;
}

/**
 * Serves one front end's build (the web app at `/`, the console at `/admin/`). The build writes
 * `.br` and `.gz` copies beside each text asset (vite-plugin-compression2); `preCompressed` sends
 * brotli when the client accepts it, then gzip, else the original, with the matching
 * Content-Encoding. Every answer says `Vary: Accept-Encoding`, so a shared cache never hands a
 * brotli body to a client that did not ask for it. Cache-Control is ours (`cacheControl: false`
 * keeps send's `max-age=0` off): hashed assets a year and immutable, the html always revalidated.
 */
export async function registerStaticAssets(
  app: FastifyInstance,
  opts: { root: string; prefix: string; decorateReply: boolean },
): Promise<void> {
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: opts.prefix,
    decorateReply: opts.decorateReply,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', cacheControlFor(path.relative(opts.root, filePath)));
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
}
