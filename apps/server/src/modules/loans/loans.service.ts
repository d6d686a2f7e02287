import {
  LOAN_AGREEMENT_VERSION,
  LOAN_KYC_STATUS,
  LOAN_STATUS,
  REPAY_FROM_BALANCE,
  type Lang,
  type LoanConfig,
  type LoanConfigInfo,
  type LoanKyc,
  type LoanKycInput,
  type LoanRecord,
  type LoanSubmitInput,
  type RepaymentInfo,
  type RepaymentInput,
  ACCOUNT_TYPES,
} from '@tp/contracts';
import { dec, loanAmountDue, loanDueAt, loanInterest, withinLoanBounds } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { pgErrorCode } from '../../db/database.js';
import type { ActionResult } from '../../http/idempotency.js';
import { isRefusal, refuse } from '../../http/refusal.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';
import { baseCurrencyId, BASE_CURRENCY, findUserAccount } from '../ledger/index.js';
import { ownUploadId, uploadUrl } from '../uploads/index.js';
import { agreementHash, renderAgreement } from './agreement.js';
import { postRepayment } from './loan-ledger.js';
import * as repo from './loans.repository.js';

const money = (v: string) => dec(v).toFixed(2);
const rate = (v: string) => dec(v).toString();
const dt = (d: Date | null) => (d ? wireDateTime(d) : null);

// ---------- KYC ----------

const NO_KYC: LoanKyc = { status: LOAN_KYC_STATUS.none, remark: '', name: '', last_name: '', sex: null, birthday: '', country: '', mobile: '', id_card_type: null, hand_pic: '', signature: '' };

export function toKyc(r: repo.KycRow): LoanKyc {
  return {
    status: r.status,
    remark: r.remark,
    name: r.name,
    last_name: r.last_name,
    sex: r.sex,
    birthday: r.birthday.replace(/-/g, '/'),
    country: r.country,
    mobile: r.mobile,
    id_card_type: r.id_card_type,
    hand_pic: uploadUrl(r.hand_name),
    signature: uploadUrl(r.signature_name),
  };
}

export async function kycOf(db: Executor, userId: number): Promise<LoanKyc> {
  const row = await repo.kycRows(db).where('k.user_id', '=', userId).executeTakeFirst();
  return row ? toKyc(row) : NO_KYC;
}

/** A first submission, or a resubmission after a rejection (in place); waiting or approved refuse. */
export async function submitKyc(trx: Executor, userId: number, input: LoanKycInput, nowMs: number): Promise<ActionResult<LoanKyc>> {
  const today = wireDateTime(new Date(nowMs)).slice(0, 10);
  if (input.birthday < '1950-01-01' || input.birthday > today) refuse('loan_birthday_range');
  const existing = await trx.selectFrom('loan_kyc').select(['id', 'status']).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  if (existing && existing.status !== LOAN_KYC_STATUS.rejected) refuse('loan_kyc_pending');
  const values = {
    name: input.name,
    last_name: input.last_name,
    sex: input.sex,
    birthday: input.birthday,
    country: input.country,
    mobile: input.mobile,
    id_card_type: input.id_card_type,
    hand_upload_id: await ownUploadId(trx, userId, input.hand_pic),
    signature_upload_id: await ownUploadId(trx, userId, input.signature),
    status: LOAN_KYC_STATUS.waiting,
    remark: '',
    reviewed_by: null,
    reviewed_at: null,
    updated_at: new Date(nowMs),
  };
  if (existing) await trx.updateTable('loan_kyc').set(values).where('id', '=', existing.id).execute();
  else await trx.insertInto('loan_kyc').values({ user_id: userId, ...values }).execute();
  return { data: await kycOf(trx, userId), key: 'loan_kyc_submitted' };
}

// ---------- terms ----------

type ConfigRow = NonNullable<Awaited<ReturnType<typeof repo.findConfig>>>;

export function toConfig(c: ConfigRow): LoanConfig {
  return {
    id: c.id,
    loan_period: c.loan_period,
    min_amount: money(c.min_amount),
    max_amount: money(c.max_amount),
    interest_rate: rate(c.interest_rate),
    free_period: c.free_period,
    penalty_rate: rate(c.penalty_rate),
  };
}

const termsOf = (c: { loan_period: number; free_period: number; interest_rate: string; penalty_rate: string }) => ({
  loanPeriod: c.loan_period,
  freePeriod: c.free_period,
  interestRate: c.interest_rate,
  penaltyRate: c.penalty_rate,
});

export async function listConfigs(db: Executor): Promise<LoanConfig[]> {
  const rows = await db.selectFrom('loan_configs').selectAll().where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
  return rows.map(toConfig);
}

async function enabledConfig(db: Executor, id: number): Promise<ConfigRow> {
  const c = await repo.findConfig(db, id, true);
  if (!c) refuse('loan_config_not_found');
  return c;
}

