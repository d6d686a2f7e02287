import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** One row per ledger transaction that touched the account: its available and held deltas there. */
export async function accountHistory(db: Executor, accountId: number, limit: number, offset: number) {
  return db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .select([
      't.id',
      't.kind',
      't.memo',
      't.created_at',
      sql<string>`coalesce(sum(p.amount) FILTER (WHERE p.bucket = 'available'), 0)::text`.as('available'),
      sql<string>`coalesce(sum(p.amount) FILTER (WHERE p.bucket = 'held'), 0)::text`.as('held'),
    ])
    .where('p.account_id', '=', accountId)
    .groupBy(['t.id', 't.kind', 't.memo', 't.created_at'])
    .orderBy('t.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAccountHistory(db: Executor, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_postings')
    .select(sql<string>`count(DISTINCT transaction_id)`.as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertTransfer(
  db: Executor,
  row: { user_id: number; from_type: number; to_type: number; currency_id: number; amount: string; ledger_transaction_id: string },
) {
  return db.insertInto('transfers').values(row).returning(['id', 'amount', 'from_type', 'to_type', 'currency_id', 'created_at']).executeTakeFirstOrThrow();
}

export async function listTransfers(db: Executor, userId: number, accountType: number | undefined, limit: number, offset: number) {
  let q = db.selectFrom('transfers').select(['id', 'amount', 'from_type', 'to_type', 'currency_id', 'created_at']).where('user_id', '=', userId);
  if (accountType !== undefined) q = q.where((eb) => eb.or([eb('from_type', '=', accountType), eb('to_type', '=', accountType)]));
  return q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countTransfers(db: Executor, userId: number, accountType: number | undefined): Promise<number> {
  let q = db.selectFrom('transfers').select(sql<string>`count(*)`.as('n')).where('user_id', '=', userId);
  if (accountType !== undefined) q = q.where((eb) => eb.or([eb('from_type', '=', accountType), eb('to_type', '=', accountType)]));
  return Number((await q.executeTakeFirstOrThrow()).n);
}
