import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, type SuccessKey } from '@tp/contracts';
import { currentAdmin } from '../../http/admin-auth.js';
import { requireUserForStaff } from '../../http/admin-user-lookup.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';
import { publishBusEvent } from '../../realtime/typed-bus.js';
import * as repo from './admin-users.repository.js';
import { changeUserLogin, toAdminUserRow, userDetailForStaff, type LoginAction } from './admin-users.js';

/** Rows per page of the console's user lists (a desktop table holds more than the app's 15). */
const STAFF_PER_PAGE = 20;

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const admin = endpoints.adminUsers;

  route(app, admin.search, async ({ req, input }) => {
    const { limit, offset } = pageWindow(input.page, STAFF_PER_PAGE);
    const { rows, total } = await repo.searchUsers(db, { q: input.q, demo: input.demo, limit, offset });
    return okEnvelope(req.lang, paged(rows.map(toAdminUserRow), total, input.page, STAFF_PER_PAGE));
  });

  route(app, admin.user, async ({ req, params }) => okEnvelope(req.lang, await userDetailForStaff(db, params.id)));

  route(app, admin.sessions, async ({ req, params, input }) => {
    await requireUserForStaff(db, params.id);
    const { limit, offset } = pageWindow(input.page, STAFF_PER_PAGE);
    const { rows, total } = await repo.listSessionsForStaff(db, params.id, limit, offset);
    const data = rows.map((s) => ({
      id: s.id,
      created_at: wireDateTime(s.created_at),
      last_used_at: s.last_used_at ? wireDateTime(s.last_used_at) : null,
      revoked_at: s.revoked_at ? wireDateTime(s.revoked_at) : null,
    }));
    return okEnvelope(req.lang, paged(data, total, input.page, STAFF_PER_PAGE));
  });

  const actions = [
    [admin.disable, 'disable', 'user_login_disabled'],
    [admin.enable, 'enable', 'user_login_enabled'],
    [admin.endSessions, 'end_sessions', 'user_sessions_ended'],
  ] as const satisfies readonly (readonly [unknown, LoginAction, SuccessKey])[];
  for (const [endpoint, action, key] of actions) {
    route(app, endpoint, async ({ req, params }) => {
      const adminId = currentAdmin(req).id;
      const result = await db.transaction().execute((trx) => changeUserLogin(trx, adminId, params.id, action));
      // After commit: every socket logged in as the user ends its login (on every server process).
      if (result.sessions_revoked > 0 || action === 'disable') publishBusEvent(app.bus, 'session.revoked', { userId: params.id });
      return okEnvelope(req.lang, result, key);
    });
  }
};
