import type { z } from 'zod';
import type {
  AdminAmountPreset,
  AdminSecondsOption,
  amountPresetCreateInput,
  amountPresetUpdateInput,
  secondsOptionCreateInput,
  secondsOptionUpdateInput,
} from '@tp/contracts';
import { Decimal } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { writeAudit } from '../audit/index.js';

/**
 * Seconds options and amount presets (admin console). Orders keep the terms they were placed
 * with (seconds, profit ratio, loss level are copied into micro_orders), so changing or retiring
 * an option never rewrites an order's history; a retired one (`enabled: false`) is no longer
 * offered or accepted. Submit reads the options on every order: a change applies to the next one.
 */

const OPTION_COLUMNS = ['id', 'seconds', 'profit_ratio', 'limit_amount', 'sort', 'enabled'] as const;
const PRESET_COLUMNS = ['id', 'amount', 'sort', 'enabled'] as const;

type OptionRow = { id: number; seconds: number; profit_ratio: string; limit_amount: string; sort: number; enabled: boolean };
type PresetRow = { id: number; amount: string; sort: number; enabled: boolean };

const toOption = (r: OptionRow): AdminSecondsOption => ({
  id: r.id,
  seconds: r.seconds,
  profit_ratio: new Decimal(r.profit_ratio).toFixed(),
  limit_amount: new Decimal(r.limit_amount).toFixed(2),
  sort: r.sort,
  enabled: r.enabled,
});
const toPreset = (r: PresetRow): AdminAmountPreset => ({ id: r.id, amount: new Decimal(r.amount).toFixed(2), sort: r.sort, enabled: r.enabled });

export async function listSecondsOptionsForAdmin(db: Executor): Promise<AdminSecondsOption[]> {
  const rows = await db.selectFrom('micro_seconds_options').select(OPTION_COLUMNS).orderBy('sort').orderBy('seconds').execute();
  return rows.map(toOption);
}

export async function createSecondsOption(trx: Executor, adminId: number, input: z.output<typeof secondsOptionCreateInput>): Promise<AdminSecondsOption> {
  const row = await trx
    .insertInto('micro_seconds_options')
    .values({ seconds: input.seconds, profit_ratio: input.profit_ratio, limit_amount: input.limit_amount, sort: input.sort ?? 0, enabled: input.enabled ?? true })
    .onConflict((oc) => oc.column('seconds').doNothing())
    .returning(OPTION_COLUMNS)
    .executeTakeFirst();
  // The seconds identify an option in the orders that used it: a retired one is enabled again, not made twice.
  if (!row) refuse('config_duplicate');
  const after = toOption(row);
  await writeAudit(trx, { adminId, action: 'seconds_option.create', target: `seconds_option:${row.id}`, detail: {}, after });
  return after;
}

export async function updateSecondsOption(trx: Executor, adminId: number, id: number, input: z.output<typeof secondsOptionUpdateInput>): Promise<AdminSecondsOption> {
  const before = await trx.selectFrom('micro_seconds_options').select(OPTION_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) refuse('not_found');
  const row = await trx
    .updateTable('micro_seconds_options')
    .set({
      ...(input.profit_ratio !== undefined ? { profit_ratio: input.profit_ratio } : {}),
      ...(input.limit_amount !== undefined ? { limit_amount: input.limit_amount } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    })
    .where('id', '=', id)
    .returning(OPTION_COLUMNS)
    .executeTakeFirstOrThrow();
  const after = toOption(row);
  await writeAudit(trx, { adminId, action: 'seconds_option.update', target: `seconds_option:${id}`, detail: {}, before: toOption(before), after });
  return after;
}

export async function listAmountPresetsForAdmin(db: Executor): Promise<AdminAmountPreset[]> {
  const rows = await db.selectFrom('micro_amount_presets').select(PRESET_COLUMNS).orderBy('sort').orderBy('amount').execute();
  return rows.map(toPreset);
}

export async function createAmountPreset(trx: Executor, adminId: number, input: z.output<typeof amountPresetCreateInput>): Promise<AdminAmountPreset> {
  const row = await trx
    .insertInto('micro_amount_presets')
    .values({ amount: input.amount, sort: input.sort ?? 0, enabled: input.enabled ?? true })
    .onConflict((oc) => oc.column('amount').doNothing())
    .returning(PRESET_COLUMNS)
    .executeTakeFirst();
  if (!row) refuse('config_duplicate');
  const after = toPreset(row);
  await writeAudit(trx, { adminId, action: 'amount_preset.create', target: `amount_preset:${row.id}`, detail: {}, after });
  return after;
}

export async function updateAmountPreset(trx: Executor, adminId: number, id: number, input: z.output<typeof amountPresetUpdateInput>): Promise<AdminAmountPreset> {
  const before = await trx.selectFrom('micro_amount_presets').select(PRESET_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) refuse('not_found');
  if (input.amount !== undefined) {
    const taken = await trx.selectFrom('micro_amount_presets').select('id').where('amount', '=', input.amount).where('id', '<>', id).executeTakeFirst();
    if (taken) refuse('config_duplicate');
  }
  const row = await trx
    .updateTable('micro_amount_presets')
    .set({
      ...(input.amount !== undefined ? { amount: input.amount } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    })
    .where('id', '=', id)
    .returning(PRESET_COLUMNS)
    .executeTakeFirstOrThrow();
  const after = toPreset(row);
  await writeAudit(trx, { adminId, action: 'amount_preset.update', target: `amount_preset:${id}`, detail: {}, before: toPreset(before), after });
  return after;
}
