import type { Paged, TransferRecord } from '@tp/contracts';
import { api } from '../../../lib/api/client';

export interface TransferForm { balance: string; from: number; to: number }
/** POST /api/account/transfer between the user's own accounts, under the key of the user's intent. */
export function submitTransfer(form: TransferForm, idempotencyKey: string): Promise<TransferRecord> {
  return api.post<TransferRecord>('/api/account/transfer', { ...form, currency_id: 1 }, { idempotencyKey, announce: true });
}

/** GET /api/account/transfer_log: every transfer of the user. */
export function fetchTransfers(page: number, signal?: AbortSignal): Promise<Paged<TransferRecord>> {
  return api.get<Paged<TransferRecord>>('/api/account/transfer_log', { page }, { signal });
}
