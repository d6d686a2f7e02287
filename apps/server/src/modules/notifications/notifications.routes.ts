import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentUser } from '../../http/auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import * as repo from './notifications.repository.js';
import * as service from './notifications.service.js';

/** The caller's own notifications and settings: no other user's id is ever read. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = endpoints.notifications;
  const { db } = app;

  route(app, e.list, async ({ req, input }) => {
    const userId = currentUser(req).id;
    // The language the user reads in is the one pushes and e-mails are written in.
    const [page] = await Promise.all([service.list(db, userId, req.lang, input.page), repo.rememberLang(db, userId, req.lang)]);
    return okEnvelope(req.lang, page);
  });

  route(app, e.read, async ({ req, input }) => {
    const userId = currentUser(req).id;
    return okEnvelope(req.lang, await db.transaction().execute((trx) => service.markRead(trx, userId, input)));
  });

  route(app, e.settings, async ({ req }) => {
    const userId = currentUser(req).id;
    const [rows] = await Promise.all([service.settings(db, userId), repo.rememberLang(db, userId, req.lang)]);
    return okEnvelope(req.lang, rows);
  });

  route(app, e.saveSettings, async ({ req, input }) => {
    const userId = currentUser(req).id;
    return okEnvelope(req.lang, await db.transaction().execute((trx) => service.saveSetting(trx, userId, input)));
  });
};
