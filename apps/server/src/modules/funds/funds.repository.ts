import { sql, type Selectable } from 'kysely';
import { FUND_SUB_STATUS } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import type { FundsTable, FundSubscriptionsTable } from '../../db/schema.js';

export type FundRow = Selectable<FundsTable>;
export type SubscriptionRow = Selectable<FundSubscriptionsTable>;

export async function listEnabledFunds(db: Executor, limit: number, offset: number): Promise<FundRow[]> {
  return db.selectFrom('funds').selectAll().where('enabled', '=', true).orderBy('sort').orderBy('id').limit(limit).offset(offset).execute();
}

export async function countEnabledFunds(db: Executor): Promise<number> {
  const row = await db.selectFrom('funds').select((eb) => eb.fn.countAll<string>().as('n')).where('enabled', '=', true).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findFund(db: Executor, id: number): Promise<FundRow | undefined> {
  return db.selectFrom('funds').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findFunds(db: Executor, ids: readonly number[]): Promise<Map<number, FundRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('funds').selectAll().where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export async function insertSubscription(trx: Executor, row: Omit<SubscriptionRow, 'id' | 'status' | 'sum_profit' | 'paid_days' | 'settle_transaction_id' | 'refund_applied_at' | 'reviewed_at' | 'reviewed_by' | 'remark' | 'finished_at'>): Promise<number> {
  const r = await trx.insertInto('fund_subscriptions').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function findOwnSubscription(db: Executor, userId: number, id: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('fund_subscriptions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Locks a subscription row for a change of status (the user's request, staff's decision). */
export async function lockSubscription(db: Executor, id: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('fund_subscriptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function listOwnSubscriptions(db: Executor, userId: number, status: number | undefined, limit: number, offset: number): Promise<SubscriptionRow[]> {
  let q = db.selectFrom('fund_subscriptions').selectAll().where('user_id', '=', userId);
  if (status !== undefined) q = q.where('status', '=', status);
  return q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countOwnSubscriptions(db: Executor, userId: number, status: number | undefined): Promise<number> {
  let q = db.selectFrom('fund_subscriptions').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId);
  if (status !== undefined) q = q.where('status', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function listIncomes(db: Executor, subscriptionId: number, limit: number, offset: number) {
  return db
    .selectFrom('fund_incomes')
    .select(['id', 'day', 'interest', 'created_at'])
    .where('subscription_id', '=', subscriptionId)
    .orderBy('day', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countIncomes(db: Executor, subscriptionId: number): Promise<number> {
  const row = await db.selectFrom('fund_incomes').select((eb) => eb.fn.countAll<string>().as('n')).where('subscription_id', '=', subscriptionId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markSubscription(db: Executor, id: number, set: Partial<Omit<SubscriptionRow, 'id'>>): Promise<void> {
  await db.updateTable('fund_subscriptions').set(set).where('id', '=', id).execute();
}

export async function listAllFunds(db: Executor): Promise<FundRow[]> {
  return db.selectFrom('funds').selectAll().orderBy('sort').orderBy('id').execute();
}

/** The early redemption queue with who asked, newest first. */
export async function listSubscriptionsForStaff(db: Executor, status: number | undefined, limit: number, offset: number) {
  let q = db
    .selectFrom('fund_subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('funds as f', 'f.id', 's.fund_id')
    .selectAll('s')
    .select(['u.uid', 'u.email', 'f.title as fund_title'])
    // the queue is about redemptions: what was asked for, waiting or decided
    .where('s.refund_applied_at', 'is not', null);
  if (status !== undefined) q = q.where('s.status', '=', status);
  return q.orderBy('s.refund_applied_at', 'desc').orderBy('s.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countSubscriptionsForStaff(db: Executor, status: number | undefined): Promise<number> {
  let q = db.selectFrom('fund_subscriptions').select((eb) => eb.fn.countAll<string>().as('n')).where('refund_applied_at', 'is not', null);
  if (status !== undefined) q = q.where('status', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The amounts of running and refunding subscriptions, per account they are held on (the holds check). */
export async function heldBySubscriptions(db: Executor): Promise<{ account_id: number; amount: string }[]> {
  return db
    .selectFrom('fund_subscriptions')
    .select(['account_id', sql<string>`sum(share_amount)::text`.as('amount')])
    .where('status', 'in', [FUND_SUB_STATUS.running, FUND_SUB_STATUS.refunding])
    .groupBy('account_id')
    .execute();
}

/** Ends a user's running and refunding subscriptions (the demo reset); returns what each held. */
export async function endRunningSubscriptions(db: Executor, userId: number, at: Date): Promise<{ id: number; account_id: number; share_amount: string }[]> {
  return db
    .updateTable('fund_subscriptions')
    .set({ status: FUND_SUB_STATUS.refunded, next_due_at: null, finished_at: at })
    .where('user_id', '=', userId)
    .where('status', 'in', [FUND_SUB_STATUS.running, FUND_SUB_STATUS.refunding])
    .returning(['id', 'account_id', 'share_amount'])
    .execute();
}