/** The borrower as the agreement names them: the KYC's names (first, last) and the uid. */
async function parties(db: Executor, userId: number) {
  const u = await db.selectFrom('users').leftJoin('loan_kyc as k', 'k.user_id', 'users.id').select(['users.uid', 'k.name', 'k.last_name']).where('users.id', '=', userId).executeTakeFirstOrThrow();
  const borrower = [u.last_name, u.name].filter(Boolean).join(' ') || u.uid;
  return { borrower, uid: u.uid, currency: BASE_CURRENCY };
}

export async function configInfo(db: Executor, userId: number, id: number, amount: string | undefined, lang: Lang, nowMs: number): Promise<LoanConfigInfo> {
  const c = await enabledConfig(db, id);
  const shown = amount ?? c.min_amount;
  return {
    ...toConfig(c),
    agreement_version: LOAN_AGREEMENT_VERSION,
    agreement: renderAgreement(lang, await parties(db, userId), shown, termsOf(c), nowMs),
    interest_amount: amount === undefined ? null : loanInterest(amount, termsOf(c)),
    due_date: wireDateTime(new Date(loanDueAt(nowMs, c.loan_period))),
  };
}

export async function getDate(db: Executor, id: number | undefined, nowMs: number) {
  const due = id === undefined ? null : loanDueAt(nowMs, (await enabledConfig(db, id)).loan_period);
  return { date: wireDateTime(new Date(nowMs)), due_date: due === null ? null : wireDateTime(new Date(due)) };
}

// ---------- loans ----------

export function toRecord(r: repo.LoanRow): LoanRecord {
  return {
    id: r.id,
    created_at: wireDateTime(r.created_at),
    amount: money(r.amount),
    loan_period: r.loan_period,
    free_period: r.free_period,
    interest_amount: money(r.interest_amount),
    interest_rate: rate(r.interest_rate),
    penalty_rate: rate(r.penalty_rate),
    penalty_amount: money(r.penalty_amount),
    amount_due: loanAmountDue(r.amount, r.interest_amount, r.penalty_amount),
    reviewed_at: dt(r.reviewed_at),
    repayment_time: dt(r.due_at),
    repaid_at: dt(r.repaid_at),
    status: r.status,
    remark: r.remark,
    agreement: r.agreement_text,
    agreement_hash: r.agreement_hash,
    sign: uploadUrl(r.sign_name),
    signed_at: wireDateTime(r.signed_at),
  };
}

/** The user's own loan; another user's answers exactly like a missing one. */
export async function ownLoan(db: Executor, userId: number, id: number): Promise<repo.LoanRow> {
  const row = await repo.loanRows(db).where('l.id', '=', id).where('l.user_id', '=', userId).executeTakeFirst();
  if (!row) refuse('not_found');
  return row;
}

export async function loanRecord(db: Executor, id: number): Promise<LoanRecord> {
  const row = await repo.loanRows(db).where('l.id', '=', id).executeTakeFirstOrThrow();
  return toRecord(row);
}

export interface SignatureEvidence {
  ip: string;
  userAgent: string;
  lang: Lang;
  nowMs: number;
}

/**
 * An application, signed: refused without approved KYC, outside the term's bounds, while another
 * loan is open, or without the user's own drawn signature. The agreement is rendered here, in the
 * user's language, and stored with its hash beside the signature's time, IP and user agent.
 */
export async function submitLoan(trx: Executor, userId: number, input: LoanSubmitInput, ev: SignatureEvidence): Promise<ActionResult<LoanRecord>> {
  // The signature first: without the user's own drawn signature nothing else matters.
  let signId: number;
  try {
    signId = await ownUploadId(trx, userId, input.sign);
  } catch (err) {
    if (isRefusal(err)) refuse('loan_sign_required');
    throw err;
  }
  const kyc = await trx.selectFrom('loan_kyc').select('status').where('user_id', '=', userId).executeTakeFirst();
  if (kyc?.status !== LOAN_KYC_STATUS.approved) refuse('loan_kyc_required');
  if (input.agreement !== LOAN_AGREEMENT_VERSION) refuse('loan_agreement_outdated');
  const c = await enabledConfig(trx, input.config_id);
  if (!withinLoanBounds(input.amount, c.min_amount, c.max_amount)) refuse('loan_amount_range', { min: money(c.min_amount), max: money(c.max_amount) });
  const open = await trx.selectFrom('loans').select('id').where('user_id', '=', userId).where('status', 'in', [LOAN_STATUS.waiting, LOAN_STATUS.repaying, LOAN_STATUS.repaymentReview]).executeTakeFirst();
  if (open) refuse('loan_open');
  const text = renderAgreement(ev.lang, await parties(trx, userId), input.amount, termsOf(c), ev.nowMs);
  const row = {
    user_id: userId,
    config_id: c.id,
    amount: money(input.amount),
    loan_period: c.loan_period,
    free_period: c.free_period,
    interest_rate: c.interest_rate,
    penalty_rate: c.penalty_rate,
    interest_amount: loanInterest(input.amount, termsOf(c)),
    agreement_version: input.agreement,
    agreement_language: ev.lang,
    agreement_text: text,
    agreement_hash: agreementHash(text),
    sign_upload_id: signId,
    signed_at: new Date(ev.nowMs),
    signed_ip: ev.ip,
    signed_user_agent: ev.userAgent.slice(0, 500),
    created_at: new Date(ev.nowMs),
  };
  let id: number;
  try {
    ({ id } = await trx.insertInto('loans').values(row).returning('id').executeTakeFirstOrThrow());
  } catch (err) {
    // Two applications at once: the one-open-loan index lets one through.
    if (pgErrorCode(err) === '23505') refuse('loan_open');
    throw err;
  }
  return { data: await loanRecord(trx, id), key: 'loan_submitted' };
}

