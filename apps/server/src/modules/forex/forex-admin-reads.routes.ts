import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { staffUserTab } from '../../http/admin-user-lookup.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { wireDateTime } from '../../lib/time.js';

/** Every forex order of a user, newest first, for the user's page in the admin console (read only). */
async function userForexOrders(db: Executor, userId: number, limit: number, offset: number) {
  const base = db.selectFrom('forex_orders as o').where('o.user_id', '=', userId);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('trade_symbols as s', 's.id', 'o.symbol_id')
      .select([
        'o.id', 's.code as symbol', 'o.order_type', 'o.status', 'o.close_type', 'o.is_demo', 'o.quantity', 'o.price', 'o.update_price',
        'o.fact_profits', 'o.caution_money', 'o.trade_fee', 'o.multiple', 'o.created_at', 'o.closed_at',
      ])
      .orderBy('o.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((o) => ({ ...o, created_at: wireDateTime(o.created_at), closed_at: o.closed_at ? wireDateTime(o.closed_at) : null })),
  };
}

/** The forex tab of a user's page in the admin console. */
export const forexAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.adminUsers.forexOrders, async ({ req, params, input }) => okEnvelope(req.lang, await staffUserTab(app.db, params.id, input.page, userForexOrders)));
};
