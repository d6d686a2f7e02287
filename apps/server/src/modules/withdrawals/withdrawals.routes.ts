import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bindDrawMethodInput,
  drawCurrencySchema,
  drawInput,
  drawListQuery,
  drawMethodSchema,
  drawSymbolListQuery,
  getDrawMethodQuery,
  getDrawMethodSchema,
  idInput,
  withdrawPageSchema,
  withdrawRecordSchema,
} from '@tp/contracts';
import { emptyEnvelope, envelopeSchema, okEnvelope } from '../../http/envelope.js';
import { currentUser, requireRealAccount, requireUser } from '../../http/auth.js';
import { runMoneyAction } from '../../http/idempotency.js';
import * as service from './withdrawals.service.js';

export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['withdraw'];
  const { db } = app;
  const real = [requireUser, requireRealAccount];

  app.get(
    '/api/account/draw_symbol_list',
    { onRequest: real, schema: { tags, querystring: drawSymbolListQuery, response: { 200: envelopeSchema(z.array(drawCurrencySchema)) } } },
    async (req) => okEnvelope(req.lang, await service.drawCurrencies(db, req.query.type)),
  );

  app.post(
    '/api/account/draw',
    { onRequest: real, schema: { tags, body: drawInput, response: { 200: envelopeSchema(withdrawRecordSchema) } } },
    async (req) => runMoneyAction(db, req, 'account/draw', req.body, (trx) => service.requestWithdrawal(trx, currentUser(req).id, req.body, req.lang)),
  );

  app.get(
    '/api/account/draw_list',
    { onRequest: real, schema: { tags, querystring: drawListQuery, response: { 200: envelopeSchema(withdrawPageSchema) } } },
    async (req) => okEnvelope(req.lang, await service.listOwnWithdrawals(db, currentUser(req).id, req.query.type, req.query.page, req.lang)),
  );

  app.get(
    '/api/wallet/get_draw_method',
    { onRequest: real, schema: { tags, querystring: getDrawMethodQuery, response: { 200: envelopeSchema(getDrawMethodSchema) } } },
    async (req) => okEnvelope(req.lang, await service.drawMethods(db, currentUser(req).id, req.query.draw_type, req.query.draw_id)),
  );

  app.post(
    '/api/wallet/bind_draw_method',
    { onRequest: real, schema: { tags, body: bindDrawMethodInput, response: { 200: envelopeSchema(drawMethodSchema) } } },
    async (req) => {
      const result = await db.transaction().execute((trx) => service.bindMethod(trx, currentUser(req).id, req.body));
      return okEnvelope(req.lang, result.data, result.key);
    },
  );

  app.post(
    '/api/wallet/del_draw_method',
    { onRequest: real, schema: { tags, body: idInput, response: { 200: emptyEnvelope } } },
    async (req) => {
      await db.transaction().execute((trx) => service.deleteMethod(trx, currentUser(req).id, req.body.id));
      return okEnvelope(req.lang, null, 'method_deleted');
    },
  );
};
