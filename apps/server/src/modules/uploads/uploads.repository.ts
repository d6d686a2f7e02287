import type { Executor } from '../../db/database.js';

export async function insertUpload(db: Executor, row: { user_id: number; stored_name: string; mime: string; size: number }): Promise<number> {
  const { id } = await db.insertInto('uploads').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findUploadByName(db: Executor, storedName: string) {
  return db.selectFrom('uploads').select(['id', 'user_id', 'stored_name', 'mime', 'size']).where('stored_name', '=', storedName).executeTakeFirst();
}