export async function listOwnLoans(db: Executor, userId: number, page: number) {
  const { limit, offset } = pageWindow(page);
  const [rows, count] = await Promise.all([
    repo.loanRows(db).where('l.user_id', '=', userId).orderBy('l.id', 'desc').limit(limit).offset(offset).execute(),
    db.selectFrom('loans').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return paged(rows.map(toRecord), Number(count.n), page);
}

async function fundingAvailable(db: Executor, userId: number): Promise<string> {
  const acc = await findUserAccount(db, userId, ACCOUNT_TYPES.change, await baseCurrencyId(db));
  return dec(acc?.balance ?? '0').toFixed(2, 1);
}

export async function repaymentInfo(db: Executor, userId: number, loanId: number): Promise<RepaymentInfo> {
  const r = await ownLoan(db, userId, loanId);
  return {
    loan_id: r.id,
    status: r.status,
    amount: money(r.amount),
    interest_amount: money(r.interest_amount),
    penalty_amount: money(r.penalty_amount),
    amount_due: loanAmountDue(r.amount, r.interest_amount, r.penalty_amount),
    repayment_time: dt(r.due_at),
    balance: await fundingAvailable(db, userId),
  };
}

/** The collection accounts a borrower may pay to (the deposit collection accounts, enabled). */
export async function repaymentAccounts(db: Executor) {
  const rows = await db
    .selectFrom('bank_accounts as a')
    .innerJoin('bank_coins as c', 'c.id', 'a.bank_coin_id')
    .select(['a.id', 'a.bank_name', 'a.bank_address', 'a.bank_swift', 'a.payee_name', 'a.payee_account', 'a.bank_remark', 'c.name as currency'])
    .where('a.enabled', '=', true)
    .orderBy('a.id')
    .execute();
  return rows;
}

/**
 * A repayment of a loan to repay (2): from the funding balance at once (charge_id 0: status 5),
 * or by proof of a payment to a collection account (status 4, the console confirms it).
 */
export async function repay(trx: Executor, userId: number, input: RepaymentInput, nowMs: number): Promise<ActionResult<LoanRecord>> {
  // The proof first: another user's upload is refused before anything about the loan is said.
  const proofId = input.charge_id === REPAY_FROM_BALANCE ? null : await ownUploadId(trx, userId, input.proofImg ?? '');
  await ownLoan(trx, userId, input.loan_id);
  const loan = await repo.lockLoan(trx, input.loan_id);
  if (loan?.status !== LOAN_STATUS.repaying) refuse('loan_not_repayable');
  const due = loanAmountDue(loan.amount, loan.interest_amount, loan.penalty_amount);
  const now = new Date(nowMs);
  if (input.charge_id === REPAY_FROM_BALANCE) {
    await postRepayment(trx, loan, due, 'balance');
    await trx.updateTable('loans').set({ status: LOAN_STATUS.repaid, repay_channel: REPAY_FROM_BALANCE, repay_amount: due, repay_submitted_at: now, repaid_at: now, remark: '' }).where('id', '=', loan.id).execute();
    return { data: await loanRecord(trx, loan.id), key: 'loan_repaid' };
  }
  const account = await trx.selectFrom('bank_accounts').select('id').where('id', '=', input.charge_id).where('enabled', '=', true).executeTakeFirst();
  if (!account) refuse('channel_not_found');
  await trx
    .updateTable('loans')
    .set({ status: LOAN_STATUS.repaymentReview, repay_channel: account.id, repay_upload_id: proofId, repay_amount: due, repay_submitted_at: now, remark: '' })
    .where('id', '=', loan.id)
    .execute();
  return { data: await loanRecord(trx, loan.id), key: 'loan_repayment_submitted' };
}
