import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN_ROLES, allEndpoints, endpoints, type AdminRole, type EndpointSpec, type HttpMethod } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, callEndpoint, expectRefused, registerUser, type Registered } from '../../test/http-helpers.js';
import { uploadUrlOf } from '../../test/wallet-helpers.js';
import { createStaff, staffSession } from '../../test/staff-helpers.js';

/*
 * The role matrix (issue 13, item 9): every admin endpoint of allEndpoints() - those added later
 * included, the list is derived - called as each role, as a user and with no token. A role not in
 * the endpoint's access is refused with staff_role_forbidden (code 0) and changes nothing; a user
 * token and no token get 999; a role in it gets past the guard.
 */

let t: TestApp;
let alice: Registered;
/** The user every `:id` of the matrix names: its allowed calls end this user's sessions and disable it, never alice's. */
let target: Registered;
const members = {} as Record<AdminRole, { id: number; email: string }>;

beforeAll(async () => {
  t = await createTestApp({ config: { loginIpLimitPerMinute: 100_000 } });
  target = await registerUser(t.app, t.dataDir);
  alice = await registerUser(t.app, t.dataDir);
  for (const role of ADMIN_ROLES) members[role] = await createStaff(t.db, role);
});
afterAll(async () => {
  await t.close();
});

const adminEndpoints = allEndpoints().filter((e): e is EndpointSpec & { access: { kind: 'admin'; roles: readonly AdminRole[] } } => e.access.kind === 'admin');
const cases = adminEndpoints.flatMap((endpoint) => endpoint.methods.map((method) => ({ endpoint, method: method as HttpMethod, name: `${method} ${endpoint.path}` })));

/** Any path param names the target user's id: the guard answers before the params are read. */
const paramsOf = (endpoint: EndpointSpec) => Object.fromEntries([...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => [m[1]!, target.user.id]));

/**
 * What a refused call must not change: every table's rows, except the sessions' last-use stamp
 * (touched by any authenticated request) and the login attempts of the lockout counter.
 */
