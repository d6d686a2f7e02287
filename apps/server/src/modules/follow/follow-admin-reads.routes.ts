import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, FOLLOW_PAGE_SIZE } from '@tp/contracts';
import { Decimal } from '@tp/domain';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { wireDateTime } from '../../lib/time.js';
import * as repo from './follow.repository.js';

/** The console's trader-applications queue (reviewers): each applicant with their own closed orders. */
export const followAdminReadRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.follow.adminApplications, async ({ req, input }) => {
    const rows = await repo.listApplications(app.db, input.status, FOLLOW_PAGE_SIZE, (input.page - 1) * FOLLOW_PAGE_SIZE);
    const total = rows[0] ? Number(rows[0].total) : 0;
    return okEnvelope(req.lang, {
      data: rows.map((r) => ({
        id: r.id,
        status: r.status,
        remark: r.remark,
        created_at: wireDateTime(r.created_at),
        decided_at: r.decided_at ? wireDateTime(r.decided_at) : null,
        user: { id: r.user_id, uid: r.uid, email: r.email },
        closed_orders: r.closed_orders,
        total_profit: new Decimal(r.total_profit).toFixed(2),
      })),
      total,
      current_page: input.page,
      last_page: Math.max(1, Math.ceil(total / FOLLOW_PAGE_SIZE)),
      per_page: FOLLOW_PAGE_SIZE,
    });
  });
};
