import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** Real-name submissions (0015). One query per function. */

const COLUMNS = [
  'r.id',
  'r.user_id',
  'r.name',
  'r.id_card_type',
  'r.card_id',
  'r.status',
  'r.remark',
  'r.created_at',
  'r.reviewed_at',
  'r.reviewed_by',
  'f.stored_name as front_name',
  'b.stored_name as reverse_name',
] as const;

function withPhotos(db: Executor) {
  return db
    .selectFrom('real_name_auths as r')
    .innerJoin('uploads as f', 'f.id', 'r.front_upload_id')
    .innerJoin('uploads as b', 'b.id', 'r.reverse_upload_id');
}

/** The user's latest submission, if any. */
export async function latestOfUser(db: Executor, userId: number) {
  return withPhotos(db).select(COLUMNS).where('r.user_id', '=', userId).orderBy('r.id', 'desc').limit(1).executeTakeFirst();
}
export type RealNameRow = NonNullable<Awaited<ReturnType<typeof latestOfUser>>>;

/**
 * Serializes one user's submissions: the second of two concurrent submissions waits here and then
 * sees the first (the partial unique index would refuse it anyway, as a fault instead of a reason).
 */
export async function lockUser(db: Executor, userId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** The user's waiting or approved submission's status, if any. */
export async function openStatus(db: Executor, userId: number): Promise<number | undefined> {
  const row = await db.selectFrom('real_name_auths').select('status').where('user_id', '=', userId).where('status', 'in', [1, 2]).executeTakeFirst();
  return row?.status;
}

export interface NewSubmission {
  user_id: number;
  name: string;
  id_card_type: number;
  card_id: string;
  front_upload_id: number;
  reverse_upload_id: number;
}

export async function insertSubmission(db: Executor, values: NewSubmission): Promise<number> {
  const row = await db.insertInto('real_name_auths').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function countForQueue(db: Executor, status: number | undefined): Promise<number> {
  let q = db.selectFrom('real_name_auths').select(sql<string>`count(*)`.as('n'));
  if (status !== undefined) q = q.where('status', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** A page of the queue, newest first, with the user's uid and e-mail. */
export async function listForQueue(db: Executor, status: number | undefined, limit: number, offset: number) {
  let q = withPhotos(db)
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([...COLUMNS, 'u.uid', 'u.email']);
  if (status !== undefined) q = q.where('r.status', '=', status);
  return q.orderBy('r.id', 'desc').limit(limit).offset(offset).execute();
}

export async function lockSubmission(db: Executor, id: number) {
  return db.selectFrom('real_name_auths').select(['id', 'user_id', 'status', 'name', 'id_card_type', 'card_id']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markSubmission(db: Executor, id: number, values: { status: number; remark: string; reviewed_by: number }): Promise<void> {
  await db
    .updateTable('real_name_auths')
    .set({ ...values, reviewed_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}
