import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, endpoints, type LoanRecord } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin, expectRefused, registerUser, type Registered } from '../../test/http-helpers.js';
import { adminToken, balanceOf, fund, upload, uploadUrlOf } from '../../test/wallet-helpers.js';
import { Scheduler } from '../../engine/scheduler.js';
import { createInProcessBus } from '../../realtime/bus.js';
import { silentEngineLog } from '../../engine/engine-log.js';
import { verifyLedger } from '../ledger/index.js';
import { loanPenaltyJob } from './loan-penalty-job.js';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { agreementHash } from './agreement.js';

/** The test clock: the app's and the scheduler's. Starts on a Monday morning, UTC. */
let nowMs = Date.UTC(2026, 0, 5, 10, 0, 0);
let t: TestApp;
let admin: string;
const auth = (token: string) => ({ authorization: token, lang: 'en' });
const e = endpoints.loans;
const a = endpoints.adminLoans;

const get = <T = unknown>(token: string, url: string) => call<T>(t.app, { method: 'GET', url, headers: auth(token) });
const post = <T = unknown>(token: string, url: string, payload: Record<string, unknown> = {}) => call<T>(t.app, { method: 'POST', url, headers: auth(token), payload });

async function kycPayload(token: string, overrides: Record<string, unknown> = {}) {
  const pic = await uploadUrlOf(t.app, token);
  return { name: 'Chan', last_name: 'Tai Man', sex: 1, birthday: '1990/05/17', country: 'HK', mobile: '+852-91234567', id_card_type: 1, hand_pic: pic, signature: pic, ...overrides };
}

async function kycIdOf(userId: number): Promise<number> {
  return (await t.db.selectFrom('loan_kyc').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()).id;
}

/** A user whose identity check the admin approved. */
async function verifiedUser(): Promise<Registered> {
  const u = await registerUser(t.app, t.dataDir);
  expect((await post(u.token, e.kycSubmit.path, await kycPayload(u.token))).body.code).toBe(1);
  expect((await post(admin, endpointPath(a.approveKyc, { id: await kycIdOf(u.user.id) }))).body.code).toBe(1);
  return u;
}

async function apply(u: Registered, amount: string, configId = 1) {
  const sign = await uploadUrlOf(t.app, u.token);
  return post<LoanRecord>(u.token, e.submit.path, { amount, config_id: configId, sign, agreement: '1' });
}

async function systemBalance(code: string): Promise<string> {
  const row = await t.db.selectFrom('ledger_accounts').select('balance').where('system_code', '=', code).executeTakeFirst();
  return row ? Number(row.balance).toFixed(2) : '0.00';
}

async function loanRow(id: number) {
  return t.db.selectFrom('loans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  t = await createTestApp({ now: () => nowMs });
  admin = await adminToken(t.app);
}, 60_000);
afterAll(() => t?.close());

describe('access', () => {
  it.each([
    ['GET', e.info.path],
    ['POST', e.kycSubmit.path],
    ['GET', e.configs.path],
    ['POST', e.submit.path],
    ['GET', e.getDate.path],
    ['GET', `${e.configInfo.path}?id=1`],
    ['GET', e.list.path],
    ['GET', `${e.loanInfo.path}?id=1`],
    ['GET', `${e.agreementPdf.path}?id=1`],
    ['GET', `${e.repaymentInfo.path}?loan_id=1`],
    ['GET', e.repaymentAccounts.path],
    ['POST', e.repayment.path],
  ] as const)('%s %s: 999 without login, only_true_account for a demo account', async (method, url) => {
    expectRefused(await call(t.app, { method, url }), 'not_logged_in', 999);
    const demo = await demoLogin(t.app, 'loan-demo-1');
    const res = await call(t.app, { method, url, headers: auth(demo.token), ...(method === 'POST' ? { payload: {} } : {}) });
    expectRefused(res, 'only_true_account');
  });
});

