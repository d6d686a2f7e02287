import type { BasicInfo } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import * as repo from './settings.repository.js';

function int(value: string | null | undefined, fallback: number): number {
  const n = Number(value);
  return value !== null && value !== undefined && value !== '' && Number.isInteger(n) ? n : fallback;
}

export async function basicInfo(db: Executor): Promise<BasicInfo> {
  const s = await repo.getSettings(db, ['service_link', 'service_link_type', 'verify_reg_type', 'trade_fee_type', 'micro_loss_level']);
  return {
    service_link: s.get('service_link') ?? '',
    service_link_type: int(s.get('service_link_type'), 1),
    verify_reg_type: int(s.get('verify_reg_type'), 1),
    trade_fee_type: int(s.get('trade_fee_type'), 1),
    micro_loss_level: int(s.get('micro_loss_level'), 0),
  };
}

export async function companyStatus(db: Executor): Promise<{ status: number; type: number; loss_url: string }> {
  const s = await repo.getSettings(db, ['company_status', 'company_status_type', 'loss_url']);
  return { status: int(s.get('company_status'), 0), type: int(s.get('company_status_type'), 0), loss_url: s.get('loss_url') ?? '' };
}

/** verify_reg_type: 1 e-mailed code, 2 captcha image. */
export async function verifyRegType(db: Executor): Promise<number> {
  return int(await repo.getSetting(db, 'verify_reg_type'), 1);
}

/** Hours a newly bound withdrawal method waits before it may be withdrawn to (staff setting; 24 when unset or unreadable). */
export const DEFAULT_WITHDRAW_METHOD_WAIT_HOURS = '24';
export async function withdrawMethodWaitHours(db: Executor): Promise<string> {
  const value = (await repo.getSetting(db, 'withdraw_method_wait_hours'))?.trim();
  return value && /^\d{1,4}(\.\d{1,2})?$/.test(value) ? value : DEFAULT_WITHDRAW_METHOD_WAIT_HOURS;
}
