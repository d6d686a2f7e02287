import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createStaff, staffSession } from '../test/staff-helpers.js';
import { wsConnect, wsUrlOf, type WsTestClient } from '../test/ws-client.js';

/*
 * Staff sockets (the admin console's support inbox): `staff_login` with an admin token opens the
 * staff topics to the roles that may read them; a revoked session, a disabled staff member or a
 * role that lost the inbox ends that login at the gateway's periodic re-check.
 */

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ config: { wsSessionRecheckMs: 100, loginIpLimitPerMinute: 1000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = wsUrlOf(t.app);
});
afterAll(async () => {
  await t.close();
});

const push = (n: number) => ({ event: 'typing', conversation_id: n, user_id: 1 });

async function staffSocket(token: string): Promise<WsTestClient> {
  const c = await wsConnect(url, { lang: 'en' });
  c.send([{ type: 'staff_login', params: token }, { type: 'sub', params: 'SUPPORT_STAFF' }]);
  expect(await c.next()).toMatchObject({ type: 'staff_login_result', code: 1 });
  expect(await c.next()).toMatchObject({ type: 'sub_result', code: 1, params: 'SUPPORT_STAFF' });
  t.app.bus.publish('SUPPORT_STAFF', push(1));
  expect(await c.next()).toMatchObject({ type: 'SUPPORT_STAFF', conversation_id: 1 });
  return c;
}

async function expectEnded(c: WsTestClient): Promise<void> {
  expect(await c.nextOf('staff_login_result', 2000)).toMatchObject({ code: 999, error: 'session_ended' });
  t.app.bus.publish('SUPPORT_STAFF', push(2));
  await c.nothing(200);
  c.ws.close();
}

describe('staff sockets', () => {
  it('a revoked staff session ends the staff login', async () => {
    const staff = await createStaff(t.db, 'support');
    const token = await staffSession(t.db, staff.id);
    const c = await staffSocket(token);
    await t.db.updateTable('admin_sessions').set({ revoked_at: sql<Date>`now()` }).where('admin_id', '=', staff.id).execute();
    await expectEnded(c);
  });

  it('a role that lost the inbox ends it; an admin keeps it', async () => {
    const staff = await createStaff(t.db, 'support');
    const admin = await createStaff(t.db, 'admin');
    const c = await staffSocket(await staffSession(t.db, staff.id));
    const a = await staffSocket(await staffSession(t.db, admin.id));
    await t.db.updateTable('admins').set({ role: 'reviewer' }).where('id', '=', staff.id).execute();
    await expectEnded(c);
    // The push the reviewer no longer got still reached the admin.
    expect(await a.nextOf('SUPPORT_STAFF')).toMatchObject({ conversation_id: 2 });
    a.ws.close();
  });

  it('a user socket never gets staff pushes, and logout ends a staff login', async () => {
    const staff = await createStaff(t.db, 'admin');
    const c = await staffSocket(await staffSession(t.db, staff.id));
    c.send({ type: 'logout' });
    expect(await c.next()).toMatchObject({ type: 'logout_result', code: 1 });
    t.app.bus.publish('SUPPORT_STAFF', push(4));
    await c.nothing(200);
    c.send({ type: 'sub', params: 'SUPPORT_STAFF' });
    expect(await c.next()).toMatchObject({ type: 'sub_result', code: 0 });
    c.ws.close();
  });
});
