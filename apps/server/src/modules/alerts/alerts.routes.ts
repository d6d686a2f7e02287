import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentUser } from '../../http/auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { publishBusEvent } from '../../realtime/typed-bus.js';
import * as service from './alerts.service.js';

/** Price alerts (decisions.md "Notifications and price alerts"): create, list, cancel. */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const e = endpoints.alerts;

  route(app, e.create, async ({ req, input }) => {
    const alert = await db.transaction().execute((trx) => service.create(trx, currentUser(req).id, input, new Date(app.now())));
    // After commit: the engine's index takes it at once (its catch-up repairs a lost message).
    publishBusEvent(app.bus, 'price_alert.changed', { alertId: alert.id });
    return okEnvelope(req.lang, alert);
  });

  route(app, e.list, async ({ req, input }) => okEnvelope(req.lang, await service.list(db, currentUser(req).id, input)));

  route(app, e.cancel, async ({ req, input }) => {
    const alert = await db.transaction().execute((trx) => service.cancel(trx, currentUser(req).id, input.id, new Date(app.now())));
    publishBusEvent(app.bus, 'price_alert.changed', { alertId: alert.id });
    return okEnvelope(req.lang, alert);
  });
};
