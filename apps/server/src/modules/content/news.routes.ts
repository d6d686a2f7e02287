import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { listNews, newsInfo } from './news-public.service.js';

/** The user pages of news (visitors too), in the request's language where an article has it. */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  route(app, endpoints.news.list, async ({ req, input }) => okEnvelope(req.lang, await listNews(db, req.lang, input.category_id, input.page)));
  route(app, endpoints.news.info, async ({ req, input }) => okEnvelope(req.lang, await newsInfo(db, req.lang, input.id)));
};
