import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { currentAdmin } from '../../http/admin-auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { refuse } from '../../http/refusal.js';
import { writeAudit } from '../audit/index.js';
import * as repo from './follow.repository.js';
import { recomputeTrader } from './follow-stats.js';

/**
 * A reviewer's decision on a trader application, once (the row is locked; a second decision finds
 * it decided). Approval makes the user a trader and computes their statistics; it moves no money.
 * Audited in the same transaction.
 */
export async function decideApplication(trx: Executor, adminId: number, id: number, decision: 'approve' | 'reject', reason: string | undefined, at: Date) {
  const app = await repo.lockApplication(trx, id);
  if (!app) refuse('not_found');
  if (app.status !== 0) refuse('already_decided');
  const status = decision === 'approve' ? 1 : 2;
  await repo.decideApplication(trx, id, adminId, status, reason ?? '', at);
  // A new trader's figures from the orders they closed before: the close events only recompute
  // traders, so without this the ranking would show none until the next full recompute.
  if (status === 1) await recomputeTrader(trx, app.user_id, at.getTime());
  await writeAudit(trx, {
    adminId,
    action: `trader_application.${decision}`,
    target: `trader_application:${id}`,
    detail: { user_id: app.user_id, reason: reason ?? null },
    before: { status: app.status, is_trader: false },
    after: { status, is_trader: status === 1 },
  });
  return { id, status };
}

export const followAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = endpoints.follow;
  const decisions = [
    [e.approveApplication, 'approve'],
    [e.rejectApplication, 'reject'],
  ] as const;
  for (const [endpoint, decision] of decisions) {
    route(app, endpoint, async ({ req, input, params }) => {
      const adminId = currentAdmin(req).id;
      const at = new Date(app.now());
      return okEnvelope(req.lang, await app.db.transaction().execute((trx) => decideApplication(trx, adminId, params.id, decision, input?.reason, at)), 'decision_saved');
    });
  }
};
