import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketEndpoints } from '@tp/contracts';
import { call } from '../../../lib/api/client';

/** GET /v2/api/forex/abbreviated_cache_kline: the small close series of the home cards. */
export const abbreviatedKlineQuery = queryOptions({
  queryKey: ['market', 'abbreviatedKline'],
  queryFn: ({ signal }) => call(marketEndpoints.abbreviatedKline, undefined, { signal, silent: true }),
  staleTime: 60_000,
});

export function useAbbreviatedKline() {
  return useQuery(abbreviatedKlineQuery);
}
