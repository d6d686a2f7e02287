import { walletEndpoints, type AccountLogPage } from '@tp/contracts';
import { call } from '../../../lib/api/client';

/** GET /v2/api/main/accountLog/forexChange: one page of an account's history with its balances. */
export function fetchAccountHistory(accountTypeId: number, page: number, signal?: AbortSignal): Promise<AccountLogPage> {
  return call(walletEndpoints.accountLog, { accountTypeId, page }, { signal });
}
