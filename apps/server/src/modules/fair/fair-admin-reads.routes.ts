import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { listLiabilityRoots } from './liabilities.js';

/** Rows per page of the console's history: a month at a glance. */
const ADMIN_PER_PAGE = 30;

/** The published proofs of liabilities in the admin console: read only, nothing here changes anything. */
export const fairAdminReadRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.fair.adminLiabilities, async ({ req, input }) => okEnvelope(req.lang, await listLiabilityRoots(app.db, input.page, ADMIN_PER_PAGE)));
};
