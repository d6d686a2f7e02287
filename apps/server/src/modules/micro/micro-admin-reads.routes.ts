import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { staffUserTab } from '../../http/admin-user-lookup.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { wireDateTime } from '../../lib/time.js';

/** Every option (seconds) order of a user, newest first, for the admin console (read only). */
async function userOptions(db: Executor, userId: number, limit: number, offset: number) {
  const base = db.selectFrom('micro_orders as o').where('o.user_id', '=', userId);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('trade_symbols as s', 's.id', 'o.symbol_id')
      .select(['o.id', 's.code as symbol', 'o.type', 'o.amount', 'o.seconds', 'o.profit_ratio', 'o.open_price', 'o.end_price', 'o.fact_profits', 'o.status', 'o.created_at', 'o.complete_at'])
      .orderBy('o.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((o) => ({ ...o, created_at: wireDateTime(o.created_at), complete_at: o.complete_at ? wireDateTime(o.complete_at) : null })),
  };
}

/** The options tab of a user's page in the admin console. */
export const microAdminReadRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.adminUsers.options, async ({ req, params, input }) => okEnvelope(req.lang, await staffUserTab(app.db, params.id, input.page, userOptions)));
};
