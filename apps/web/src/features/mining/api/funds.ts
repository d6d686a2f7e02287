import { fundsEndpoints, type Fund, type FundIncome, type FundSubscription, type Paged } from '@tp/contracts';
import { call } from '../../../lib/api/client';
import { pagedQuery } from './paged-query';

/** Query keys of the mining screens; the user's own lists are keyed by the session token. */
export const miningKeys = {
  funds: ['mining', 'funds'] as const,
  fund: (id: number) => ['mining', 'fund', id] as const,
  subs: (token: string | null) => ['mining', 'subs', token] as const,
  incomes: (token: string | null, subId: number) => ['mining', 'incomes', token, subId] as const,
  balance: ['wallet', 'balance'] as const,
};

/** GET /api/fund/list. */
export function fetchFunds(page: number, signal?: AbortSignal): Promise<Paged<Fund>> {
  return call(fundsEndpoints.list, { page }, { signal });
}

/**
 * The fund list of /mining; also started before the first render when the app opens there, and
 * fresh for a moment so the screen mounting just after that answer does not ask again.
 */
export const fundsQuery = { ...pagedQuery(miningKeys.funds, fetchFunds), staleTime: 10_000 };

/** GET /api/fund/info. */
export function fetchFund(id: number, signal?: AbortSignal): Promise<Fund> {
  return call(fundsEndpoints.info, { id }, { signal });
}

/** /api/fund/buy, sent as POST under the key of the user's intent (the server also answers GET). */
export function buyFund(input: { id: number; amount: string }, idempotencyKey: string): Promise<FundSubscription> {
  return call(fundsEndpoints.buy, { ...input }, { method: 'POST', idempotencyKey, announce: true });
}

/** GET /api/fund/subList. */
export function fetchSubscriptions(page: number, signal?: AbortSignal): Promise<Paged<FundSubscription>> {
  return call(fundsEndpoints.subList, { page }, { signal });
}

/** GET /api/fund/insList. */
export function fetchIncomes(subId: number, page: number, signal?: AbortSignal): Promise<Paged<FundIncome>> {
  return call(fundsEndpoints.insList, { sub_id: subId, page }, { signal });
}

/** /api/fund/applyRefund, as POST under the key of the user's intent. */
export function applyRefund(subId: number, idempotencyKey: string): Promise<FundSubscription> {
  return call(fundsEndpoints.applyRefund, { sub_id: subId }, { method: 'POST', idempotencyKey, announce: true });
}
