import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentUser, tokenFromHeader, userForToken } from '../../http/auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import * as service from './follow.service.js';

/** /api/follow/* and /v2/api/forex/my_deal_follow_order (spec section 7). */
export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const e = endpoints.follow;
  const now = () => new Date(app.now());
  /** The public reads show a signed-in viewer whom they follow; a visitor (or a stale token) is 0. */
  const viewer = async (req: FastifyRequest) => (await userForToken(db, tokenFromHeader(req.headers.authorization)))?.id ?? 0;

  route(app, e.list, async ({ req, input }) => okEnvelope(req.lang, await service.ranking(db, await viewer(req), input.sort)));
  route(app, e.traderList, async ({ req, input }) => okEnvelope(req.lang, await service.traderList(db, await viewer(req), input.page)));
  route(app, e.traderDetail, async ({ req, input }) => okEnvelope(req.lang, await service.traderDetail(db, await viewer(req), input.id)));
  route(app, e.application, async ({ req }) => okEnvelope(req.lang, await service.applicationState(db, currentUser(req).id)));
  route(app, e.applyTrader, async ({ req }) => {
    const userId = currentUser(req).id;
    return okEnvelope(req.lang, await db.transaction().execute((trx) => service.applyTrader(trx, userId, now())), 'trader_applied');
  });
  route(app, e.followTrader, async ({ req, input }) => {
    const userId = currentUser(req).id;
    return okEnvelope(req.lang, await db.transaction().execute((trx) => service.followTrader(trx, userId, input, now())), 'follow_saved');
  });
  route(app, e.canalFollow, async ({ req, input }) => {
    const userId = currentUser(req).id;
    await db.transaction().execute((trx) => service.cancelFollow(trx, userId, input.trader_id, now()));
    return okEnvelope(req.lang, null, 'follow_cancelled');
  });
  route(app, e.followedTrader, async ({ req, input }) => okEnvelope(req.lang, await service.followedTraders(db, currentUser(req).id, input.page)));
  route(app, e.myFollower, async ({ req, input }) => okEnvelope(req.lang, await service.myFollowers(db, currentUser(req).id, input.page)));
  route(app, e.myDealFollowOrder, async ({ req, input }) => okEnvelope(req.lang, await service.followOrders(db, currentUser(req).id, input)));
};
