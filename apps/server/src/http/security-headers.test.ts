import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { endpoints } from '@tp/contracts';
import { buildApp } from '../app.js';
import { loadConfig, REPO_ROOT } from '../config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { registerUser, type Registered } from '../test/http-helpers.js';
import { upload } from '../test/wallet-helpers.js';
import { HSTS_VALUE } from './security-headers.js';

let t: TestApp;
/** The app serving a (small) web build, as in production. */
let web: FastifyInstance;
let alice: Registered;
beforeAll(async () => {
  t = await createTestApp();
  const dist = path.join(t.dataDir, 'dist');
  await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>web app</title><script type="module" src="./assets/app.js"></script>');
  await fs.writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  web = await buildApp({ db: t.db, config: { ...t.app.config, webDistDir: dist }, logger: false });
  alice = await registerUser(t.app, t.dataDir);
});
afterAll(async () => {
  await web.close();
  await t.close();
});

/** The directives of a Content-Security-Policy header, by name. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** What every answer carries, whatever it is. */
function expectSecurityHeaders(res: LightMyRequestResponse): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['content-security-policy']).toBeDefined();
  expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http
}

/** The policy of the web app, the admin console and /docs: own files only, no inline script, never framed. */
function expectAppPolicy(res: LightMyRequestResponse): void {
  const d = csp(res);
  expect(d.get('default-src')).toEqual(["'self'"]);
  expect(d.get('script-src')).toEqual(["'self'"]);
  expect(d.get('script-src-attr')).toEqual(["'none'"]);
  expect(d.get('object-src')).toEqual(["'none'"]);
  expect(d.get('frame-ancestors')).toEqual(["'none'"]);
  expect(d.get('connect-src')).toEqual(["'self'"]); // the API and the same-origin websocket
  expect(d.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
  expect(d.get('media-src')).toEqual(["'self'", 'https:']); // the video settings: own clips or https links
  for (const [, values] of d) expect(values).not.toContain("'unsafe-eval'");
  expect(d.get('script-src')).not.toContain("'unsafe-inline'");
}

describe('security headers on every answer', () => {
  it('the web app (index.html and its files)', async () => {
    const index = await web.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expectSecurityHeaders(index);
    expectAppPolicy(index);
    const asset = await web.inject({ method: 'GET', url: '/assets/app.js' });
    expectSecurityHeaders(asset);
  });

  it('an API answer, a refusal and a 404 (envelopes)', async () => {
    const ok = await web.inject({ method: 'GET', url: endpoints.settings.basicInfo.path });
    expect(ok.json().code).toBe(1);
    expectSecurityHeaders(ok);
    const refused = await web.inject({ method: 'GET', url: endpoints.users.info.path });
    expect(refused.json()).toMatchObject({ code: 999, error: 'not_logged_in' });
    expectSecurityHeaders(refused);
    const missing = await web.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing);
    const admin404 = await web.inject({ method: 'GET', url: '/admin/nope' });
    expectSecurityHeaders(admin404);
    expectAppPolicy(admin404);
  });

  it('an upload keeps its own stricter policy (sandboxed, nothing loads)', async () => {
    const { body } = await upload(t.app, alice.token);
    const res = await web.inject({ method: 'GET', url: body.data.url, headers: { authorization: alice.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('/docs (swagger-ui) and its document', async () => {
    const page = await web.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-initializer.js');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script to allow
    expectSecurityHeaders(page);
    expectAppPolicy(page);
    const init = await web.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    const doc = await web.inject({ method: 'GET', url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    expectSecurityHeaders(doc);
  });

  it('the web app on www. may call its API host api. (spec 7) over http(s) and the websocket; a forged Host adds nothing', async () => {
    const page = await web.inject({ method: 'GET', url: '/', headers: { host: 'www.example.com:8080' } });
    const d = csp(page);
    expect(d.get('connect-src')).toEqual(["'self'", 'http://api.example.com:8080', 'ws://api.example.com:8080']);
    expect(d.get('img-src')).toContain('http://api.example.com:8080');
    expect(page.headers['cross-origin-resource-policy']).toBe('same-site');
    const forged = await web.inject({ method: 'GET', url: '/', headers: { host: "www.example.com; script-src 'unsafe-inline'" } });
    expect(csp(forged).get('connect-src')).toEqual(["'self'"]);
    expect(csp(forged).get('script-src')).toEqual(["'self'"]);
    expect(String(forged.headers['content-security-policy']).match(/script-src\s/g)).toHaveLength(1);
  });

  it('CSP_EXTRA_ORIGINS adds origins the app may call (an app built with VITE_API_ORIGIN); anything but origins is refused at start', async () => {
    const config = { ...t.app.config, cspExtraOrigins: loadConfig({ CSP_EXTRA_ORIGINS: 'https://backend.test:9000, wss://backend.test:9000' }).cspExtraOrigins };
    const app = await buildApp({ db: t.db, config, logger: false });
    try {
      const d = csp(await app.inject({ method: 'GET', url: '/' }));
      expect(d.get('connect-src')).toEqual(["'self'", 'https://backend.test:9000', 'wss://backend.test:9000']);
    } finally {
      await app.close();
    }
    expect(() => loadConfig({ CSP_EXTRA_ORIGINS: "https://x.test; script-src 'unsafe-inline'" })).toThrow(/CSP_EXTRA_ORIGINS/);
  });

  it('HSTS only over TLS behind a trusted proxy (TRUST_PROXY=1 and X-Forwarded-Proto: https)', async () => {
    // Without a trusted proxy, a client's X-Forwarded-Proto proves nothing.
    const untrusted = await web.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const proxied = await buildApp({ db: t.db, config: { ...t.app.config, trustProxy: true }, logger: false });
    try {
      const https = await proxied.inject({ method: 'GET', url: endpoints.settings.basicInfo.path, headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe(HSTS_VALUE);
      const http = await proxied.inject({ method: 'GET', url: endpoints.settings.basicInfo.path, headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('the web app has no inline script: its index.html (and the build, when there is one) loads scripts by src only', async () => {
    const sources = [path.join(REPO_ROOT, 'apps/web/index.html'), path.join(REPO_ROOT, 'apps/web/dist/index.html')].filter((f) => existsSync(f));
    expect(sources.length).toBeGreaterThan(0);
    for (const file of sources) {
      const html = await fs.readFile(file, 'utf8');
      const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
      expect(scripts.length, file).toBeGreaterThan(0);
      for (const s of scripts) {
        expect(s, file).toMatch(/\bsrc=/);
        expect(s.replace(/^<script\b[^>]*>/, '').replace(/<\/script>$/, '').trim(), file).toBe('');
      }
      expect(html, file).not.toMatch(/\son[a-z]+=/i); // no inline event handlers either
    }
  });
});
