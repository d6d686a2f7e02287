import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { staffUserTab } from '../../http/admin-user-lookup.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { wireDateTime } from '../../lib/time.js';

async function userWithdrawals(db: Executor, userId: number, limit: number, offset: number) {
  const base = db.selectFrom('withdrawals as w').where('w.user_id', '=', userId);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('withdraw_currencies as c', 'c.id', 'w.draw_currency_id')
      .select(['w.id', 'c.code as currency_code', 'w.number', 'w.fee', 'w.real_number', 'w.status', 'w.remark', 'w.created_at', 'w.reviewed_at'])
      .orderBy('w.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((w) => ({ ...w, created_at: wireDateTime(w.created_at), reviewed_at: w.reviewed_at ? wireDateTime(w.reviewed_at) : null })),
  };
}

/** Withdrawals waiting for a decision: how many and how much (the dashboard). */
export async function waitingWithdrawalTotals(db: Executor): Promise<{ count: number; sum: string }> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.coalesce(eb.fn.sum<string>('number'), eb.val('0')).as('total')])
    .where('status', '=', 0)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), sum: String(row.total) };
}

/** The withdrawals tab of a user's page in the admin console. */
export const withdrawalsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.adminUsers.withdrawals, async ({ req, params, input }) => okEnvelope(req.lang, await staffUserTab(app.db, params.id, input.page, userWithdrawals)));
};
