import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin, expectRefused, registerUser, type Registered } from '../../test/http-helpers.js';
import { adminToken, JPEG_HEAD, PNG_1X1, upload, WEBP_HEAD } from '../../test/wallet-helpers.js';
import { endpointPath, endpoints } from '@tp/contracts';

let t: TestApp;
let alice: Registered;
let bob: Registered;
const MAX = 64 * 1024;
beforeAll(async () => {
  t = await createTestApp({ config: { uploadMaxBytes: MAX } });
  alice = await registerUser(t.app, t.dataDir);
  bob = await registerUser(t.app, t.dataDir);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/common/image_upload', () => {
  it('stores a PNG under a random name outside the web root and answers its url', async () => {
    const res = await upload(t.app, alice.token);
    expect(res.body).toMatchObject({ code: 1, data: { url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.png$/) } });
    const name = res.body.data.url.split('/').pop()!;
    const stored = await fs.readFile(path.join(t.dataDir, 'uploads', name));
    expect(stored.equals(PNG_1X1)).toBe(true);
    const row = await t.db.selectFrom('uploads').selectAll().where('stored_name', '=', name).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: alice.user.id, mime: 'image/png', size: PNG_1X1.length });
  });

  it('goes by content, not by name or declared type: a PNG named .txt as text/plain is a PNG', async () => {
    const res = await upload(t.app, alice.token, PNG_1X1, { filename: 'notes.txt', contentType: 'text/plain' });
    expect(res.body.data.url).toMatch(/\.png$/);
    const jpg = await upload(t.app, alice.token, JPEG_HEAD, { filename: 'a.png', contentType: 'image/png' });
    expect(jpg.body.data.url).toMatch(/\.jpg$/);
    const webp = await upload(t.app, alice.token, WEBP_HEAD, { filename: 'a.gif' });
    expect(webp.body.data.url).toMatch(/\.webp$/);
  });

  it.each([
    ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml'],
    ['html', Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), 'x.png', 'image/png'],
    ['text', Buffer.from('hello'), 'x.jpg', 'image/jpeg'],
  ])('refuses %s whatever it claims to be', async (_n, content, filename, contentType) => {
    const before = await fs.readdir(path.join(t.dataDir, 'uploads')).catch(() => []);
    const res = await upload(t.app, alice.token, content, { filename, contentType });
    expectRefused(res, 'upload_not_image');
    expect(res.body.msg).toBe('僅支援上傳 PNG、JPEG 或 WebP 圖片');
    expect(await fs.readdir(path.join(t.dataDir, 'uploads')).catch(() => [])).toEqual(before);
  });

  it('refuses a file over the size limit with a localized message naming the limit', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(MAX + 1)]);
    const body = (await import('../../test/wallet-helpers.js')).multipartBody(big);
    const res = await call(t.app, { method: 'POST', url: endpoints.uploads.image.path, headers: { ...body.headers, authorization: alice.token, lang: 'en' }, payload: body.payload });
    expectRefused(res, 'upload_too_large');
    expect(res.body.msg).toBe('The image must not be larger than 0.06 MB');
  });

  it('refuses a request without a file, a file in another field, and a non-multipart body', async () => {
    expectRefused(await upload(t.app, alice.token, PNG_1X1, { field: 'image' }), 'upload_missing');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.uploads.image.path, headers: { authorization: alice.token }, payload: { file: 'x' } }), 'upload_missing');
  });

  it('needs login and a real account', async () => {
    expectRefused(await upload(t.app, ''), 'not_logged_in', 999);
    const demo = await demoLogin(t.app, 'upload-demo-1');
    expectRefused(await upload(t.app, demo.token), 'only_true_account');
  });
});

describe('GET /uploads/<name>', () => {
  it('serves the owner the sniffed type with nosniff and inline disposition', async () => {
    const { body } = await upload(t.app, alice.token, PNG_1X1, { filename: 'x.html', contentType: 'text/html' });
    const res = await t.app.inject({ method: 'GET', url: body.data.url, headers: { authorization: alice.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(res.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('never serves another user an upload (answers as if missing); an admin may read it', async () => {
    const { body } = await upload(t.app, alice.token);
    const other = await call(t.app, { method: 'GET', url: body.data.url, headers: { authorization: bob.token } });
    expectRefused(other, 'not_found');
    expectRefused(await call(t.app, { method: 'GET', url: body.data.url }), 'not_logged_in', 999);
    const admin = await t.app.inject({ method: 'GET', url: body.data.url, headers: { authorization: await adminToken(t.app) } });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['content-type']).toBe('image/png');
  });

  it('refuses names that are not upload names (no path tricks)', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'x.svg', `${'a'.repeat(32)}.html`]) {
      expectRefused(await call(t.app, { method: 'GET', url: endpointPath(endpoints.uploads.file, { name }), headers: { authorization: alice.token } }), 'not_found');
    }
  });
});
