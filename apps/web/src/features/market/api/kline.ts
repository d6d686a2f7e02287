import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketEndpoints, klinePeriodName } from '@tp/contracts';
import type { CandlePeriod } from '@tp/domain';
import { call } from '../../../lib/api/client';

/** GET /v2/api/forex/kline: up to 500 candles, oldest first. Live candles then come by websocket. */
export const klineQuery = (forexId: number | undefined, period: CandlePeriod) =>
  queryOptions({
    queryKey: ['market', 'kline', forexId, period],
    // The spec's period names on the wire (decisions.md); the app keeps minutes. Only enabled with an id.
    queryFn: ({ signal }) => call(marketEndpoints.kline, { forex_id: forexId ?? 0, period: klinePeriodName(period) }, { signal }),
    enabled: forexId !== undefined,
    // Cached candles are shown at once but always refetched: the live ticks are not in the cache.
    staleTime: 0,
    gcTime: 60_000,
  });

export function useKline(forexId: number | undefined, period: CandlePeriod) {
  return useQuery(klineQuery(forexId, period));
}
