import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@tp/contracts';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createStaff, staffSession } from '../test/staff-helpers.js';
import { call } from '../test/http-helpers.js';
import { wsConnect, wsUrlOf } from '../test/ws-client.js';

/*
 * A staff logout ends the console's socket login at once, as a user's logout does: an attack saw
 * a staff socket outlive its logout by up to 5 s (the periodic re-check). The re-check is off
 * here, so only the logout's own event can end it.
 */

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ config: { wsSessionRecheckMs: 0, loginIpLimitPerMinute: 1000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = wsUrlOf(t.app);
});
afterAll(() => t.close());

describe('a staff logout', () => {
  it('ends the staff login of that session\'s sockets at once, and only theirs', async () => {
    const staff = await createStaff(t.db, 'support');
    const token = await staffSession(t.db, staff.id);
    const other = await staffSession(t.db, staff.id);
    const sockets = [];
    for (const tk of [token, other]) {
      const c = await wsConnect(url, { lang: 'en' });
      c.send([{ type: 'staff_login', params: tk }, { type: 'sub', params: 'SUPPORT_STAFF' }]);
      expect(await c.next()).toMatchObject({ type: 'staff_login_result', code: 1 });
      expect(await c.next()).toMatchObject({ type: 'sub_result', code: 1 });
      sockets.push(c);
    }
    const out = await call(t.app, { method: 'POST', url: endpoints.admin.logout.path, headers: { authorization: token } });
    expect(out.body.code).toBe(1);
    expect(await sockets[0]!.nextOf('staff_login_result', 500)).toMatchObject({ code: 999, error: 'session_ended' });
    // The other session's socket still hears the inbox.
    t.app.bus.publish('SUPPORT_STAFF', { event: 'typing', conversation_id: 7, user_id: 1 });
    expect(await sockets[1]!.nextOf('SUPPORT_STAFF', 1000)).toMatchObject({ conversation_id: 7 });
    await sockets[0]!.nothing(200);
    for (const c of sockets) c.ws.close();
  });
});
