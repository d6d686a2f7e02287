import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { balanceAccountSchema } from '@tp/contracts';
import { envelopeSchema, okEnvelope } from '../../http/envelope.js';
import { currentUser, requireUser } from '../../http/auth.js';
import { balances } from './wallet.service.js';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/api/main/wallet/getBalance',
    { preHandler: requireUser, schema: { tags: ['wallet'], response: { 200: envelopeSchema(z.array(balanceAccountSchema)) } } },
    async (req) => okEnvelope(req.lang, await balances(app.db, currentUser(req).id)),
  );
};
