import type { AdminFund, AdminFundRefund, FundCreateInput, FundUpdateInput } from '@tp/contracts';
import { Decimal, fundPenalty } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';
import { writeAudit } from '../audit/index.js';
import * as repo from './funds.repository.js';
import { toFund } from './funds.service.js';

/**
 * Funds as staff manage them (admin console). A fund is retired with `enabled: false`, never
 * deleted; a change applies to new subscriptions only (each subscription copied its terms).
 */

function toAdminFund(f: repo.FundRow): AdminFund {
  return { ...toFund(f), sort: f.sort, enabled: f.enabled, created_at: wireDateTime(f.created_at), updated_at: wireDateTime(f.updated_at) };
}

/** Only the fields a change names (undefined: keep the stored value). */
function named<T extends Record<string, unknown>>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function checkRange(min: string, max: string): void {
  if (new Decimal(min).greaterThan(new Decimal(max))) refuse('fund_amount_range');
}

export async function listFundsForAdmin(db: Executor): Promise<AdminFund[]> {
  return (await repo.listAllFunds(db)).map(toAdminFund);
}

export async function createFund(trx: Executor, adminId: number, input: FundCreateInput): Promise<AdminFund> {
  checkRange(input.staring_sub_amount, input.max_sub_amount);
  const row = await trx
    .insertInto('funds')
    .values({ ...named(input), desc: input.desc ?? '', title: input.title, dividend_percentage: input.dividend_percentage, staring_sub_amount: input.staring_sub_amount, max_sub_amount: input.max_sub_amount, lock_dividend_days: input.lock_dividend_days, liquidated_damages: input.liquidated_damages })
    .returningAll()
    .executeTakeFirstOrThrow();
  const after = toAdminFund(row);
  await writeAudit(trx, { adminId, action: 'fund.create', target: `fund:${row.id}`, detail: {}, after });
  return after;
}

export async function updateFund(trx: Executor, adminId: number, id: number, input: FundUpdateInput): Promise<AdminFund> {
  const before = await trx.selectFrom('funds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) refuse('not_found');
  checkRange(input.staring_sub_amount ?? before.staring_sub_amount, input.max_sub_amount ?? before.max_sub_amount);
  const row = await trx
    .updateTable('funds')
    .set({ ...named(input), updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const after = toAdminFund(row);
  await writeAudit(trx, { adminId, action: 'fund.update', target: `fund:${id}`, detail: {}, before: toAdminFund(before), after });
  return after;
}

export async function listRefundsForAdmin(db: Executor, status: number | undefined, page: number) {
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([repo.listSubscriptionsForStaff(db, status, limit, offset), repo.countSubscriptionsForStaff(db, status)]);
  const data: AdminFundRefund[] = rows.map((s) => {
    const penalty = fundPenalty(s.share_amount, s.liquidated_damages);
    return {
      id: s.id,
      user: { id: s.user_id, uid: s.uid, email: s.email },
      fund_title: s.fund_title,
      status: s.status,
      share_amount: new Decimal(s.share_amount).toFixed(),
      sum_profit: new Decimal(s.sum_profit).toFixed(4),
      paid_days: s.paid_days,
      lock_dividend_days: s.lock_dividend_days,
      liquidated_damages: new Decimal(s.liquidated_damages).toFixed(),
      penalty: penalty.toFixed(4),
      refund: new Decimal(s.share_amount).minus(penalty).toFixed(4),
      sub_time: wireDateTime(s.sub_time),
      refund_applied_at: s.refund_applied_at ? wireDateTime(s.refund_applied_at) : null,
      reviewed_at: s.reviewed_at ? wireDateTime(s.reviewed_at) : null,
      reviewed_by: s.reviewed_by,
      remark: s.remark,
    };
  });
  return paged(data, total, page);
}
