import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_TYPES,
  accountLogPageSchema,
  accountLogQuery,
  balanceAccountSchema,
  transferInput,
  transferLogQuery,
  transferPageSchema,
  transferRecordSchema,
} from '@tp/contracts';
import { envelopeSchema, okEnvelope } from '../../http/envelope.js';
import { currentUser, requireRealAccount, requireUser } from '../../http/auth.js';
import { runMoneyAction } from '../../http/idempotency.js';
import { refuse } from '../../http/refusal.js';
import { publishOrderChanged } from '../forex/index.js';
import { accountLog, balances, transfer, transferLog } from './wallet.service.js';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['wallet'];
  const { db } = app;
  const real = [requireUser, requireRealAccount];

  app.get(
    '/v2/api/main/wallet/getBalance',
    { onRequest: requireUser, schema: { tags, response: { 200: envelopeSchema(z.array(balanceAccountSchema)) } } },
    async (req) => okEnvelope(req.lang, await balances(app.db, currentUser(req).id)),
  );

  // History is read-only and shows a demo account its own bookings too (demo funding, resets).
  app.get(
    '/v2/api/main/accountLog/forexChange',
    { onRequest: requireUser, schema: { tags, querystring: accountLogQuery, response: { 200: envelopeSchema(accountLogPageSchema) } } },
    async (req) => {
      const accountType = req.query.accountTypeId ?? req.query.type;
      if (accountType === undefined) refuse('bad_request', { field: 'accountTypeId' });
      return okEnvelope(req.lang, await accountLog(db, currentUser(req).id, accountType, req.query.page, req.lang));
    },
  );

  app.post(
    '/api/account/transfer',
    { onRequest: real, schema: { tags, body: transferInput, response: { 200: envelopeSchema(transferRecordSchema) } } },
    async (req) => {
      const userId = currentUser(req).id;
      // Money into or out of the contract account moves the user's risk rate: after commit the
      // forex engine re-reads the user at once (a transfer out may take it to the stop-out level)
      // instead of at its next periodic balance check.
      const touchesContract = req.body.from === ACCOUNT_TYPES.forex || req.body.to === ACCOUNT_TYPES.forex;
      return runMoneyAction(db, req, 'account/transfer', req.body, async (trx) => {
        const result = await transfer(trx, userId, req.body);
        return touchesContract ? { ...result, afterCommit: () => publishOrderChanged(app.bus, userId) } : result;
      });
    },
  );

  app.get(
    '/api/account/transfer_log',
    { onRequest: real, schema: { tags, querystring: transferLogQuery, response: { 200: envelopeSchema(transferPageSchema) } } },
    async (req) => okEnvelope(req.lang, await transferLog(db, currentUser(req).id, req.query.type, req.query.page)),
  );
};
