import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { endpoints, type StaffMember } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callEndpoint, expectRefused } from '../../test/http-helpers.js';
import { adminToken } from '../../test/wallet-helpers.js';
import { createStaff, staffSession, STAFF_TEST_PASSWORD } from '../../test/staff-helpers.js';

/*
 * Staff management (issue 13, item 2): invitations, accepting one, role changes, disabling,
 * resetting a second factor and the own password - with the refusals that keep the console
 * usable (never on oneself, never without an admin) and the audit of every change.
 */

const staff = endpoints.adminStaff;
let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp({ config: { loginIpLimitPerMinute: 1000 } });
  admin = await adminToken(t.app);
  adminId = (await t.db.selectFrom('admins').select('id').where('email', '=', 'admin@example.com').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
});

const tokenOf = (link: string) => new URL(link.replace('/#/', '/')).searchParams.get('token')!;
const login = (email: string, password: string) => callEndpoint(t.app, endpoints.admin.login, { input: { email, password } });
const auditOf = (target: string) => t.db.selectFrom('audit_log').select(['action', 'admin_id', 'detail']).where('target', '=', target).orderBy('id').execute();

describe('me and login answer the role', () => {
  it('the seeded first admin is an admin; me gives id, email, role and the second factor', async () => {
    const session = await login('admin@example.com', 'admin-password-for-tests');
    expect(session.body.data.admin).toMatchObject({ email: 'admin@example.com', role: 'admin' });
    const me = await callEndpoint(t.app, staff.me, { token: admin });
    expect(me.body).toMatchObject({ code: 1, data: { id: adminId, email: 'admin@example.com', role: 'admin', totp_enabled: false } });
  });
});

describe('staff names', () => {
  it('any staff member reads who a staff id is (a reviewer beside a decision); a user token cannot', async () => {
    const support = await createStaff(t.db, 'support');
    const token = await staffSession(t.db, support.id);
    const names = await callEndpoint(t.app, staff.staffNames, { token });
    expect(names.body.code).toBe(1);
    expect(names.body.data).toEqual(expect.arrayContaining([{ id: adminId, email: 'admin@example.com' }, { id: support.id, email: support.email }]));
    expectRefused(await callEndpoint(t.app, staff.staffNames, {}), 'not_logged_in', 999);
  });
});

