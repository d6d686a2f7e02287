import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

export async function insertUpload(db: Executor, row: { user_id: number; stored_name: string; mime: string; size: number }): Promise<number> {
  const { id } = await db.insertInto('uploads').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findUploadByName(db: Executor, storedName: string) {
  return db.selectFrom('uploads').select(['id', 'user_id', 'stored_name', 'mime', 'size']).where('stored_name', '=', storedName).executeTakeFirst();
}

/**
 * Serialises one user's uploads (until the transaction ends): the quota is counted and the new
 * row recorded under it, so parallel uploads cannot all count the same usage and slip past.
 */
export async function lockUserUploads(trx: Executor, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`uploads:${userId}`}))`.execute(trx);
}

/** A user's uploads within the last hour (count) and the last 24 hours (bytes). */
export async function recentUsage(db: Executor, userId: number): Promise<{ lastHour: number; bytesLastDay: number }> {
  const row = await db
    .selectFrom('uploads')
    .select([
      sql<string>`count(*) FILTER (WHERE created_at > now() - interval '1 hour')`.as('last_hour'),
      sql<string>`coalesce(sum(size), 0)`.as('bytes_last_day'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirstOrThrow();
  return { lastHour: Number(row.last_hour), bytesLastDay: Number(row.bytes_last_day) };
}
