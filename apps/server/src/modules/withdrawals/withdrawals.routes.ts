import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/endpoint.js';
import { runMoneyAction } from '../../http/idempotency.js';
import * as service from './withdrawals.service.js';

export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const withdrawals = endpoints.withdrawals;

  route(app, withdrawals.currencies, async ({ req, input }) => okEnvelope(req.lang, await service.drawCurrencies(db, input.type)));

  route(app, withdrawals.draw, async ({ req, input, scope }) =>
    runMoneyAction(db, req, scope, input, (trx) => service.requestWithdrawal(trx, currentUser(req).id, input, req.lang), { grouped: true }),
  );

  route(app, withdrawals.list, async ({ req, input }) =>
    okEnvelope(req.lang, await service.listOwnWithdrawals(db, currentUser(req).id, input.type, input.page, req.lang)),
  );

  route(app, withdrawals.methods, async ({ req, input }) =>
    okEnvelope(req.lang, await service.drawMethods(db, currentUser(req).id, input.draw_type, input.draw_id)),
  );

  // Keyed like the money actions: a second tap after a lost answer must not bind the method twice.
  route(app, withdrawals.bindMethod, async ({ req, input, scope }) =>
    runMoneyAction(db, req, scope, input, (trx) => service.bindMethod(trx, currentUser(req).id, input)),
  );

  route(app, withdrawals.deleteMethod, async ({ req, input }) => {
    await db.transaction().execute((trx) => service.deleteMethod(trx, currentUser(req).id, input.id));
    return okEnvelope(req.lang, null, 'method_deleted');
  });
};
