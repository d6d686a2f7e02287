import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type TradeSymbol } from '@tp/contracts';
import { cancelAll } from '../../lib/api/client';
import { useAuth } from '../../lib/auth-store';
import { useCurrentSymbol } from '../../lib/current-symbol';
import { initI18n } from '../../lib/i18n';
import { ws } from '../../lib/ws';
import { FakeSocket, lastSocket } from '../../test/fake-socket';
import { CATEGORIES, SYMBOLS, calls, callsTo, ok, renderScreen, resetFetch, routes } from '../../test/market-harness';
import { HomeMarkets } from './components/home-markets';
import { QUOTE_PAINT_MS, resetQuotes } from './model/quote-store';
import { ProductPage } from './routes/product-page';
import { TradePage } from './routes/trade-page';
import { TRADE_LIST_REFRESH_MS } from './api/trade-list';
import { LOCAL_WATCHLIST_KEY, reloadLocalWatchlist } from './api/watchlist';
import { expectShown } from '../../test/expect-shown';

// The app's one socket, built on the fake socket so the test plays the server.
vi.mock('../../lib/ws', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../lib/ws')>();
  const fake = await import('../../test/fake-socket');
  return {
    ...m,
    ws: new m.WsClient({ url: () => 'ws://api.test/v2/ws', getToken: () => null, createSocket: ((u: string) => new fake.FakeSocket(u)) as never, logger: { warn: () => undefined } }),
  };
});

// lightweight-charts draws on canvas: jsdom has none. Record what the chart is given instead.
const chart = vi.hoisted(() => {
  const make = () => ({ setData: vi.fn(), update: vi.fn(), applyOptions: vi.fn(), data: vi.fn(() => []), priceScale: () => ({ applyOptions: vi.fn() }) });
  /** setData calls of the candles made before the task that created the chart ended (see below). */
  const state = { candles: make(), volume: make(), created: 0, historyWhenCreatingTaskEnded: -1, options: [] as unknown[], resize: vi.fn() };
  return state;
});
vi.mock('lightweight-charts', () => ({
  CrosshairMode: { Normal: 0 },
  CandlestickSeries: { type: 'Candlestick' },
  HistogramSeries: { type: 'Histogram' },
  createChart: (_el: unknown, options: unknown) => {
    chart.created += 1;
    chart.options.push(options);
    // what the chart holds once the code that created it has run to its end, before any frame
    queueMicrotask(() => (chart.historyWhenCreatingTaskEnded = chart.candles.setData.mock.calls.length));
    return {
      addSeries: (def: { type: string }) => (def.type === 'Candlestick' ? chart.candles : chart.volume),
      applyOptions: vi.fn(),
      remove: vi.fn(),
      resize: chart.resize,
      timeScale: () => ({ setVisibleLogicalRange: vi.fn() }),
    };
  },
}));

const browser = vi.hoisted(() => ({ openUrl: vi.fn() }));
vi.mock('../../lib/browser', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../lib/browser')>();
  return { ...m, openUrl: browser.openUrl, setCookie: vi.fn(m.setCookie) };
});
const { setCookie } = await import('../../lib/browser');

const where = () => screen.getByTestId('where').textContent;
const server = () => lastSocket();

function push(msg: unknown) {
  act(() => server().serverSend(msg));
}

beforeAll(async () => {
  await initI18n('en');
  ws.connect();
  server().serverOpen();
});

beforeEach(() => {
  resetFetch();
  resetQuotes();
  chart.candles = { ...chart.candles, setData: vi.fn(), update: vi.fn() };
  chart.volume = { ...chart.volume, setData: vi.fn(), update: vi.fn() };
  chart.historyWhenCreatingTaskEnded = -1;
  chart.options = [];
  chart.resize = vi.fn();
  useCurrentSymbol.setState({ id: null });
  useAuth.setState({ token: null, user: null });
  reloadLocalWatchlist();
  routes[endpoints.market.tradeList.path] = () => SYMBOLS;
  routes[endpoints.market.categories.path] = () => CATEGORIES;
  routes[endpoints.market.abbreviatedKline.path] = () =>
    SYMBOLS.map((s) => ({ Id: s.Id, Code: s.Code, Period: '15min' as const, Kline: [1, 2, 3, 2, 4].map((v, i) => ({ Time: 1_700_000_000 + i * 900, Close: String(v) })) }));
  routes[endpoints.market.kline.path] = () => [
    { Time: 1_700_000_000, Open: '1', High: '2', Low: '0.5', Close: '1.5', Volume: '10' },
    { Time: 1_700_000_300, Open: '1.5', High: '2.5', Low: '1', Close: '2', Volume: '12' },
  ];
});

/**
 * jsdom runs animation frames on one setInterval, started when a frame is asked for while none is
 * pending. Started under a test's fake clock (the market-opens test fakes setInterval) it never
 * fires, and every later frame - the chart is drawn a frame after it mounts - waits forever.
 * Cancelling every pending frame (jsdom numbers them 1, 2, ...) lets the next one start a real
 * interval again.
 */
function cancelPendingAnimationFrames(): void {
  const last = requestAnimationFrame(() => undefined);
  for (let handle = 1; handle <= last; handle++) cancelAnimationFrame(handle);
}

