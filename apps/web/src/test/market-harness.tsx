import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { TradeSymbol } from '@tp/contracts';
import { createQueryClient } from '../app/providers';
import { configureApi } from '../lib/api/client';

/** Test doubles for the market screens: a routed fake fetch and a screen renderer. */
/** The quote store, for feature tests that drive prices without importing the market feature. */
export { applyDayMarket, resetQuotes, seedQuotes } from '../features/market/model/quote-store';

export type Handler = (url: URL, init: RequestInit) => unknown;
export const calls: { url: URL; init: RequestInit }[] = [];
export const routes: Record<string, Handler> = {};

export function ok(data: unknown): Response {
  return new Response(JSON.stringify({ code: 1, msg: 'ok', data }));
}

export const fakeFetch = vi.fn(async (input: string, init: RequestInit) => {
  const url = new URL(input);
  calls.push({ url, init });
  const h = routes[url.pathname];
  if (!h) return new Response(JSON.stringify({ code: 0, msg: 'not found', data: null }), { status: 404 });
  const r = await h(url, init);
  return r instanceof Response ? r : ok(r);
});

export function resetFetch(): void {
  calls.length = 0;
  for (const k of Object.keys(routes)) delete routes[k];
  fakeFetch.mockClear();
  configureApi({ fetch: fakeFetch as unknown as typeof fetch, origin: () => 'http://api.test', getLang: () => 'en', notify: () => undefined });
}

export function callsTo(path: string): URL[] {
  return calls.filter((c) => c.url.pathname === path).map((c) => c.url);
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

export async function renderScreen(element: ReactElement, path = '/') {
  const client = createQueryClient();
  let utils: ReturnType<typeof render> | undefined;
  await act(async () => {
    utils = render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Where />
          <Routes>
            <Route path="*" element={element} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  return { ...utils!, client };
}

export function symbol(over: Partial<TradeSymbol> & Pick<TradeSymbol, 'Id' | 'Code'>): TradeSymbol {
  return {
    ShowCode: over.Code,
    Logo: `/logos/${over.Code}.webp`,
    CategoryId: 1,
    MarketStatus: 1,
    MarketChangeST: null,
    PricePrecision: 2,
    Pip: '0.01',
    ForexMinCont: '0.01',
    ForexContNum: '1',
    ForexFeeRate: '0.001',
    Spread: '0.01',
    MarginMode: 2,
    HasForexMultiple: [{ Value: 10 }],
    ForexQuotations: { Open: '100', Close: '101.50', Change: '1.50', High: '102', Low: '99', Volume: '1234567' },
    ...over,
  };
}

export const SYMBOLS: TradeSymbol[] = [
  symbol({ Id: 1, Code: 'EURUSD', ShowCode: 'EUR/USD', CategoryId: 1, MarketStatus: 0, PricePrecision: 5, ForexQuotations: { Open: '1.15835', Close: '1.16500', Change: '0.57', High: '1.16688', Low: '1.15809', Volume: '1086001.8386' } }),
  symbol({ Id: 2, Code: 'GBPUSD', ShowCode: 'GBP/USD', CategoryId: 1, MarketStatus: 0, PricePrecision: 5, ForexQuotations: { Open: '1.33875', Close: '1.34200', Change: '-0.24', High: '1.34707', Low: '1.33636', Volume: '865721.3862' } }),
  symbol({ Id: 11, Code: 'XAUUSD', ShowCode: 'XAU/USD', CategoryId: 2, MarketStatus: 0 }),
  symbol({ Id: 13, Code: 'BTCUSDT', ShowCode: 'BTC/USDT', CategoryId: 3, MarketStatus: 1, ForexQuotations: { Open: '110000', Close: '112352.64', Change: '2.14', High: '113000', Low: '109000', Volume: '150592.39' } }),
  symbol({ Id: 14, Code: 'ETHUSDT', ShowCode: 'ETH/USDT', CategoryId: 3, MarketStatus: 1, ForexQuotations: { Open: '4400', Close: '4319.55', Change: '-1.83', High: '4450', Low: '4300', Volume: '1831557.12' } }),
];

export const CATEGORIES = [
  { Id: 1, NameShowTrans: 'Forex' },
  { Id: 2, NameShowTrans: 'Metals' },
  { Id: 3, NameShowTrans: 'Crypto' },
];
