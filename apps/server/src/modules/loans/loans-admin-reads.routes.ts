import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, LOAN_STATUS, REPAY_FROM_BALANCE, type AdminLoan } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { refuse } from '../../http/refusal.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';
import { uploadUrl } from '../uploads/index.js';
import { agreementDocument } from './agreement-document.js';
import { kycRows, loanRows, type LoanRow } from './loans.repository.js';
import { toKyc, toRecord } from './loans.service.js';

const dt = (d: Date | null) => (d ? wireDateTime(d) : null);

function toAdminLoan(r: LoanRow): AdminLoan {
  return {
    ...toRecord(r),
    user: { id: r.user_id, uid: r.uid, email: r.email },
    agreement_language: r.agreement_language,
    signed_ip: r.signed_ip,
    signed_user_agent: r.signed_user_agent,
    pdf_url: endpoints.adminLoans.agreementPdf.path.replace(':id', String(r.id)),
    repay_channel: r.repay_channel === null ? null : r.repay_channel === REPAY_FROM_BALANCE ? 'balance' : `bank_account:${r.repay_channel}`,
    repay_channel_name: r.repay_bank_name === null ? null : `${r.repay_bank_name} ${r.repay_payee_account ?? ''}`.trim(),
    repay_proof: r.proof_name ? uploadUrl(r.proof_name) : '',
    repay_amount: r.repay_amount,
    repay_submitted_at: dt(r.repay_submitted_at),
  };
}

async function loanPage(db: Executor, status: number | undefined, page: number) {
  const { limit, offset } = pageWindow(page);
  let rows = loanRows(db);
  let count = db.selectFrom('loans').select((eb) => eb.fn.countAll<string>().as('n'));
  if (status !== undefined) {
    rows = rows.where('l.status', '=', status);
    count = count.where('status', '=', status);
  }
  const [data, n] = await Promise.all([rows.orderBy('l.id', 'desc').limit(limit).offset(offset).execute(), count.executeTakeFirstOrThrow()]);
  return paged(data.map(toAdminLoan), Number(n.n), page);
}

/** The reviewer's reads of the three loan queues, with each loan's evidence (agreement, signature, PDF). */
export const loansAdminReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const e = endpoints.adminLoans;

  route(app, e.kyc, async ({ req, input }) => {
    const { limit, offset } = pageWindow(input.page);
    let rows = kycRows(db);
    let count = db.selectFrom('loan_kyc').select((eb) => eb.fn.countAll<string>().as('n'));
    if (input.status !== undefined) {
      rows = rows.where('k.status', '=', input.status);
      count = count.where('status', '=', input.status);
    }
    const [data, n] = await Promise.all([rows.orderBy('k.id', 'desc').limit(limit).offset(offset).execute(), count.executeTakeFirstOrThrow()]);
    const items = data.map((r) => ({ ...toKyc(r), id: r.id, user: { id: r.user_id, uid: r.uid, email: r.email }, created_at: wireDateTime(r.created_at), reviewed_at: dt(r.reviewed_at) }));
    return okEnvelope(req.lang, paged(items, Number(n.n), input.page));
  });
  route(app, e.loans, async ({ req, input }) => okEnvelope(req.lang, await loanPage(db, input.status, input.page)));
  // The repayment queue lists loans by the same statuses; the console filters on 4 (under review) first.
  route(app, e.repayments, async ({ req, input }) => okEnvelope(req.lang, await loanPage(db, input.status ?? LOAN_STATUS.repaymentReview, input.page)));
  route(app, e.agreementPdf, async ({ reply, params }) => {
    const loan = await loanRows(db).where('l.id', '=', params.id).executeTakeFirst();
    if (!loan) refuse('not_found');
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="loan-agreement-${loan.id}.pdf"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(await agreementDocument(app.documents, loan, config.dataDir)));
  });
};
