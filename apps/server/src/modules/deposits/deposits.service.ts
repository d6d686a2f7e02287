import {
  CHARGE_TYPES,
  type AdminDeposit,
  type BankAccount,
  type ChargeRecord,
  type CoinDepositInput,
  type WireDepositInput,
} from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import type { ActionResult } from '../../http/idempotency.js';
import { refuse } from '../../http/refusal.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';
import { wireMoney } from '../../lib/wire-money.js';
import { ownUploadId, uploadUrl } from '../uploads/index.js';
import * as repo from './deposits.repository.js';

export const depositAddresses = (db: Executor) => repo.listDepositAddresses(db);
export const bankCoins = (db: Executor) => repo.listBankCoins(db);

export async function wireInfo(db: Executor, bankCoinId: number): Promise<BankAccount[]> {
  return repo.listBankAccounts(db, bankCoinId);
}

function toRecord(r: { id: number; type: number; number: string; currency_code: string; status: number; stored_name: string; address: string; remark: string; created_at: Date }): ChargeRecord {
  return {
    id: r.id,
    number: wireMoney(r.number),
    type: r.type,
    currency_code: r.currency_code,
    status: r.status,
    proof_img: uploadUrl(r.stored_name),
    address: r.address,
    remark: r.remark,
    created_at: wireDateTime(r.created_at),
  };
}

async function recordOf(db: Executor, id: number): Promise<ChargeRecord> {
  const row = await repo.findCharge(db, id);
  if (!row) throw new Error(`charge ${id} vanished`);
  return toRecord(row);
}

/** What a coin or wire claim records besides its user: the channel it names and the proof. */
interface Claim {
  type: number;
  number: string;
  currencyCode: string;
  proofImg: string;
  channel: { deposit_address_id: number; bank_account_id: null } | { deposit_address_id: null; bank_account_id: number };
  address: string;
}

/** Records a deposit claim, unchecked: nothing is credited until an admin approves it. */
async function recordClaim(trx: Executor, userId: number, claim: Claim): Promise<ActionResult<ChargeRecord>> {
  const uploadId = await ownUploadId(trx, userId, claim.proofImg);
  // One proof backs one payment: while a claim with it awaits review, no other claim may use it
  // (staff would otherwise be shown the same receipt for several credits). Under a lock on the
  // upload, so two claims sent at once cannot both find it free; rejected, it may be used again.
  if (await repo.proofAwaitingReview(trx, uploadId)) refuse('proof_in_use');
  const id = await repo.insertCharge(trx, {
    user_id: userId,
    type: claim.type,
    number: claim.number,
    currency_code: claim.currencyCode,
    upload_id: uploadId,
    ...claim.channel,
    address: claim.address,
  });
  return { data: await recordOf(trx, id), key: 'deposit_submitted' };
}

/** A coin deposit claim to one of the deposit addresses. */
export async function submitCoinDeposit(trx: Executor, userId: number, input: CoinDepositInput): Promise<ActionResult<ChargeRecord>> {
  const channel = await repo.findDepositAddress(trx, input.charge_id);
  if (!channel) refuse('channel_not_found');
  return recordClaim(trx, userId, {
    type: CHARGE_TYPES.coin,
    number: input.number,
    currencyCode: channel.currency_code,
    proofImg: input.proofImg,
    channel: { deposit_address_id: channel.id, bank_account_id: null },
    address: input.address ?? '',
  });
}

/** A bank (wire) deposit claim to one of the collection accounts. */
export async function submitWireDeposit(trx: Executor, userId: number, input: WireDepositInput): Promise<ActionResult<ChargeRecord>> {
  const account = await repo.findBankAccount(trx, input.wire_id);
  if (!account) refuse('channel_not_found');
  return recordClaim(trx, userId, {
    type: CHARGE_TYPES.bank,
    number: input.number,
    currencyCode: account.currency_code,
    proofImg: input.proofImg,
    channel: { deposit_address_id: null, bank_account_id: account.id },
    address: '',
  });
}

export async function listOwnCharges(db: Executor, userId: number, type: number | undefined, page: number) {
  const { limit, offset } = pageWindow(page);
  const filter = { userId, type };
  const [rows, total] = await Promise.all([repo.listCharges(db, filter, limit, offset), repo.countCharges(db, filter)]);
  return paged(rows.map(toRecord), total, page);
}

export async function listChargesForAdmin(db: Executor, status: number | undefined, page: number) {
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([repo.listCharges(db, { status }, limit, offset), repo.countCharges(db, { status })]);
  const data: AdminDeposit[] = rows.map((r) => ({
    ...toRecord(r),
    user: { id: r.user_id, uid: r.uid, email: r.email },
    channel: r.type === CHARGE_TYPES.coin ? `${r.currency_code} ${r.protocol_code ?? ''} ${r.deposit_address ?? ''}`.trim() : `${r.bank_name ?? ''} ${r.payee_account ?? ''}`.trim(),
    reviewed_at: r.reviewed_at ? wireDateTime(r.reviewed_at) : null,
    reviewed_by: r.reviewed_by,
  }));
  return paged(data, total, page);
}
