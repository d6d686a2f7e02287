import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankAccountSchema,
  bankCoinSchema,
  chargeListQuery,
  chargePageSchema,
  chargeRecordSchema,
  coinDepositInput,
  depositAddressSchema,
  ignoredT,
  wireDepositInput,
  wireInfoQuery,
} from '@tp/contracts';
import { envelopeSchema, okEnvelope } from '../../http/envelope.js';
import { currentUser, requireRealAccount, requireUser } from '../../http/auth.js';
import { runMoneyAction } from '../../http/idempotency.js';
import * as service from './deposits.service.js';

export const depositsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['deposit'];
  const { db } = app;
  const real = [requireUser, requireRealAccount];
  const noQuery = z.object(ignoredT);

  app.get(
    '/api/quickCharge/info',
    { onRequest: real, schema: { tags, querystring: noQuery, response: { 200: envelopeSchema(z.array(depositAddressSchema)) } } },
    async (req) => okEnvelope(req.lang, await service.depositAddresses(db)),
  );

  app.post(
    '/api/quickCharge/submit',
    { onRequest: real, schema: { tags, body: coinDepositInput, response: { 200: envelopeSchema(chargeRecordSchema) } } },
    async (req) => runMoneyAction(db, req, 'quickCharge/submit', req.body, (trx) => service.submitCoinDeposit(trx, currentUser(req).id, req.body)),
  );

  app.get(
    '/api/quickCharge/symbols',
    { onRequest: real, schema: { tags, querystring: noQuery, response: { 200: envelopeSchema(z.array(bankCoinSchema)) } } },
    async (req) => okEnvelope(req.lang, await service.bankCoins(db)),
  );

  app.get(
    '/api/quickCharge/wire_info',
    { onRequest: real, schema: { tags, querystring: wireInfoQuery, response: { 200: envelopeSchema(z.array(bankAccountSchema)) } } },
    async (req) => okEnvelope(req.lang, await service.wireInfo(db, req.query.bank_coin)),
  );

  app.post(
    '/api/quickCharge/wire_submit',
    { onRequest: real, schema: { tags, body: wireDepositInput, response: { 200: envelopeSchema(chargeRecordSchema) } } },
    async (req) => runMoneyAction(db, req, 'quickCharge/wire_submit', req.body, (trx) => service.submitWireDeposit(trx, currentUser(req).id, req.body)),
  );

  app.get(
    '/api/quickCharge/quick_ist',
    { onRequest: real, schema: { tags, querystring: chargeListQuery, response: { 200: envelopeSchema(chargePageSchema) } } },
    async (req) => okEnvelope(req.lang, await service.listOwnCharges(db, currentUser(req).id, req.query.type, req.query.page)),
  );
};
