import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';
import { call, expectRefused } from './test/http-helpers.js';
import { endpoints } from '@tp/contracts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/test/boom', async () => {
        throw new Error('secret internal detail');
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('envelope', () => {
  it('unknown paths answer HTTP 404 with code 0, localized', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/nope', headers: { lang: 'en' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 0, msg: 'Not found', data: null, error: 'not_found', request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect((await call(t.app, { method: 'POST', url: '/v2/api/whatever' })).body.msg).toBe('找不到內容');
  });

  it('a server fault answers HTTP 500 with a generic msg and a request id; no details leak', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/boom', headers: { lang: 'fr' } });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ code: 0, msg: 'Une erreur est survenue, veuillez réessayer plus tard', data: null, error: 'server_error' });
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toContain('secret');
  });

  it('the lang header picks the language; unknown falls back to hk', async () => {
    const langs: Record<string, string> = { en: 'Please log in', jp: 'ログインしてください', ar: 'يرجى تسجيل الدخول', cs: 'Přihlaste se prosím', xx: '請先登入' };
    for (const [lang, msg] of Object.entries(langs)) {
      const res = await call(t.app, { method: 'GET', url: endpoints.users.info.path, headers: { lang } });
      expect(res.body).toEqual({ code: 999, msg, data: null, error: 'not_logged_in', request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    }
  });

  it('`t` is accepted and ignored', async () => {
    const a = await call(t.app, { method: 'GET', url: `${endpoints.settings.companyStatus.path}?t=1712345678901` });
    const b = await call(t.app, { method: 'GET', url: endpoints.settings.companyStatus.path });
    expect(a.body).toEqual(b.body);
    expect(a.body.code).toBe(1);
  });

  it('malformed JSON, wrong content type and an oversized body are refusals, not faults', async () => {
    const bad = await call(t.app, { method: 'POST', url: endpoints.users.login.path, headers: { 'content-type': 'application/json' }, payload: '{"account":' });
    expectRefused(bad, 'bad_request');
    const xml = await call(t.app, { method: 'POST', url: endpoints.users.login.path, headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expectRefused(xml, 'bad_request');
    const big = await call(t.app, { method: 'POST', url: endpoints.users.login.path, payload: { account: 'a@b.cd', password: 'x'.repeat(300 * 1024) } });
    expectRefused(big, 'bad_request');
  });
});

describe('service endpoints', () => {
  it('/healthz is 200 once migrated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/healthz is 503 "degraded" while a price feed of this process is silent, and ok again when it flows', async () => {
    const { buildApp } = await import('./app.js');
    let stale = ['binance'];
    const app = await buildApp({ db: t.db, config: t.app.config, logger: false, ready: () => true, staleFeeds: () => stale });
    try {
      const down = await app.inject({ method: 'GET', url: '/healthz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'degraded', stale_feeds: ['binance'] });
      stale = [];
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
    }
  });

  it('/healthz is 503 on a database that is not migrated', async () => {
    const { createDb } = await import('./db/database.js');
    const { buildApp } = await import('./app.js');
    const { sql } = await import('kysely');
    const url = new URL(t.databaseUrl);
    const empty = `t_empty_${Date.now()}`;
    await sql.raw(`CREATE DATABASE ${empty}`).execute(t.db);
    url.pathname = `/${empty}`;
    const db = createDb(url.toString(), 2);
    const app = await buildApp({ db, config: t.app.config, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(503);
    } finally {
      await app.close();
      await db.destroy();
      await sql.raw(`DROP DATABASE ${empty} WITH (FORCE)`).execute(t.db);
    }
  });

  it('OpenAPI is generated from the zod schemas at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([endpoints.users.login.path, endpoints.users.register.path, endpoints.wallet.balances.path, endpoints.notify.captcha.path]));
    const login = doc.paths[endpoints.users.login.path].post;
    expect(JSON.stringify(login.requestBody)).toContain('account');
    expect((await t.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
  });

  it('without a web build, / explains to run npm run build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('npm run build');
  });

  it('with a web build, / serves its index.html and assets; API 404s stay JSON', async () => {
    const dist = path.join(t.dataDir, 'dist');
    await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>web app</title>');
    await fs.writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const { buildApp } = await import('./app.js');
    const app = await buildApp({ db: t.db, config: { ...t.app.config, webDistDir: dist }, logger: false });
    try {
      const index = await app.inject({ method: 'GET', url: '/' });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('web app');
      expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
      const missing = await app.inject({ method: 'GET', url: '/api/nope' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 0, error: 'not_found' });
      expect((await app.inject({ method: 'GET', url: endpoints.settings.basicInfo.path })).json().code).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('without an admin build, /admin/ explains to run npm run build; /admin redirects there', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('admin console');
    expect(res.body).toContain('npm run build');
    const bare = await t.app.inject({ method: 'GET', url: '/admin' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/admin/');
  });

  it('with both builds, /admin/ serves the console beside the web app; the admin API stays the API', async () => {
    const web = path.join(t.dataDir, 'web-dist');
    const admin = path.join(t.dataDir, 'admin-dist');
    await fs.mkdir(path.join(admin, 'assets'), { recursive: true });
    await fs.mkdir(web, { recursive: true });
    await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><title>web app</title>');
    await fs.writeFile(path.join(admin, 'index.html'), '<!doctype html><title>admin console</title>');
    await fs.writeFile(path.join(admin, 'assets', 'console.js'), 'console.log(2)');
    const { buildApp } = await import('./app.js');
    const app = await buildApp({ db: t.db, config: { ...t.app.config, webDistDir: web, adminDistDir: admin }, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('web app');
      const page = await app.inject({ method: 'GET', url: '/admin/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('admin console');
      expect((await app.inject({ method: 'GET', url: '/admin/assets/console.js' })).body).toBe('console.log(2)');
      expect((await app.inject({ method: 'GET', url: '/admin' })).headers.location).toBe('/admin/');
      // The admin API is reached through the static prefix: without a token it answers 999.
      expect((await app.inject({ method: 'GET', url: endpoints.admin.deposits.path })).json()).toMatchObject({ code: 999 });
      const missing = await app.inject({ method: 'GET', url: '/admin/api/nope' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 0, error: 'not_found' });
      expect((await app.inject({ method: 'GET', url: '/admin/missing.js' })).json()).toMatchObject({ code: 0, error: 'not_found' });
    } finally {
      await app.close();
    }
  });
});
