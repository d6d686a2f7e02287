import { depositsEndpoints, type BankAccount, type BankCoin, type ChargeRecord, type DepositAddress, type Paged, type CoinDepositInput, type WireDepositInput } from '@tp/contracts';
import { call } from '../../../lib/api/client';

/** GET /api/quickCharge/info: the coin deposit addresses. */
export function fetchDepositAddresses(signal?: AbortSignal): Promise<DepositAddress[]> {
  return call(depositsEndpoints.addresses, undefined, { signal });
}

/** GET /api/quickCharge/symbols: the bank coin types. */
export function fetchBankCoins(signal?: AbortSignal): Promise<BankCoin[]> {
  return call(depositsEndpoints.bankCoins, undefined, { signal });
}

/** GET /api/quickCharge/wire_info: the collection accounts of a bank coin type. */
export function fetchBankAccounts(bankCoin: number, signal?: AbortSignal): Promise<BankAccount[]> {
  return call(depositsEndpoints.wireInfo, { bank_coin: bankCoin }, { signal });
}

/** GET /api/quickCharge/quick_ist: deposit records of a type (0 coin, 1 bank). */
export function fetchCharges(type: number, page: number, signal?: AbortSignal): Promise<Paged<ChargeRecord>> {
  return call(depositsEndpoints.list, { type, page }, { signal });
}

/** POST /api/quickCharge/submit, under the key of the user's intent. */
export function submitCoinDeposit(form: CoinDepositInput, idempotencyKey: string): Promise<ChargeRecord> {
  return call(depositsEndpoints.coinSubmit, { ...form }, { idempotencyKey, announce: true });
}

/** POST /api/quickCharge/wire_submit, under the key of the user's intent. */
export function submitWireDeposit(form: WireDepositInput, idempotencyKey: string): Promise<ChargeRecord> {
  return call(depositsEndpoints.wireSubmit, { ...form }, { idempotencyKey, announce: true });
}
