import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/endpoint.js';
import { runMoneyAction } from '../../http/idempotency.js';
import { announceOrder, listOrders, openOrder, secondsOptions } from './micro.service.js';

export const microRoutes: FastifyPluginAsyncZod = async (app) => {
  const micro = endpoints.micro;

  route(app, micro.seconds, async ({ req }) => okEnvelope(req.lang, await secondsOptions(app.db)));

  route(app, micro.submit, async ({ req, input, scope }) =>
    runMoneyAction(app.db, req, scope, input, async (trx) => {
      const created = await openOrder(trx, currentUser(req).id, input, Date.now(), app.config.market.priceMaxAgeMs);
      // After commit, and only when this request opened the option (a replay opened nothing).
      return { data: created.dto, key: 'micro_submitted', afterCommit: () => announceOrder(app.bus, created.queued) };
    }, { grouped: true }),
  );

  route(app, micro.orders, async ({ req, input }) =>
    okEnvelope(req.lang, await listOrders(app.db, currentUser(req).id, input.status, input.page, Date.now())),
  );
};
