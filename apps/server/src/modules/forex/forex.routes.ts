import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, type ForexOrder, type ForexSubmitInput, type SuccessKey } from '@tp/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.js';
import { okEnvelope } from '../../http/envelope.js';
import { acceptSession, currentUser, requestTokenHash, type AuthUser } from '../../http/auth.js';
import { isRefusal } from '../../http/refusal.js';
import { GuardFailedError } from '../ledger/index.js';
import { route } from '../../http/endpoint.js';
import { runMoneyAction, runOneStatementMoneyAction } from '../../http/idempotency.js';
import * as repo from './forex.repository.js';
import * as service from './forex.service.js';
import { publishClosed, publishOrderChanged } from './forex-events.js';
import { copyChangesOf, publishCopyTrades, type CopyTradeChange } from './copy-pushes.js';
import { StaleSubmitContext, SubmitContexts } from './submit-context.js';

interface ActionResult {
  order: ForexOrder;
  msg: SuccessKey;
  /** FOREX_CLOSED ids to publish after commit. */
  closed: number[];
  /** FOREX_FOLLOW_TRADE to publish after commit (a follower closed a copy early). */
  copies?: CopyTradeChange[];
}

/**
 * /v2/api/forex/{submit,my_deal,close,cancel_trade,set_stop_price}. Actions are POST (JSON or
 * form); my_deal is GET. Every action honours the Idempotency-Key header.
 */
export const forexRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, bus } = app;
  // The app's clock: tests fix it to open or closed market hours.
  const now = () => new Date(app.now());
  const forex = endpoints.forex;

  /**
   * Runs an action once per Idempotency-Key (the shared runMoneyAction) and publishes after
   * commit, only when this request acted - a replay changed nothing. `grouped`: the money
   * actions (close, cancel) share a transaction with those arriving meanwhile (group commit).
   */
  async function act(req: FastifyRequest, scope: string, input: unknown, action: (trx: Transaction<DB>) => Promise<ActionResult>, grouped = false) {
    const user = currentUser(req);
    return runMoneyAction(db, req, scope, input, async (trx) => {
      const acted = await action(trx);
      return {
        data: acted.order,
        key: acted.msg,
        afterCommit: () => {
          publishOrderChanged(bus, user.id);
          publishClosed(bus, user.id, acted.closed);
          if (acted.copies) publishCopyTrades(bus, acted.copies);
        },
      };
    }, { grouped });
  }

  const dto = async (trx: Transaction<DB>, row: repo.OrderRow) => (await service.orderDtos(trx, [row]))[0]!;

  // Two statements: the read, which is also the token check (sessionInRead), and the write. One
  // statement, no transaction, writes the order: the answer is built before the write and recorded
  // by it; submits arriving while a write is in flight share the next one (group commit). After a
  // token's first submit the read comes from the process's kept copy (submit-context.ts) and the
  // write checks that copy is still current: one statement in all.
  const contexts = new SubmitContexts(db, bus, (err) => app.log.error({ err }, 'reserving forex order ids failed'));
  app.addHook('onClose', async () => contexts.close());

  async function placeOrder(req: FastifyRequest, scope: string, input: ForexSubmitInput, user: AuthUser, ctx: repo.SubmitContextRow | undefined, guard?: repo.SubmitGuard) {
    return runOneStatementMoneyAction(db, req, scope, input, async (record) => {
      let order: ForexOrder;
      try {
        order = await service.submit(db, { id: user.id, isDemo: user.isDemo }, ctx, input, now(), app.config.market.priceMaxAgeMs, record && ((dto) => record({ data: dto, key: 'forex_submitted' })), db, guard);
      } catch (err) {
        // From the kept copy only the write's own verdict answers (an order, or short of funds):
        // a guard that failed, or a refusal judged on the copy (closed market, leverage...), goes
        // back to a fresh read, which decides as ever.
        if (guard && (err instanceof GuardFailedError || (isRefusal(err) && err.key !== 'forex_insufficient_balance'))) throw new StaleSubmitContext();
        throw err;
      }
      return { data: order, key: 'forex_submitted', afterCommit: () => publishOrderChanged(bus, user.id) };
    });
  }

  route(
    app,
    forex.submit,
    async ({ req, input, scope }) => {
      const tokenHash = requestTokenHash(req);
      const cached = contexts.take(tokenHash, input.forex_id);
      if (cached) {
        const user = await acceptSession(db, req, tokenHash, cached.session);
        try {
          const answer = await placeOrder(req, scope, input, user, cached.ctx, cached.guard);
          contexts.stats.cached += 1;
          return answer;
        } catch (err) {
          if (!(err instanceof StaleSubmitContext)) throw err;
          contexts.forget(tokenHash, input.forex_id);
          // The fresh read decides who the request's user is (the kept session may be gone).
          req.user = null;
        }
      }
      const read = await service.readSubmit(db, tokenHash, input);
      const user = await acceptSession(db, req, tokenHash, read?.session);
      const ctx = await service.withFeeAccount(db, user, read?.ctx);
      if (ctx) contexts.remember(tokenHash, read!.session, ctx);
      return placeOrder(req, scope, input, user, ctx && { ...ctx, order_id: await contexts.orderId() });
    },
    { sessionInRead: true },
  );

  route(app, forex.myDeal, async ({ req, input }) => okEnvelope(req.lang, await service.myDeal(db, currentUser(req).id, input.status, input.page)));

  route(app, forex.close, async ({ req, input, scope }) => {
    const user = currentUser(req);
    return act(req, scope, input, async (trx) => {
      const row = await service.closeByUser(trx, user.id, input.id, now(), app.config.market.priceMaxAgeMs);
      return { order: await dto(trx, row), msg: 'forex_closed', closed: [row.id], copies: await copyChangesOf(trx, [row]) };
    }, true);
  });

  route(app, forex.cancel, async ({ req, input, scope }) => {
    const user = currentUser(req);
    return act(req, scope, input, async (trx) => {
      const row = await service.cancel(trx, user.id, input.id, now());
      return { order: await dto(trx, row), msg: 'forex_cancelled', closed: [row.id] };
    }, true);
  });

  route(app, forex.setStop, async ({ req, input, scope }) => {
    const user = currentUser(req);
    return act(req, scope, input, async (trx) => {
      const row = await service.setStops(trx, user.id, input.id, input.stop_loss_price, input.target_profit_price, now(), app.config.market.priceMaxAgeMs);
      return { order: await dto(trx, row), msg: 'forex_stop_set', closed: [] };
    });
  });
};
