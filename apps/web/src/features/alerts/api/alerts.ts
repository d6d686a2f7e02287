import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { alertsEndpoints, type AlertStatus, type Paged, type PriceAlert } from '@tp/contracts';
import { call } from '../../../lib/api/client';

export const alertKeys = {
  all: (token: string | null) => ['alerts', token] as const,
  symbol: (token: string | null, forexId: number) => ['alerts', token, 'symbol', forexId] as const,
  list: (token: string | null, status: AlertStatus) => ['alerts', token, 'status', status] as const,
};

/** GET /api/alert/list of one symbol: its first page (waiting first, then the newest), for the trade screen's sheet. */
export const symbolAlertsQuery = (token: string | null, forexId: number) =>
  queryOptions({
    queryKey: alertKeys.symbol(token, forexId),
    queryFn: ({ signal }) => call(alertsEndpoints.list, { page: 1, forex_id: forexId }, { signal }),
    enabled: !!token,
  });

/** GET /api/alert/list of one status, page by page (/alerts). */
export const alertPagesQuery = (token: string | null, status: AlertStatus) =>
  infiniteQueryOptions<Paged<PriceAlert>, Error, InfiniteData<Paged<PriceAlert>, number>, readonly unknown[], number>({
    queryKey: alertKeys.list(token, status),
    queryFn: ({ pageParam, signal }) => call(alertsEndpoints.list, { page: pageParam, status }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: !!token,
  });

export function createAlert(input: { forex_id: number; direction: number; price: string }): Promise<PriceAlert> {
  return call(alertsEndpoints.create, input);
}

export function cancelAlert(id: number): Promise<PriceAlert> {
  return call(alertsEndpoints.cancel, { id });
}
