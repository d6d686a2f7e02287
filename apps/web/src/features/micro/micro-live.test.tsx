import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type MicroOrder } from '@tp/contracts';
import { useAuth } from '../../lib/auth-store';
import { initI18n } from '../../lib/i18n';
import { callsTo, renderScreen, resetFetch, routes, SYMBOLS } from '../../test/market-harness';
import { expectShown } from '../../test/expect-shown';
import { MicroOrderForm } from './components/micro-order-form';
import { MicroOrders } from './components/micro-orders';
import { MicroSettledNotice } from './components/micro-settled-notice';
import { expiryOnDevice } from './model/countdown';
import { useLiveOptions } from './model/live-options';

// antd's Toast renders outside the tree through a legacy root the test renderer lacks.
vi.mock('../../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn(), showToast: vi.fn() }));
// The socket: the test plays the server's MICRO_SETTLED push.
const socket = vi.hoisted(() => ({ handler: null as null | ((m: Record<string, unknown>) => void) }));
vi.mock('../../lib/ws', () => ({
  useWsTopic: (topic: string | null, handler: (m: Record<string, unknown>) => void) => {
    if (topic === 'MICRO_SETTLED') socket.handler = handler;
  },
}));

const SECONDS = {
  seconds: [{ Id: 1, Seconds: 30, ProfitRatio: '0.8', LimitAmount: '10.00' }],
  number: [{ Number: '10' }, { Number: '100' }],
};
const BALANCE = [{ accountTypeId: 2, type: 'micro', balance: '9876.50', lockBalance: '0', currencyId: 1, currency: 'USDT' }];
const btc = SYMBOLS.find((s) => s.Code === 'BTCUSDT')!;
/** The server's clock runs an hour ahead of this device's. */
const SERVER_AHEAD_MS = 3_600_000;

function order(over: Partial<MicroOrder>): MicroOrder {
  const remain = over.RemainMilliSeconds ?? 30_000;
  return {
    Id: 1, Type: 1, Number: '100.00', Seconds: 30, RemainMilliSeconds: remain, OpenPrice: '100000.00', EndPrice: null, ProfitRatio: '0.8',
    FactProfits: null, Status: 1, CreatedAtST: Date.now() + SERVER_AHEAD_MS, ExpireAtST: Date.now() + SERVER_AHEAD_MS + remain, CompleteAtST: null,
    ForexTradeList: { Id: 13, ShowCode: 'BTC/USDT' },
    ...over,
  };
}
const paged = (data: MicroOrder[]) => ({ data, total: data.length, current_page: 1, last_page: 1, per_page: 10 });

function push(id: number, result: 'win' | 'loss' | 'tie', FactProfits: string) {
  act(() => socket.handler!({ type: 'MICRO_SETTLED', id, result, FactProfits, OpenPrice: '100000.00', EndPrice: '100010.00', Type: 1, Number: '100.00', ShowCode: 'BTC/USDT' }));
}

const card = (id: number) => screen.getByTestId('micro-live').querySelector<HTMLElement>(`[data-testid="micro-live-order"][data-id="${id}"]`);

function renderTrade() {
  return renderScreen(
    <>
      <MicroSettledNotice />
      <MicroOrderForm symbol={btc} />
    </>,
    '/trade',
  );
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  resetFetch();
  routes[endpoints.micro.seconds.path] = () => SECONDS;
  routes[endpoints.wallet.balances.path] = () => BALANCE;
  routes[endpoints.micro.orders.path] = () => paged([]);
  useAuth.setState({ token: 'tok', user: null });
  useLiveOptions.getState().reset();
  socket.handler = null;
});
afterEach(() => {
  useAuth.setState({ token: null, user: null });
});

