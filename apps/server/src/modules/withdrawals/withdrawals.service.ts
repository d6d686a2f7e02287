import {
  ACCOUNT_TYPES,
  CODE_PURPOSE,
  DRAW_TYPES,
  type AdminWithdrawal,
  type BindDrawMethodInput,
  type DrawCurrency,
  type DrawInput,
  type DrawMethod,
  type Lang,
  type WithdrawRecord,
} from '@tp/contracts';
import { Decimal, isWithdrawAddressValid, meetsMinimum, networkLabel, quoteWithdrawal } from '@tp/domain';
import type { Db, Executor } from '../../db/database.js';
import type { ActionResult } from '../../http/idempotency.js';
import { text } from '../../http/messages/index.js';
import { refuse } from '../../http/refusal.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';
import { wireMoney } from '../../lib/wire-money.js';
import { LEDGER_KINDS, baseCurrencyId, findUserAccount, holdPostings, InsufficientFundsError, post } from '../ledger/index.js';
import { checkCode, useCheckedCode } from '../notify/index.js';
import { withdrawMethodWaitHours } from '../settings/index.js';
import { accountEmail } from '../users/index.js';
import * as repo from './withdrawals.repository.js';

function toCurrency(c: repo.CurrencyRow): DrawCurrency {
  return {
    id: c.id,
    code: c.code,
    protocol: c.protocol,
    draw_rate: new Decimal(c.draw_rate).toFixed(),
    fee_type: c.fee_type,
    draw_min: new Decimal(c.draw_min).toFixed(),
    usd_price: new Decimal(c.usd_price).toFixed(),
    type: c.type,
  };
}

/**
 * From when a method may be withdrawn to: bound + the staff's waiting hours, rounded up to the
 * second (the wire shows whole seconds; a time shown must never be earlier than the server's).
 */
function waitEndsMs(boundAt: Date, waitHours: string): number {
  return boundAt.getTime() + new Decimal(waitHours).times(3_600_000).ceil().toNumber();
}

/** When a method becomes usable, as shown: rounded up to the second the wire carries. */
export function methodUsableAt(boundAt: Date, waitHours: string): Date {
  return new Date(Math.ceil(waitEndsMs(boundAt, waitHours) / 1000) * 1000);
}

function toMethod(m: repo.MethodRow, waitHours: string): DrawMethod {
  return {
    id: m.id,
    type: m.type,
    draw_id: m.draw_id,
    dc_address: m.dc_address,
    payee_account: m.payee_account,
    payee_name: m.payee_name,
    bank_name: m.bank_name,
    bank_address: m.bank_address,
    bank_swift: m.bank_swift,
    bank_branch: m.bank_branch,
    beneficiary_currency: m.beneficiary_currency,
    remark: m.remark,
    draw_currency: { code: m.code, protocol: m.protocol },
    created_at: wireDateTime(m.created_at),
    usable_at: wireDateTime(methodUsableAt(m.created_at, waitHours)),
  };
}

function toRecord(w: repo.WithdrawalRow, lang: Lang): WithdrawRecord {
  const status = w.status as 0 | 1 | 2;
  return {
    id: w.id,
    number: wireMoney(w.number),
    fee: wireMoney(w.fee),
    real_number: wireMoney(w.real_number),
    status,
    status_name: text(lang, `withdraw_status_${status}`),
    created_at: wireDateTime(w.created_at),
    type: w.type,
    address: w.dc_address,
    payee_account: w.payee_account,
    notes: w.notes,
    remark: w.remark,
    draw_currency: { code: w.code, protocol: w.protocol },
  };
}

export async function drawCurrencies(db: Executor, type: number): Promise<DrawCurrency[]> {
  return (await repo.listCurrencies(db, type)).map(toCurrency);
}

/** The user's methods of a type (and currency), plus that currency with its draw_min. */
export async function drawMethods(db: Executor, userId: number, type: number, drawId: number | undefined) {
  const currency = drawId === undefined ? undefined : await repo.findCurrency(db, drawId);
  if (drawId !== undefined && (!currency || currency.type !== type)) refuse('currency_not_found');
  const [list, waitHours] = await Promise.all([repo.listOwnMethods(db, userId, type, drawId), withdrawMethodWaitHours(db)]);
  return { list: list.map((m) => toMethod(m, waitHours)), drawCurrency: currency ? toCurrency(currency) : null };
}

/**
 * Takes one try of the account's withdrawal code (send_email type 3) and returns the code's id
 * for useCheckedCode inside the action's transaction. Run before that transaction: the try is
 * counted even when the request is refused.
 */
export async function checkWithdrawalCode(db: Db, userId: number, code: string): Promise<number> {
  const address = await accountEmail(db, userId);
  if (!address) refuse('only_true_account');
  return checkCode(db, { address, purpose: CODE_PURPOSE.withdrawal, code });
}

/** The currency of a method to bind, checked with the method's fields: the address must fit its network. */
export async function checkBinding(db: Executor, input: BindDrawMethodInput) {
  const currency = await repo.findCurrency(db, input.draw_id);
  if (!currency) refuse('currency_not_found');
  if (currency.type !== input.type) refuse('method_mismatch');
  if (input.type === DRAW_TYPES.coin && !isWithdrawAddressValid(currency, input.dc_address ?? '')) refuse('withdraw_address_invalid', { network: networkLabel(currency) });
  return currency;
}

