import { sql } from 'kysely';
import { CHARGE_STATUS } from '@tp/contracts';
import type { Executor } from '../../db/database.js';

export async function listDepositAddresses(db: Executor) {
  return db.selectFrom('deposit_addresses').select(['id', 'currency_code', 'protocol_code', 'address']).where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
}

export async function findDepositAddress(db: Executor, id: number) {
  return db.selectFrom('deposit_addresses').select(['id', 'currency_code', 'protocol_code', 'address']).where('id', '=', id).where('enabled', '=', true).executeTakeFirst();
}

export async function listBankCoins(db: Executor) {
  return db.selectFrom('bank_coins').select(['id', 'name']).where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
}

const BANK_ACCOUNT_COLUMNS = ['b.id', 'b.bank_name', 'b.bank_address', 'b.bank_swift', 'b.payee_name', 'b.payee_account', 'b.bank_remark'] as const;

export async function listBankAccounts(db: Executor, bankCoinId: number) {
  return db
    .selectFrom('bank_accounts as b')
    .innerJoin('bank_coins as c', 'c.id', 'b.bank_coin_id')
    .select(BANK_ACCOUNT_COLUMNS)
    .where('b.bank_coin_id', '=', bankCoinId)
    .where('b.enabled', '=', true)
    .where('c.enabled', '=', true)
    .orderBy('b.id')
    .execute();
}

export async function findBankAccount(db: Executor, id: number) {
  return db
    .selectFrom('bank_accounts as b')
    .innerJoin('bank_coins as c', 'c.id', 'b.bank_coin_id')
    .select([...BANK_ACCOUNT_COLUMNS, 'c.name as currency_code'])
    .where('b.id', '=', id)
    .where('b.enabled', '=', true)
    .where('c.enabled', '=', true)
    .executeTakeFirst();
}

const CHARGE_COLUMNS = [
  'ch.id',
  'ch.user_id',
  'ch.type',
  'ch.number',
  'ch.currency_code',
  'ch.status',
  'ch.address',
  'ch.remark',
  'ch.created_at',
  'ch.reviewed_at',
  'ch.reviewed_by',
  'ch.deposit_address_id',
  'ch.bank_account_id',
  'u.stored_name',
] as const;

export type ChargeRow = Awaited<ReturnType<typeof findCharge>> & object;

/** Whether a claim awaiting review (status 0) already uses this upload; locks the upload for the check. */
export async function proofAwaitingReview(db: Executor, uploadId: number): Promise<boolean> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`deposit-proof:${uploadId}`}))`.execute(db);
  const row = await db.selectFrom('charges').select('id').where('upload_id', '=', uploadId).where('status', '=', CHARGE_STATUS.unchecked).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertCharge(
  db: Executor,
  row: { user_id: number; type: number; number: string; currency_code: string; upload_id: number; deposit_address_id: number | null; bank_account_id: number | null; address: string },
): Promise<number> {
  const { id } = await db.insertInto('charges').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findCharge(db: Executor, id: number) {
  return db.selectFrom('charges as ch').innerJoin('uploads as u', 'u.id', 'ch.upload_id').select(CHARGE_COLUMNS).where('ch.id', '=', id).executeTakeFirst();
}

/** Locks one deposit record for a decision: a second decider waits, then sees it decided. */
export async function lockCharge(db: Executor, id: number) {
  return db.selectFrom('charges').select(['id', 'user_id', 'number', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markCharge(
  db: Executor,
  id: number,
  set: { status: number; remark: string; reviewed_by: number; ledger_transaction_id: string | null },
): Promise<void> {
  await db
    .updateTable('charges')
    .set({ ...set, reviewed_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function listCharges(db: Executor, filter: { userId?: number; type?: number; status?: number }, limit: number, offset: number) {
  let q = db
    .selectFrom('charges as ch')
    .innerJoin('uploads as u', 'u.id', 'ch.upload_id')
    .innerJoin('users as us', 'us.id', 'ch.user_id')
    .leftJoin('deposit_addresses as da', 'da.id', 'ch.deposit_address_id')
    .leftJoin('bank_accounts as ba', 'ba.id', 'ch.bank_account_id')
    .select([...CHARGE_COLUMNS, 'us.uid', 'us.email', 'da.protocol_code', 'da.address as deposit_address', 'ba.bank_name', 'ba.payee_account']);
  if (filter.userId !== undefined) q = q.where('ch.user_id', '=', filter.userId);
  if (filter.type !== undefined) q = q.where('ch.type', '=', filter.type);
  if (filter.status !== undefined) q = q.where('ch.status', '=', filter.status);
  return q.orderBy('ch.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countCharges(db: Executor, filter: { userId?: number; type?: number; status?: number }): Promise<number> {
  let q = db.selectFrom('charges').select(sql<string>`count(*)`.as('n'));
  if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
  if (filter.type !== undefined) q = q.where('type', '=', filter.type);
  if (filter.status !== undefined) q = q.where('status', '=', filter.status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}