describe('the expiry on this device', () => {
  it('moves the server expiry by the clock offset measured from the same answer', () => {
    // Server an hour ahead, 30 s left when it answered; the device got it at 1000.
    expect(expiryOnDevice({ ExpireAtST: 3_600_000 + 31_000, RemainMilliSeconds: 30_000 }, 1000)).toBe(31_000);
    // Server 5 s behind.
    expect(expiryOnDevice({ ExpireAtST: 26_000, RemainMilliSeconds: 20_000 }, 11_000)).toBe(31_000);
  });
});

describe('the options on /trade', () => {
  it('a bought option shows at once below the form: direction, amount, entry price and a countdown to the server expiry', async () => {
    const bought = order({ Id: 21, RemainMilliSeconds: 3000 });
    routes[endpoints.micro.submit.path] = () => bought;
    await renderTrade();
    await screen.findAllByTestId('micro-seconds-option');
    expect(screen.queryByTestId('micro-live')).toBeNull(); // nothing running: no panel
    fireEvent.click(screen.getAllByTestId('micro-preset')[1]!); // 100
    await act(async () => fireEvent.click(screen.getByTestId('micro-buy-up')));

    const item = await waitFor(() => card(21)!);
    expect(item.getAttribute('data-state')).toBe('running');
    const text = item.textContent!;
    expect(text).toContain('BTC/USDT');
    expect(text).toContain('Up');
    expect(text).toContain('30 s');
    expect(within(item).getByTestId('micro-live-amount').textContent).toBe('100.00');
    expect(within(item).getByTestId('micro-live-entry').textContent).toBe('100,000.00');
    expect(within(item).getByTestId('micro-live-payout-if-win').textContent).toBe('180.00');
    // The device clock is an hour behind the server's: the countdown still shows the 3 s left.
    const countdown = within(item).getByTestId('micro-live-countdown');
    expect(countdown.textContent).toBe('00:03');
    expect(countdown.getAttribute('role')).toBe('timer');
    await waitFor(() => expect(within(card(21)!).getByTestId('micro-live-countdown').textContent).toBe('00:02'), { timeout: 1500 });
    await waitFor(() => expect(within(card(21)!).getByTestId('micro-live-countdown').textContent).toBe('00:01'), { timeout: 1500 });
    expectShown(screen.getByTestId('micro-live'));
  });

  it('an option running from before (the list) counts down too', async () => {
    routes[endpoints.micro.orders.path] = (url) => paged(url.searchParams.get('status') === '1' ? [order({ Id: 22, Type: 2, RemainMilliSeconds: 65_000, Seconds: 120 })] : []);
    await renderTrade();
    const item = await waitFor(() => card(22)!);
    expect(item.textContent).toContain('Down');
    expect(within(item).getByTestId('micro-live-countdown').textContent).toBe('01:05');
  });

  it.each([
    ['win', '80.00', 'Won+80.00', 'Payout', '180.00', 'tp-up'],
    ['loss', '-100.00', 'Lost', 'Profit/loss', '-100.00', 'tp-down'],
    ['tie', '0.00', 'Refunded', 'Returned', '100.00', ''],
  ] as const)('the pushed result %s replaces the countdown, with its receipt link', async (result, fact, badge, label, value, tone) => {
    routes[endpoints.micro.orders.path] = (url) => paged(url.searchParams.get('status') === '1' ? [order({ Id: 31, RemainMilliSeconds: 60_000 })] : []);
    await renderTrade();
    await waitFor(() => expect(card(31)?.getAttribute('data-state')).toBe('running'));
    expect(socket.handler).not.toBeNull();

    push(31, result, fact);
    const item = card(31)!;
    expect(item.getAttribute('data-state')).toBe(result);
    expect(within(item).queryByTestId('micro-live-countdown')).toBeNull();
    const shown = within(item).getByTestId('micro-live-result');
    expect(shown.textContent).toBe(badge);
    expect(shown.getAttribute('role')).toBe('status');
    const outcome = within(item).getByTestId('micro-live-outcome');
    expect(outcome.parentElement!.textContent).toBe(label + value);
    expect(outcome.textContent).toBe(value);
    expect(outcome.className).toBe(tone);
    expect(within(item).getByTestId('micro-live-exit').textContent).toBe('100,010.00');
    // A list answered after the push (the notice refreshes it) still says running: the result stays.
    await waitFor(() => expect(callsTo(endpoints.micro.orders.path).filter((u) => u.searchParams.get('status') === '1').length).toBeGreaterThan(1));
    expect(card(31)!.getAttribute('data-state')).toBe(result);

    fireEvent.click(within(card(31)!).getByTestId('micro-live-receipt'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/order?source=1&type=3&id=31'));
  });

  it('a result can be put away', async () => {
    routes[endpoints.micro.orders.path] = (url) => paged(url.searchParams.get('status') === '1' ? [order({ Id: 32 })] : []);
    await renderTrade();
    await waitFor(() => expect(card(32)).not.toBeNull());
    push(32, 'loss', '-100.00');
    fireEvent.click(within(card(32)!).getByTestId('micro-live-dismiss'));
    expect(screen.queryByTestId('micro-live')).toBeNull();
    push(32, 'loss', '-100.00'); // delivered again (at least once): stays away
    expect(screen.queryByTestId('micro-live')).toBeNull();
  });

  it('without the push, the result is read when the option has left the running list after its expiry', async () => {
    const created = order({ Id: 41, RemainMilliSeconds: 1500 });
    const endsAt = Date.now() + 1500;
    routes[endpoints.micro.orders.path] = (url) =>
      url.searchParams.get('status') === '1'
        ? paged(Date.now() < endsAt ? [{ ...created, RemainMilliSeconds: endsAt - Date.now() }] : [])
        : paged([{ ...created, Status: 3, RemainMilliSeconds: 0, EndPrice: '99990.00', FactProfits: '-100.00', CompleteAtST: Date.now() }]);
    await renderTrade();
    await waitFor(() => expect(card(41)?.getAttribute('data-state')).toBe('running'));
    await waitFor(() => expect(within(card(41)!).getByTestId('micro-live-countdown').textContent).toBe('Settling…'), { timeout: 2500 });
    // One second after zero the lists are asked again; the closed one has the result.
    await waitFor(() => expect(card(41)!.getAttribute('data-state')).toBe('loss'), { timeout: 4000 });
    expect(within(card(41)!).getByTestId('micro-live-exit').textContent).toBe('99,990.00');
    expect(within(card(41)!).getByTestId('micro-live-outcome').textContent).toBe('-100.00');
  }, 10_000);

  it('a visitor sees no panel and nothing is asked', async () => {
    useAuth.setState({ token: null });
    await renderTrade();
    await screen.findAllByTestId('micro-seconds-option');
    expect(screen.queryByTestId('micro-live')).toBeNull();
    expect(callsTo(endpoints.micro.orders.path)).toHaveLength(0);
  });
});

describe('the receipt link on /order', () => {
  it('opens the settled option detail sheet with its verification; closing it drops the id', async () => {
    routes[endpoints.micro.orders.path] = () =>
      paged([order({ Id: 9, Status: 3, RemainMilliSeconds: 0, EndPrice: '99990.00', FactProfits: '80.00', CompleteAtST: Date.now() }), order({ Id: 8, Status: 3, RemainMilliSeconds: 0, EndPrice: '1', FactProfits: '-100.00' })]);
    await renderScreen(<MicroOrders tab={3} onTab={() => undefined} />, '/order?source=1&type=3&id=9');
    const sheet = expectShown(await screen.findByTestId('micro-order-sheet'));
    expect(sheet.textContent).toContain('99,990.00');
    expect(sheet.textContent).toContain('+80.00');
    expectShown(await within(sheet).findByTestId('fair-verify-button'));
    fireEvent.click(within(sheet).getAllByRole('button').find((b) => b.textContent === 'Close')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/order?source=1&type=3'));
  });
});
