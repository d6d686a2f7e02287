import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type MicroOrder } from '@tp/contracts';
import { configureApi } from '../../lib/api/client';
import { useAuth } from '../../lib/auth-store';
import { initI18n } from '../../lib/i18n';
import { callsTo, renderScreen, resetFetch, routes, SYMBOLS } from '../../test/market-harness';
import { MicroOrderForm } from './components/micro-order-form';
import { MicroOrders } from './components/micro-orders';
import { formatRemaining } from './model/countdown';
import { expectShown } from '../../test/expect-shown';

// antd's Toast renders outside the tree through a legacy root the test renderer lacks.
vi.mock('../../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));

const SECONDS = {
  seconds: [
    { Id: 1, Seconds: 30, ProfitRatio: '0.8', LimitAmount: '10.00' },
    { Id: 2, Seconds: 60, ProfitRatio: '0.85', LimitAmount: '10.00' },
    { Id: 4, Seconds: 300, ProfitRatio: '0.92', LimitAmount: '100.00' },
  ],
  number: [{ Number: '10' }, { Number: '50' }, { Number: '100' }],
};
const BALANCE = [
  { accountTypeId: 1, type: 'change', balance: '5.00', lockBalance: '0', currencyId: 1, currency: 'USDT' },
  { accountTypeId: 2, type: 'micro', balance: '9876.50', lockBalance: '0', currencyId: 1, currency: 'USDT' },
];
const btc = SYMBOLS.find((s) => s.Code === 'BTCUSDT')!;
const eur = SYMBOLS.find((s) => s.Code === 'EURUSD')!; // MarketStatus 0

function order(over: Partial<MicroOrder>): MicroOrder {
  return {
    Id: 1, Type: 1, Number: '100.00', Seconds: 30, RemainMilliSeconds: 3000, OpenPrice: '100000.00', EndPrice: null, ProfitRatio: '0.8',
    FactProfits: null, Status: 1, CreatedAtST: Date.now(), ExpireAtST: Date.now() + 3000, CompleteAtST: null, ForexTradeList: { Id: 13, ShowCode: 'BTC/USDT' },
    ...over,
  };
}
const paged = (data: MicroOrder[]) => ({ data, total: data.length, current_page: 1, last_page: 1, per_page: 10 });

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  resetFetch();
  routes[endpoints.micro.seconds.path] = () => SECONDS;
  routes[endpoints.wallet.balances.path] = () => BALANCE;
  useAuth.setState({ token: 'tok', user: null });
});
afterEach(() => {
  vi.useRealTimers();
  useAuth.setState({ token: null, user: null });
});

