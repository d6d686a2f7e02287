import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
import { emitEvent } from '../../engine/event-outbox.js';
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
      return runMoneyAction(db, req, 'account/transfer', req.body, async (trx) => {
        const result = await transfer(trx, userId, req.body);
        // In the transfer's transaction, so it cannot be lost: money into or out of the contract
        // account moves the user's risk rate, and the forex engine re-reads the user when the
        // relay delivers this (a transfer out may take it to the stop-out level).
        await emitEvent(trx, 'balance.changed', { userId, accountTypes: [req.body.from, req.body.to] });
        return result;
      });
    },
  );

  app.get(
    '/api/account/transfer_log',
    { onRequest: real, schema: { tags, querystring: transferLogQuery, response: { 200: envelopeSchema(transferPageSchema) } } },
    async (req) => okEnvelope(req.lang, await transferLog(db, currentUser(req).id, req.query.type, req.query.page)),
  );
};
