import type { AdminLoanConfig, loanConfigCreateInput, loanConfigUpdateInput } from '@tp/contracts';
import type { z } from 'zod';
import { dec } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { writeAudit } from '../audit/index.js';
import { findConfig } from './loans.repository.js';
import { toConfig } from './loans.service.js';

/** The loan terms staff manage. A change never reaches a signed loan: loans copy their term's numbers. */

type Row = NonNullable<Awaited<ReturnType<typeof findConfig>>>;
const toAdmin = (r: Row): AdminLoanConfig => ({ ...toConfig(r), enabled: r.enabled, sort: r.sort });

export async function listForAdmin(db: Executor): Promise<AdminLoanConfig[]> {
  return (await db.selectFrom('loan_configs').selectAll().orderBy('sort').orderBy('id').execute()).map(toAdmin);
}

export async function create(trx: Executor, adminId: number, input: z.output<typeof loanConfigCreateInput>): Promise<AdminLoanConfig> {
  const row = await trx.insertInto('loan_configs').values(input).returningAll().executeTakeFirstOrThrow();
  await writeAudit(trx, { adminId, action: 'loan_config.create', target: `loan_config:${row.id}`, detail: {}, after: toAdmin(row) });
  return toAdmin(row);
}

export async function update(trx: Executor, adminId: number, id: number, input: z.output<typeof loanConfigUpdateInput>): Promise<AdminLoanConfig> {
  const before = await trx.selectFrom('loan_configs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) refuse('not_found');
  const min = input.min_amount ?? before.min_amount;
  const max = input.max_amount ?? before.max_amount;
  if (dec(min).lte(0) || dec(max).lt(dec(min))) refuse('bad_request', { field: 'max_amount' });
  const row = Object.keys(input).length === 0 ? before : await trx.updateTable('loan_configs').set(input).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  await writeAudit(trx, { adminId, action: 'loan_config.update', target: `loan_config:${id}`, detail: {}, before: toAdmin(before), after: toAdmin(row) });
  return toAdmin(row);
}
