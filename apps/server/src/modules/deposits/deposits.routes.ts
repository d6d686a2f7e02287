import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/endpoint.js';
import { runMoneyAction } from '../../http/idempotency.js';
import * as service from './deposits.service.js';

export const depositsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const deposits = endpoints.deposits;

  route(app, deposits.addresses, async ({ req }) => okEnvelope(req.lang, await service.depositAddresses(db)));

  route(app, deposits.coinSubmit, async ({ req, input, scope }) =>
    runMoneyAction(db, req, scope, input, (trx) => service.submitCoinDeposit(trx, currentUser(req).id, input)),
  );

  route(app, deposits.bankCoins, async ({ req }) => okEnvelope(req.lang, await service.bankCoins(db)));

  route(app, deposits.wireInfo, async ({ req, input }) => okEnvelope(req.lang, await service.wireInfo(db, input.bank_coin)));

  route(app, deposits.wireSubmit, async ({ req, input, scope }) =>
    runMoneyAction(db, req, scope, input, (trx) => service.submitWireDeposit(trx, currentUser(req).id, input)),
  );

  route(app, deposits.list, async ({ req, input }) => okEnvelope(req.lang, await service.listOwnCharges(db, currentUser(req).id, input.type, input.page)));
};
