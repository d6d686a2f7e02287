import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentUser } from '../../http/auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { runMoneyAction } from '../../http/idempotency.js';
import { agreementDocument } from './agreement-document.js';
import * as service from './loans.service.js';

/** The user's loan API (decisions.md "Loans"): real accounts only (the endpoints' access). */
export const loansRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const e = endpoints.loans;

  route(app, e.info, async ({ req }) => okEnvelope(req.lang, await service.kycOf(db, currentUser(req).id)));
  route(app, e.kycSubmit, async ({ req, input, scope }) =>
    runMoneyAction(db, req, scope, input, (trx) => service.submitKyc(trx, currentUser(req).id, input, app.now())),
  );
  route(app, e.configs, async ({ req }) => okEnvelope(req.lang, await service.listConfigs(db)));
  route(app, e.configInfo, async ({ req, input }) => okEnvelope(req.lang, await service.configInfo(db, currentUser(req).id, input.id, input.amount, req.lang, app.now())));
  route(app, e.getDate, async ({ req, input }) => okEnvelope(req.lang, await service.getDate(db, input.id, app.now())));
  route(app, e.submit, async ({ req, input, scope }) => {
    const evidence = { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? ''), lang: req.lang, nowMs: app.now() };
    return runMoneyAction(db, req, scope, input, (trx) => service.submitLoan(trx, currentUser(req).id, input, evidence));
  });
  route(app, e.list, async ({ req, input }) => okEnvelope(req.lang, await service.listOwnLoans(db, currentUser(req).id, input.page)));
  route(app, e.loanInfo, async ({ req, input }) => okEnvelope(req.lang, service.toRecord(await service.ownLoan(db, currentUser(req).id, input.id))));
  route(app, e.agreementPdf, async ({ req, reply, input }) => {
    const loan = await service.ownLoan(db, currentUser(req).id, input.id);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="loan-agreement-${loan.id}.pdf"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(await agreementDocument(app.documents, loan, config.dataDir)));
  });
  route(app, e.repaymentInfo, async ({ req, input }) => okEnvelope(req.lang, await service.repaymentInfo(db, currentUser(req).id, input.loan_id)));
  route(app, e.repaymentAccounts, async ({ req }) => okEnvelope(req.lang, await service.repaymentAccounts(db)));
  route(app, e.repayment, async ({ req, input, scope }) =>
    runMoneyAction(db, req, scope, input, (trx) => service.repay(trx, currentUser(req).id, input, app.now())),
  );
};
