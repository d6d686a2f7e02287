import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { marketEndpoints } from '@tp/contracts';
import { call } from '../../../lib/api/client';

/** GET /api/company/search: companies by name (main mode), abortable like the currency search. */
export const companySearchQuery = (name: string, enabled = true) =>
  queryOptions({
    queryKey: ['market', 'searchCompany', name],
    queryFn: ({ signal }) => call(marketEndpoints.searchCompany, { name }, { signal }),
    enabled,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export function useCompanySearch(name: string, enabled = true) {
  return useQuery(companySearchQuery(name, enabled));
}