afterEach(() => {
  cancelAll();
  vi.useRealTimers();
  cancelPendingAnimationFrames();
  // A test that runs the intervals a minute ahead also runs the socket's heartbeat: its pings go
  // unanswered, so the client drops the link and reconnects a second later (a real timeout). The
  // next test would push into the dropped socket within that second and its push would be lost.
  if (ws.getStatus() !== 'open') {
    ws.connect();
    server().serverOpen();
  }
});

const rows = () => screen.queryAllByTestId('home-market-row');
const codes = () => rows().map((r) => r.getAttribute('data-code'));

describe('home markets', () => {
  it('shows 10 skeleton rows (and card placeholders) while the trade list loads', async () => {
    routes[endpoints.market.tradeList.path] = () => new Promise(() => undefined);
    await renderScreen(<HomeMarkets />);
    expect(screen.getAllByTestId('home-market-skeleton')).toHaveLength(10);
    expect(rows()).toHaveLength(0);
  });

  it('lists every market with precision, coloured change and 24-h volume (or closed); the first 4 are cards', async () => {
    await renderScreen(<HomeMarkets />);
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.queryAllByTestId('home-market-skeleton')).toHaveLength(0);
    const cards = screen.getAllByTestId('home-market-card');
    expect(cards.map((c) => c.getAttribute('data-code'))).toEqual(['EURUSD', 'GBPUSD', 'XAUUSD', 'BTCUSDT']);
    const eur = rows()[0]!;
    expect(within(eur).getByTestId('market-row-price').textContent).toBe('1.16500');
    expect(within(eur).getByTestId('market-row-change').textContent).toBe('+0.57%');
    expect(within(eur).getByTestId('market-row-change').getAttribute('data-trend')).toBe('up');
    expect(within(rows()[1]!).getByTestId('market-row-change').getAttribute('data-trend')).toBe('down');
    expect(within(rows()[3]!).getByTestId('market-row-price').textContent).toBe('112,352.64');
    // An open market shows its 24-h volume; a closed one (EURUSD here) says it is closed there instead.
    expect(rows()[3]!.textContent).toContain('Vol 150.59K');
    expect(within(eur).getByTestId('market-closed-badge').textContent).toBe('Closed');
    expect(eur.textContent).not.toContain('Vol');
    expect(eur.querySelector('img')?.getAttribute('src')).toBe('http://api.test/logos/EURUSD.webp');
  });

  it('shows the empty state when there are no markets', async () => {
    routes[endpoints.market.tradeList.path] = () => [];
    await renderScreen(<HomeMarkets />);
    await screen.findByTestId('home-market-empty');
    expect(rows()).toHaveLength(0);
  });

  it('shows an error with retry when the list fails, and retry loads it', async () => {
    routes[endpoints.market.tradeList.path] = () => new Response(JSON.stringify({ code: 0, msg: 'boom', data: null }));
    await renderScreen(<HomeMarkets />);
    const err = await screen.findByTestId('load-error');
    routes[endpoints.market.tradeList.path] = () => SYMBOLS;
    fireEvent.click(within(err).getByRole('button'));
    await waitFor(() => expect(rows()).toHaveLength(5));
  });

  it('filters by category; tapping the active tab again clears the filter', async () => {
    await renderScreen(<HomeMarkets />);
    await waitFor(() => expect(rows()).toHaveLength(5));
    const tabs = screen.getAllByTestId('home-category-tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Forex', 'Metals', 'Crypto']);
    fireEvent.click(tabs[2]!);
    expect(codes()).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(tabs[2]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(tabs[1]!);
    expect(codes()).toEqual(['XAUUSD']);
    fireEvent.click(tabs[1]!);
    expect(codes()).toEqual(['EURUSD', 'GBPUSD', 'XAUUSD', 'BTCUSDT', 'ETHUSDT']);
    expect(tabs.every((t) => t.getAttribute('aria-selected') === 'false')).toBe(true);
  });

  it('subscribes DAY_MARKET and a push changes only its row (and its card)', async () => {
    const { unmount } = await renderScreen(<HomeMarkets />);
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(server().types()).toContain('sub:DAY_MARKET');
    push([{ type: 'DAY_MARKET', symbol: 'BTCUSDT', close: '113000.1', change: '-0.35', high: '113500', low: '109000', open: '113400', volume: '160000' }]);
    const btc = rows()[3]!;
    expect(within(btc).getByTestId('market-row-price').textContent).toBe('113,000.10');
    expect(within(btc).getByTestId('market-row-change').textContent).toBe('-0.35%');
    expect(within(btc).getByTestId('market-row-change').getAttribute('data-trend')).toBe('down');
    expect(within(rows()[4]!).getByTestId('market-row-price').textContent).toBe('4,319.55');
    expect(screen.getAllByTestId('home-market-card')[3]!.textContent).toContain('113,000.10');
    unmount();
    expect(server().types()).toContain('unsub:DAY_MARKET');
  });

  it('tapping a row remembers the symbol and goes to /trade', async () => {
    await renderScreen(<HomeMarkets />);
    await waitFor(() => expect(rows()).toHaveLength(5));
    fireEvent.click(rows()[4]!);
    expect(where()).toBe('/trade');
    expect(useCurrentSymbol.getState().id).toBe(14);
    expect(localStorage.getItem('tp.symbol')).toBe('14');
  });

  it('shortcuts go to loan, buy coin (charge type 1) and video', async () => {
    await renderScreen(<HomeMarkets />);
    fireEvent.click(screen.getByTestId('home-shortcut-buy'));
    expect(where()).toBe('/mine/charge?type=1');
    fireEvent.click(screen.getByTestId('home-shortcut-loan'));
    expect(where()).toBe('/loan');
    fireEvent.click(screen.getByTestId('home-shortcut-video'));
    expect(where()).toBe('/mine/video');
  });
});

