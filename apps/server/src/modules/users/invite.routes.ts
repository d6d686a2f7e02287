import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentUser } from '../../http/auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { inviteStats } from './users.repository.js';

/** The invite page's figures (beyond the spec): the caller's own code and how many registered with it. */
export const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.invite.stats, async ({ req }) => okEnvelope(req.lang, await inviteStats(app.db, currentUser(req).id)));
};
