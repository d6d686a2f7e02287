import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { currentAdmin } from '../../http/admin-auth.js';
import { route } from '../../http/endpoint.js';
import { acceptInvitation, changeOwnPassword, inviteStaff, listPendingInvitations, listStaff, resetStaffTotp, revokeInvitation, staffMe, staffNames, updateStaff } from './admin-staff.service.js';

/**
 * Staff accounts: the signed-in member and their password, and staff management for the `admin`
 * role (the endpoints' access says who may call; the service refuses changes to oneself and
 * changes that would leave no admin). Every change is audited in its own transaction.
 */
export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const staff = endpoints.adminStaff;

  route(app, staff.me, async ({ req }) => okEnvelope(req.lang, await staffMe(db, currentAdmin(req).id)));

  route(app, staff.password, async ({ req, input }) => {
    const lockout = { limit: config.loginFailLimit, windowMs: config.loginFailWindowMs };
    await changeOwnPassword(db, currentAdmin(req), input, { ip: req.ip, lockout });
    return okEnvelope(req.lang, null, 'staff_password_changed');
  });

  route(app, staff.staffNames, async ({ req }) => okEnvelope(req.lang, await staffNames(db)));

  route(app, staff.staff, async ({ req, input }) => okEnvelope(req.lang, await listStaff(db, input.page)));

  route(app, staff.invite, async ({ req, input }) => {
    // The link points back at the host the admin is using (the console is served on the same port).
    const origin = `${req.protocol}://${req.host}`;
    const adminId = currentAdmin(req).id;
    return okEnvelope(req.lang, await db.transaction().execute((trx) => inviteStaff(trx, adminId, input, origin)), 'staff_invited');
  });

  route(app, staff.invitations, async ({ req, input }) => okEnvelope(req.lang, await listPendingInvitations(db, input.page)));

  route(app, staff.revokeInvitation, async ({ req, params }) => {
    const adminId = currentAdmin(req).id;
    await db.transaction().execute((trx) => revokeInvitation(trx, adminId, params.id));
    return okEnvelope(req.lang, null, 'staff_invitation_revoked');
  });

  route(app, staff.accept, async ({ req, input }) => okEnvelope(req.lang, await acceptInvitation(db, input), 'staff_joined'));

  route(app, staff.update, async ({ req, input, params }) => {
    const adminId = currentAdmin(req).id;
    return okEnvelope(req.lang, await db.transaction().execute((trx) => updateStaff(trx, adminId, params.id, input)), 'staff_updated');
  });

  route(app, staff.resetTotp, async ({ req, params }) => {
    const adminId = currentAdmin(req).id;
    return okEnvelope(req.lang, await db.transaction().execute((trx) => resetStaffTotp(trx, adminId, params.id)), 'staff_updated');
  });
};