describe('search page', () => {
  beforeEach(() => {
    routes[endpoints.settings.setting.path] = () => ({ key: 'main_mode', value: '0' });
    routes[endpoints.market.searchCurrency.path] = (url) => {
      const q = (url.searchParams.get('searchCurrency') ?? '').toLowerCase();
      return SYMBOLS.filter((s) => s.ShowCode.toLowerCase().includes(q)).map((s) => ({ Id: s.Id, ShowCode: s.ShowCode, ForexQuotations: { Close: s.ForexQuotations.Close } }));
    };
    routes[endpoints.market.searchCompany.path] = () => [
      { id: 7, name: 'Harbour Point Markets Ltd', logo: '/logo.png', url: 'https://harbour.example', subject: 'Online trading', registered_address: '18 Harbour Road', location: 'Two Pacific Place', email: 'support@harbour.example' },
    ];
  });

  it('non-main mode: searches currencies (debounced), lists ShowCode and close; tap goes to /trade', async () => {
    await renderScreen(<ProductPage />, '/product');
    await waitFor(() => expect(screen.getAllByTestId('search-currency-item')).toHaveLength(5));
    expect(screen.queryByTestId('search-companies')).toBeNull();
    expect(callsTo(endpoints.market.searchCompany.path)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'u' } });
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'us' } });
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'usdt' } });
    await waitFor(() => expect(screen.getAllByTestId('search-currency-item')).toHaveLength(2));
    // Debounced: the intermediate texts were never sent.
    expect(callsTo(endpoints.market.searchCurrency.path).map((u) => u.searchParams.get('searchCurrency'))).toEqual(['', 'usdt']);
    const btc = screen.getAllByTestId('search-currency-item')[0]!;
    expect(btc.textContent).toContain('BTC/USDT');
    expect(btc.textContent).toContain('112,352.64');
    fireEvent.click(btc);
    expect(where()).toBe('/trade');
    expect(useCurrentSymbol.getState().id).toBe(13);
  });

  it('shows the empty state when nothing matches', async () => {
    await renderScreen(<ProductPage />, '/product');
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'zzz' } });
    await screen.findByTestId('search-empty');
  });

  it('main mode: companies by name, a sheet with details, Enter stores company_id for 3 years and opens the site', async () => {
    routes[endpoints.settings.setting.path] = () => ({ key: 'main_mode', value: '1' });
    await renderScreen(<ProductPage />, '/product');
    const item = await screen.findByTestId('search-company-item');
    expect(item.textContent).toContain('Harbour Point Markets Ltd');
    expect(item.textContent).toContain('Online trading');
    expectShown(screen.getByTestId('search-currencies'));
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'harbour' } });
    await waitFor(() => expect(callsTo(endpoints.market.searchCompany.path).map((u) => u.searchParams.get('name'))).toContain('harbour'));
    fireEvent.click(screen.getByTestId('search-company-item'));
    const sheet = await screen.findByTestId('company-sheet');
    for (const text of ['Harbour Point Markets Ltd', 'https://harbour.example', 'Online trading', '18 Harbour Road', 'Two Pacific Place', 'support@harbour.example']) expect(sheet.textContent).toContain(text);
    fireEvent.click(within(sheet).getByTestId('company-enter'));
    expect(setCookie).toHaveBeenCalledWith('company_id', '7', 3 * 365 * 24 * 3600);
    expect(document.cookie).toContain('company_id=7');
    expect(browser.openUrl).toHaveBeenCalledWith('https://harbour.example');
  });

  it("the main company's website '/' is shown as this site's address, an unusable one not at all", async () => {
    routes[endpoints.settings.setting.path] = () => ({ key: 'main_mode', value: '1' });
    routes[endpoints.market.searchCompany.path] = () => [
      { id: 1, name: 'Main Ltd', logo: '/logo.png', url: '/', subject: '', registered_address: '', location: '', email: '' },
      { id: 2, name: 'Odd Ltd', logo: '', url: 'javascript:alert(1)', subject: '', registered_address: '', location: '', email: '' },
    ];
    await renderScreen(<ProductPage />, '/product');
    const items = await screen.findAllByTestId('search-company-item');
    fireEvent.click(items[0]!);
    let sheet = await screen.findByTestId('company-sheet');
    expect(sheet.textContent).toContain(`${window.location.origin}/`);
    expect(within(sheet).queryByText('/')).toBeNull();
    fireEvent.click(items[1]!);
    await waitFor(() => expect(screen.getByTestId('company-sheet-name').textContent).toBe('Odd Ltd'));
    sheet = screen.getByTestId('company-sheet');
    expect(sheet.textContent).not.toContain('javascript');
  });

  it('setCookie writes max-age (3 years = 94608000 s) and path', async () => {
    const { setCookie: real } = await vi.importActual<typeof import('../../lib/browser')>('../../lib/browser');
    const set = vi.spyOn(Document.prototype, 'cookie', 'set');
    real('company_id', '7', 94_608_000);
    expect(set.mock.calls[0]![0]).toMatch(/^company_id=7; max-age=94608000; expires=.+; path=\//);
    set.mockRestore();
  });
});

