import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kycQuery } from '../features/loans/api/loans';
import { tradeListQuery } from '../features/market/api/trade-list';
import { fundsQuery } from '../features/mining/api/funds';
import { balanceQuery, companyStatusQuery, userInfoQuery } from '../lib/queries';
import { prefetchFirstScreenData } from './first-screen-data';

describe('the first screen’s requests, started before the first render', () => {
  const urls: string[] = [];
  beforeEach(() => {
    urls.length = 0;
    // Unanswered requests: what matters is which ones start, under which query keys.
    vi.stubGlobal('fetch', vi.fn((url: string | URL | Request) => (urls.push(String(url)), new Promise<Response>(() => undefined))));
  });
  afterEach(() => vi.unstubAllGlobals());

  const fetching = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.fetchStatus;

  it('puts them under the keys the screens read, with the start-up calls', () => {
    const client = new QueryClient();
    prefetchFirstScreenData(client, '/loan', 'tok', 'hk');
    expect(fetching(client, kycQuery('tok').queryKey)).toBe('fetching');
    expect(fetching(client, companyStatusQuery.queryKey)).toBe('fetching');
    expect(fetching(client, userInfoQuery('tok').queryKey)).toBe('fetching');
    expect(urls.some((u) => u.includes('/api/loan/info'))).toBe(true);

    const user = new QueryClient();
    prefetchFirstScreenData(user, '/user', 'tok', 'hk');
    expect(fetching(user, balanceQuery('tok').queryKey)).toBe('fetching');

    const mining = new QueryClient();
    prefetchFirstScreenData(mining, '/mining', null, 'hk');
    expect(fetching(mining, fundsQuery.queryKey)).toBe('fetching');

    const trade = new QueryClient();
    prefetchFirstScreenData(trade, '/trade', null, 'hk');
    expect(fetching(trade, tradeListQuery.queryKey)).toBe('fetching');
  });

  it('asks nothing that needs an account without a session, and nothing for a screen without data', () => {
    const client = new QueryClient();
    prefetchFirstScreenData(client, '/user', null, 'hk');
    prefetchFirstScreenData(client, '/loan', null, 'hk');
    expect(client.getQueryState(balanceQuery(null).queryKey)).toBeUndefined();
    expect(client.getQueryState(kycQuery(null).queryKey)).toBeUndefined();
    expect(client.getQueryState(userInfoQuery(null).queryKey)).toBeUndefined();
    prefetchFirstScreenData(client, '/news', null, 'hk');
    expect(client.getQueryCache().getAll().map((q) => q.queryKey)).toEqual([companyStatusQuery.queryKey]);
  });
});
