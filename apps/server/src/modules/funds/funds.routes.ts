import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentUser } from '../../http/auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { runMoneyAction } from '../../http/idempotency.js';
import * as service from './funds.service.js';

/** The user API of the mining funds (spec 7 "Fund"); buy and applyRefund answer GET and POST. */
export const fundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const e = endpoints.funds;

  route(app, e.list, async ({ req, input }) => okEnvelope(req.lang, await service.listFunds(db, input.page)));
  route(app, e.info, async ({ req, input }) => okEnvelope(req.lang, await service.fundInfo(db, input.id)));
  route(app, e.buy, async ({ req, input, scope }) =>
    runMoneyAction(db, req, scope, input, (trx) => service.buy(trx, currentUser(req), input.id, input.amount, app.now())),
  );
  route(app, e.subList, async ({ req, input }) => okEnvelope(req.lang, await service.listOwnSubscriptions(db, currentUser(req).id, input.status, input.page)));
  route(app, e.insList, async ({ req, input }) => okEnvelope(req.lang, await service.listOwnIncomes(db, currentUser(req).id, input.sub_id, input.page)));
  route(app, e.applyRefund, async ({ req, input, scope }) =>
    runMoneyAction(db, req, scope, input, (trx) => service.applyRefund(trx, currentUser(req).id, input.sub_id, app.now())),
  );
};
