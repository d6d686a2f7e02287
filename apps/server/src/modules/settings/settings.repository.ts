import type { Executor } from '../../db/database.js';

export async function getSetting(db: Executor, key: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/**
 * A setting's value, its row locked until the transaction ends: a change that depends on it (a
 * symbol's fee rate against trade_fee_type) and a change of it take their turns instead of both
 * passing their checks.
 */
export async function lockSetting(db: Executor, key: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).forUpdate().executeTakeFirst();
  return row?.value;
}

export async function getPublicSetting(db: Executor, key: string): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).where('is_public', '=', true).executeTakeFirst();
  return row?.value ?? null;
}

export async function getSettings(db: Executor, keys: readonly string[]): Promise<Map<string, string | null>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', [...keys]).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function listAreas(db: Executor) {
  return db.selectFrom('areas').select(['id', 'code', 'global_code', 'name']).orderBy('sort').orderBy('id').execute();
}

export async function findArea(db: Executor, id: number) {
  return db.selectFrom('areas').select(['id', 'code', 'global_code']).where('id', '=', id).executeTakeFirst();
}

export async function findMainCompany(db: Executor) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'logo', 'url', 'subject', 'registered_address', 'location', 'email'])
    .where('is_main', '=', true)
    .where('enabled', '=', true)
    .executeTakeFirst();
}