describe('micro order form', () => {
  it('lists the seconds options with their ratios, presets, the options balance, and previews profit by the shared rule', async () => {
    await renderScreen(<MicroOrderForm symbol={btc} />, '/trade');
    const options = await screen.findAllByTestId('micro-seconds-option');
    expect(options.map((o) => o.getAttribute('data-seconds'))).toEqual(['30', '60', '300']);
    expect(options[0]!.textContent).toContain('80%');
    expect(options[0]!.getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('micro-balance').textContent).toBe('9,876.50'));
    const preview = screen.getByTestId('micro-profit-preview');
    expect(preview.textContent).toBe('0.00');
    fireEvent.click(screen.getAllByTestId('micro-preset')[2]!); // 100
    expect(preview.textContent).toBe('80.00');
    fireEvent.click(options[1]!); // 60 s, 0.85
    expect(preview.textContent).toBe('85.00');
    const input = screen.getByTestId('micro-amount').querySelector('input')!;
    fireEvent.change(input, { target: { value: '33.33' } });
    expect(preview.textContent).toBe('28.33'); // 28.3305 rounded down
    fireEvent.change(input, { target: { value: '' } });
    expect(preview.textContent).toBe('0.00');
    fireEvent.change(input, { target: { value: '0' } });
    expect(preview.textContent).toBe('0.00');
  });

  it('buy buttons are disabled while the market is closed', async () => {
    await renderScreen(<MicroOrderForm symbol={eur} />, '/trade');
    await screen.findAllByTestId('micro-seconds-option');
    expect((screen.getByTestId('micro-buy-up') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('micro-buy-down') as HTMLButtonElement).disabled).toBe(true);
    expectShown(screen.getByTestId('micro-closed'));
  });

  it('a visitor is sent to /login?from=/trade', async () => {
    useAuth.setState({ token: null });
    await renderScreen(<MicroOrderForm symbol={btc} />, '/trade');
    await screen.findAllByTestId('micro-seconds-option');
    expect((screen.getByTestId('micro-buy-up') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId('micro-buy-up'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login?from=/trade'));
    expect(callsTo(endpoints.micro.submit.path)).toHaveLength(0);
  });

  it('submits with an Idempotency-Key; a refusal shows the server msg', async () => {
    const notify = vi.fn();
    configureApi({ notify });
    routes[endpoints.micro.submit.path] = () => new Response(JSON.stringify({ code: 0, msg: 'The market is closed', data: null, error: 'micro_market_closed' }));
    await renderScreen(<MicroOrderForm symbol={btc} />, '/trade');
    await screen.findAllByTestId('micro-seconds-option');
    fireEvent.click(screen.getAllByTestId('micro-preset')[0]!);
    await act(async () => fireEvent.click(screen.getByTestId('micro-buy-down')));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('The market is closed'));
    const sent = (await import('../../test/market-harness')).calls.find((c) => c.url.pathname === endpoints.micro.submit.path)!;
    expect(JSON.parse(String(sent.init.body))).toEqual({ forex_id: btc.Id, type: 2, number: '10', seconds: 30 });
    expect((sent.init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/.{8,}/);
  });

  it('an amount over the available balance turns both buttons off and says why before sending', async () => {
    await renderScreen(<MicroOrderForm symbol={btc} />, '/trade');
    await screen.findAllByTestId('micro-seconds-option');
    await waitFor(() => expect(screen.getByTestId('micro-balance').textContent).toBe('9,876.50'));
    const input = screen.getByTestId('micro-amount').querySelector('input')!;
    fireEvent.change(input, { target: { value: '9876.51' } });
    expect((screen.getByTestId('micro-buy-up') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('micro-buy-down') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('micro-insufficient').textContent).toBe('Not enough available balance for this amount.');
    fireEvent.change(input, { target: { value: '9876.50' } });
    expect((screen.getByTestId('micro-buy-up') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('micro-insufficient')).toBeNull();
  });

  it('an amount under the option minimum is stopped before sending', async () => {
    await renderScreen(<MicroOrderForm symbol={btc} />, '/trade');
    const options = await screen.findAllByTestId('micro-seconds-option');
    fireEvent.click(options[2]!); // 300 s, min 100
    fireEvent.change(screen.getByTestId('micro-amount').querySelector('input')!, { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('micro-buy-up'));
    expect(callsTo(endpoints.micro.submit.path)).toHaveLength(0);
  });
});

describe('micro orders', () => {
  it('formats the remaining time', () => {
    expect(formatRemaining(65_000)).toBe('01:05');
    expect(formatRemaining(1)).toBe('00:01');
    expect(formatRemaining(0)).toBe('00:00');
  });

  it('running orders count down each second; at zero the list refreshes after 1 s', async () => {
    let settled = false;
    const orderCalls: number[] = [];
    routes[endpoints.micro.orders.path] = (url) => {
      orderCalls.push(Date.now());
      return url.searchParams.get('status') === '1'
        ? paged(settled ? [] : [order({ Id: 7, RemainMilliSeconds: 2000 })])
        : paged([]);
    };
    await renderScreen(<MicroOrders tab={1} onTab={() => undefined} />, '/order?source=1');
    const countdown = await screen.findByTestId('micro-countdown');
    expect(countdown.textContent).toBe('00:02');
    await waitFor(() => expect(screen.getByTestId('micro-countdown').textContent).toBe('00:01'), { timeout: 1500 });
    await waitFor(() => expect(screen.getByTestId('micro-countdown').textContent).toBe('Settling…'), { timeout: 1500 });
    const zeroAt = Date.now();
    const before = orderCalls.length;
    settled = true;
    await waitFor(() => expect(orderCalls.length).toBeGreaterThan(before), { timeout: 2500 });
    expect(orderCalls.at(-1)! - zeroAt).toBeGreaterThanOrEqual(850); // it waited the second (timer granularity aside)
    await waitFor(() => expect(screen.queryByTestId('micro-countdown')).toBeNull());
    expectShown(await screen.findByTestId('empty'));
  }, 10_000);

  it('closed orders show entry, exit and the coloured result; a tap opens the detail sheet', async () => {
    routes[endpoints.micro.orders.path] = () =>
      paged([
        order({ Id: 9, Status: 3, Type: 2, RemainMilliSeconds: 0, EndPrice: '99990.00', FactProfits: '80.00', CompleteAtST: Date.now() }),
        order({ Id: 8, Status: 3, RemainMilliSeconds: 0, EndPrice: '99990.00', FactProfits: '-100.00', CompleteAtST: Date.now() }),
      ]);
    await renderScreen(<MicroOrders tab={3} onTab={() => undefined} />, '/order?source=1&type=3');
    const rows = await screen.findAllByTestId('micro-order');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['9', '8']);
    const results = screen.getAllByTestId('micro-result');
    expect(results.map((r) => [r.getAttribute('data-result'), r.className.includes('tp-up') ? 'up' : r.className.includes('tp-down') ? 'down' : 'flat'])).toEqual([
      ['win', 'up'],
      ['loss', 'down'],
    ]);
    expect(screen.getAllByTestId('micro-fact-profits').map((e) => e.textContent)).toEqual(['+80.00', '-100.00']);
    expect(rows[0]!.textContent).toContain('99,990.00');
    fireEvent.click(rows[0]!);
    expectShown(await screen.findByTestId('micro-order-sheet'));
  });

  it('shows the empty state and the error state', async () => {
    routes[endpoints.micro.orders.path] = () => paged([]);
    const first = await renderScreen(<MicroOrders tab={1} onTab={() => undefined} />, '/order');
    expectShown(await screen.findByTestId('empty'));
    first.unmount();
    routes[endpoints.micro.orders.path] = () => new Response('bad gateway', { status: 502 });
    await renderScreen(<MicroOrders tab={3} onTab={() => undefined} />, '/order');
    expect(expectShown(await screen.findByTestId('load-error', undefined, { timeout: 3000 })).querySelector('button')).not.toBeNull();
  });
});
