import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forexMyDealQuery,
  forexMyDealSchema,
  forexOrderIdInput,
  forexOrderSchema,
  forexSetStopInput,
  forexSubmitInput,
  type ForexOrder,
  type SuccessKey,
} from '@tp/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.js';
import { envelopeSchema, okEnvelope } from '../../http/envelope.js';
import { currentUser, requireUser } from '../../http/auth.js';
import { runMoneyAction, runOneStatementMoneyAction } from '../../http/idempotency.js';
import * as repo from './forex.repository.js';
import * as service from './forex.service.js';
import { publishClosed, publishOrderChanged } from './forex-events.js';

interface ActionResult {
  order: ForexOrder;
  msg: SuccessKey;
  /** FOREX_CLOSED ids to publish after commit. */
  closed: number[];
}

/**
 * /v2/api/forex/{submit,my_deal,close,cancel_trade,set_stop_price}. Actions are POST (JSON or
 * form); my_deal is GET. Every action honours the Idempotency-Key header.
 */
export const forexRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['forex'];
  const { db, bus } = app;
  // The app's clock: tests fix it to open or closed market hours.
  const now = () => new Date(app.now());
  const orderEnvelope = { 200: envelopeSchema(forexOrderSchema) };

  /**
   * Runs an action once per Idempotency-Key (the shared runMoneyAction) and publishes after
   * commit, only when this request acted - a replay changed nothing.
   */
  async function act(req: FastifyRequest, route: string, body: unknown, action: (trx: Transaction<DB>) => Promise<ActionResult>) {
    const user = currentUser(req);
    return runMoneyAction(db, req, `forex/${route}`, body, async (trx) => {
      const acted = await action(trx);
      return {
        data: acted.order,
        key: acted.msg,
        afterCommit: () => {
          publishOrderChanged(bus, user.id);
          publishClosed(bus, user.id, acted.closed);
        },
      };
    });
  }

  const dto = async (trx: Transaction<DB>, row: repo.OrderRow) => (await service.orderDtos(trx, [row]))[0]!;

  app.post('/v2/api/forex/submit', { preHandler: requireUser, schema: { tags, body: forexSubmitInput, response: orderEnvelope } }, async (req) => {
    const user = currentUser(req);
    // One statement, no transaction: the answer is built before the write and recorded by it.
    return runOneStatementMoneyAction(db, req, 'forex/submit', req.body, async (record) => {
      const order = await service.submit(db, { id: user.id, isDemo: user.isDemo }, req.body, now(), record && ((dto) => record({ data: dto, key: 'forex_submitted' })));
      return { data: order, key: 'forex_submitted', afterCommit: () => publishOrderChanged(bus, user.id) };
    });
  });

  app.get('/v2/api/forex/my_deal', { preHandler: requireUser, schema: { tags, querystring: forexMyDealQuery, response: { 200: envelopeSchema(forexMyDealSchema) } } }, async (req) =>
    okEnvelope(req.lang, await service.myDeal(db, currentUser(req).id, req.query.status, req.query.page)),
  );

  app.post('/v2/api/forex/close', { preHandler: requireUser, schema: { tags, body: forexOrderIdInput, response: orderEnvelope } }, async (req) => {
    const user = currentUser(req);
    return act(req, 'close', req.body, async (trx) => {
      const row = await service.closeByUser(trx, user.id, req.body.id, now());
      return { order: await dto(trx, row), msg: 'forex_closed', closed: [row.id] };
    });
  });

  app.post('/v2/api/forex/cancel_trade', { preHandler: requireUser, schema: { tags, body: forexOrderIdInput, response: orderEnvelope } }, async (req) => {
    const user = currentUser(req);
    return act(req, 'cancel_trade', req.body, async (trx) => {
      const row = await service.cancel(trx, user.id, req.body.id, now());
      return { order: await dto(trx, row), msg: 'forex_cancelled', closed: [row.id] };
    });
  });

  app.post('/v2/api/forex/set_stop_price', { preHandler: requireUser, schema: { tags, body: forexSetStopInput, response: orderEnvelope } }, async (req) => {
    const user = currentUser(req);
    return act(req, 'set_stop_price', req.body, async (trx) => {
      const b = req.body;
      const row = await service.setStops(trx, user.id, b.id, b.stop_loss_price, b.target_profit_price, now());
      return { order: await dto(trx, row), msg: 'forex_stop_set', closed: [] };
    });
  });
};
