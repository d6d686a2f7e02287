import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentUser } from '../../http/auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { vapidKeysOf } from './vapid-keys.js';
import { subscribe, unsubscribe } from './web-push.service.js';

/** A device's Web Push subscription: the VAPID key to subscribe with, subscribe, unsubscribe. */
export const webPushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const e = endpoints.webPush;
  // Made here, on the first start, so the key is there before any browser asks for it.
  const keys = await vapidKeysOf(config.dataDir, config.adminEmail);

  route(app, e.vapidKey, async ({ req }) => okEnvelope(req.lang, { public_key: keys.publicKey }));

  route(app, e.subscribe, async ({ req, input }) => {
    const userId = currentUser(req).id;
    return okEnvelope(req.lang, await db.transaction().execute((trx) => subscribe(trx, userId, input)));
  });

  route(app, e.unsubscribe, async ({ req, input }) => {
    const userId = currentUser(req).id;
    return okEnvelope(req.lang, await db.transaction().execute((trx) => unsubscribe(trx, userId, input.endpoint)));
  });
};
