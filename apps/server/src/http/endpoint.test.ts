import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, endpointPath, endpoints, type EndpointSpec } from '@tp/contracts';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { call, callEndpoint, demoLogin, expectRefused, registerUser } from '../test/http-helpers.js';
import { adminToken } from '../test/wallet-helpers.js';
import { ADMIN_DOCS_PATH, isStaffEndpoint } from './docs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SAMPLE_PARAMS = { id: 1, name: '0123456789abcdef0123456789abcdef.png', file: 'EURUSD.svg', key: 'stop_out_level' };
const guarded = (kind: EndpointSpec['access']['kind']) => allEndpoints().filter((e) => e.access.kind === kind);
const name = (e: EndpointSpec) => `${e.methods.join('+')} ${e.path}`;

describe('routes registered from the endpoint objects', () => {
  it.each(allEndpoints().map((e) => [name(e), e] as const))('%s has a route for each of its methods', (_, e) => {
    for (const method of e.methods) expect(t.app.hasRoute({ method, url: e.path }), `${method} ${e.path}`).toBe(true);
  });

  it.each([...guarded('user'), ...guarded('real')].map((e) => [name(e), e] as const))('%s refuses a caller without a token (999), before reading input', async (_, e) => {
    for (const method of e.methods) expectRefused(await callEndpoint(t.app, e, { method, params: SAMPLE_PARAMS }), 'not_logged_in', 999);
  });

  // A made-up token with no input: the guard's token check answers before the input is read - or,
  // on a route that checks the session in its own read (the order submit), the refused input is
  // answered 999 first (error-handler.ts).
  it.each([...guarded('user'), ...guarded('real')].map((e) => [name(e), e] as const))('%s refuses a made-up token (999), before reading input', async (_, e) => {
    for (const method of e.methods) expectRefused(await callEndpoint(t.app, e, { method, params: SAMPLE_PARAMS, token: 'made-up-token' }), 'not_logged_in', 999);
  });

  it('a real-account endpoint refuses a demo account; a user endpoint serves it', async () => {
    const demo = await demoLogin(t.app, 'endpoint-guard-demo');
    for (const e of guarded('real')) {
      expectRefused(await callEndpoint(t.app, e, { token: demo.token, params: SAMPLE_PARAMS }), 'only_true_account');
    }
    expect((await callEndpoint(t.app, endpoints.wallet.balances, { token: demo.token })).body.code).toBe(1);
  });

  it('an admin endpoint refuses a user token (999); the admin login is public', async () => {
    const user = await registerUser(t.app, t.dataDir);
    for (const e of guarded('admin')) {
      expectRefused(await callEndpoint(t.app, e, { token: user.token, params: SAMPLE_PARAMS }), 'not_logged_in', 999);
    }
    expect(endpoints.admin.login.access.kind).toBe('public');
  });

  it('a GET-action answers both methods with the input where each method carries it', async () => {
    const byGet = await callEndpoint(t.app, endpoints.users.demoLogin, { method: 'GET', input: { demo_id: 'endpoint-both-ways' } });
    const byPost = await callEndpoint(t.app, endpoints.users.demoLogin, { method: 'POST', input: { demo_id: 'endpoint-both-ways' } });
    expect(byGet.body.code).toBe(1);
    expect(byPost.body.data.user.id).toBe(byGet.body.data.user.id);
  });
});

describe('/docs generated from the endpoint objects', () => {
  interface Operation {
    tags: string[];
    parameters?: { in: string; name: string }[];
    requestBody?: unknown;
    responses: Record<string, { content?: Record<string, { schema: { oneOf?: { properties?: Record<string, unknown> }[] } }> }>;
  }
  type Paths = Record<string, Record<string, Operation>>;
  /** The user API's document (/docs, anyone) and the staff API's (signed-in staff only). */
  let userPaths: Paths;
  let staffPaths: Paths;
  beforeAll(async () => {
    userPaths = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json().paths;
    const staff = await t.app.inject({ method: 'GET', url: ADMIN_DOCS_PATH, headers: { authorization: await adminToken(t.app) } });
    expect(staff.statusCode).toBe(200);
    staffPaths = staff.json().paths;
  });

  const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');
  const documented = allEndpoints().filter((e) => !e.hidden);

  it.each(documented.map((e) => [name(e), e] as const))('%s is listed with its tags, input and output (staff endpoints in the staff document)', (_, e) => {
    const paths = isStaffEndpoint(e) ? staffPaths : userPaths;
    for (const method of e.methods) {
      const op = paths[openApiPath(e.path)]?.[method.toLowerCase()];
      expect(op, `${method} ${e.path}`).toBeDefined();
      expect(op!.tags).toEqual(e.tags);
      if (e.params) expect(op!.parameters?.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(Object.keys(SAMPLE_PARAMS).filter((k) => e.path.includes(`:${k}`)));
      if (e.input && method !== 'GET') expect(op!.requestBody).toBeDefined();
      if (e.input && method === 'GET') expect(op!.parameters?.some((p) => p.in === 'query')).toBe(true);
      // The answer is one of success (its data) and refusal (http/openapi-document.ts).
      if (typeof e.output !== 'string') expect(op!.responses['200']!.content!['application/json']!.schema.oneOf?.[0]?.properties).toHaveProperty('data');
    }
  });

  it('leaves hidden endpoints out', () => {
    expect(userPaths[openApiPath(endpoints.market.logo.path)]).toBeUndefined();
    expect(staffPaths[openApiPath(endpoints.market.logo.path)]).toBeUndefined();
    expect(endpointPath(endpoints.market.logo, { file: 'X.svg' })).toBe('/logos/X.svg');
  });
});

describe('/docs shows the user API; the staff API is documented for signed-in staff only', () => {
  it('an anonymous /docs/json lists no /admin/ path, and every user endpoint', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const listed = Object.keys(res.json().paths as object);
    expect(listed.filter((p) => p.startsWith('/admin/'))).toEqual([]);
    expect(listed).toContain(endpoints.users.login.path);
    expect(JSON.stringify(res.json())).not.toContain('/admin/api');
  });

  it('staff get the staff API at its own address, and nothing of the user API', async () => {
    const res = await t.app.inject({ method: 'GET', url: ADMIN_DOCS_PATH, headers: { authorization: await adminToken(t.app) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const listed = Object.keys(res.json().paths as object);
    expect(listed).toEqual(expect.arrayContaining([endpoints.admin.login.path, endpoints.admin.deposits.path]));
    expect(listed.every((p) => p.startsWith('/admin/api/'))).toBe(true);
  });

  it('a visitor and a user token are refused the staff document (999, the envelope)', async () => {
    expectRefused(await call(t.app, { method: 'GET', url: ADMIN_DOCS_PATH }), 'not_logged_in', 999);
    const user = await registerUser(t.app, t.dataDir);
    expectRefused(await call(t.app, { method: 'GET', url: ADMIN_DOCS_PATH, headers: { authorization: user.token } }), 'not_logged_in', 999);
  });
});
