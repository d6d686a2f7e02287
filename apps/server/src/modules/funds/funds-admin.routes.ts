import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentAdmin } from '../../http/admin-auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { decideFundRefund, type RefundDecision } from './decide-refund.js';
import * as config from './funds-config.js';

/**
 * Funds in the admin console: their configuration (admin role) and the early redemption queue
 * (admins and reviewers). The queue's decisions are the reviewed money decision of this module
 * (decide-refund.ts); nothing here writes a balance otherwise.
 */
export const fundsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const e = endpoints.funds;

  route(app, e.adminFunds, async ({ req }) => okEnvelope(req.lang, await config.listFundsForAdmin(db)));
  route(app, e.createFund, async ({ req, input }) => {
    const adminId = currentAdmin(req).id;
    return okEnvelope(req.lang, await db.transaction().execute((trx) => config.createFund(trx, adminId, input)), 'config_saved');
  });
  route(app, e.updateFund, async ({ req, input, params }) => {
    const adminId = currentAdmin(req).id;
    return okEnvelope(req.lang, await db.transaction().execute((trx) => config.updateFund(trx, adminId, params.id, input)), 'config_saved');
  });

  route(app, e.refunds, async ({ req, input }) => okEnvelope(req.lang, await config.listRefundsForAdmin(db, input.status, input.page)));
  const decisions = [
    [e.approveRefund, 'approve'],
    [e.rejectRefund, 'reject'],
  ] as const;
  for (const [endpoint, decision] of decisions) {
    route(app, endpoint, async ({ req, input, params }) => {
      const adminId = currentAdmin(req).id;
      const reason = input?.reason;
      const result = await db.transaction().execute((trx) => decideFundRefund(trx, adminId, params.id, decision satisfies RefundDecision, reason, app.now()));
      return okEnvelope(req.lang, result, 'decision_saved');
    });
  }
};
