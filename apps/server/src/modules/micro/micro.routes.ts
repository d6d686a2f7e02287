import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ignoredT, microOrderSchema, microOrdersQuery, microSecondsSchema, microSubmitInput, pagedSchema } from '@tp/contracts';
import { envelopeSchema, okEnvelope } from '../../http/envelope.js';
import { currentUser, requireUser } from '../../http/auth.js';
import { runMoneyAction } from '../../http/idempotency.js';
import { announceOrder, listOrders, openOrder, secondsOptions } from './micro.service.js';

export const microRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['micro'];

  // Public: visitors see the options on the trade screen before logging in.
  app.get('/v2/api/micro/get_seconds', { schema: { tags, querystring: z.object(ignoredT), response: { 200: envelopeSchema(microSecondsSchema) } } }, async (req) =>
    okEnvelope(req.lang, await secondsOptions(app.db)),
  );

  app.post(
    '/v2/api/micro/submit',
    { preHandler: requireUser, schema: { tags, body: microSubmitInput, response: { 200: envelopeSchema(microOrderSchema) } } },
    async (req) => {
      return runMoneyAction(app.db, req, 'micro/submit', req.body, async (trx) => {
        const created = await openOrder(trx, currentUser(req).id, req.body, Date.now());
        // After commit, and only when this request opened the option (a replay opened nothing).
        return { data: created.dto, key: 'micro_submitted', afterCommit: () => announceOrder(app.bus, created.queued) };
      });
    },
  );

  app.get(
    '/v2/api/micro/orders',
    { preHandler: requireUser, schema: { tags, querystring: microOrdersQuery, response: { 200: envelopeSchema(pagedSchema(microOrderSchema)) } } },
    async (req) => okEnvelope(req.lang, await listOrders(app.db, currentUser(req).id, req.query.status, req.query.page, Date.now())),
  );
};