describe('invitations', () => {
  it('an invitation link is shown once, stored only as a hash, and creates the account with its role once', async () => {
    const email = `new.reviewer.${Date.now().toString(36)}@example.com`;
    const invited = await callEndpoint(t.app, staff.invite, { token: admin, input: { email, role: 'reviewer' } });
    expect(invited.body).toMatchObject({ code: 1, data: { email, role: 'reviewer' } });
    const { link, expires_at } = invited.body.data;
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/admin\/#\/accept\?token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link);
    // 72 hours, give or take the test's own time.
    const hours = (Date.parse(`${expires_at.replace(' ', 'T')}Z`) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const stored = await t.db.selectFrom('staff_invitations').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(JSON.stringify(await t.db.selectFrom('audit_log').select('detail').execute())).not.toContain(token);

    expectRefused(await callEndpoint(t.app, staff.accept, { input: { token, password: 'short' } }), 'password_too_weak');
    const joined = await callEndpoint(t.app, staff.accept, { input: { token, password: 'reviewer-password-1' } });
    expect(joined.body).toMatchObject({ code: 1, data: { email, role: 'reviewer' } });
    expectRefused(await callEndpoint(t.app, staff.accept, { input: { token, password: 'reviewer-password-2' } }), 'staff_invite_invalid');

    const session = await login(email, 'reviewer-password-1');
    expect(session.body.data.admin).toMatchObject({ email, role: 'reviewer' });
    const row = await t.db.selectFrom('admins').select(['id', 'role', 'invited_by']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'reviewer', invited_by: adminId });
    expect((await auditOf(`admin:${row.id}`)).map((a) => a.action)).toContain('staff.join');
    expect(await auditOf(`invitation:${stored.id}`)).toMatchObject([{ action: 'staff.invite', admin_id: adminId, detail: { after: { email, role: 'reviewer' } } }]);
  });

  it('refuses an e-mail that is already staff, and expired or unknown tokens', async () => {
    expectRefused(await callEndpoint(t.app, staff.invite, { token: admin, input: { email: 'admin@example.com', role: 'support' } }), 'staff_exists');
    const email = `late.${Date.now().toString(36)}@example.com`;
    const invited = await callEndpoint(t.app, staff.invite, { token: admin, input: { email, role: 'support' } });
    await t.db.updateTable('staff_invitations').set({ expires_at: sql`now() - interval '1 second'` }).where('email', '=', email).execute();
    expectRefused(await callEndpoint(t.app, staff.accept, { input: { token: tokenOf(invited.body.data.link), password: 'support-password-1' } }), 'staff_invite_invalid');
    expectRefused(await callEndpoint(t.app, staff.accept, { input: { token: 'A'.repeat(43), password: 'support-password-1' } }), 'staff_invite_invalid');
    expectRefused(await callEndpoint(t.app, staff.accept, { input: { token: 'not-a-token', password: 'support-password-1' } }), 'bad_request');
    expect(await t.db.selectFrom('admins').select('id').where('email', '=', email).execute()).toHaveLength(0);
  });

  it('two invitations of one e-mail: the first used creates the account, the second is refused', async () => {
    const email = `twice.${Date.now().toString(36)}@example.com`;
    const first = await callEndpoint(t.app, staff.invite, { token: admin, input: { email, role: 'support' } });
    const second = await callEndpoint(t.app, staff.invite, { token: admin, input: { email, role: 'admin' } });
    expect((await callEndpoint(t.app, staff.accept, { input: { token: tokenOf(first.body.data.link), password: 'support-password-1' } })).body.code).toBe(1);
    expectRefused(await callEndpoint(t.app, staff.accept, { input: { token: tokenOf(second.body.data.link), password: 'support-password-1' } }), 'staff_exists');
    expect(await t.db.selectFrom('admins').select('role').where('email', '=', email).execute()).toEqual([{ role: 'support' }]);
  });

  it('lists the waiting invitations only; a revoked one leaves the list, its link stops working, and the revocation is audited', async () => {
    const waitingEmail = `waiting.${Date.now().toString(36)}@example.com`;
    const wrongEmail = `wrong.${Date.now().toString(36)}@example.com`;
    await callEndpoint(t.app, staff.invite, { token: admin, input: { email: waitingEmail, role: 'support' } });
    const wrong = await callEndpoint(t.app, staff.invite, { token: admin, input: { email: wrongEmail, role: 'admin' } });
    const listed = async () => (await callEndpoint(t.app, staff.invitations, { token: admin, input: { page: 1 } })).body.data.data as { id: number; email: string; role: string; invited_by: string }[];
    const before = await listed();
    expect(before.map((i) => i.email)).toEqual(expect.arrayContaining([waitingEmail, wrongEmail]));
    // Used and expired invitations of the earlier cases are not waiting any more.
    expect(before.map((i) => i.email).filter((e) => e.startsWith('late.') || e.startsWith('new.reviewer.'))).toEqual([]);
    const row = before.find((i) => i.email === wrongEmail)!;
    expect(row).toMatchObject({ role: 'admin', invited_by: 'admin@example.com' });

    expect((await callEndpoint(t.app, staff.revokeInvitation, { token: admin, params: { id: row.id } })).body.code).toBe(1);
    expect((await listed()).map((i) => i.email)).not.toContain(wrongEmail);
    expect((await listed()).map((i) => i.email)).toContain(waitingEmail);
    expectRefused(await callEndpoint(t.app, staff.accept, { input: { token: tokenOf(wrong.body.data.link), password: 'admin-password-12' } }), 'staff_invite_invalid');
    expect(await t.db.selectFrom('admins').select('id').where('email', '=', wrongEmail).execute()).toHaveLength(0);
    expect(await auditOf(`invitation:${row.id}`)).toMatchObject([
      { action: 'staff.invite' },
      { action: 'staff.invitation_revoke', admin_id: adminId, detail: { before: { email: wrongEmail, role: 'admin' }, after: { status: 'revoked' } } },
    ]);
    // Revoked already, or never there: refused, nothing written.
    const audits = (await t.db.selectFrom('audit_log').select('id').execute()).length;
    expectRefused(await callEndpoint(t.app, staff.revokeInvitation, { token: admin, params: { id: row.id } }), 'staff_invite_invalid');
    expectRefused(await callEndpoint(t.app, staff.revokeInvitation, { token: admin, params: { id: 999_999 } }), 'staff_invite_invalid');
    expect((await t.db.selectFrom('audit_log').select('id').execute()).length).toBe(audits);
  });
});

