import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ignoredT, microOrderSchema, microOrdersQuery, microSecondsSchema, microSubmitInput, pagedSchema } from '@tp/contracts';
import { envelopeSchema, okEnvelope } from '../../http/envelope.js';
import { currentUser, requireUser } from '../../http/auth.js';
import { listOrders, secondsOptions, submitOrder } from './micro.service.js';

/** A client-chosen key: printable, bounded (it is stored). */
const idempotencyHeader = z.object({ 'idempotency-key': z.string().trim().min(1).max(128).optional() });

export const microRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['micro'];

  // Public: visitors see the options on the trade screen before logging in.
  app.get('/v2/api/micro/get_seconds', { schema: { tags, querystring: z.object(ignoredT), response: { 200: envelopeSchema(microSecondsSchema) } } }, async (req) =>
    okEnvelope(req.lang, await secondsOptions(app.db)),
  );

  app.post(
    '/v2/api/micro/submit',
    { preHandler: requireUser, schema: { tags, body: microSubmitInput, headers: idempotencyHeader, response: { 200: envelopeSchema(microOrderSchema) } } },
    async (req) => {
      const order = await submitOrder(
        { db: app.db, bus: app.bus, userId: currentUser(req).id, nowMs: Date.now(), idempotencyKey: req.headers['idempotency-key'] },
        req.body,
      );
      return okEnvelope(req.lang, order, 'micro_submitted');
    },
  );

  app.get(
    '/v2/api/micro/orders',
    { preHandler: requireUser, schema: { tags, querystring: microOrdersQuery, response: { 200: envelopeSchema(pagedSchema(microOrderSchema)) } } },
    async (req) => okEnvelope(req.lang, await listOrders(app.db, currentUser(req).id, req.query.status, req.query.page, Date.now())),
  );
};
