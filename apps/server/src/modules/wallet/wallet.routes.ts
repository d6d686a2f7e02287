import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/endpoint.js';
import { runMoneyAction } from '../../http/idempotency.js';
import { refuse } from '../../http/refusal.js';
import { emitEvent } from '../../engine/event-outbox.js';
import { accountLog, balances, transfer, transferLog } from './wallet.service.js';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const wallet = endpoints.wallet;

  route(app, wallet.balances, async ({ req }) => okEnvelope(req.lang, await balances(db, currentUser(req).id)));

  route(app, wallet.accountLog, async ({ req, input }) => {
    const accountType = input.accountTypeId ?? input.type;
    if (accountType === undefined) refuse('bad_request', { field: 'accountTypeId' });
    return okEnvelope(req.lang, await accountLog(db, currentUser(req).id, accountType, input.page, req.lang));
  });

  route(app, wallet.transfer, async ({ req, input, scope }) => {
    const userId = currentUser(req).id;
    return runMoneyAction(db, req, scope, input, async (trx) => {
      const result = await transfer(trx, userId, input);
      // In the transfer's transaction, so it cannot be lost: money into or out of the contract
      // account moves the user's risk rate, and the forex engine re-reads the user when the
      // relay delivers this (a transfer out may take it to the stop-out level).
      await emitEvent(trx, 'balance.changed', { userId, accountTypes: [input.from, input.to] });
      return result;
    }, { grouped: true });
  });

  route(app, wallet.transferLog, async ({ req, input }) => okEnvelope(req.lang, await transferLog(db, currentUser(req).id, input.type, input.page)));
};
