import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_TYPES, endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/endpoint.js';
import { runMoneyAction } from '../../http/idempotency.js';
import { refuse } from '../../http/refusal.js';
import { publishOrderChanged } from '../forex/index.js';
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
    // Money into or out of the contract account moves the user's risk rate: after commit the
    // forex engine re-reads the user at once (a transfer out may take it to the stop-out level)
    // instead of at its next periodic balance check.
    const touchesContract = input.from === ACCOUNT_TYPES.forex || input.to === ACCOUNT_TYPES.forex;
    return runMoneyAction(db, req, scope, input, async (trx) => {
      const result = await transfer(trx, userId, input);
      return touchesContract ? { ...result, afterCommit: () => publishOrderChanged(app.bus, userId) } : result;
    });
  });

  route(app, wallet.transferLog, async ({ req, input }) => okEnvelope(req.lang, await transferLog(db, currentUser(req).id, input.type, input.page)));
};
