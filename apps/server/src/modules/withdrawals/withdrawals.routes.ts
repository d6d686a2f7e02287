import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/endpoint.js';
import { runMoneyAction } from '../../http/idempotency.js';
import { isRefusal } from '../../http/refusal.js';
import * as service from './withdrawals.service.js';

/** The e-mailed code's id once its try passed, or the refusal met on the way there. */
type Checked = { codeId: number } | { refusal: unknown };

/**
 * The checks that need no code (so a refused request takes no try of it), then one try of the
 * code. A refusal is kept, not thrown: it is answered from inside runMoneyAction, so a retry of
 * an Idempotency-Key that already succeeded (its code now used) still gets its first answer.
 */
async function checkFirst(run: () => Promise<number>): Promise<Checked> {
  try {
    return { codeId: await run() };
  } catch (err) {
    if (isRefusal(err)) return { refusal: err };
    throw err;
  }
}

function codeIdOf(checked: Checked): number {
  if ('refusal' in checked) throw checked.refusal;
  return checked.codeId;
}

export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const withdrawals = endpoints.withdrawals;

  route(app, withdrawals.currencies, async ({ req, input }) => okEnvelope(req.lang, await service.drawCurrencies(db, input.type)));

  // Withdrawal safety (decisions.md): the account's e-mailed code, and a method out of its waiting time.
  route(app, withdrawals.draw, async ({ req, input, scope }) => {
    const userId = currentUser(req).id;
    const checked = await checkFirst(async () => {
      await service.checkWithdrawal(db, userId, input, new Date());
      return service.checkWithdrawalCode(db, userId, input.auth_code);
    });
    return runMoneyAction(db, req, scope, input, async (trx) => service.requestWithdrawal(trx, userId, input, req.lang, codeIdOf(checked), new Date()), { grouped: true });
  });

  route(app, withdrawals.list, async ({ req, input }) =>
    okEnvelope(req.lang, await service.listOwnWithdrawals(db, currentUser(req).id, input.type, input.page, req.lang)),
  );

  route(app, withdrawals.methods, async ({ req, input }) =>
    okEnvelope(req.lang, await service.drawMethods(db, currentUser(req).id, input.draw_type, input.draw_id)),
  );

  // Keyed like the money actions: a second tap after a lost answer must not bind the method twice.
  // The address must fit its network, and the account's e-mailed code confirms the binding.
  route(app, withdrawals.bindMethod, async ({ req, input, scope }) => {
    const userId = currentUser(req).id;
    const checked = await checkFirst(async () => {
      await service.checkBinding(db, input);
      return service.checkWithdrawalCode(db, userId, input.auth_code);
    });
    return runMoneyAction(db, req, scope, input, async (trx) => service.bindMethod(trx, userId, input, codeIdOf(checked)));
  });

  route(app, withdrawals.deleteMethod, async ({ req, input }) => {
    await db.transaction().execute((trx) => service.deleteMethod(trx, currentUser(req).id, input.id));
    return okEnvelope(req.lang, null, 'method_deleted');
  });
};
