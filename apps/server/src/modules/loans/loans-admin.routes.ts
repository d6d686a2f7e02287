import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentAdmin } from '../../http/admin-auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { decideKyc, decideLoan, decideRepayment, type Decision } from './loan-decisions.js';
import * as configs from './loan-configs.js';

/** The loan queues' decisions and the loan terms (console). Money moves only in loan-decisions.ts. */
export const loansAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const e = endpoints.adminLoans;
  const decisions = [
    [e.approveKyc, decideKyc, 'approve'],
    [e.rejectKyc, decideKyc, 'reject'],
    [e.approveLoan, decideLoan, 'approve'],
    [e.rejectLoan, decideLoan, 'reject'],
    [e.confirmRepayment, decideRepayment, 'approve'],
    [e.rejectRepayment, decideRepayment, 'reject'],
  ] as const;
  for (const [endpoint, decide, decision] of decisions) {
    route(app, endpoint, async ({ req, input, params }) => {
      const adminId = currentAdmin(req).id;
      const reason = input?.reason;
      return okEnvelope(req.lang, await db.transaction().execute((trx) => decide(trx, adminId, params.id, decision satisfies Decision, reason, app.now())), 'decision_saved');
    });
  }

  route(app, e.configs, async ({ req }) => okEnvelope(req.lang, await configs.listForAdmin(db)));
  route(app, e.createConfig, async ({ req, input }) => {
    const adminId = currentAdmin(req).id;
    return okEnvelope(req.lang, await db.transaction().execute((trx) => configs.create(trx, adminId, input)), 'config_saved');
  });
  route(app, e.updateConfig, async ({ req, input, params }) => {
    const adminId = currentAdmin(req).id;
    return okEnvelope(req.lang, await db.transaction().execute((trx) => configs.update(trx, adminId, params.id, input)), 'config_saved');
  });
};