async function fingerprint(): Promise<string> {
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('admin_sessions', 'login_attempts')
    ORDER BY table_name`.execute(t.db);
  const parts: string[] = [];
  for (const { table_name } of rows) {
    const res = await sql<{ h: string | null }>`SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM ${sql.table(table_name)} x`.execute(t.db);
    parts.push(`${table_name}:${res.rows[0]?.h ?? ''}`);
  }
  const sessions = await sql<{ h: string | null }>`SELECT md5(string_agg(id || ':' || coalesce(revoked_at::text, ''), '|' ORDER BY id)) AS h FROM admin_sessions`.execute(t.db);
  return `${parts.join('\n')}\nadmin_sessions:${sessions.rows[0]?.h ?? ''}`;
}

describe('role matrix of every admin endpoint', () => {
  it('covers the admin endpoints there are (the list is derived from allEndpoints)', () => {
    expect(cases.length).toBeGreaterThanOrEqual(adminEndpoints.length);
    expect(cases.map((c) => c.name)).toEqual(expect.arrayContaining(['GET /admin/api/deposits', 'POST /admin/api/staff', 'GET /admin/api/me']));
  });

  it.each(cases)('$name: roles outside its access are refused and change nothing; users and no token get 999', async ({ endpoint, method }) => {
    const params = paramsOf(endpoint);
    const refusedRoles = ADMIN_ROLES.filter((role) => !endpoint.access.roles.includes(role));
    for (const role of refusedRoles) {
      const token = await staffSession(t.db, members[role].id);
      const before = await fingerprint();
      const answer = await callEndpoint(t.app, endpoint, { method, params, token, headers: { lang: 'en' } });
      expectRefused(answer, 'staff_role_forbidden');
      expect(answer.body.msg).toBe('You do not have permission for this action');
      expect(await fingerprint(), `${role} changed something`).toBe(before);
    }
    expectRefused(await callEndpoint(t.app, endpoint, { method, params, token: alice.token }), 'not_logged_in', 999);
    // ...and that token is a live one: the refusal above is the admin API's, not a dead session's.
    expect((await callEndpoint(t.app, endpoints.users.info, { token: alice.token })).body.code).toBe(1);
    expectRefused(await callEndpoint(t.app, endpoint, { method, params }), 'not_logged_in', 999);
    for (const role of endpoint.access.roles) {
      // A fresh session each time: an allowed call may be logout, which ends its own session.
      const token = await staffSession(t.db, members[role].id);
      const answer = await callEndpoint(t.app, endpoint, { method, params, token });
      expect(answer.body.error, `${role} was refused`).not.toBe('staff_role_forbidden');
      expect(answer.body.code, `${role} was signed out`).not.toBe(999);
    }
  });
});

describe('explicit role cases', () => {
  it('a reviewer cannot manage staff', async () => {
    const token = await staffSession(t.db, members.reviewer.id);
    expectRefused(await callEndpoint(t.app, endpoints.adminStaff.invite, { token, input: { email: 'friend@example.com', role: 'admin' } }), 'staff_role_forbidden');
    expectRefused(await callEndpoint(t.app, endpoints.adminStaff.update, { token, params: { id: members.reviewer.id }, input: { role: 'admin' } }), 'staff_role_forbidden');
    expectRefused(await callEndpoint(t.app, endpoints.adminStaff.staff, { token }), 'staff_role_forbidden');
    expect(await t.db.selectFrom('staff_invitations').select('id').where('email', '=', 'friend@example.com').execute()).toHaveLength(0);
    expect((await t.db.selectFrom('admins').select('role').where('id', '=', members.reviewer.id).executeTakeFirstOrThrow()).role).toBe('reviewer');
    // Their own account is theirs to use.
    expect((await callEndpoint(t.app, endpoints.adminStaff.me, { token })).body.data).toMatchObject({ role: 'reviewer' });
  });

  it('a support member cannot approve a deposit; a reviewer can', async () => {
    // A user of its own, so that this case does not lean on the matrix's users.
    const carol = await registerUser(t.app, t.dataDir);
    const proofImg = await uploadUrlOf(t.app, carol.token);
    const sub = await call<{ id: number }>(t.app, { method: 'POST', url: endpoints.deposits.coinSubmit.path, headers: { authorization: carol.token }, payload: { number: '25', proofImg, charge_id: 1 } });
    const id = sub.body.data.id;
    const support = await staffSession(t.db, members.support.id);
    expectRefused(await callEndpoint(t.app, endpoints.admin.approveDeposit, { token: support, params: { id }, input: {} }), 'staff_role_forbidden');
    expectRefused(await callEndpoint(t.app, endpoints.admin.deposits, { token: support }), 'staff_role_forbidden');
    expect((await t.db.selectFrom('charges').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(0);
    const reviewer = await staffSession(t.db, members.reviewer.id);
    expect((await callEndpoint(t.app, endpoints.admin.approveDeposit, { token: reviewer, params: { id }, input: {} })).body.code).toBe(1);
  });

  it('a disabled staff member\'s token stops working at once', async () => {
    const member = await createStaff(t.db, 'reviewer');
    const token = await staffSession(t.db, member.id);
    expect((await callEndpoint(t.app, endpoints.admin.deposits, { token })).body.code).toBe(1);
    // Straight in the database too: the token check itself looks at disabled_at, not only the revoked sessions.
    await t.db.updateTable('admins').set({ disabled_at: sql`now()` }).where('id', '=', member.id).execute();
    expectRefused(await callEndpoint(t.app, endpoints.admin.deposits, { token }), 'not_logged_in', 999);
    expectRefused(await callEndpoint(t.app, endpoints.adminStaff.me, { token }), 'not_logged_in', 999);
  });
});
