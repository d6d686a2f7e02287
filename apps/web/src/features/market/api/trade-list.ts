import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { marketEndpoints } from '@tp/contracts';
import { call } from '../../../lib/api/client';
import { seedQuotes } from '../model/quote-store';

export const TRADE_LIST_KEY = ['market', 'tradeList'] as const;
/**
 * While a screen shows the list it is read again this often, so a market that opens or closes
 * (forex weekends) flips the closed text and the buy/sell buttons without a navigation.
 */
export const TRADE_LIST_REFRESH_MS = 60_000;

/** GET /v2/api/forex/trade_list: every symbol with its 24-hour quote. Seeds the live quote store. */
export const tradeListQuery = queryOptions({
  queryKey: TRADE_LIST_KEY,
  queryFn: async ({ signal }) => {
    const askedAt = performance.now();
    const list = await call(marketEndpoints.tradeList, undefined, { signal });
    seedQuotes(list, askedAt);
    return list;
  },
  staleTime: 15_000,
  refetchInterval: TRADE_LIST_REFRESH_MS,
});

export function useTradeList() {
  return useQuery(tradeListQuery);
}

/**
 * An answer asked for this recently is already the refresh that entering a screen asks for: the
 * app's start asks for the list of the screen it opens on before that screen's code has arrived.
 */
export const ENTRY_FRESH_MS = 3_000;

/**
 * Entering /, /trade or /order refreshes the trade list (spec section 2) - unless a request for it
 * is on its way or has just been answered. Marking that answer stale (or cancelling the request)
 * would only ask for the same list again, a round trip and a render of the whole screen later.
 */
export function refreshTradeList(client: QueryClient, now = Date.now()): void {
  const state = client.getQueryState(TRADE_LIST_KEY);
  if (state && (state.fetchStatus === 'fetching' || now - state.dataUpdatedAt < ENTRY_FRESH_MS)) return;
  void client.invalidateQueries({ queryKey: TRADE_LIST_KEY });
}
