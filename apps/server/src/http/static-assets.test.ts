import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { HTML_CACHE, IMMUTABLE_CACHE, PUBLIC_FILE_CACHE } from './static-assets.js';

// A small fake build of both front ends, laid out as Vite and the compression plugin write it:
// hashed files under assets/, each text file with its .br and .gz beside it, except the ones too
// small to gain from compression (the plugin skips those, so the server must send the original).
const WEB_INDEX = '<!doctype html><title>web app</title><script type="module" src="./assets/index-Ab12Cd34.js"></script>';
const WEB_SCRIPT = `export const app = ${JSON.stringify('trading '.repeat(400))};`;
const WEB_STYLE = `body { color: #111; } ${'.row { margin: 0 }\n'.repeat(200)}`;
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const TINY_CHUNK = 'export{}';
const SERVICE_WORKER = 'self.addEventListener("install", () => self.skipWaiting());';
const MANIFEST = JSON.stringify({ name: 'TradePlatform', start_url: './', icons: [] });
const ADMIN_INDEX = '<!doctype html><title>admin console</title>';
const ADMIN_SCRIPT = `export const console = ${JSON.stringify('review '.repeat(400))};`;

async function writeWithCopies(file: string, body: string, copies = true): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, body);
  if (!copies) return;
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(body));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(body));
}

function decoded(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  return res.rawPayload.toString('utf8');
}

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  const web = path.join(t.dataDir, 'web-dist');
  const admin = path.join(t.dataDir, 'admin-dist');
  await writeWithCopies(path.join(web, 'index.html'), WEB_INDEX);
  await writeWithCopies(path.join(web, 'assets', 'index-Ab12Cd34.js'), WEB_SCRIPT);
  await writeWithCopies(path.join(web, 'assets', 'index-Ef56Gh78.css'), WEB_STYLE);
  await writeWithCopies(path.join(web, 'assets', 'tiny-Zz99Yy88.js'), TINY_CHUNK, false);
  await writeWithCopies(path.join(web, 'logo.svg'), LOGO, false);
  await writeWithCopies(path.join(web, 'sw.js'), SERVICE_WORKER, false);
  await writeWithCopies(path.join(web, 'manifest.webmanifest'), MANIFEST);
  await writeWithCopies(path.join(admin, 'index.html'), ADMIN_INDEX);
  await writeWithCopies(path.join(admin, 'assets', 'index-Ij90Kl12.js'), ADMIN_SCRIPT);
  const { buildApp } = await import('../app.js');
  app = await buildApp({ db: t.db, config: { ...t.app.config, webDistDir: web, adminDistDir: admin }, logger: false });
});
afterAll(async () => {
  await app?.close();
  await t.close();
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? headers : { ...headers, 'accept-encoding': acceptEncoding } });

describe('precompressed assets by Accept-Encoding', () => {
  it('sends brotli when accepted, even listed after gzip; the body decompresses to the file', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(WEB_SCRIPT.length);
    expect(decoded(res)).toBe(WEB_SCRIPT);
  });

  it('sends gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await get('/assets/index-Ef56Gh78.css', accept);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers['content-type']).toContain('text/css');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(res)).toBe(WEB_STYLE);
    }
  });

  it('sends the original without Accept-Encoding, with identity, or for an unsupported coding', async () => {
    for (const accept of [undefined, 'identity', 'zstd']) {
      const res = await get('/assets/index-Ab12Cd34.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(WEB_SCRIPT);
    }
  });

  it('sends the original of a file that has no compressed copy, even when brotli is accepted', async () => {
    const res = await get('/assets/tiny-Zz99Yy88.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(TINY_CHUNK);
  });

  it('compresses the index page at / and /index.html, and the console at /admin/', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type']).toContain('text/html');
      expect(decoded(res)).toBe(WEB_INDEX);
    }
    const page = await get('/admin/', 'gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(decoded(page)).toBe(ADMIN_INDEX);
    const script = await get('/admin/assets/index-Ij90Kl12.js', 'br');
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(script)).toBe(ADMIN_SCRIPT);
  });
});

describe('cache headers', () => {
  it('hashed assets of both front ends are cached a year as immutable, in every encoding', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/assets/index-Ef56Gh78.css', '/assets/tiny-Zz99Yy88.js', '/admin/assets/index-Ij90Kl12.js']) {
      for (const accept of ['br', 'gzip', 'identity']) {
        expect((await get(url, accept)).headers['cache-control'], `${url} ${accept}`).toBe(IMMUTABLE_CACHE);
      }
    }
    expect(IMMUTABLE_CACHE).toBe('public, max-age=31536000, immutable');
  });

  it('the html is always revalidated: /, /index.html, /admin/, /admin/index.html', async () => {
    for (const url of ['/', '/index.html', '/admin/', '/admin/index.html']) {
      for (const accept of ['br', 'identity']) {
        expect((await get(url, accept)).headers['cache-control'], `${url} ${accept}`).toBe(HTML_CACHE);
      }
    }
    expect(HTML_CACHE).toBe('no-cache');
  });

  it('the service worker is always revalidated, so a phone never keeps an old build', async () => {
    const res = await get('/sw.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(HTML_CACHE);
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('the web app manifest is served with its content type and a short max-age', async () => {
    const res = await get('/manifest.webmanifest', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers['cache-control']).toBe(PUBLIC_FILE_CACHE);
    expect(JSON.parse(decoded(res))).toMatchObject({ name: 'TradePlatform' });
  });

  it('a public file under a fixed name (the logo) gets a short max-age', async () => {
    const res = await get('/logo.svg', 'br');
    expect(res.headers['cache-control']).toBe(PUBLIC_FILE_CACHE);
    expect(PUBLIC_FILE_CACHE).toMatch(/^public, max-age=\d+$/);
    expect(Number(PUBLIC_FILE_CACHE.split('=')[1])).toBeLessThanOrEqual(86_400);
  });

  it('a revalidation of the html with its ETag answers 304 and keeps no-cache', async () => {
    const first = await get('/', 'br');
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await get('/', 'br', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe(HTML_CACHE);
  });
});

describe('unchanged around the static files', () => {
  it('static answers, compressed or not, carry the security headers', async () => {
    for (const [url, accept] of [['/', 'br'], ['/assets/index-Ab12Cd34.js', 'gzip'], ['/admin/', 'identity']] as const) {
      const res = await get(url, accept);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('unknown API paths and missing files still answer the JSON 404, uncompressed and never cached a year', async () => {
    for (const url of ['/api/nope', '/admin/api/nope', '/assets/missing.js', '/admin/missing.js']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
      expect(res.json()).toMatchObject({ code: 0, error: 'not_found' });
    }
  });
});
