import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { currentAdmin } from '../../http/admin-auth.js';
import { route } from '../../http/endpoint.js';
import { publishBusEvent } from '../../realtime/typed-bus.js';
import { listChargesForAdmin } from '../deposits/index.js';
import { listWithdrawalsForAdmin } from '../withdrawals/index.js';
import { decideDeposit, type Decision } from './decide-deposit.js';
import { decideWithdrawal } from './decide-withdrawal.js';
import { loadSecretKey } from '../../lib/secret-box.js';
import { adminLogin, adminLogout, totpSetup, totpSwitch, type StaffContext } from './admin.service.js';

/**
 * The admin review API (decisions.md): its own login and tokens; review queues are plural nouns
 * with approve/reject actions. Every decision is audited in its own transaction. Nothing here
 * touches orders or prices.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const admin = endpoints.admin;
  let secretKey: Promise<Buffer> | undefined;
  const staff = (ip: string): StaffContext => ({
    ip,
    lockout: { limit: config.loginFailLimit, windowMs: config.loginFailWindowMs },
    sessionLifetime: config.staffSession,
    // Read once, on first need; a failed read is tried again next time.
    secretKey: () =>
      (secretKey ??= loadSecretKey(config.dataDir).catch((err: unknown) => {
        secretKey = undefined;
        throw err;
      })),
  });

  route(app, admin.login, async ({ req, input }) => okEnvelope(req.lang, await adminLogin(db, input, staff(req.ip)), 'logged_in'));

  route(app, admin.totpSetup, async ({ req }) => okEnvelope(req.lang, await totpSetup(db, currentAdmin(req).id, staff(req.ip))));
  route(app, admin.totpEnable, async ({ req, input }) => okEnvelope(req.lang, await totpSwitch(db, currentAdmin(req).id, true, input.code, staff(req.ip)), 'totp_enabled'));
  route(app, admin.totpDisable, async ({ req, input }) => okEnvelope(req.lang, await totpSwitch(db, currentAdmin(req).id, false, input.code, staff(req.ip)), 'totp_disabled'));

  route(app, admin.logout, async ({ req }) => {
    const { id, sessionId } = currentAdmin(req);
    await db.transaction().execute((trx) => adminLogout(trx, id, sessionId));
    // After commit: the console's sockets of this session end their staff login now, not at the next re-check.
    publishBusEvent(app.bus, 'staff_session.revoked', { adminId: id, sessionId });
    return okEnvelope(req.lang, null, 'logged_out');
  });

  route(app, admin.deposits, async ({ req, input }) => okEnvelope(req.lang, await listChargesForAdmin(db, input.status, input.page)));

  route(app, admin.withdrawals, async ({ req, input }) => okEnvelope(req.lang, await listWithdrawalsForAdmin(db, input.status, input.page, req.lang)));

  const decisions = [
    [admin.approveDeposit, decideDeposit, 'approve'],
    [admin.rejectDeposit, decideDeposit, 'reject'],
    [admin.approveWithdrawal, decideWithdrawal, 'approve'],
    [admin.rejectWithdrawal, decideWithdrawal, 'reject'],
  ] as const;
  for (const [endpoint, decide, decision] of decisions) {
    route(app, endpoint, async ({ req, input, params }) => {
      const adminId = currentAdmin(req).id;
      const reason = input?.reason;
      return okEnvelope(req.lang, await db.transaction().execute((trx) => decide(trx, adminId, params.id, decision satisfies Decision, reason)), 'decision_saved');
    });
  }
};
