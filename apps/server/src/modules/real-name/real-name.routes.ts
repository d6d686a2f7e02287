import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentUser } from '../../http/auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import * as service from './real-name.service.js';

/** The user's real-name authentication: read the state, submit (real accounts only). */
export const realNameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const e = endpoints.realName;
  route(app, e.center, async ({ req }) => okEnvelope(req.lang, await service.center(db, currentUser(req).id, req.lang)));
  route(app, e.submit, async ({ req, input }) => {
    const userId = currentUser(req).id;
    const data = await db.transaction().execute((trx) => service.submit(trx, userId, input, req.lang));
    return okEnvelope(req.lang, data, 'real_name_submitted');
  });
};
