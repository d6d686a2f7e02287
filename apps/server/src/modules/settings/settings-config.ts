import type { z } from 'zod';
import {
  SETTING_DEFINITIONS,
  settingDefinition,
  settingValueSchema,
  type AdminCompany,
  type AdminSetting,
  type companyCreateInput,
  type companyUpdateInput,
} from '@tp/contracts';
import { Decimal } from '@tp/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { writeAudit } from '../audit/index.js';
import { lockSetting } from './settings.repository.js';

/**
 * Base settings and companies (admin console). Settings are written only through the registry of
 * known keys (contracts SETTING_DEFINITIONS), each value checked by its kind; every reader reads
 * the table per request, except the trigger engine's stop-out level, which follows
 * `config.changed` (published by the route after commit).
 */

function settingView(key: string, value: string | null | undefined): AdminSetting {
  const def = settingDefinition(key)!;
  return { key, value: value ?? '', group: def.group, label: def.label, help: def.help };
}

export async function listSettingsForAdmin(db: Executor): Promise<AdminSetting[]> {
  const keys = SETTING_DEFINITIONS.map((d) => d.key);
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
  const values = new Map(rows.map((r) => [r.key, r.value]));
  return keys.map((key) => settingView(key, values.get(key)));
}

/** trade_fee_type 2 makes a symbol's fee rate a share of the margin. */
const FEE_SHARE_OF_MARGIN = '2';

export async function updateSetting(trx: Executor, adminId: number, key: string, rawValue: string): Promise<AdminSetting> {
  const def = settingDefinition(key);
  if (!def) refuse('config_setting_unknown');
  const parsed = settingValueSchema(def).safeParse(rawValue);
  if (!parsed.success) refuse('config_setting_invalid');
  const value = def.kind.type === 'decimal' ? new Decimal(parsed.data).toFixed() : parsed.data;
  // Locked first: a symbol's fee rate change checks against this row under the same lock.
  const before = { value: await lockSetting(trx, key) };
  if (key === 'trade_fee_type' && value === FEE_SHARE_OF_MARGIN) {
    // Read here rather than through the market module, which depends on this one: a fee rate of
    // 1 or more would take more than the whole margin as the fee.
    const row = await sql<{ max: string }>`SELECT coalesce(max(fee_rate), 0) AS max FROM trade_symbols`.execute(trx);
    if (new Decimal(row.rows[0]!.max).gte(1)) refuse('config_fee_rate_range');
  }
  await trx
    .insertInto('settings')
    .values({ key, value, is_public: true })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  await writeAudit(trx, { adminId, action: 'setting.update', target: `setting:${key}`, detail: {}, before: { value: before.value ?? null }, after: { value } });
  return settingView(key, value);
}

const COMPANY_COLUMNS = ['id', 'name', 'logo', 'url', 'subject', 'registered_address', 'location', 'email', 'is_main', 'enabled'] as const;

export async function listCompaniesForAdmin(db: Executor): Promise<AdminCompany[]> {
  return db.selectFrom('companies').select(COMPANY_COLUMNS).orderBy('is_main', 'desc').orderBy('name').execute();
}

type CompanyFields = z.output<typeof companyUpdateInput>;

function companyValues(input: CompanyFields) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.logo !== undefined ? { logo: input.logo } : {}),
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.subject !== undefined ? { subject: input.subject } : {}),
    ...(input.registered_address !== undefined ? { registered_address: input.registered_address } : {}),
    ...(input.location !== undefined ? { location: input.location } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.is_main !== undefined ? { is_main: input.is_main } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
  };
}

/** One company is the main one: making another main demotes it first (a unique index holds one). */
async function demoteMain(trx: Executor, adminId: number, exceptId: number | null): Promise<void> {
  const demoted = await trx
    .updateTable('companies')
    .set({ is_main: false })
    .where('is_main', '=', true)
    .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId!))
    .returning(COMPANY_COLUMNS)
    .execute();
  for (const c of demoted) await writeAudit(trx, { adminId, action: 'company.update', target: `company:${c.id}`, detail: { reason: 'another company made main' }, before: { ...c, is_main: true }, after: c });
}

export async function createCompany(trx: Executor, adminId: number, input: z.output<typeof companyCreateInput>): Promise<AdminCompany> {
  if (input.is_main && input.enabled === false) refuse('config_main_company_disabled');
  if (input.is_main) await demoteMain(trx, adminId, null);
  const row = await trx
    .insertInto('companies')
    .values({
      name: input.name,
      logo: input.logo ?? '',
      url: input.url ?? '',
      subject: input.subject ?? '',
      registered_address: input.registered_address ?? '',
      location: input.location ?? '',
      email: input.email ?? '',
      is_main: input.is_main ?? false,
      enabled: input.enabled ?? true,
    })
    .returning(COMPANY_COLUMNS)
    .executeTakeFirstOrThrow();
  await writeAudit(trx, { adminId, action: 'company.create', target: `company:${row.id}`, detail: {}, after: row });
  return row;
}

export async function updateCompany(trx: Executor, adminId: number, id: number, input: CompanyFields): Promise<AdminCompany> {
  const before = await trx.selectFrom('companies').select(COMPANY_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) refuse('not_found');
  const isMain = input.is_main ?? before.is_main;
  const enabled = input.enabled ?? before.enabled;
  // The app shows the main company as its own: it stays enabled (make another main first).
  if (isMain && !enabled) refuse('config_main_company_disabled');
  if (input.is_main === true && !before.is_main) await demoteMain(trx, adminId, id);
  const values = companyValues(input);
  const after = Object.keys(values).length > 0 ? await trx.updateTable('companies').set(values).where('id', '=', id).returning(COMPANY_COLUMNS).executeTakeFirstOrThrow() : before;
  await writeAudit(trx, { adminId, action: 'company.update', target: `company:${id}`, detail: {}, before, after });
  return after;
}
