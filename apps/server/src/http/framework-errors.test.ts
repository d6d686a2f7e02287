import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Found by the fuzz suite: a broken percent escape in a path param got Fastify's bare 400 body.
describe('a path the router cannot decode', () => {
  it('is refused as a bad request in the envelope, in the caller\'s language', async () => {
    for (const url of ['/uploads/%E0%A4%A', '/logos/%', '/admin/api/deposits/%ZZ/approve']) {
      const res = await t.app.inject({ method: url.startsWith('/admin') ? 'POST' : 'GET', url, headers: { lang: 'en' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ code: 0, msg: 'Invalid request', data: null, error: 'bad_request', request_id: res.headers['x-request-id'] });
    }
  });
});
