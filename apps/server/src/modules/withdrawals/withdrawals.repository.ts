import { sql } from 'kysely';
import { WITHDRAWAL_STATUS } from '@tp/contracts';
import type { Executor } from '../../db/database.js';

const CURRENCY_COLUMNS = ['id', 'code', 'protocol', 'draw_rate', 'fee_type', 'draw_min', 'usd_price', 'type', 'places'] as const;

export async function listCurrencies(db: Executor, type: number) {
  return db.selectFrom('withdraw_currencies').select(CURRENCY_COLUMNS).where('type', '=', type).where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
}

export async function findCurrency(db: Executor, id: number) {
  return db.selectFrom('withdraw_currencies').select(CURRENCY_COLUMNS).where('id', '=', id).where('enabled', '=', true).executeTakeFirst();
}
export type CurrencyRow = NonNullable<Awaited<ReturnType<typeof findCurrency>>>;

const METHOD_COLUMNS = [
  'm.id',
  'm.user_id',
  'm.type',
  'm.draw_id',
  'm.dc_address',
  'm.payee_account',
  'm.payee_name',
  'm.bank_name',
  'm.bank_address',
  'm.bank_swift',
  'm.bank_branch',
  'm.beneficiary_currency',
  'm.remark',
  'm.created_at',
  'c.code',
  'c.protocol',
] as const;

export async function insertMethod(
  db: Executor,
  row: {
    user_id: number;
    type: number;
    draw_id: number;
    dc_address: string;
    payee_account: string;
    payee_name: string;
    bank_name: string;
    bank_address: string;
    bank_swift: string;
    bank_branch: string;
    beneficiary_currency: string;
    remark: string;
  },
): Promise<number> {
  const { id } = await db.insertInto('withdraw_methods').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** A live (not deleted) method of this user; another user's id is simply not found. */
export async function findOwnMethod(db: Executor, userId: number, id: number) {
  return db
    .selectFrom('withdraw_methods as m')
    .innerJoin('withdraw_currencies as c', 'c.id', 'm.draw_id')
    .select(METHOD_COLUMNS)
    .where('m.id', '=', id)
    .where('m.user_id', '=', userId)
    .where('m.deleted_at', 'is', null)
    .executeTakeFirst();
}
export type MethodRow = NonNullable<Awaited<ReturnType<typeof findOwnMethod>>>;

export async function findMethodAnyState(db: Executor, id: number) {
  return db.selectFrom('withdraw_methods as m').innerJoin('withdraw_currencies as c', 'c.id', 'm.draw_id').select(METHOD_COLUMNS).where('m.id', '=', id).executeTakeFirst();
}

export async function listOwnMethods(db: Executor, userId: number, type: number, drawId: number | undefined) {
  let q = db
    .selectFrom('withdraw_methods as m')
    .innerJoin('withdraw_currencies as c', 'c.id', 'm.draw_id')
    .select(METHOD_COLUMNS)
    .where('m.user_id', '=', userId)
    .where('m.type', '=', type)
    .where('m.deleted_at', 'is', null);
  if (drawId !== undefined) q = q.where('m.draw_id', '=', drawId);
  return q.orderBy('m.id', 'desc').execute();
}

export async function deleteOwnMethod(db: Executor, userId: number, id: number): Promise<boolean> {
  const res = await db
    .updateTable('withdraw_methods')
    .set({ deleted_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function insertWithdrawal(
  db: Executor,
  row: { user_id: number; account_id: number; draw_currency_id: number; method_id: number; number: string; fee: string; real_number: string; notes: string; hold_transaction_id: string },
): Promise<number> {
  const { id } = await db.insertInto('withdrawals').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Locks one withdrawal for a decision: a second decider waits, then sees it decided. */
export async function lockWithdrawal(db: Executor, id: number) {
  return db.selectFrom('withdrawals').select(['id', 'user_id', 'account_id', 'number', 'fee', 'real_number', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markWithdrawal(db: Executor, id: number, set: { status: number; remark: string; reviewed_by: number; settle_transaction_id: string }): Promise<void> {
  await db
    .updateTable('withdrawals')
    .set({ ...set, reviewed_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

function withdrawalQuery(db: Executor) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('withdraw_currencies as c', 'c.id', 'w.draw_currency_id')
    .innerJoin('withdraw_methods as m', 'm.id', 'w.method_id')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select([
      'w.id',
      'w.user_id',
      'w.number',
      'w.fee',
      'w.real_number',
      'w.status',
      'w.notes',
      'w.remark',
      'w.created_at',
      'w.reviewed_at',
      'w.reviewed_by',
      'w.method_id',
      'c.type',
      'c.code',
      'c.protocol',
      'm.dc_address',
      'm.payee_account',
      'u.uid',
      'u.email',
    ]);
}
export type WithdrawalRow = Awaited<ReturnType<ReturnType<typeof withdrawalQuery>['execute']>>[number];

export async function findWithdrawal(db: Executor, id: number) {
  return withdrawalQuery(db).where('w.id', '=', id).executeTakeFirst();
}

export async function listWithdrawals(db: Executor, filter: { userId?: number; type?: number; status?: number }, limit: number, offset: number) {
  let q = withdrawalQuery(db);
  if (filter.userId !== undefined) q = q.where('w.user_id', '=', filter.userId);
  if (filter.type !== undefined) q = q.where('c.type', '=', filter.type);
  if (filter.status !== undefined) q = q.where('w.status', '=', filter.status);
  return q.orderBy('w.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countWithdrawals(db: Executor, filter: { userId?: number; type?: number; status?: number }): Promise<number> {
  let q = db.selectFrom('withdrawals as w').innerJoin('withdraw_currencies as c', 'c.id', 'w.draw_currency_id').select(sql<string>`count(*)`.as('n'));
  if (filter.userId !== undefined) q = q.where('w.user_id', '=', filter.userId);
  if (filter.type !== undefined) q = q.where('c.type', '=', filter.type);
  if (filter.status !== undefined) q = q.where('w.status', '=', filter.status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The amounts of pending withdrawals, per account they are held on (the holds check). */
export async function heldByPendingWithdrawals(db: Executor): Promise<{ account_id: number; amount: string }[]> {
  return db.selectFrom('withdrawals').select(['account_id', sql<string>`sum(number)::text`.as('amount')]).where('status', '=', WITHDRAWAL_STATUS.pending).groupBy('account_id').execute();
}