/** Binds a method checked by checkBinding and checkWithdrawalCode: the code is used up with the new row. */
export async function bindMethod(trx: Executor, userId: number, input: BindDrawMethodInput, codeId: number): Promise<ActionResult<DrawMethod>> {
  const currency = await checkBinding(trx, input);
  await useCheckedCode(trx, codeId);
  const coin = input.type === DRAW_TYPES.coin;
  // Only the fields of the method's kind are kept: a coin address has no bank details.
  const id = await repo.insertMethod(trx, {
    user_id: userId,
    type: input.type,
    draw_id: currency.id,
    dc_address: coin ? (input.dc_address ?? '') : '',
    payee_account: coin ? '' : (input.payee_account ?? ''),
    payee_name: coin ? '' : (input.payee_name ?? ''),
    bank_name: coin ? '' : (input.bank_name ?? ''),
    bank_address: coin ? '' : (input.bank_address ?? ''),
    bank_swift: coin ? '' : (input.bank_swift ?? ''),
    bank_branch: coin ? '' : (input.bank_branch ?? ''),
    beneficiary_currency: coin ? '' : (input.beneficiary_currency ?? ''),
    remark: input.remark ?? '',
  });
  const row = await repo.findOwnMethod(trx, userId, id);
  return { data: toMethod(row!, await withdrawMethodWaitHours(trx)), key: 'method_bound' };
}

export async function deleteMethod(trx: Executor, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteOwnMethod(trx, userId, id))) refuse('method_not_found');
}

/**
 * Everything about a withdrawal that needs no code and no money: the currency, the user's own
 * method of that currency, out of its waiting time (staff setting, from when it was bound), the
 * minimum and the fee. Checked before the code is tried, and again in the action's transaction.
 */
export async function checkWithdrawal(db: Executor, userId: number, input: DrawInput, now: Date) {
  const currency = await repo.findCurrency(db, input.draw_currency_id);
  if (!currency) refuse('currency_not_found');
  const method = await repo.findOwnMethod(db, userId, input.draw_method_id);
  if (!method) refuse('method_not_found');
  if (method.draw_id !== currency.id || method.type !== currency.type) refuse('method_mismatch');
  const waitHours = await withdrawMethodWaitHours(db);
  // The exact end of the wait (not the second shown): a waiting time of 0 means usable at once.
  if (now.getTime() < waitEndsMs(method.created_at, waitHours)) refuse('method_waiting', { hours: waitHours });
  if (!meetsMinimum(input.number, currency.draw_min)) refuse('amount_below_min', { min: new Decimal(currency.draw_min).toFixed() });
  const quote = quoteWithdrawal(input.number, { feeType: currency.fee_type, drawRate: currency.draw_rate, places: currency.places });
  if (!quote.ok) refuse(quote.reason === 'fee_exceeds_amount' ? 'fee_exceeds_amount' : 'bad_request');
  return { currency, method, quote };
}

/**
 * A withdrawal request: the amount moves from available to held on the funding account (one
 * ledger transaction) and waits for an admin. The fee and the amount received are fixed now.
 * The code checked by checkWithdrawalCode is used up in the same transaction.
 */
export async function requestWithdrawal(trx: Executor, userId: number, input: DrawInput, lang: Lang, codeId: number, now: Date): Promise<ActionResult<WithdrawRecord>> {
  const { currency, method, quote } = await checkWithdrawal(trx, userId, input, now);
  await useCheckedCode(trx, codeId);
  const funding = await findUserAccount(trx, userId, ACCOUNT_TYPES.change, await baseCurrencyId(trx));
  if (!funding) throw new Error(`user ${userId} has no funding account`);
  let holdId: string;
  try {
    holdId = await post(trx, { kind: LEDGER_KINDS.withdrawalHold, memo: `Withdrawal ${currency.code} ${currency.protocol}`.trim(), postings: holdPostings(funding.id, input.number) });
  } catch (err) {
    if (err instanceof InsufficientFundsError) refuse('insufficient_balance');
    throw err;
  }
  const id = await repo.insertWithdrawal(trx, {
    user_id: userId,
    account_id: funding.id,
    draw_currency_id: currency.id,
    method_id: method.id,
    number: input.number,
    fee: quote.fee.toFixed(),
    real_number: quote.realNumber.toFixed(),
    notes: input.memo ?? '',
    hold_transaction_id: holdId,
  });
  return { data: toRecord((await repo.findWithdrawal(trx, id))!, lang), key: 'withdrawal_submitted' };
}

export async function listOwnWithdrawals(db: Executor, userId: number, type: number | undefined, page: number, lang: Lang) {
  const { limit, offset } = pageWindow(page);
  const filter = { userId, type };
  const [rows, total] = await Promise.all([repo.listWithdrawals(db, filter, limit, offset), repo.countWithdrawals(db, filter)]);
  return paged(rows.map((r) => toRecord(r, lang)), total, page);
}

export async function listWithdrawalsForAdmin(db: Executor, status: number | undefined, page: number, lang: Lang) {
  const { limit, offset } = pageWindow(page);
  const [rows, total, waitHours] = await Promise.all([repo.listWithdrawals(db, { status }, limit, offset), repo.countWithdrawals(db, { status }), withdrawMethodWaitHours(db)]);
  const data: AdminWithdrawal[] = [];
  for (const r of rows) {
    const method = await repo.findMethodAnyState(db, r.method_id);
    data.push({
      ...toRecord(r, lang),
      user: { id: r.user_id, uid: r.uid, email: r.email },
      method: toMethod(method!, waitHours),
      remark: r.remark,
      reviewed_at: r.reviewed_at ? wireDateTime(r.reviewed_at) : null,
      reviewed_by: r.reviewed_by,
    });
  }
  return paged(data, total, page);
}
