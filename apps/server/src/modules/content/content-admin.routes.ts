import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentAdmin } from '../../http/admin-auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { refuseOnDuplicate } from '../../http/unique-violation.js';
import { publishBusEvent } from '../../realtime/typed-bus.js';
import { createNews, listNewsForAdmin, updateNews } from './news.service.js';

/** News in the admin console: list, write, change, publish or withdraw (never deleted). */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = endpoints.adminConfig;
  const { db } = app;

  route(app, e.news, async ({ req, input }) => okEnvelope(req.lang, await listNewsForAdmin(db, input.page)));
  route(app, e.createNews, async ({ req, input }) => {
    const adminId = currentAdmin(req).id;
    // A second translation of one article into one language is refused by the unique index.
    const news = await refuseOnDuplicate(db.transaction().execute((trx) => createNews(trx, adminId, input)), 'news_translation_invalid');
    publishBusEvent(app.bus, 'config.changed', { area: 'news' });
    return okEnvelope(req.lang, news, 'config_saved');
  });
  route(app, e.updateNews, async ({ req, input, params }) => {
    const adminId = currentAdmin(req).id;
    const news = await refuseOnDuplicate(db.transaction().execute((trx) => updateNews(trx, adminId, params.id, input)), 'news_translation_invalid');
    publishBusEvent(app.bus, 'config.changed', { area: 'news' });
    return okEnvelope(req.lang, news, 'config_saved');
  });
};
