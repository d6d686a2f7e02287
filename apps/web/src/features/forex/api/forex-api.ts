import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { forexEndpoints, type ForexDealTab, type ForexMyDeal, type ForexOrder, type ForexSubmitInput } from '@tp/contracts';
import { dec, FOREX_MONEY_PLACES } from '@tp/domain';
import { call } from '../../../lib/api/client';
import { useAuth } from '../../../lib/auth-store';

/** Query keys of contract orders; they carry the token, so a logout leaves no other user's data. */
export const FOREX_KEY = ['forex'] as const;


/** GET /v2/api/forex/my_deal, 20 a page; every page carries the tab's all_fact_profits. */
export const forexDealsQuery = (token: string | null, status: ForexDealTab) =>
  infiniteQueryOptions({
    queryKey: [...FOREX_KEY, 'deals', status, token],
    queryFn: ({ signal, pageParam }) => call(forexEndpoints.myDeal, { status, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: ForexMyDeal) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: !!token,
  });

export function useForexDeals(status: ForexDealTab) {
  const token = useAuth((s) => s.token);
  return useInfiniteQuery(forexDealsQuery(token, status));
}

/**
 * The money actions below each send the Idempotency-Key of the user's intent (lib/api/intent):
 * a retried request (lost answer, second tap) never opens or closes twice.
 */
export function submitForex(body: ForexSubmitInput, idempotencyKey: string): Promise<ForexOrder> {
  return call(forexEndpoints.submit, { ...body }, { idempotencyKey, announce: true });
}

/** POST /v2/api/forex/close: closes a holding order at the market. */
export function closeForex(id: number, idempotencyKey: string): Promise<ForexOrder> {
  return call(forexEndpoints.close, { id }, { idempotencyKey, announce: true });
}

/** POST /v2/api/forex/cancel_trade: cancels a pending order, margin and fee return. */
export function cancelForex(id: number, idempotencyKey: string): Promise<ForexOrder> {
  return call(forexEndpoints.cancel, { id }, { idempotencyKey, announce: true });
}

/** POST /v2/api/forex/set_stop_price: '0' switches a stop off. */
export function setForexStops(id: number, stopLoss: string, takeProfit: string, idempotencyKey: string): Promise<ForexOrder> {
  return call(forexEndpoints.setStop, { id, stop_loss_price: stopLoss, target_profit_price: takeProfit }, { idempotencyKey, announce: true });
}

/** After an order opens, closes, fills or changes: its lists and the balances are stale. */
export function refreshAfterForexChange(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: [...FOREX_KEY, 'deals'] });
  void client.invalidateQueries({ queryKey: ['wallet'] });
}

type DealsData = InfiniteData<ForexMyDeal, number>;

/**
 * Takes orders out of a cached tab at once (a close, a cancel, a FOREX_CLOSED push), before the
 * refetch that confirms it: the list and its all_fact_profits no longer count them.
 */
export function removeForexOrders(client: QueryClient, token: string | null, status: ForexDealTab, ids: readonly number[]): void {
  const gone = new Set(ids);
  client.setQueryData<DealsData>(forexDealsQuery(token, status).queryKey, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const removed = page.data.filter((o) => gone.has(o.Id));
      if (removed.length === 0) return page;
      changed = true;
      const profit = removed.reduce((acc, o) => acc.minus(o.FactProfits), dec(page.all_fact_profits));
      return {
        ...page,
        data: page.data.filter((o) => !gone.has(o.Id)),
        total: Math.max(0, page.total - removed.length),
        all_fact_profits: profit.toFixed(FOREX_MONEY_PLACES),
      };
    });
    return changed ? { ...data, pages } : data;
  });
}

/** Puts the server's answer for one order (new stops) into a cached tab. */
export function replaceForexOrder(client: QueryClient, token: string | null, status: ForexDealTab, order: ForexOrder): void {
  client.setQueryData<DealsData>(forexDealsQuery(token, status).queryKey, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.map((o) => (o.Id === order.Id ? order : o)) })) } : data,
  );
}
