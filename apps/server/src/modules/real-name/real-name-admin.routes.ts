import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentAdmin } from '../../http/admin-auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import * as service from './real-name.service.js';

/** The real-name queue of the console: list, approve, reject (admins and reviewers; audited). */
export const realNameAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const e = endpoints.realName;
  route(app, e.adminList, async ({ req, input }) => okEnvelope(req.lang, await service.listForAdmin(db, input.status, input.page, req.lang)));
  const decisions = [
    [e.approve, 'approve'],
    [e.reject, 'reject'],
  ] as const;
  for (const [endpoint, decision] of decisions) {
    route(app, endpoint, async ({ req, input, params }) => {
      const adminId = currentAdmin(req).id;
      const data = await db.transaction().execute((trx) => service.decide(trx, adminId, params.id, decision, input?.reason));
      return okEnvelope(req.lang, data, 'decision_saved');
    });
  }
};
