import { logCapture } from '../test/log-capture.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@tp/contracts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test/test-app.js';
import { requestIdFor } from './request-id.js';

/*
 * One id per request, everywhere a person looks: the answer's x-request-id header, every refusal's
 * envelope (so a user's screenshot of a refusal leads to the log), the request's log line (reqId)
 * and the audit row of a staff action it did.
 */

const { lines, stream } = logCapture();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream } });
});
afterAll(async () => {
  await t.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const logLineOf = (reqId: unknown) => lines.find((l) => l.msg === 'request' && l.reqId === reqId);

describe('request ids', () => {
  it('a refusal (code 0 and 999) carries the id of its header and its log line', async () => {
    const refused = await t.app.inject({ method: 'POST', url: endpoints.users.login.path, headers: { lang: 'en' }, payload: { account: 'nobody@example.com', password: '' } });
    const loggedOut = await t.app.inject({ method: 'GET', url: endpoints.users.info.path, headers: { lang: 'en' } });
    for (const [res, code, url] of [
      [refused, 0, endpoints.users.login.path],
      [loggedOut, 999, endpoints.users.info.path],
    ] as const) {
      const body = res.json<{ code: number; msg: string; request_id: string }>();
      expect(body.code).toBe(code);
      expect(body.msg).not.toBe('');
      expect(body.request_id).toMatch(UUID);
      expect(res.headers['x-request-id']).toBe(body.request_id);
      expect(logLineOf(body.request_id)).toMatchObject({ url, statusCode: 200 });
    }
  });

  it('a success names its id in the header only (the envelope is unchanged)', async () => {
    const res = await t.app.inject({ method: 'GET', url: endpoints.settings.companyStatus.path });
    expect(res.json<{ code: number }>()).not.toHaveProperty('request_id');
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it("honours a caller's x-request-id only when it is a short safe token", async () => {
    const given = 'edge-7f3a.19:abc_DEF';
    const res = await t.app.inject({ method: 'GET', url: endpoints.users.info.path, headers: { 'x-request-id': given } });
    expect(res.headers['x-request-id']).toBe(given);
    expect(res.json<{ request_id: string }>().request_id).toBe(given);
    expect(logLineOf(given)).toBeDefined();
    const raw = (value: string) => requestIdFor({ headers: { 'x-request-id': value } } as never);
    for (const unsafe of ['short', 'x'.repeat(65), 'has space in it', 'quote"inside-it', 'new\nline-forged', '../../etc/passwd']) expect(raw(unsafe)).toMatch(UUID);
    expect(raw('abcdefgh')).toBe('abcdefgh');
  });

  it("a staff action's audit row records the id of the request that did it", async () => {
    const failed = await t.app.inject({ method: 'POST', url: endpoints.admin.login.path, headers: { 'x-request-id': 'audit-failed-login-1' }, payload: { email: 'admin@example.com', password: 'wrong-password-1' } });
    expect(failed.json<{ code: number }>().code).toBe(0);
    const ok = await t.app.inject({ method: 'POST', url: endpoints.admin.login.path, payload: { email: 'admin@example.com', password: TEST_ADMIN_PASSWORD } });
    expect(ok.json<{ code: number }>().code).toBe(1);
    const rows = await t.db.selectFrom('audit_log').select(['action', 'request_id']).where('action', 'in', ['admin.login', 'admin.login_failed']).orderBy('id').execute();
    expect(rows).toEqual([
      { action: 'admin.login_failed', request_id: 'audit-failed-login-1' },
      { action: 'admin.login', request_id: ok.headers['x-request-id'] },
    ]);
    // The console's audit page shows it.
    const token = ok.json<{ data: { token: string } }>().data.token;
    const page = await t.app.inject({ method: 'GET', url: `${endpoints.adminOps.audit.path}?action=admin.`, headers: { authorization: token } });
    expect(page.json<{ data: { data: { request_id: string | null }[] } }>().data.data.map((r) => r.request_id)).toEqual([ok.headers['x-request-id'], 'audit-failed-login-1']);
  });
});
