import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { microEndpoints, type MicroOrder, type MicroSubmitInput } from '@tp/contracts';
import { call } from '../../../lib/api/client';
import { useAuth } from '../../../lib/auth-store';

export const MICRO_KEY = ['micro'] as const;

/** GET /v2/api/micro/get_seconds: the seconds options (ratio, minimum) and the amount presets. */
export const microSecondsQuery = queryOptions({
  queryKey: [...MICRO_KEY, 'seconds'],
  queryFn: ({ signal }) => call(microEndpoints.seconds, undefined, { signal }),
  staleTime: 5 * 60_000,
});

export function useMicroSeconds() {
  return useQuery(microSecondsQuery);
}

/** GET /v2/api/micro/orders (status 1 running, 3 closed), page by page. */
export const microOrdersQuery = (token: string | null, status: 1 | 3) =>
  infiniteQueryOptions({
    queryKey: [...MICRO_KEY, 'orders', status, token],
    queryFn: ({ signal, pageParam }) => call(microEndpoints.orders, { status, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: !!token,
  });

export function useMicroOrders(status: 1 | 3) {
  const token = useAuth((s) => s.token);
  return useInfiniteQuery(microOrdersQuery(token, status));
}

/** POST /v2/api/micro/submit under the key of the user's intent: a retried tap never opens two options. */
export function submitMicro(body: MicroSubmitInput, idempotencyKey: string): Promise<MicroOrder> {
  return call(microEndpoints.submit, { ...body }, { idempotencyKey, announce: true });
}

/** After an option opens or settles: its lists and the balances are stale. */
export function refreshAfterMicroChange(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: [...MICRO_KEY, 'orders'] });
  void client.invalidateQueries({ queryKey: ['wallet'] });
}