describe('changing staff', () => {
  it('changes a role with before and after in the audit log; the new role applies to the next request', async () => {
    const member = await createStaff(t.db, 'support');
    const token = await staffSession(t.db, member.id);
    expectRefused(await callEndpoint(t.app, endpoints.admin.deposits, { token }), 'staff_role_forbidden');
    const changed = await callEndpoint(t.app, staff.update, { token: admin, params: { id: member.id }, input: { role: 'reviewer' } });
    expect(changed.body).toMatchObject({ code: 1, data: { id: member.id, role: 'reviewer', status: 'active' } });
    expect((await callEndpoint(t.app, endpoints.admin.deposits, { token })).body.code).toBe(1);
    expect(await auditOf(`admin:${member.id}`)).toMatchObject([
      { action: 'staff.update', admin_id: adminId, detail: { before: { role: 'support', disabled: false }, after: { role: 'reviewer', disabled: false } } },
    ]);
  });

  it('disabling ends the sessions at once and refuses login; enabling lets the member in again', async () => {
    const member = await createStaff(t.db, 'reviewer');
    const token = (await login(member.email, member.password)).body.data.token;
    expect((await callEndpoint(t.app, endpoints.admin.deposits, { token })).body.code).toBe(1);
    const disabled = await callEndpoint(t.app, staff.update, { token: admin, params: { id: member.id }, input: { disabled: true } });
    expect(disabled.body.data).toMatchObject({ status: 'disabled', role: 'reviewer' });
    expectRefused(await callEndpoint(t.app, endpoints.admin.deposits, { token }), 'not_logged_in', 999);
    expectRefused(await login(member.email, member.password), 'account_disabled');
    expectRefused(await login(member.email, 'wrong-password'), 'invalid_credentials');
    const open = await t.db.selectFrom('admin_sessions').select('id').where('admin_id', '=', member.id).where('revoked_at', 'is', null).execute();
    expect(open).toHaveLength(0);
    await callEndpoint(t.app, staff.update, { token: admin, params: { id: member.id }, input: { disabled: false } });
    // The old token stays ended; a new login works.
    expectRefused(await callEndpoint(t.app, endpoints.admin.deposits, { token }), 'not_logged_in', 999);
    expect((await login(member.email, member.password)).body.code).toBe(1);
    const list = await callEndpoint(t.app, staff.staff, { token: admin, input: { page: 1 } });
    const row = list.body.data.data.find((m: StaffMember) => m.id === member.id);
    expect(row).toMatchObject({ status: 'active', role: 'reviewer', totp_enabled: false, last_login_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
  });

  it('refuses changes to oneself, and a change that would leave no active admin', async () => {
    expectRefused(await callEndpoint(t.app, staff.update, { token: admin, params: { id: adminId }, input: { role: 'reviewer' } }), 'staff_self_change');
    expectRefused(await callEndpoint(t.app, staff.update, { token: admin, params: { id: adminId }, input: { disabled: true } }), 'staff_self_change');
    expectRefused(await callEndpoint(t.app, staff.resetTotp, { token: admin, params: { id: adminId } }), 'staff_self_change');
    expectRefused(await callEndpoint(t.app, staff.update, { token: admin, params: { id: 999999 }, input: { role: 'reviewer' } }), 'not_found');
    expectRefused(await callEndpoint(t.app, staff.update, { token: admin, params: { id: adminId }, input: {} }), 'bad_request');
    expectRefused(await callEndpoint(t.app, staff.update, { token: admin, params: { id: adminId }, input: { role: 'owner' } as never }), 'bad_request');

    // Two admins demoting each other at the same moment: one wins, one admin remains.
    const other = await createStaff(t.db, 'admin');
    const otherToken = await staffSession(t.db, other.id);
    const [a, b] = await Promise.all([
      callEndpoint(t.app, staff.update, { token: admin, params: { id: other.id }, input: { role: 'support' } }),
      callEndpoint(t.app, staff.update, { token: otherToken, params: { id: adminId }, input: { role: 'support' } }),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual([0, 1]);
    const loser = a.body.code === 0 ? a : b;
    expect(loser.body.error).toBe('staff_role_forbidden');
    const admins = await t.db.selectFrom('admins').select('id').where('role', '=', 'admin').where('disabled_at', 'is', null).execute();
    expect(admins.length).toBeGreaterThanOrEqual(1);
    // Put things back for the other tests.
    if (b.body.code === 1) await t.db.updateTable('admins').set({ role: 'admin' }).where('id', '=', adminId).execute();
  });

  it('resets another member\'s second factor, audited', async () => {
    const member = await createStaff(t.db, 'reviewer');
    await t.db.updateTable('admins').set({ totp_enabled: true, totp_secret: 'sealed' }).where('id', '=', member.id).execute();
    const reset = await callEndpoint(t.app, staff.resetTotp, { token: admin, params: { id: member.id } });
    expect(reset.body).toMatchObject({ code: 1, data: { enabled: false } });
    expect(await t.db.selectFrom('admins').select(['totp_enabled', 'totp_secret']).where('id', '=', member.id).executeTakeFirstOrThrow()).toEqual({ totp_enabled: false, totp_secret: null });
    expect(await auditOf(`admin:${member.id}`)).toMatchObject([{ action: 'staff.reset_totp', detail: { before: { totp_enabled: true }, after: { totp_enabled: false } } }]);
  });
});

describe('own password', () => {
  it('needs the current password and the users\' rule; ends the other sessions, keeps this one', async () => {
    const member = await createStaff(t.db, 'support');
    const here = (await login(member.email, member.password)).body.data.token;
    const elsewhere = (await login(member.email, member.password)).body.data.token;
    expectRefused(await callEndpoint(t.app, staff.password, { token: here, input: { current_password: 'wrong-password', new_password: 'support-password-2' } }), 'invalid_credentials');
    expectRefused(await callEndpoint(t.app, staff.password, { token: here, input: { current_password: STAFF_TEST_PASSWORD, new_password: 'short' } }), 'password_too_weak');
    const ok = await callEndpoint(t.app, staff.password, { token: here, input: { current_password: STAFF_TEST_PASSWORD, new_password: 'support-password-2' } });
    expect(ok.body).toMatchObject({ code: 1, data: null });
    expect((await callEndpoint(t.app, staff.me, { token: here })).body.code).toBe(1);
    expectRefused(await callEndpoint(t.app, staff.me, { token: elsewhere }), 'not_logged_in', 999);
    expectRefused(await login(member.email, STAFF_TEST_PASSWORD), 'invalid_credentials');
    expect((await login(member.email, 'support-password-2')).body.code).toBe(1);
    expect((await auditOf(`admin:${member.id}`)).map((a) => a.action)).toEqual(expect.arrayContaining(['admin.password_failed', 'admin.password_changed']));
  });
});
