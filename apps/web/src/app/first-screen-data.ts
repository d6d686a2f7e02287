import type { QueryClient } from '@tanstack/react-query';
import { kycQuery } from '../features/loans/api/loans';
import { categoriesQuery } from '../features/market/api/categories';
import { tradeListQuery } from '../features/market/api/trade-list';
import { fundsQuery } from '../features/mining/api/funds';
import { balanceQuery, companyStatusQuery, userInfoQuery } from '../lib/queries';

/**
 * The requests whose answers the screen a path opens paints first, with the same query options
 * its components read them with. Each screen's own query stays the truth: this only puts the
 * answer in the cache sooner.
 */
const FIRST_SCREEN_QUERIES: Record<string, (client: QueryClient, token: string | null, lang: string) => void> = {
  // The total assets line.
  '/user': (client, token) => {
    if (token) void client.prefetchQuery(balanceQuery(token));
  },
  // The identity check decides which of its three states the screen shows.
  '/loan': (client, token) => {
    if (token) void client.prefetchQuery(kycQuery(token));
  },
  '/mining': (client) => void client.prefetchInfiniteQuery(fundsQuery),
  // The symbol header, quote and chart of the first symbol, and its category's name.
  '/trade': (client, _token, lang) => {
    void client.prefetchQuery(tradeListQuery);
    void client.prefetchQuery(categoriesQuery(lang));
  },
};

/**
 * Starts the start-up requests and those of the screen the app opens on (`pathname`, from the hash) before React
 * mounts. Otherwise they would start only when the screen's chunk has arrived and rendered, one
 * round trip after it: on a phone's network the answer would come a second or more later than it
 * can. A screen that needs an account asks nothing without a token (the guard sends the visitor
 * to /login). Answers land in the query cache the screen reads; a failure is left to the screen's
 * own query, which shows its error state and retry (prefetchQuery never throws).
 */
export function prefetchFirstScreenData(client: QueryClient, pathname: string, token: string | null, lang: string): void {
  // The start-up calls every screen makes (providers.tsx, Startup).
  void client.prefetchQuery(companyStatusQuery);
  if (token) void client.prefetchQuery(userInfoQuery(token));
  FIRST_SCREEN_QUERIES[pathname]?.(client, token, lang);
}
