import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { marketEndpoints } from '@tp/contracts';
import { call } from '../../../lib/api/client';

/** GET /v2/api/forex/search: abortable (a newer text cancels the request of the older one). */
export const currencySearchQuery = (text: string, enabled = true) =>
  queryOptions({
    queryKey: ['market', 'searchCurrency', text],
    queryFn: ({ signal }) => call(marketEndpoints.searchCurrency, { searchCurrency: text }, { signal }),
    enabled,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export function useCurrencySearch(text: string, enabled = true) {
  return useQuery(currencySearchQuery(text, enabled));
}
