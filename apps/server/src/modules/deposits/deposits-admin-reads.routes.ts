import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { staffUserTab } from '../../http/admin-user-lookup.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { wireDateTime } from '../../lib/time.js';

async function userDeposits(db: Executor, userId: number, limit: number, offset: number) {
  const base = db.selectFrom('charges').where('user_id', '=', userId);
  const [rows, count] = await Promise.all([
    base.select(['id', 'type', 'number', 'currency_code', 'status', 'remark', 'created_at', 'reviewed_at']).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((c) => ({ ...c, created_at: wireDateTime(c.created_at), reviewed_at: c.reviewed_at ? wireDateTime(c.reviewed_at) : null })),
  };
}

/** Deposits waiting for a decision: how many and how much (the dashboard). */
export async function waitingDepositTotals(db: Executor): Promise<{ count: number; sum: string }> {
  const row = await db
    .selectFrom('charges')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.coalesce(eb.fn.sum<string>('number'), eb.val('0')).as('total')])
    .where('status', '=', 0)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), sum: String(row.total) };
}

/** The deposits tab of a user's page in the admin console. */
export const depositsAdminReadRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.adminUsers.deposits, async ({ req, params, input }) => okEnvelope(req.lang, await staffUserTab(app.db, params.id, input.page, userDeposits)));
};