describe('identity check', () => {
  it('status 0, then waiting, rejected with the reason, resubmitted, approved', async () => {
    const u = await registerUser(t.app, t.dataDir);
    expect((await get(u.token, e.info.path)).body.data).toMatchObject({ status: 0, remark: '' });
    const sent = await post(u.token, e.kycSubmit.path, await kycPayload(u.token));
    expect(sent.body).toMatchObject({ code: 1, data: { status: 1, name: 'Chan', last_name: 'Tai Man', birthday: '1990/05/17', sex: 1, id_card_type: 1 } });
    expectRefused(await post(u.token, e.kycSubmit.path, await kycPayload(u.token)), 'loan_kyc_pending');
    const id = await kycIdOf(u.user.id);
    expect((await post(admin, endpointPath(a.rejectKyc, { id }), { reason: 'The photo is blurred' })).body.data).toEqual({ id, status: 3 });
    expect((await get(u.token, e.info.path)).body.data).toMatchObject({ status: 3, remark: 'The photo is blurred' });
    expect((await post(u.token, e.kycSubmit.path, await kycPayload(u.token, { country: 'GB' }))).body.data).toMatchObject({ status: 1, remark: '', country: 'GB' });
    expect((await post(admin, endpointPath(a.approveKyc, { id }))).body.data).toEqual({ id, status: 2 });
    expectRefused(await post(admin, endpointPath(a.approveKyc, { id })), 'already_decided');
    expectRefused(await post(u.token, e.kycSubmit.path, await kycPayload(u.token)), 'loan_kyc_pending');
    const queue = await get<{ data: { id: number; user: { id: number }; hand_pic: string }[] }>(admin, `${a.kyc.path}?status=2`);
    expect(queue.body.data.data.find((k) => k.id === id)).toMatchObject({ user: { id: u.user.id }, hand_pic: expect.stringMatching(/^\/uploads\//) });
    const audit = await t.db.selectFrom('audit_log').select('action').where('target', '=', `loan_kyc:${id}`).orderBy('id').execute();
    expect(audit.map((r) => r.action)).toEqual(['loan_kyc.reject', 'loan_kyc.approve']);
  });

  it.each([
    [{ birthday: '1949/12/31' }, 'loan_birthday_range'],
    [{ birthday: '2026/01/06' }, 'loan_birthday_range'], // tomorrow on the test clock
    [{ birthday: '1990/02/30' }, 'bad_request'],
    [{ sex: 3 }, 'bad_request'],
    [{ id_card_type: 4 }, 'bad_request'],
    [{ mobile: '12345' }, 'bad_request'],
    [{ name: '' }, 'bad_request'],
  ])('refuses %o with %s', async (override, error) => {
    const u = await registerUser(t.app, t.dataDir);
    expectRefused(await post(u.token, e.kycSubmit.path, await kycPayload(u.token, override)), error);
    expect((await get(u.token, e.info.path)).body.data).toMatchObject({ status: 0 });
  });

  it('accepts 1950-01-01 and today', async () => {
    for (const birthday of ['1950/01/01', '2026/01/05']) {
      const u = await registerUser(t.app, t.dataDir);
      expect((await post(u.token, e.kycSubmit.path, await kycPayload(u.token, { birthday }))).body.code).toBe(1);
    }
  });
});

describe('terms, dates and the agreement', () => {
  it('lists the terms with daily rates as fractions, the date and a term\'s due date', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const terms = await get<{ id: number; loan_period: number; min_amount: string; max_amount: string; interest_rate: string; penalty_rate: string; free_period: number }[]>(u.token, e.configs.path);
    expect(terms.body.data[0]).toEqual({ id: 1, loan_period: 7, min_amount: '100.00', max_amount: '5000.00', interest_rate: '0.001', free_period: 0, penalty_rate: '0.0025' });
    expect((await get(u.token, e.getDate.path)).body.data).toEqual({ date: '2026-01-05 10:00:00', due_date: null });
    expect((await get(u.token, `${e.getDate.path}?id=1`)).body.data).toEqual({ date: '2026-01-05 10:00:00', due_date: '2026-01-12 10:00:00' });
    expectRefused(await get(u.token, `${e.getDate.path}?id=999`), 'loan_config_not_found');
  });

  it('renders the agreement with the amount, rates, term, dates and late fee in the user\'s language', async () => {
    const u = await verifiedUser();
    const info = await get<{ agreement: string; interest_amount: string; agreement_version: string }>(u.token, `${e.configInfo.path}?id=2&amount=1000`);
    expect(info.body.data).toMatchObject({ agreement_version: '1', interest_amount: '9.60' }); // 1000 x 0.0008 x (15 - 3)
    const text = info.body.data.agreement;
    for (const part of ['1000.00 USDT', '15 days', '2026-01-20', '0.08% per day', 'first 3 days', '9.60 USDT', '0.25% of the principal', 'Tai Man Chan']) expect(text).toContain(part);
    const hk = await call<{ agreement: string }>(t.app, { method: 'GET', url: `${e.configInfo.path}?id=2&amount=1000`, headers: { authorization: u.token, lang: 'hk' } });
    expect(hk.body.data.agreement).toContain('借款協議');
  });
});

describe('applications', () => {
  it('refuses without approved identity check, outside the bounds, without a signature, an old agreement, or with another loan open', async () => {
    const u = await registerUser(t.app, t.dataDir);
    expectRefused(await apply(u, '500'), 'loan_kyc_required');
    expect((await post(u.token, e.kycSubmit.path, await kycPayload(u.token))).body.code).toBe(1);
    expectRefused(await apply(u, '500'), 'loan_kyc_required'); // waiting is not approved
    expect((await post(admin, endpointPath(a.approveKyc, { id: await kycIdOf(u.user.id) }))).body.code).toBe(1);
    const low = await apply(u, '99.99');
    expectRefused(low, 'loan_amount_range');
    expect(low.body.msg).toBe('The amount must be between 100.00 and 5000.00');
    expectRefused(await apply(u, '5000.01'), 'loan_amount_range');
    expectRefused(await apply(u, '500', 999), 'loan_config_not_found');
    const other = await registerUser(t.app, t.dataDir);
    const foreignSign = await uploadUrlOf(t.app, other.token);
    expectRefused(await post(u.token, e.submit.path, { amount: '500', config_id: 1, sign: foreignSign, agreement: '1' }), 'loan_sign_required');
    expectRefused(await post(u.token, e.submit.path, { amount: '500', config_id: 1, agreement: '1' }), 'bad_request');
    expectRefused(await post(u.token, e.submit.path, { amount: '500', config_id: 1, sign: await uploadUrlOf(t.app, u.token), agreement: '0' }), 'loan_agreement_outdated');
    expect(await t.db.selectFrom('loans').select('id').where('user_id', '=', u.user.id).execute()).toEqual([]);
    const ok = await apply(u, '5000');
    expect(ok.body).toMatchObject({ code: 1, data: { status: 1, amount: '5000.00', interest_amount: '35.00', amount_due: '5035.00', repayment_time: null } });
    expectRefused(await apply(u, '100'), 'loan_open');
  });

  it('keeps the evidence of the signature: the text as rendered, its hash, the signature, time, IP and user agent', async () => {
    const u = await verifiedUser();
    const sign = await uploadUrlOf(t.app, u.token);
    const res = await call<LoanRecord>(t.app, {
      method: 'POST',
      url: e.submit.path,
      headers: { authorization: u.token, lang: 'fr', 'user-agent': 'Mozilla/5.0 (iPhone) test' },
      payload: { amount: '1000', config_id: 1, sign, agreement: '1' },
    });
    expect(res.body.code).toBe(1);
    const loan = res.body.data;
    expect(loan.agreement).toContain('Contrat de prêt');
    expect(loan.agreement_hash).toBe(agreementHash(loan.agreement));
    expect(loan.sign).toBe(sign);
    expect(loan.signed_at).toBe('2026-01-05 10:00:00');
    const row = await loanRow(loan.id);
    expect(row).toMatchObject({ signed_ip: '127.0.0.1', signed_user_agent: 'Mozilla/5.0 (iPhone) test', agreement_language: 'fr', agreement_version: '1' });
    expect((await get<LoanRecord>(u.token, `${e.loanInfo.path}?id=${loan.id}`)).body.data).toEqual(loan);
    const list = await get<{ data: LoanRecord[]; total: number }>(u.token, e.list.path);
    expect(list.body.data).toMatchObject({ total: 1, data: [{ id: loan.id }] });
    // The PDF: its owner downloads it; the console reads it with a reviewer's token.
    const pdf = await t.app.inject({ method: 'GET', url: `${e.agreementPdf.path}?id=${loan.id}`, headers: auth(u.token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const staffPdf = await t.app.inject({ method: 'GET', url: endpointPath(a.agreementPdf, { id: loan.id }), headers: { authorization: admin } });
    expect(staffPdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await registerUser(t.app, t.dataDir);
    expectRefused(await get(stranger.token, `${e.loanInfo.path}?id=${loan.id}`), 'not_found');
    expectRefused(await get(stranger.token, `${e.agreementPdf.path}?id=${loan.id}`), 'not_found');
    // A rejection ends it with the reason; a new application is possible then.
    expect((await post(admin, endpointPath(a.rejectLoan, { id: loan.id }), { reason: 'Income not shown' })).body.data).toEqual({ id: loan.id, status: 3 });
    expect((await get<LoanRecord>(u.token, `${e.loanInfo.path}?id=${loan.id}`)).body.data).toMatchObject({ status: 3, remark: 'Income not shown' });
    expect((await apply(u, '100')).body.code).toBe(1);
  });

  it('a PDF of an agreement signed in Arabic is in Arabic, in an Arabic font', async () => {
    const u = await verifiedUser();
    const sign = await upload(t.app, u.token);
    const res = await call<LoanRecord>(t.app, { method: 'POST', url: e.submit.path, headers: { authorization: u.token, lang: 'ar' }, payload: { amount: '100', config_id: 1, sign: sign.body.data.url, agreement: '1' } });
    expect(res.body.data.agreement).toContain('اتفاقية قرض');
    const pdf = await t.app.inject({ method: 'GET', url: `${e.agreementPdf.path}?id=${res.body.data.id}`, headers: auth(u.token) });
    expect(pdf.headers['content-type'], pdf.body.slice(0, 300)).toBe('application/pdf');
    expect(pdf.statusCode).toBe(200);
    const doc = await PDFDocument.load(pdf.rawPayload);
    const fonts = [...doc.context.enumerateIndirectObjects()].flatMap(([, o]) => (o instanceof PDFDict && o.get(PDFName.of('Subtype'))?.toString() === '/Type0' ? [o.get(PDFName.of('BaseFont'))?.toString()] : []));
    expect(fonts.some((f) => f?.startsWith('/NotoNaskhArabic'))).toBe(true);
  });
});

describe('a loan\'s life on the test clock', () => {
  it('approve, due, overdue days with restarts, repay by proof: the ledger checked at each step', async () => {
    nowMs = Date.UTC(2026, 0, 5, 10, 0, 0);
    const u = await verifiedUser();
    const bookBefore = await systemBalance('loan_book');
    const incomeBefore = await systemBalance('loan_income');
    const loan = (await apply(u, '1000')).body.data; // 7 days at 0.1 %: interest 7.00, fee 2.50 a day
    expect(Number((await balanceOf(t.app, u.token, 1)).balance)).toBe(0);

    // Approval pays the principal from the loan book and books the interest; due in 7 days.
    expect((await post(admin, endpointPath(a.approveLoan, { id: loan.id }))).body.data).toEqual({ id: loan.id, status: 2 });
    expectRefused(await post(admin, endpointPath(a.approveLoan, { id: loan.id })), 'already_decided');
    expect(Number((await balanceOf(t.app, u.token, 1)).balance)).toBe(1000);
    expect(await systemBalance('loan_book')).toBe((Number(bookBefore) - 1007).toFixed(2));
    expect(await systemBalance('loan_income')).toBe((Number(incomeBefore) + 7).toFixed(2));
    const approved = await get<LoanRecord>(u.token, `${e.loanInfo.path}?id=${loan.id}`);
    expect(approved.body.data).toMatchObject({ status: 2, repayment_time: '2026-01-12 10:00:00', reviewed_at: '2026-01-05 10:00:00', amount_due: '1007.00' });
    expect(await verifyLedger(t.db)).toEqual([]);

    // The scheduler (test clock, no timer); a "restart" is a new scheduler on the same database.
    const scheduler = () => new Scheduler({ db: t.db, bus: createInProcessBus(), log: silentEngineLog, jobs: [loanPenaltyJob], now: () => nowMs, checkEveryMs: 0 });
    const penalty = async () => (await loanRow(loan.id)).penalty_amount;

    nowMs = Date.UTC(2026, 0, 12, 9, 0, 0); // before due
    await scheduler().runDue();
    expect(await penalty()).toBe('0.00');
    nowMs = Date.UTC(2026, 0, 13, 0, 30, 0); // due since 14.5 hours: not a whole day yet
    await scheduler().runDue();
    expect(await penalty()).toBe('0.00');
    nowMs = Date.UTC(2026, 0, 14, 0, 30, 0); // midnight 14th: one whole day overdue
    const first = scheduler();
    await first.runDue();
    await first.runDue();
    await scheduler().runDue(); // a restart in the same day charges nothing again
    expect(await penalty()).toBe('2.50');
    expect((await loanRow(loan.id)).penalty_days).toBe(1);
    nowMs = Date.UTC(2026, 0, 17, 3, 0, 0); // down for two days: the next run catches up to 4 days
    await scheduler().runDue();
    await scheduler().runDue();
    expect(await loanRow(loan.id)).toMatchObject({ penalty_amount: '10.00', penalty_days: 4 });
    const fees = await t.db.selectFrom('ledger_transactions').select('reference').where('kind', '=', 'loan_penalty').where('reference', 'like', `loan:${loan.id}:day:%`).orderBy('reference').execute();
    expect(fees.map((f) => f.reference)).toEqual([1, 2, 3, 4].map((d) => `loan:${loan.id}:day:${d}`));
    expect(await systemBalance('loan_book')).toBe((Number(bookBefore) - 1017).toFixed(2));
    expect(await systemBalance('loan_income')).toBe((Number(incomeBefore) + 17).toFixed(2));
    expect(await verifyLedger(t.db)).toEqual([]);

    // Repay by proof: status 4 freezes the amount; a rejection returns it to 2 with the reason.
    const info = await get<{ amount_due: string; penalty_amount: string; balance: string }>(u.token, `${e.repaymentInfo.path}?loan_id=${loan.id}`);
    expect(info.body.data).toMatchObject({ amount_due: '1017.00', penalty_amount: '10.00', balance: '1000.00' });
    const accounts = await get<{ id: number; bank_name: string; payee_account: string }[]>(u.token, e.repaymentAccounts.path);
    expect(accounts.body.data.length).toBeGreaterThan(0);
    const channel = accounts.body.data[0]!.id;
    expectRefused(await post(u.token, e.repayment.path, { charge_id: channel, loan_id: loan.id }), 'bad_request'); // proof missing
    const proofImg = await uploadUrlOf(t.app, u.token);
    expect((await post<LoanRecord>(u.token, e.repayment.path, { charge_id: channel, loan_id: loan.id, proofImg })).body).toMatchObject({ code: 1, data: { status: 4 } });
    expectRefused(await post(u.token, e.repayment.path, { charge_id: 0, loan_id: loan.id }), 'loan_not_repayable');
    expect((await post(admin, endpointPath(a.rejectRepayment, { id: loan.id }), { reason: 'No payment received' })).body.data).toEqual({ id: loan.id, status: 2 });
    expect((await get<LoanRecord>(u.token, `${e.loanInfo.path}?id=${loan.id}`)).body.data).toMatchObject({ status: 2, remark: 'No payment received' });
    const queue = await get<{ data: { id: number }[] }>(admin, a.repayments.path);
    expect(queue.body.data.data.map((l) => l.id)).not.toContain(loan.id);

    nowMs = Date.UTC(2026, 0, 18, 1, 0, 0); // another day overdue
    await scheduler().runDue();
    expect(await penalty()).toBe('12.50');
    expect((await post(u.token, e.repayment.path, { charge_id: channel, loan_id: loan.id, proofImg })).body.data).toMatchObject({ status: 4, amount_due: '1019.50' });
    const listed = await get<{ data: { id: number; repay_proof: string; repay_amount: string; pdf_url: string; signed_ip: string }[] }>(admin, a.repayments.path);
    // The collection account is named as staff know it, not by its internal id.
    const sentTo = accounts.body.data[0]!;
    expect(listed.body.data.data.find((l) => l.id === loan.id)).toMatchObject({ repay_proof: proofImg, repay_amount: '1019.50', signed_ip: '127.0.0.1', pdf_url: `/admin/api/loans/${loan.id}/agreement.pdf`, repay_channel: `bank_account:${channel}`, repay_channel_name: `${sentTo.bank_name} ${sentTo.payee_account}` });
    nowMs = Date.UTC(2026, 0, 19, 1, 0, 0); // under review: no fee accrues
    await scheduler().runDue();
    expect(await penalty()).toBe('12.50');
    expect((await post(admin, endpointPath(a.confirmRepayment, { id: loan.id }))).body.data).toEqual({ id: loan.id, status: 5 });
    expectRefused(await post(admin, endpointPath(a.confirmRepayment, { id: loan.id })), 'already_decided');
    expect((await get<LoanRecord>(u.token, `${e.loanInfo.path}?id=${loan.id}`)).body.data).toMatchObject({ status: 5, repaid_at: '2026-01-19 01:00:00' });
    // The receivable is closed: the loan book is back where it was, the house earned interest and fees.
    expect(await systemBalance('loan_book')).toBe(bookBefore);
    expect(await systemBalance('loan_income')).toBe((Number(incomeBefore) + 19.5).toFixed(2));
    expect(Number((await balanceOf(t.app, u.token, 1)).balance)).toBe(1000); // paid from outside
    expect(await verifyLedger(t.db)).toEqual([]);
    nowMs = Date.UTC(2026, 0, 25, 1, 0, 0); // repaid: nothing more
    await scheduler().runDue();
    expect(await penalty()).toBe('12.50');
    const actions = await t.db.selectFrom('audit_log').select('action').where('target', '=', `loan:${loan.id}`).orderBy('id').execute();
    expect(actions.map((r) => r.action)).toEqual(['loan.approve', 'loan_repayment.reject', 'loan_repayment.approve']);
  });

  it('repays from the funding balance at once, and refuses when the balance is short', async () => {
    nowMs = Date.UTC(2026, 1, 2, 10, 0, 0);
    const u = await verifiedUser();
    const bookBefore = await systemBalance('loan_book');
    const loan = (await apply(u, '100')).body.data; // interest 0.70
    expectRefused(await post(u.token, e.repayment.path, { charge_id: 0, loan_id: loan.id }), 'loan_not_repayable'); // still waiting
    expect((await post(admin, endpointPath(a.approveLoan, { id: loan.id }))).body.code).toBe(1);
    expectRefused(await post(u.token, e.repayment.path, { charge_id: 0, loan_id: loan.id }), 'insufficient_balance');
    expect((await loanRow(loan.id)).status).toBe(2);
    await fund(t.app, u.token, admin, '1');
    const paid = await post<LoanRecord>(u.token, e.repayment.path, { charge_id: 0, loan_id: loan.id });
    expect(paid.body).toMatchObject({ code: 1, data: { status: 5, repaid_at: '2026-02-02 10:00:00' } });
    expect(Number((await balanceOf(t.app, u.token, 1)).balance)).toBe(0.3);
    expect(await systemBalance('loan_book')).toBe(bookBefore);
    expectRefused(await post(u.token, e.repayment.path, { charge_id: 0, loan_id: loan.id }), 'loan_not_repayable');
    expect((await apply(u, '100')).body.code).toBe(1); // repaid: a new loan may follow
  });
});

describe('loan terms in the console', () => {
  it('creates, changes and disables a term (audited); bounds are checked', async () => {
    const created = await call<{ id: number; enabled: boolean }>(t.app, {
      method: 'POST',
      url: a.createConfig.path,
      headers: { authorization: admin },
      payload: { loan_period: 60, min_amount: '10', max_amount: '100', interest_rate: '0.0005', free_period: 0, penalty_rate: '0.003' },
    });
    expect(created.body).toMatchObject({ code: 1, data: { loan_period: 60, min_amount: '10.00', interest_rate: '0.0005', enabled: true } });
    const id = created.body.data.id;
    const bad = await call(t.app, { method: 'PUT', url: endpointPath(a.updateConfig, { id }), headers: { authorization: admin }, payload: { min_amount: '500' } });
    expectRefused(bad, 'bad_request');
    const off = await call(t.app, { method: 'PUT', url: endpointPath(a.updateConfig, { id }), headers: { authorization: admin }, payload: { enabled: false } });
    expect(off.body).toMatchObject({ code: 1, data: { enabled: false } });
    const u = await registerUser(t.app, t.dataDir);
    expect((await get<{ id: number }[]>(u.token, e.configs.path)).body.data.map((c) => c.id)).not.toContain(id);
    const audit = await t.db.selectFrom('audit_log').select('action').where('target', '=', `loan_config:${id}`).orderBy('id').execute();
    expect(audit.map((r) => r.action)).toEqual(['loan_config.create', 'loan_config.update']);
  });
});
