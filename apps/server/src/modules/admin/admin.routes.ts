import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminApproveInput,
  adminDecisionSchema,
  adminDepositPageSchema,
  adminItemParams,
  adminLoginInput,
  adminQueueQuery,
  adminRejectInput,
  adminSessionSchema,
  adminWithdrawalPageSchema,
} from '@tp/contracts';
import { emptyEnvelope, envelopeSchema, okEnvelope } from '../../http/envelope.js';
import { currentAdmin, requireAdmin } from '../../http/admin-auth.js';
import { listChargesForAdmin } from '../deposits/index.js';
import { listWithdrawalsForAdmin } from '../withdrawals/index.js';
import { decideDeposit, type Decision } from './decide-deposit.js';
import { decideWithdrawal } from './decide-withdrawal.js';
import { adminLogin, adminLogout } from './admin.service.js';

/**
 * The admin review API (decisions.md): its own login and tokens; review queues are plural nouns
 * with approve/reject actions. Every decision is audited in its own transaction. Nothing here
 * touches orders or prices.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const { db, config } = app;

  app.post(
    '/admin/api/login',
    {
      config: { rateLimit: { max: config.loginIpLimitPerMinute, timeWindow: 60_000 } },
      schema: { tags, body: adminLoginInput, response: { 200: envelopeSchema(adminSessionSchema) } },
    },
    async (req) => okEnvelope(req.lang, await db.transaction().execute((trx) => adminLogin(trx, req.body.email, req.body.password, req.ip)), 'logged_in'),
  );

  app.post('/admin/api/logout', { onRequest: requireAdmin, schema: { tags, response: { 200: emptyEnvelope } } }, async (req) => {
    const admin = currentAdmin(req);
    await db.transaction().execute((trx) => adminLogout(trx, admin.id, admin.sessionId));
    return okEnvelope(req.lang, null, 'logged_out');
  });

  app.get(
    '/admin/api/deposits',
    { onRequest: requireAdmin, schema: { tags, querystring: adminQueueQuery, response: { 200: envelopeSchema(adminDepositPageSchema) } } },
    async (req) => okEnvelope(req.lang, await listChargesForAdmin(db, req.query.status, req.query.page)),
  );

  app.get(
    '/admin/api/withdrawals',
    { onRequest: requireAdmin, schema: { tags, querystring: adminQueueQuery, response: { 200: envelopeSchema(adminWithdrawalPageSchema) } } },
    async (req) => okEnvelope(req.lang, await listWithdrawalsForAdmin(db, req.query.status, req.query.page, req.lang)),
  );

  const decide = (queue: 'deposits' | 'withdrawals', decision: Decision) => {
    const fn = queue === 'deposits' ? decideDeposit : decideWithdrawal;
    const body = decision === 'approve' ? adminApproveInput : adminRejectInput;
    app.post(
      `/admin/api/${queue}/:id/${decision}`,
      { onRequest: requireAdmin, schema: { tags, params: adminItemParams, body, response: { 200: envelopeSchema(adminDecisionSchema) } } },
      async (req) => {
        const adminId = currentAdmin(req).id;
        const reason = (req.body as { reason?: string } | undefined)?.reason;
        return okEnvelope(req.lang, await db.transaction().execute((trx) => fn(trx, adminId, req.params.id, decision, reason)), 'decision_saved');
      },
    );
  };
  decide('deposits', 'approve');
  decide('deposits', 'reject');
  decide('withdrawals', 'approve');
  decide('withdrawals', 'reject');
};
