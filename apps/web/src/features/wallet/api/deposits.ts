import type { BankAccount, BankCoin, ChargeRecord, DepositAddress, Paged } from '@tp/contracts';
import { api } from '../../../lib/api/client';

/** GET /api/quickCharge/info: the coin deposit addresses. */
export function fetchDepositAddresses(signal?: AbortSignal): Promise<DepositAddress[]> {
  return api.get<DepositAddress[]>('/api/quickCharge/info', undefined, { signal });
}

/** GET /api/quickCharge/symbols: the bank coin types. */
export function fetchBankCoins(signal?: AbortSignal): Promise<BankCoin[]> {
  return api.get<BankCoin[]>('/api/quickCharge/symbols', undefined, { signal });
}

/** GET /api/quickCharge/wire_info: the collection accounts of a bank coin type. */
export function fetchBankAccounts(bankCoin: number, signal?: AbortSignal): Promise<BankAccount[]> {
  return api.get<BankAccount[]>('/api/quickCharge/wire_info', { bank_coin: bankCoin }, { signal });
}

/** GET /api/quickCharge/quick_ist: deposit records of a type (0 coin, 1 bank). */
export function fetchCharges(type: number, page: number, signal?: AbortSignal): Promise<Paged<ChargeRecord>> {
  return api.get<Paged<ChargeRecord>>('/api/quickCharge/quick_ist', { type, page }, { signal });
}

export interface CoinDepositForm { number: string; proofImg: string; address?: string; charge_id: number }
/** POST /api/quickCharge/submit, under the key of the user's intent. */
export function submitCoinDeposit(form: CoinDepositForm, idempotencyKey: string): Promise<ChargeRecord> {
  return api.post<ChargeRecord>('/api/quickCharge/submit', { ...form }, { idempotencyKey, announce: true });
}

export interface WireDepositForm { number: string; proofImg: string; wire_id: number }
/** POST /api/quickCharge/wire_submit, under the key of the user's intent. */
export function submitWireDeposit(form: WireDepositForm, idempotencyKey: string): Promise<ChargeRecord> {
  return api.post<ChargeRecord>('/api/quickCharge/wire_submit', { ...form }, { idempotencyKey, announce: true });
}
