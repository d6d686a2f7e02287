import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { requireUserForStaff } from '../../http/admin-user-lookup.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';

const STAFF_PER_PAGE = 20;

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
  route(app, endpoints.adminUsers.deposits, async ({ req, params, input }) => {
    await requireUserForStaff(app.db, params.id);
    const { limit, offset } = pageWindow(input.page, STAFF_PER_PAGE);
    const { rows, total } = await userDeposits(app.db, params.id, limit, offset);
    return okEnvelope(req.lang, paged(rows, total, input.page, STAFF_PER_PAGE));
  });
};