describe('trade page', () => {
  const klinePeriods = () => callsTo(endpoints.market.kline.path).map((u) => `${u.searchParams.get('forex_id')}:${u.searchParams.get('period')}`);

  it('shows the closed text for MarketStatus 0 instead of price and change', async () => {
    useCurrentSymbol.getState().setId(1);
    await renderScreen(<TradePage />, '/trade');
    expect((await screen.findByTestId('trade-symbol-header')).textContent).toContain('EUR/USD');
    expect(screen.getByTestId('trade-closed').textContent).toBe('Market closed');
    expect(screen.queryByTestId('trade-price')).toBeNull();
    expect(screen.queryByTestId('trade-change')).toBeNull();
  });

  it('a market that opens while the screen shows it flips from the closed text to the price within a minute', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    useCurrentSymbol.getState().setId(1);
    await renderScreen(<TradePage />, '/trade');
    await screen.findByTestId('trade-closed');
    routes[endpoints.market.tradeList.path] = () => SYMBOLS.map((s) => (s.Id === 1 ? { ...s, MarketStatus: 1 } : s));
    await act(() => vi.advanceTimersByTimeAsync(TRADE_LIST_REFRESH_MS));
    expect(expectShown(await screen.findByTestId('trade-price')).textContent).toMatch(/\d/);
    expect(screen.queryByTestId('trade-closed')).toBeNull();
  });

  it('an open market shows the live price and change from DAY_MARKET', async () => {
    useCurrentSymbol.getState().setId(13);
    await renderScreen(<TradePage />, '/trade');
    expect((await screen.findByTestId('trade-price')).textContent).toBe('112,352.64');
    expect(screen.getByTestId('trade-change').textContent).toBe('+2.14%');
    expect(screen.queryByTestId('trade-closed')).toBeNull();
    push({ type: 'DAY_MARKET', symbol: 'BTCUSDT', close: '111000', change: '-1.2', high: '1', low: '1', open: '1', volume: '1' });
    expect(screen.getByTestId('trade-price').textContent).toBe('111,000.00');
    expect(screen.getByTestId('trade-change').textContent).toBe('-1.20%');
  });

  it('a remembered symbol staff disabled is not swapped for another: the screen says it is close-only and offers another symbol and the positions', async () => {
    useCurrentSymbol.getState().setId(13);
    routes[endpoints.market.tradeList.path] = () => SYMBOLS.filter((s) => s.Id !== 13);
    await renderScreen(<TradePage />, '/trade');
    const card = await screen.findByTestId('trade-symbol-unavailable');
    expect(card.textContent).toContain('This symbol is no longer traded');
    expect(card.textContent).toContain('close-only');
    expect(screen.queryByTestId('trade-symbol-header')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId('trade-unavailable-pick'));
    });
    const first = (await screen.findAllByTestId('trade-drawer-row'))[0]!;
    await act(async () => {
      fireEvent.click(within(first).getByTestId('trade-drawer-item'));
    });
    expect((await screen.findByTestId('trade-symbol-header')).getAttribute('data-code')).toBe(first.dataset.code);
  });

  it('without a remembered symbol shows the first one', async () => {
    await renderScreen(<TradePage />, '/trade');
    expect((await screen.findByTestId('trade-symbol-header')).getAttribute('data-code')).toBe('EURUSD');
  });

  it('loads 5-minute candles by default; the period bar switches the kline period', async () => {
    useCurrentSymbol.getState().setId(13);
    await renderScreen(<TradePage />, '/trade');
    // The period goes by its spec name (decisions.md, Kline periods).
    await waitFor(() => expect(klinePeriods()).toEqual(['13:5min']));
    expect(screen.getByTestId('trade-period-5').getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(chart.candles.setData).toHaveBeenCalled());
    const bars = chart.candles.setData.mock.calls.at(-1)![0] as { time: number; close: number }[];
    // Times are shifted to Asia/Bangkok (+7 h) for display.
    expect(bars.map((b) => b.time)).toEqual([1_700_000_000 + 7 * 3600, 1_700_000_300 + 7 * 3600]);
    fireEvent.click(screen.getByTestId('trade-period-60'));
    await waitFor(() => expect(klinePeriods()).toEqual(['13:5min', '13:60min']));
    expect(screen.getByTestId('trade-period-60').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('trade-chart').getAttribute('data-period')).toBe('60');
  });

  it('creates the chart with its history in one go, so that its first paint is the finished chart', async () => {
    useCurrentSymbol.getState().setId(13);
    await renderScreen(<TradePage />, '/trade');
    // the candles are in before the library arrives (it loads a frame after the screen)
    await waitFor(() => expect(chart.historyWhenCreatingTaskEnded).toBe(1));
    expect(chart.candles.setData.mock.calls[0]![0]).toHaveLength(2);
  });

  it('sizes the chart to whole even pixels itself, and resizes it only when that size changes', async () => {
    const notices: ((entries: { contentRect: { width: number; height: number } }[]) => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(notify: (typeof notices)[number]) {
          notices.push(notify);
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      useCurrentSymbol.getState().setId(13);
      await renderScreen(<TradePage />, '/trade');
      await waitFor(() => expect(chart.options).toHaveLength(1));
      // not the library's own autoSize (it repaints on every notice of an odd-width box)
      expect(chart.options[0]).not.toHaveProperty('autoSize');
      const notify = notices.at(-1)!;
      notify([{ contentRect: { width: 319.4, height: 340 } }]);
      expect(chart.resize.mock.calls).toEqual([[318, 340, true]]);
      // a 375 px phone's box again, or a fraction more: the same chart size, no repaint
      notify([{ contentRect: { width: 319, height: 340 } }]);
      notify([{ contentRect: { width: 318.9, height: 341 } }]);
      expect(chart.resize).toHaveBeenCalledTimes(1);
      notify([{ contentRect: { width: 374, height: 340 } }]);
      expect(chart.resize.mock.calls.at(-1)).toEqual([374, 340, true]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('KLINE pushes of the shown period go to series.update; other periods are ignored', async () => {
    useCurrentSymbol.getState().setId(13);
    const { unmount } = await renderScreen(<TradePage />, '/trade');
    await waitFor(() => expect(chart.candles.setData).toHaveBeenCalled());
    await waitFor(() => expect(server().types()).toContain('sub:KLINE.BTCUSDT'));
    push({ type: 'KLINE.BTCUSDT', Period: '1min', Open: '2', High: '3', Low: '1', Close: '2.5', Volume: '1', Time: 1_700_000_300 });
    expect(chart.candles.update).not.toHaveBeenCalled();
    push([{ type: 'KLINE.BTCUSDT', Period: '5min', Open: '2', High: '3', Low: '1', Close: '2.5', Volume: '14', Time: 1_700_000_300 }]);
    expect(chart.candles.update).toHaveBeenCalledWith({ time: 1_700_000_300 + 7 * 3600, open: 2, high: 3, low: 1, close: 2.5 });
    expect(chart.volume.update).toHaveBeenCalledWith(expect.objectContaining({ time: 1_700_000_300 + 7 * 3600, value: 14 }));
    // Older than the last bar: not applied, also once the paint interval has passed.
    push({ type: 'KLINE.BTCUSDT', Period: '5min', Open: '2', High: '3', Low: '1', Close: '2.5', Volume: '14', Time: 1_699_999_700 });
    await new Promise((resolve) => setTimeout(resolve, QUOTE_PAINT_MS + 30));
    expect(chart.candles.update).toHaveBeenCalledTimes(1);
    unmount();
    expect(server().types()).toContain('unsub:KLINE.BTCUSDT');
  });

  it('KLINE pushes reach the chart at most once per paint interval: the latest of each candle, in order', async () => {
    useCurrentSymbol.getState().setId(13);
    await renderScreen(<TradePage />, '/trade');
    await waitFor(() => expect(chart.candles.setData).toHaveBeenCalled());
    await waitFor(() => expect(server().types()).toContain('sub:KLINE.BTCUSDT'));
    const candle = (close: string, time: number) => ({ type: 'KLINE.BTCUSDT', Period: '5min', Open: '2', High: '3', Low: '1', Close: close, Volume: '1', Time: time });
    // The first push after a quiet spell is drawn at once.
    push(candle('2.1', 1_700_000_300));
    expect(chart.candles.update).toHaveBeenCalledTimes(1);
    push(candle('2.2', 1_700_000_300));
    push(candle('2.3', 1_700_000_300));
    push(candle('2.4', 1_700_000_600)); // the next candle opens
    push(candle('2.5', 1_700_000_600));
    expect(chart.candles.update).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(chart.candles.update).toHaveBeenCalledTimes(3));
    const drawn = chart.candles.update.mock.calls.map(([bar]) => [(bar as { time: number }).time - 7 * 3600, (bar as { close: number }).close]);
    expect(drawn).toEqual([
      [1_700_000_300, 2.1],
      [1_700_000_300, 2.3],
      [1_700_000_600, 2.5],
    ]);
  });

  it('the symbol header opens the left drawer; picking a symbol switches and remembers it', async () => {
    useCurrentSymbol.getState().setId(13);
    await renderScreen(<TradePage />, '/trade');
    fireEvent.click(await screen.findByTestId('trade-symbol-header'));
    const drawer = await screen.findByTestId('trade-symbol-drawer');
    expect(within(drawer).getAllByTestId('trade-drawer-item')).toHaveLength(5);
    fireEvent.click(within(drawer).getAllByTestId('trade-drawer-category')[3]!);
    expect(within(drawer).getAllByTestId('trade-drawer-item').map((i) => i.getAttribute('data-code'))).toEqual(['BTCUSDT', 'ETHUSDT']);
    fireEvent.click(within(drawer).getAllByTestId('trade-drawer-item')[1]!);
    await waitFor(() => expect(screen.getByTestId('trade-symbol-header').getAttribute('data-code')).toBe('ETHUSDT'));
    expect(localStorage.getItem('tp.symbol')).toBe('14');
    await waitFor(() => expect(klinePeriods()).toContain('14:5min'));
  });

  it('switches between contract and future and shows the order form of the mode', async () => {
    const form = (mode: string, s: TradeSymbol) => <output data-testid="trade-form">{`${mode}:${s.Code}`}</output>;
    useCurrentSymbol.getState().setId(13);
    await renderScreen(<TradePage renderOrderForm={form} />, '/trade');
    await screen.findByTestId('trade-symbol-header');
    // the form comes a frame after the symbol and its quote
    expect((await screen.findByTestId('trade-form')).textContent).toBe('contract:BTCUSDT');
    fireEvent.click(screen.getByTestId('trade-mode-future'));
    await waitFor(() => expect(screen.getByTestId('trade-form').textContent).toBe('future:BTCUSDT'));
  });
});

/** The next Monday 05:00 on the device's clock, at least a day ahead. */
function nextMonday5(): Date {
  const d = new Date();
  d.setHours(5, 0, 0, 0);
  do d.setDate(d.getDate() + 1);
  while (d.getDay() !== 1);
  return d;
}

/** The list with EURUSD (closed) opening `inMs` from now. */
function eurOpensIn(inMs: number) {
  const at = Date.now() + inMs;
  return SYMBOLS.map((s) => (s.Code === 'EURUSD' ? { ...s, MarketChangeST: at } : s));
}

const signIn = () => useAuth.setState({ token: 'tok', user: null });
const bodyOf = (path: string) => calls.filter((c) => c.url.pathname === path).map((c) => JSON.parse(String(c.init.body)) as Record<string, unknown>);

describe('closed markets', () => {
  it('home cards and market rows carry a Closed badge while their market is closed, and lose it when it opens', async () => {
    const list = eurOpensIn(1_500);
    routes[endpoints.market.tradeList.path] = () => list;
    await renderScreen(<HomeMarkets />);
    await waitFor(() => expect(rows()).toHaveLength(5));
    const badged = (items: HTMLElement[]) => items.filter((el) => within(el).queryByTestId('market-closed-badge')).map((el) => el.getAttribute('data-code'));
    expect(badged(rows())).toEqual(['EURUSD', 'GBPUSD', 'XAUUSD']);
    expect(badged(screen.getAllByTestId('home-market-card'))).toEqual(['EURUSD', 'GBPUSD', 'XAUUSD']);
    expect(within(rows()[0]!).getByTestId('market-closed-badge').textContent).toBe('Closed');
    // EURUSD opens: its badges go at that instant, without a new list.
    await waitFor(() => expect(badged(rows())).toEqual(['GBPUSD', 'XAUUSD']));
    expect(badged(screen.getAllByTestId('home-market-card'))).toEqual(['GBPUSD', 'XAUUSD']);
  });

  it('the trade screen says when a closed market opens, in the device zone, with the time left', async () => {
    const monday = nextMonday5();
    routes[endpoints.market.tradeList.path] = () => SYMBOLS.map((s) => (s.Code === 'EURUSD' ? { ...s, MarketChangeST: monday.getTime() } : s));
    useCurrentSymbol.getState().setId(1);
    await renderScreen(<TradePage />, '/trade');
    expect((await screen.findByTestId('trade-closed')).textContent).toBe('Market closed');
    const next = await screen.findByTestId('trade-next-open');
    expect(next.textContent).toContain('Opens Mon 05:00');
    expect(screen.getByTestId('trade-next-open-in').textContent).toMatch(/^in \d+ (hr\.|days?)$/);
  });

  it('the closed text flips to the price at the opening instant, and the list is read again', async () => {
    // The same answer when read again: the server's clock may not have reached the instant yet.
    const list = eurOpensIn(2_000);
    routes[endpoints.market.tradeList.path] = () => list;
    const form = (_mode: string, s: TradeSymbol) => <output data-testid="trade-form">{`status:${s.MarketStatus}`}</output>;
    useCurrentSymbol.getState().setId(1);
    await renderScreen(<TradePage renderOrderForm={form} />, '/trade');
    await screen.findByTestId('trade-closed');
    // the order form (its buy and sell buttons) is told the market is closed
    expect((await screen.findByTestId('trade-form')).textContent).toBe('status:0');
    const reads = callsTo(endpoints.market.tradeList.path).length;
    expect(expectShown(await screen.findByTestId('trade-price', undefined, { timeout: 5_000 })).textContent).toBe('1.16500');
    expect(screen.queryByTestId('trade-closed')).toBeNull();
    expect(screen.getByTestId('trade-form').textContent).toBe('status:1');
    await waitFor(() => expect(callsTo(endpoints.market.tradeList.path).length).toBeGreaterThan(reads));
  });

  it('an open market closes at its instant: the price gives way to the closed text', async () => {
    const list = SYMBOLS.map((s) => (s.Code === 'BTCUSDT' ? { ...s, MarketChangeST: Date.now() + 1_500 } : s));
    routes[endpoints.market.tradeList.path] = () => list;
    useCurrentSymbol.getState().setId(13);
    await renderScreen(<TradePage />, '/trade');
    await screen.findByTestId('trade-price');
    await screen.findByTestId('trade-closed', undefined, { timeout: 5_000 });
    expect(screen.queryByTestId('trade-price')).toBeNull();
  });

  it('drawer rows of closed markets carry the badge', async () => {
    useCurrentSymbol.getState().setId(13);
    await renderScreen(<TradePage />, '/trade');
    fireEvent.click(await screen.findByTestId('trade-symbol-header'));
    const drawer = await screen.findByTestId('trade-symbol-drawer');
    const badged = within(drawer)
      .getAllByTestId('trade-drawer-row')
      .filter((r) => within(r).queryByTestId('market-closed-badge'))
      .map((r) => r.getAttribute('data-code'));
    expect(badged).toEqual(['EURUSD', 'GBPUSD', 'XAUUSD']);
  });
});

describe('watchlist and drawer search', () => {
  const drawerCodes = (drawer: HTMLElement) => within(drawer).queryAllByTestId('trade-drawer-item').map((i) => i.getAttribute('data-code'));

  async function openDrawer() {
    fireEvent.click(await screen.findByTestId('trade-symbol-header'));
    return screen.findByTestId('trade-symbol-drawer');
  }

  it('the drawer search filters by code and name as typed; nothing matching shows an empty state', async () => {
    useCurrentSymbol.getState().setId(13);
    await renderScreen(<TradePage />, '/trade');
    const drawer = await openDrawer();
    const search = within(drawer).getByTestId('trade-drawer-search');
    expect(search.getAttribute('placeholder')).toBe('Search code or name');
    fireEvent.change(search, { target: { value: 'e' } });
    expect(drawerCodes(drawer)).toEqual(['EURUSD', 'ETHUSDT']);
    fireEvent.change(search, { target: { value: 'eur/u' } });
    expect(drawerCodes(drawer)).toEqual(['EURUSD']);
    fireEvent.change(search, { target: { value: 'usdt' } });
    expect(drawerCodes(drawer)).toEqual(['BTCUSDT', 'ETHUSDT']);
    fireEvent.change(search, { target: { value: 'Xau Usd' } });
    expect(drawerCodes(drawer)).toEqual(['XAUUSD']);
    // with a category: both apply
    fireEvent.change(search, { target: { value: 'usd' } });
    fireEvent.click(within(drawer).getAllByTestId('trade-drawer-category')[1]!);
    expect(drawerCodes(drawer)).toEqual(['EURUSD', 'GBPUSD']);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(drawerCodes(drawer)).toEqual([]);
    expect(within(drawer).getByTestId('trade-drawer-empty').textContent).toContain('No market matches your search');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Clear' }));
    expect(drawerCodes(drawer)).toEqual(['EURUSD', 'GBPUSD']);
    // Picking a symbol closes it; opened again at once (still sliding out), it starts afresh.
    fireEvent.change(within(drawer).getByTestId('trade-drawer-search'), { target: { value: 'gbp' } });
    fireEvent.click(within(drawer).getAllByTestId('trade-drawer-item')[0]!);
    fireEvent.click(screen.getByTestId('trade-symbol-header'));
    await waitFor(() => expect((screen.getByTestId('trade-drawer-search') as HTMLInputElement).value).toBe(''));
    expect(drawerCodes(screen.getByTestId('trade-symbol-drawer'))).toHaveLength(5);
  });

  it('a visitor stars in the drawer and the trade header: kept on the device, never sent, starred first', async () => {
    useCurrentSymbol.getState().setId(13);
    await renderScreen(<TradePage />, '/trade');
    await screen.findByTestId('trade-symbol-header');
    const headStar = await screen.findByTestId('star-button');
    expect(headStar.getAttribute('aria-label')).toBe('Add BTC/USDT to watchlist');
    fireEvent.click(headStar);
    await waitFor(() => expect(headStar.getAttribute('data-starred')).toBe('1'));
    expect(headStar.getAttribute('aria-label')).toBe('Remove BTC/USDT from watchlist');
    const drawer = await openDrawer();
    expect(drawerCodes(drawer)).toEqual(['BTCUSDT', 'EURUSD', 'GBPUSD', 'XAUUSD', 'ETHUSDT']);
    const row = (code: string) => within(drawer).getAllByTestId('trade-drawer-row').find((r) => r.getAttribute('data-code') === code)!;
    fireEvent.click(within(row('XAUUSD')).getByTestId('star-button'));
    expect(drawerCodes(drawer)).toEqual(['XAUUSD', 'BTCUSDT', 'EURUSD', 'GBPUSD', 'ETHUSDT']);
    expect(JSON.parse(localStorage.getItem(LOCAL_WATCHLIST_KEY)!)).toEqual([13, 11]);
    fireEvent.click(within(row('BTCUSDT')).getByTestId('star-button'));
    expect(drawerCodes(drawer)).toEqual(['XAUUSD', 'EURUSD', 'GBPUSD', 'BTCUSDT', 'ETHUSDT']);
    expect(JSON.parse(localStorage.getItem(LOCAL_WATCHLIST_KEY)!)).toEqual([11]);
    expect(callsTo(endpoints.market.watchlist.path)).toHaveLength(0);
    expect(callsTo(endpoints.market.watchlistAdd.path)).toHaveLength(0);
    expect(callsTo(endpoints.market.watchlistRemove.path)).toHaveLength(0);
  });

  it('a signed-in user stars on the server: the star shows before the answer, and the answer is kept', async () => {
    signIn();
    let stored = [14];
    routes[endpoints.market.watchlist.path] = () => stored;
    routes[endpoints.market.watchlistAdd.path] = (_url, init) => (stored = [...stored, Number((JSON.parse(String(init.body)) as { forex_id: number }).forex_id)]);
    routes[endpoints.market.watchlistRemove.path] = (_url, init) => (stored = stored.filter((id) => id !== (JSON.parse(String(init.body)) as { forex_id: number }).forex_id));
    useCurrentSymbol.getState().setId(1);
    await renderScreen(<TradePage />, '/trade');
    const drawer = await openDrawer();
    await waitFor(() => expect(drawerCodes(drawer)).toEqual(['ETHUSDT', 'EURUSD', 'GBPUSD', 'XAUUSD', 'BTCUSDT']));
    const row = (code: string) => within(drawer).getAllByTestId('trade-drawer-row').find((r) => r.getAttribute('data-code') === code)!;
    // The answer is held: the star shows before it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const add = routes[endpoints.market.watchlistAdd.path]!;
    routes[endpoints.market.watchlistAdd.path] = async (url, init) => {
      await held;
      return add(url, init);
    };
    fireEvent.click(within(row('BTCUSDT')).getByTestId('star-button'));
    await waitFor(() => expect(drawerCodes(drawer)).toEqual(['BTCUSDT', 'ETHUSDT', 'EURUSD', 'GBPUSD', 'XAUUSD']));
    expect(within(row('BTCUSDT')).getByTestId('star-button').getAttribute('data-starred')).toBe('1');
    expect(stored).toEqual([14]);
    release();
    await waitFor(() => expect(bodyOf(endpoints.market.watchlistAdd.path)).toEqual([{ forex_id: 13 }]));
    await waitFor(() => expect(stored).toEqual([14, 13]));
    fireEvent.click(within(row('ETHUSDT')).getByTestId('star-button'));
    await waitFor(() => expect(bodyOf(endpoints.market.watchlistRemove.path)).toEqual([{ forex_id: 14 }]));
    await waitFor(() => expect(drawerCodes(drawer)).toEqual(['BTCUSDT', 'EURUSD', 'GBPUSD', 'XAUUSD', 'ETHUSDT']));
    expect(stored).toEqual([13]);
    expect(localStorage.getItem(LOCAL_WATCHLIST_KEY)).toBeNull();
  });

  it('a refused star is taken back', async () => {
    signIn();
    routes[endpoints.market.watchlist.path] = () => [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    routes[endpoints.market.watchlistAdd.path] = async () => {
      await held;
      return new Response(JSON.stringify({ code: 0, msg: 'Not found', data: null, error: 'not_found' }));
    };
    useCurrentSymbol.getState().setId(13);
    await renderScreen(<TradePage />, '/trade');
    const headStar = await screen.findByTestId('star-button');
    fireEvent.click(headStar);
    await waitFor(() => expect(screen.getByTestId('star-button').getAttribute('data-starred')).toBe('1'));
    release();
    await waitFor(() => expect(screen.getByTestId('star-button').getAttribute('data-starred')).toBe('0'));
  });

  it('home lists starred markets first, cards and rows, each marked with a star; it waits for the watchlist rather than reorder', async () => {
    signIn();
    let answer: (ids: number[]) => void = () => undefined;
    routes[endpoints.market.watchlist.path] = () => new Promise((resolve) => (answer = (ids) => resolve(ok(ids))));
    await renderScreen(<HomeMarkets />);
    await waitFor(() => expect(callsTo(endpoints.market.watchlist.path)).toHaveLength(1));
    await waitFor(() => expect(callsTo(endpoints.market.tradeList.path)).toHaveLength(1));
    // the list is in, the watchlist not yet: still skeletons
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByTestId('home-market-skeleton')).toHaveLength(10);
    expect(rows()).toHaveLength(0);
    await act(async () => answer([14, 11]));
    await waitFor(() => expect(codes()).toEqual(['XAUUSD', 'ETHUSDT', 'EURUSD', 'GBPUSD', 'BTCUSDT']));
    expect(screen.getAllByTestId('home-market-card').map((c) => c.getAttribute('data-code'))).toEqual(['XAUUSD', 'ETHUSDT', 'EURUSD', 'GBPUSD']);
    expect(rows().map((r) => r.getAttribute('data-starred'))).toEqual(['1', '1', '0', '0', '0']);
    expect(within(rows()[0]!).getByTestId('market-row-starred').getAttribute('aria-label')).toBe('In your watchlist');
    // a category keeps the starred ones first within it
    fireEvent.click(screen.getAllByTestId('home-category-tab')[2]!);
    expect(codes()).toEqual(['ETHUSDT', 'BTCUSDT']);
  });

  it("home shows a visitor's stars from the device, asking the server nothing", async () => {
    localStorage.setItem(LOCAL_WATCHLIST_KEY, JSON.stringify([2, 'x', -1, 2]));
    reloadLocalWatchlist();
    await renderScreen(<HomeMarkets />);
    await waitFor(() => expect(codes()).toEqual(['GBPUSD', 'EURUSD', 'XAUUSD', 'BTCUSDT', 'ETHUSDT']));
    expect(callsTo(endpoints.market.watchlist.path)).toHaveLength(0);
  });
});

// Keep the fake socket list from growing across files.
afterEach(() => {
  FakeSocket.all.splice(0, FakeSocket.all.length - 1);
});
