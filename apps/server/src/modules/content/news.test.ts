import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type AdminNews, type Paged } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callEndpoint, demoLogin, expectRefused } from '../../test/http-helpers.js';
import { adminToken } from '../../test/wallet-helpers.js';
import { sanitizeNewsHtml } from './sanitize-news.js';

describe('sanitizeNewsHtml', () => {
  it.each([
    ['<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['<p onclick="steal()" style="color:red">x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/png;base64,AAAA" onerror="x()">', '<img />'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<style>body{display:none}</style><h2>T</h2>', '<h2>T</h2>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<form action="/x"><input name="a"></form>', ''],
    ['<a href="https://example.com" target="_blank">x</a>', '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<p><strong>b</strong> <em>i</em> <s>s</s></p><ul><li>a</li></ul><blockquote>q</blockquote><pre><code>c</code></pre>', '<p><strong>b</strong> <em>i</em> <s>s</s></p><ul><li>a</li></ul><blockquote>q</blockquote><pre><code>c</code></pre>'],
    ['<img src="/uploads/a.png" alt="chart">', '<img src="/uploads/a.png" alt="chart" />'],
  ])('%s -> %s', (input, expected) => {
    expect(sanitizeNewsHtml(input)).toBe(expected);
  });
});

describe('news in the admin console', () => {
  let t: TestApp;
  let admin: string;
  const e = endpoints.adminConfig;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the seeded articles and their translations, newest first, paged', async () => {
    const page = (await callEndpoint(t.app, e.news, { token: admin, input: { page: 1 } })).body.data as Paged<AdminNews>;
    // Three originals (0014) and hk and ar translations of two of them (0015).
    expect(page).toMatchObject({ total: 7, current_page: 1, last_page: 1, per_page: 20 });
    expect(page.data.filter((n) => n.translation_of !== null).map((n) => n.language).sort()).toEqual(['ar', 'ar', 'hk', 'hk']);
    expect(page.data.every((n) => n.published && n.content.startsWith('<p>'))).toBe(true);
    expect(page.data[0]!.id).toBeGreaterThan(page.data[1]!.id);
  });

  it('saves sanitized html, changes and withdraws an article, audited with before and after', async () => {
    const made = await callEndpoint(t.app, e.createNews, {
      token: admin,
      input: { title: 'Oil slips', desc: 'Brent eased.', content: '<p onmouseover="x()">Brent <b>eased</b><script>steal()</script></p>', category_id: 1, logo: '/uploads/oil.png', language: 'en' },
    });
    expect(made.body).toMatchObject({ code: 1, data: { title: 'Oil slips', content: '<p>Brent <b>eased</b></p>', published: false, language: 'en' } });
    const id = (made.body.data as AdminNews).id;
    const changed = await callEndpoint(t.app, e.updateNews, { token: admin, params: { id }, input: { published: true, content: '<p>Brent <a href="javascript:alert(1)">eased</a></p>' } });
    expect(changed.body.data).toMatchObject({ published: true, content: '<p>Brent <a>eased</a></p>', title: 'Oil slips' });
    const stored = await t.db.selectFrom('news').select(['content', 'created_by']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.content).toBe('<p>Brent <a>eased</a></p>');
    const audit = await t.db.selectFrom('audit_log').select(['action', 'detail']).where('target', '=', `news:${id}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['news.create', 'news.update']);
    expect(audit[1]!.detail).toMatchObject({ before: { published: false, content_length: 25 }, after: { published: true, content_length: 25 } });
  });

  it('refuses bad input and other callers', async () => {
    for (const bad of [
      { title: '', content: '<p>x</p>', category_id: 1 },
      { title: 'x', content: '<p>x</p>', category_id: 9 },
      { title: 'x', content: '<p>x</p>', category_id: 1, logo: 'javascript:alert(1)' },
      { title: 'x', content: '<p>x</p>', category_id: 1, language: 'xx' },
    ]) {
      expectRefused(await callEndpoint(t.app, e.createNews, { token: admin, input: bad as never }), 'bad_request');
    }
    expectRefused(await callEndpoint(t.app, e.updateNews, { token: admin, params: { id: 99999 }, input: { title: 'x' } }), 'not_found');
    const { token } = await demoLogin(t.app, 'news-user');
    expectRefused(await callEndpoint(t.app, e.news, { token, input: { page: 1 } }), 'not_logged_in', 999);
    expectRefused(await callEndpoint(t.app, e.createNews, { token, input: { title: 'x', content: 'x', category_id: 1 } }), 'not_logged_in', 999);
  });
});
