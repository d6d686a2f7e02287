import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import * as service from './support.service.js';

/** The staff inbox: conversations newest first, a thread with the user's identity, unread totals. */
export const supportAdminReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = endpoints.support;
  const { db } = app;
  route(app, e.conversations, async ({ req, input }) => okEnvelope(req.lang, await service.inbox(db, input.page, input.search)));
  route(app, e.thread, async ({ req, input, params }) => okEnvelope(req.lang, await service.thread(db, params.id, input.before_id)));
  route(app, e.staffUnread, async ({ req }) => okEnvelope(req.lang, await service.staffUnread(db)));
};
