import { walletEndpoints, type Paged, type TransferRecord, type TransferInput } from '@tp/contracts';
import { call } from '../../../lib/api/client';

/** What the user chose; the currency is always USDT (1). */
export type TransferForm = Omit<TransferInput, 'currency_id' | 't'>;
/** POST /api/account/transfer between the user's own accounts, under the key of the user's intent. */
export function submitTransfer(form: TransferForm, idempotencyKey: string): Promise<TransferRecord> {
  return call(walletEndpoints.transfer, { ...form, currency_id: 1 }, { idempotencyKey, announce: true });
}

/** GET /api/account/transfer_log: every transfer of the user. */
export function fetchTransfers(page: number, signal?: AbortSignal): Promise<Paged<TransferRecord>> {
  return call(walletEndpoints.transferLog, { page }, { signal });
}
