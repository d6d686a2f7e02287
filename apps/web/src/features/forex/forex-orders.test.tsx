import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type ForexOrder } from '@tp/contracts';
import { OrderPage } from '../../app/order-page';
import { cancelAll, configureApi } from '../../lib/api/client';
import { useAuth } from '../../lib/auth-store';
import { initI18n } from '../../lib/i18n';
import { ws } from '../../lib/ws';
import { FakeSocket, lastSocket } from '../../test/fake-socket';
import { calls, callsTo, renderScreen, resetFetch, routes } from '../../test/market-harness';
import { ForexOrders } from './components/forex-orders';
import { forexPushReaders, useForexLive } from './model/forex-live';
import { expectShown } from '../../test/expect-shown';

// antd's Toast renders outside the tree through a legacy root the test renderer lacks.
vi.mock('../../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));
const { toast, toastSuccess } = await import('../../lib/toast');

const BTC = { Id: 13, ShowCode: 'BTC/USDT', Code: 'BTCUSDT', PricePrecision: 2 };

function order(over: Partial<ForexOrder>): ForexOrder {
  return {
    Id: 1, OriginId: 0, ForexId: 13, OrderType: 1, Quantity: '0.01', OriginPrice: '112350.00', Price: '112365.00', UpdatePrice: '112400.00',
    FactProfits: '0.350000', CautionMoney: '112.365000', TradeFee: '0.020000', TargetLossPrice: '0', TargetProfitPrice: '0', Status: 1, CloseType: 0,
    multiple: 10, IsPending: 0, CreateTimeHandler: '2025-01-02 03:04:05', CompleteTimeHandler: '2025-01-02 03:04:06', ForexTradeLists: BTC,
    FollowType: 0, Copy: null,
    ...over,
  };
}
const deal = (data: ForexOrder[], allFactProfits = '0.000000', over: Record<string, unknown> = {}) => ({
  data, total: data.length, current_page: 1, last_page: 1, per_page: 20, all_fact_profits: allFactProfits, ...over,
});

// A long with a gain and a short with a loss: two margins, all_fact_profits -0.85.
const LONG = order({ Id: 11 });
const SHORT = order({ Id: 12, OrderType: 2, Price: '4320.00', UpdatePrice: '4440.00', FactProfits: '-1.200000', CautionMoney: '43.200000', Quantity: '0.1', ForexId: 14, ForexTradeLists: { Id: 14, ShowCode: 'ETH/USDT', Code: 'ETHUSDT', PricePrecision: 2 } });
const BALANCE = [
  { accountTypeId: 1, type: 'change', balance: '10000', lockBalance: '0', currencyId: 1, currency: 'USDT' },
  { accountTypeId: 3, type: 'forex', balance: '9800.00', lockBalance: '155.565', currencyId: 1, currency: 'USDT' },
];

const server = () => lastSocket();
/** A push from the server, handled: its reader (loaded with the first push) has run. */
async function push(msg: unknown) {
  await act(async () => {
    server().serverSend(msg);
    await forexPushReaders();
  });
}
const dealCalls = (status: number) => callsTo(endpoints.forex.myDeal.path).filter((u) => u.searchParams.get('status') === String(status));
const body = (path: string) => JSON.parse(String(calls.filter((c) => c.url.pathname === path).at(-1)!.init.body)) as unknown;
const where = () => screen.getByTestId('where').textContent;
const card = (id: number) => document.querySelector(`[data-id="${id}"]`) as HTMLElement | null;
const click = async (el: Element) => act(async () => void fireEvent.click(el));
const inCard = (id: number, testId: string) => within(card(id)!).getByTestId(testId);
const holding = (data = [LONG, SHORT], total = '-0.850000') => {
  routes[endpoints.forex.myDeal.path] = (url) => (url.searchParams.get('status') === '1' ? deal(data, total) : deal([]));
};

function Orders() {
  // The contract lists only: these tests never switch the page to its future side.
  return <OrderPage renderContract={(type, setType) => <ForexOrders type={type} onType={setType} />} renderFuture={() => null} />;
}

// The app's own socket client and hook, on a fake WebSocket: the test plays the server. The user
// stays logged in across the tests (a token change would log the socket out and in again).
beforeAll(async () => {
  await initI18n('en');
  vi.stubGlobal('WebSocket', FakeSocket);
  useAuth.setState({ token: 'tok', user: null });
  ws.connect();
  server().serverOpen();
  expect(server().types()).toEqual(['login:tok']);
  server().serverSend({ type: 'login_result', code: 1, msg: 'ok' });
});
afterAll(() => {
  ws.disconnect();
  vi.unstubAllGlobals();
  useAuth.setState({ token: null, user: null });
});
beforeEach(() => {
  resetFetch();
  configureApi({ notify: toast, notifySuccess: toastSuccess });
  vi.mocked(toast).mockClear();
  vi.mocked(toastSuccess).mockClear();
  routes[endpoints.wallet.balances.path] = () => BALANCE;
});
afterEach(() => {
  cancelAll();
});

describe('contract order tabs', () => {
  it('the status tab comes from the query type (holding by default) and a tap keeps it there', async () => {
    routes[endpoints.forex.myDeal.path] = (url) => {
      const s = url.searchParams.get('status');
      return deal(s === '0' ? [order({ Id: 21, Status: 0, IsPending: 1, Price: '100000.00', CompleteTimeHandler: '' })] : s === '3' ? [order({ Id: 31, Status: 3, CloseType: 1 })] : [LONG]);
    };
    const first = await renderScreen(<Orders />, '/order?source=0&type=0');
    expect(screen.getByTestId('forex-orders').getAttribute('data-tab')).toBe('0');
    expect(expectShown(await screen.findByTestId('forex-dealing-order')).getAttribute('data-id')).toBe('21');
    expect(dealCalls(0)).toHaveLength(1);
    expect(dealCalls(1)).toHaveLength(0);
    expect(dealCalls(3)).toHaveLength(0);

    await click(screen.getByTestId('forex-tab-3'));
    expect(where()).toBe('/order?source=0&type=3');
    expect(expectShown(await screen.findByTestId('forex-history-order')).getAttribute('data-id')).toBe('31');
    await click(screen.getByTestId('forex-tab-1'));
    expect(where()).toBe('/order?source=0&type=1');
    expect(expectShown(await screen.findByTestId('forex-holding-order')).getAttribute('data-id')).toBe('11');
    first.unmount();

    await renderScreen(<Orders />, '/order?source=0');
    expect(screen.getByTestId('forex-orders').getAttribute('data-tab')).toBe('1');
    expect(expectShown(await screen.findByTestId('forex-holding-order')).getAttribute('data-id')).toBe('11');
  });

  it('holding shows the list totals and risk rate by the shared rule, then live profit, price and totals from FOREX_TRADE', async () => {
    holding();
    await renderScreen(<Orders />, '/order?source=0&type=1');
    await screen.findAllByTestId('forex-holding-order');
    // Both topics are private: subscribed after the socket's login.
    expect(server().types()).toEqual(expect.arrayContaining(['sub:FOREX_TRADE', 'sub:FOREX_CLOSED']));

    const long = card(11)!;
    expect(within(long).getByTestId('forex-side').textContent).toBe('Long x10');
    expect(within(card(12)!).getByTestId('forex-side').textContent).toBe('Short x10');
    expect(inCard(11, 'forex-live-profit').textContent).toBe('+0.35');
    expect(inCard(11, 'forex-live-profit').className).toContain('tp-up');
    expect(inCard(12, 'forex-live-profit').textContent).toBe('-1.20');
    expect(inCard(12, 'forex-live-profit').className).toContain('tp-down');
    expect(inCard(11, 'forex-current-price').textContent).toBe('112,400.00');
    expect(long.textContent).toContain('112,365.00'); // open price
    expect(long.textContent).toContain('112.36'); // margin
    expect(inCard(11, 'forex-card-stop-loss').textContent).toBe('Not set');
    // Before a push: all_fact_profits, the margins of the list, (9800 + 155.565 - 0.85) / 155.565 x 100.
    expect(screen.getByTestId('forex-summary').getAttribute('data-live')).toBe('0');
    expect(screen.getByTestId('forex-total-profit').textContent).toBe('-0.85');
    expect(screen.getByTestId('forex-total-margin').textContent).toBe('155.56');
    await waitFor(() => expect(screen.getByTestId('forex-risk-rate').textContent).toBe('6399.07%'));

    await push({ type: 'FOREX_TRADE', ProfitsTotal: '11.150000', HazardRate: '6406.99', CautionMoneyAll: '155.565000', TransOrder: [
      { Id: 11, UpdatePrice: '113600.00', FactProfits: '12.350000' },
      { Id: 12, UpdatePrice: '4440.00', FactProfits: '-1.200000' },
    ] });
    expect(inCard(11, 'forex-current-price').textContent).toBe('113,600.00');
    expect(inCard(11, 'forex-live-profit').textContent).toBe('+12.35');
    expect(screen.getByTestId('forex-summary').getAttribute('data-live')).toBe('1');
    expect(screen.getByTestId('forex-total-profit').textContent).toBe('+11.15');
    expect(screen.getByTestId('forex-risk-rate').textContent).toBe('6406.99%');

    // A loss turns the card red; a malformed push changes nothing.
    await push({ type: 'FOREX_TRADE', ProfitsTotal: '-3.000000', HazardRate: '6397.00', CautionMoneyAll: '155.565000', TransOrder: [{ Id: 11, UpdatePrice: '112100.00', FactProfits: '-2.650000' }, { Id: 12, UpdatePrice: '4435.00', FactProfits: '-0.350000' }] });
    expect(inCard(11, 'forex-live-profit').textContent).toBe('-2.65');
    expect(inCard(11, 'forex-live-profit').className).toContain('tp-down');
    await push({ type: 'FOREX_TRADE', ProfitsTotal: 'lots', TransOrder: [{ Id: 11, UpdatePrice: 1, FactProfits: null }] });
    expect(inCard(11, 'forex-live-profit').textContent).toBe('-2.65');
    expect(screen.getByTestId('forex-total-profit').textContent).toBe('-3.00');
    // Known ids: nothing refetched.
    expect(dealCalls(1)).toHaveLength(1);

    // The detail sheet shows every field, the price and profit live.
    await click(within(card(11)!).getByTestId('forex-order-open'));
    const sheet = await screen.findByTestId('forex-order-sheet');
    expect(within(sheet).getByTestId('forex-detail-id').textContent).toBe('11');
    expect(within(sheet).getByTestId('forex-detail-price').textContent).toBe('112,100.00');
    for (const text of ['BTC/USDT', 'Long x10', 'x10', '0.01', '112,350.00', '112,365.00', '112.36', '0.02', 'Market price', 'Opened at', 'Filled at']) expect(sheet.textContent).toContain(text);
    await push({ type: 'FOREX_TRADE', ProfitsTotal: '1.000000', HazardRate: '6400.00', CautionMoneyAll: '155.565000', TransOrder: [{ Id: 11, UpdatePrice: '112500.00', FactProfits: '1.350000' }, { Id: 12, UpdatePrice: '4435.00', FactProfits: '-0.350000' }] });
    expect(within(sheet).getByTestId('forex-detail-price').textContent).toBe('112,500.00');
    expect(within(sheet).getByTestId('forex-detail-profit').textContent).toBe('+1.35');
  });

  it('an order id FOREX_TRADE brings that holding does not list (a pending order just filled) refetches holding and dealing once', async () => {
    holding([LONG], '0.350000');
    const { client } = await renderScreen(<Orders />, '/order?source=0&type=1');
    await screen.findByTestId('forex-holding-order');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    expect(dealCalls(1)).toHaveLength(1);
    const filled = { type: 'FOREX_TRADE', ProfitsTotal: '1.000000', HazardRate: '9000.00', CautionMoneyAll: '200.000000', TransOrder: [{ Id: 11, UpdatePrice: '112400.00', FactProfits: '0.350000' }, { Id: 77, UpdatePrice: '112400.00', FactProfits: '0.650000' }] };
    holding([order({ Id: 77, IsPending: 1 }), LONG], '1.000000');
    await push(filled);
    await waitFor(() => expect(dealCalls(1)).toHaveLength(2));
    // Dealing is not on screen: marked stale, so it loads afresh when opened.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['forex', 'deals', 0, 'tok'] });
    await waitFor(() => expect(card(77)).not.toBeNull());
    expect(inCard(77, 'forex-live-profit').textContent).toBe('+0.65');
    await push(filled);
    await push({ ...filled, TransOrder: [...filled.TransOrder, { Id: 78, UpdatePrice: '1', FactProfits: '0' }] });
    await waitFor(() => expect(dealCalls(1)).toHaveLength(3)); // 78 once; 77 not again
    await push(filled);
    await new Promise((r) => setTimeout(r, 50));
    expect(dealCalls(1)).toHaveLength(3);
  });

  it('FOREX_CLOSED takes the order out of holding at once, closes its sheets, then refreshes the lists and balances', async () => {
    holding();
    const { client } = await renderScreen(<Orders />, '/order?source=0&type=1');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await screen.findAllByTestId('forex-holding-order');
    await push({ type: 'FOREX_TRADE', ProfitsTotal: '5.000000', HazardRate: '6403.00', CautionMoneyAll: '155.565000', TransOrder: [{ Id: 11, UpdatePrice: '113000.00', FactProfits: '6.350000' }, { Id: 12, UpdatePrice: '4440.00', FactProfits: '-1.350000' }] });
    await click(within(card(11)!).getByTestId('forex-order-open'));
    expectShown(await screen.findByTestId('forex-order-sheet'));
    // A pending order leaving (cancelled elsewhere) takes nothing from the holding totals.
    await push({ type: 'FOREX_CLOSED', id: [99] });
    expect(screen.getByTestId('forex-summary').getAttribute('data-live')).toBe('1');
    expect(screen.getByTestId('forex-total-profit').textContent).toBe('+5.00');
    await waitFor(() => expect(dealCalls(1)).toHaveLength(2)); // the lists are refetched all the same
    await new Promise((r) => setTimeout(r, 50));
    const balanceCalls = callsTo(endpoints.wallet.balances.path).length;

    // The server's answer to the refetch waits: the order must go before it.
    let release: () => void = () => undefined;
    routes[endpoints.forex.myDeal.path] = (url) =>
      new Promise((resolve) => {
        release = () => resolve(url.searchParams.get('status') === '1' ? deal([SHORT], '-1.200000') : deal([]));
      });
    await push({ type: 'FOREX_CLOSED', id: [11] });
    await waitFor(() => expect(card(11)).toBeNull());
    expect(card(12)).not.toBeNull();
    expect(screen.queryByTestId('forex-order-sheet')).toBeNull();
    // Until the next push the totals are the remaining order's: its live profit, its margin.
    expect(screen.getByTestId('forex-summary').getAttribute('data-live')).toBe('0');
    expect(screen.getByTestId('forex-total-profit').textContent).toBe('-1.35');
    expect(screen.getByTestId('forex-total-margin').textContent).toBe('43.20');
    await waitFor(() => expect(dealCalls(1)).toHaveLength(3));
    expect(dealCalls(3)).toHaveLength(0); // history is not on screen: marked stale, fetched when opened
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['forex', 'deals'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['wallet'] });
    await waitFor(() => expect(callsTo(endpoints.wallet.balances.path).length).toBeGreaterThan(balanceCalls));
    await act(async () => release());

    // An open SL/TP sheet goes with its order too; the history tab then loads fresh.
    await click(within(card(12)!).getByTestId('forex-stops-open'));
    expectShown(await screen.findByTestId('forex-stops-sheet'));
    holding([], '0.000000');
    await push({ type: 'FOREX_CLOSED', id: [12] });
    await waitFor(() => expect(screen.queryByTestId('forex-stops-sheet')).toBeNull());
    expectShown(await screen.findByTestId('empty'));
    routes[endpoints.forex.myDeal.path] = (url) => deal(url.searchParams.get('status') === '3' ? [order({ Id: 12, Status: 3, CloseType: 4 })] : []);
    await click(screen.getByTestId('forex-tab-3'));
    expect((await screen.findByTestId('forex-close-reason')).textContent).toBe('Stop loss');
  });

  it('close asks first, then sends the id with an Idempotency-Key; the server says how it went and the order leaves', async () => {
    holding();
    routes[endpoints.forex.close.path] = () => {
      holding([SHORT], '-1.200000'); // from now on the server lists only the short
      return new Response(JSON.stringify({ code: 1, msg: 'Position closed', data: order({ Id: 11, Status: 3, CloseType: 1 }) }));
    };
    await renderScreen(<Orders />, '/order?source=0&type=1');
    await screen.findAllByTestId('forex-holding-order');

    await click(inCard(11, 'forex-close'));
    const dialog = await screen.findByTestId('forex-close-confirm');
    expect(dialog.textContent).toBe('Close BTC/USDT Long 0.01 lots at the market price?');
    expect(callsTo(endpoints.forex.close.path)).toHaveLength(0);
    await click(screen.getByText('Cancel'));
    expect(screen.queryByTestId('forex-close-confirm')).toBeNull();
    expect(callsTo(endpoints.forex.close.path)).toHaveLength(0);

    await click(inCard(11, 'forex-close'));
    await screen.findByTestId('forex-close-confirm');
    await click(screen.getByText('Confirm'));
    await waitFor(() => expect(callsTo(endpoints.forex.close.path)).toHaveLength(1));
    expect(body(endpoints.forex.close.path)).toEqual({ id: 11 });
    expect((calls.find((c) => c.url.pathname === endpoints.forex.close.path)!.init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/\S{8,}/);
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Position closed'));
    expect(card(11)).toBeNull();
    expect(card(12)).not.toBeNull();
  });

  it('a refused close keeps the order and shows the server reason', async () => {
    holding();
    routes[endpoints.forex.close.path] = () => new Response(JSON.stringify({ code: 0, msg: 'The market is closed', data: null, error: 'forex_market_closed' }));
    await renderScreen(<Orders />, '/order?source=0&type=1');
    await screen.findAllByTestId('forex-holding-order');
    await click(inCard(11, 'forex-close'));
    await screen.findByTestId('forex-close-confirm');
    await click(screen.getByText('Confirm'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('The market is closed'));
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(card(11)).not.toBeNull();
  });

  it('SL/TP: switching on fills in the current price, off sends 0; the saved stops show on the card', async () => {
    let long = LONG;
    routes[endpoints.forex.myDeal.path] = (url) => deal(url.searchParams.get('status') === '1' ? [long] : []);
    routes[endpoints.forex.setStop.path] = (_url, init) => {
      const b = JSON.parse(String(init.body)) as { stop_loss_price: string; target_profit_price: string };
      long = { ...LONG, TargetLossPrice: b.stop_loss_price, TargetProfitPrice: b.target_profit_price };
      return new Response(JSON.stringify({ code: 1, msg: 'Stop loss and take profit set', data: long }));
    };
    await renderScreen(<Orders />, '/order?source=0&type=1');
    await screen.findByTestId('forex-holding-order');
    await push({ type: 'FOREX_TRADE', ProfitsTotal: '1.000000', HazardRate: '9000.00', CautionMoneyAll: '112.365000', TransOrder: [{ Id: 11, UpdatePrice: '113250.50', FactProfits: '8.855000' }] });

    await click(inCard(11, 'forex-stops-open'));
    const sheet = await screen.findByTestId('forex-stops-sheet');
    expect(within(sheet).getByTestId('forex-stops-current').textContent).toBe('113,250.50');
    const slSwitch = within(sheet).getByTestId('forex-stop-sl-switch');
    expect(slSwitch.getAttribute('aria-checked')).toBe('false');
    expect(within(sheet).queryByTestId('forex-stop-sl-input')).toBeNull();
    await click(slSwitch);
    const slInput = within(sheet).getByTestId('forex-stop-sl-input').querySelector('input')!;
    expect(slInput.value).toBe('113250.50'); // the live price, not the list's
    fireEvent.change(slInput, { target: { value: '110000' } });
    await click(within(sheet).getByTestId('forex-stops-save'));
    await waitFor(() => expect(callsTo(endpoints.forex.setStop.path)).toHaveLength(1));
    expect(body(endpoints.forex.setStop.path)).toEqual({ id: 11, stop_loss_price: '110000', target_profit_price: '0' });
    await waitFor(() => expect(screen.queryByTestId('forex-stops-sheet')).toBeNull());
    expect(toastSuccess).toHaveBeenCalledWith('Stop loss and take profit set');
    expect(inCard(11, 'forex-card-stop-loss').textContent).toBe('110,000.00');
    expect(inCard(11, 'forex-card-take-profit').textContent).toBe('Not set');

    // Reopened: stop loss on with its price; switching it off and take profit on sends 0 and the price.
    await click(inCard(11, 'forex-stops-open'));
    const again = await screen.findByTestId('forex-stops-sheet');
    expect(within(again).getByTestId('forex-stop-sl-switch').getAttribute('aria-checked')).toBe('true');
    expect(within(again).getByTestId('forex-stop-sl-input').querySelector('input')!.value).toBe('110000');
    await click(within(again).getByTestId('forex-stop-sl-switch'));
    await click(within(again).getByTestId('forex-stop-tp-switch'));
    fireEvent.change(within(again).getByTestId('forex-stop-tp-input').querySelector('input')!, { target: { value: '120000.5' } });
    await click(within(again).getByTestId('forex-stops-save'));
    await waitFor(() => expect(callsTo(endpoints.forex.setStop.path)).toHaveLength(2));
    expect(body(endpoints.forex.setStop.path)).toEqual({ id: 11, stop_loss_price: '0', target_profit_price: '120000.5' });
    await waitFor(() => expect(inCard(11, 'forex-card-take-profit').textContent).toBe('120,000.50'));
    expect(inCard(11, 'forex-card-stop-loss').textContent).toBe('Not set');
  });

  it('SL/TP on the wrong side of the current price is refused before anything is sent', async () => {
    holding();
    await renderScreen(<Orders />, '/order?source=0&type=1');
    await screen.findAllByTestId('forex-holding-order');

    // Long at 112,400: a stop loss above the price.
    await click(inCard(11, 'forex-stops-open'));
    let sheet = await screen.findByTestId('forex-stops-sheet');
    await click(within(sheet).getByTestId('forex-stop-sl-switch'));
    // The pre-filled current price itself is not below it either.
    await click(within(sheet).getByTestId('forex-stops-save'));
    expect(within(sheet).getByTestId('forex-stop-sl-error').textContent).toBe('For a long position the stop loss must be below the current price');
    fireEvent.change(within(sheet).getByTestId('forex-stop-sl-input').querySelector('input')!, { target: { value: '115000' } });
    await click(within(sheet).getByTestId('forex-stops-save'));
    expect(within(sheet).getByTestId('forex-stop-sl-error').textContent).toBe('For a long position the stop loss must be below the current price');
    fireEvent.change(within(sheet).getByTestId('forex-stop-sl-input').querySelector('input')!, { target: { value: '' } });
    await click(within(sheet).getByTestId('forex-stops-save'));
    expect(within(sheet).getByTestId('forex-stop-sl-error').textContent).toBe('Enter a price above 0');
    await click(sheet.closest('.adm-popup')!.querySelector('.adm-popup-close-icon')!);
    expect(screen.queryByTestId('forex-stops-sheet')).toBeNull();

    // Short at 4,440: a take profit above the price.
    await click(inCard(12, 'forex-stops-open'));
    sheet = await screen.findByTestId('forex-stops-sheet');
    await click(within(sheet).getByTestId('forex-stop-tp-switch'));
    fireEvent.change(within(sheet).getByTestId('forex-stop-tp-input').querySelector('input')!, { target: { value: '4500' } });
    await click(within(sheet).getByTestId('forex-stops-save'));
    expect(within(sheet).getByTestId('forex-stop-tp-error').textContent).toBe('For a short position the take profit must be below the current price');
    expect(callsTo(endpoints.forex.setStop.path)).toHaveLength(0);
  });

  it('dealing shows the pending price, lots, side, margin and fee; cancel asks first and sends the id', async () => {
    const pending = order({ Id: 21, Status: 0, IsPending: 1, OrderType: 2, Price: '115000.00', UpdatePrice: '112400.00', CautionMoney: '115.000000', TradeFee: '0.020000', multiple: 20, CompleteTimeHandler: '' });
    routes[endpoints.forex.myDeal.path] = (url) => deal(url.searchParams.get('status') === '0' ? [pending] : []);
    routes[endpoints.forex.cancel.path] = () => new Response(JSON.stringify({ code: 1, msg: 'Order cancelled', data: { ...pending, Status: 4 } }));
    await renderScreen(<Orders />, '/order?source=0&type=0');
    const c = await screen.findByTestId('forex-dealing-order');
    expect(within(c).getByTestId('forex-pending-price').textContent).toBe('115,000.00');
    expect(within(c).getByTestId('forex-side').textContent).toBe('Short x20');
    for (const text of ['0.01', '115.00', '0.02']) expect(c.textContent).toContain(text);

    await click(within(c).getByTestId('forex-cancel'));
    const dialog = await screen.findByTestId('forex-cancel-confirm');
    expect(dialog.textContent).toContain('Cancel the pending BTC/USDT Short order of 0.01 lots?');
    expect(callsTo(endpoints.forex.cancel.path)).toHaveLength(0);
    await click(screen.getByText('Keep order'));
    expect(callsTo(endpoints.forex.cancel.path)).toHaveLength(0);

    await click(within(c).getByTestId('forex-cancel'));
    await screen.findByTestId('forex-cancel-confirm');
    routes[endpoints.forex.myDeal.path] = () => deal([]);
    await click(screen.getAllByText('Cancel order').at(-1)!);
    await waitFor(() => expect(callsTo(endpoints.forex.cancel.path)).toHaveLength(1));
    expect(body(endpoints.forex.cancel.path)).toEqual({ id: 21 });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Order cancelled'));
    await waitFor(() => expect(screen.queryByTestId('forex-dealing-order')).toBeNull());
  });

  it('history shows why each order closed, open and close price, the settled profit and the times', async () => {
    const closed = [1, 2, 3, 4, 5].map((t) => order({ Id: 30 + t, Status: 3, CloseType: t, UpdatePrice: '110000.00', FactProfits: t === 3 ? '25.000000' : '-23.650000' }));
    const cancelled = order({ Id: 40, Status: 4, CloseType: 0, IsPending: 1, FactProfits: '0.000000' });
    routes[endpoints.forex.myDeal.path] = (url) => deal(url.searchParams.get('status') === '3' ? [...closed, cancelled] : []);
    await renderScreen(<Orders />, '/order?source=0&type=3');
    await screen.findAllByTestId('forex-history-order');
    expect(screen.getAllByTestId('forex-close-reason').map((e) => e.textContent)).toEqual(['Closed by you', 'Stop-out', 'Take profit', 'Stop loss', 'Closed by admin', 'Cancelled']);
    expect(inCard(33, 'forex-settled-profit').textContent).toBe('+25.00');
    expect(inCard(33, 'forex-settled-profit').className).toContain('tp-up');
    expect(inCard(32, 'forex-settled-profit').className).toContain('tp-down');
    expect(inCard(32, 'forex-close-price').textContent).toBe('110,000.00');
    expect(card(32)!.textContent).toContain('112,365.00');
    expect(inCard(40, 'forex-close-price').textContent).toBe('--');
    expect(within(card(40)!).queryByTestId('forex-settled-profit')).toBeNull();
    expect(screen.getByTestId('forex-orders-3-no-more').textContent).toBe('No more');

    await click(within(card(32)!).getByTestId('forex-order-open'));
    const sheet = await screen.findByTestId('forex-order-sheet');
    for (const text of ['Close reason', 'Stop-out', 'Close price', '110,000.00', '-23.65', 'Closed at']) expect(sheet.textContent).toContain(text);
  });

  it('copies (FollowType 2) are in the same lists, marked with their trader and the trader fill beside their own; own orders are not', async () => {
    const copy = (over: Partial<ForexOrder>) =>
      order({ OriginId: 900, FollowType: 2, Copy: { TraderUserId: 7, TraderNickname: 'tr***@example.com', TraderPrice: '112365.00', TraderClosePrice: '', ClosedByTrader: false }, ...over });
    holding([LONG, copy({ Id: 51 })]);
    await renderScreen(<Orders />, '/order?source=0&type=1');
    await screen.findAllByTestId('forex-holding-order');
    expect(screen.getAllByTestId('forex-holding-order').map((c) => c.getAttribute('data-follow-type'))).toEqual(['0', '2']);
    expect(within(card(11)!).queryByTestId('forex-copy-mark')).toBeNull();
    expect(inCard(51, 'forex-copied-from').textContent).toBe('Copied fromtr***@example.com');
    expect(inCard(51, 'forex-copy-trader-price').textContent).toBe('112,365.00');
    expect(inCard(51, 'forex-copy-price').textContent).toBe('112,365.00');
    expect(within(card(51)!).queryByTestId('forex-copy-trader-close')).toBeNull();
    // A copy holds like any order: it can be closed early (the follower's own decision).
    expect(inCard(51, 'forex-close')).toBeTruthy();
    // Live floating profit from FOREX_TRADE reaches the copy's card like any holding order's.
    await push({ type: 'FOREX_TRADE', ProfitsTotal: '1.000000', HazardRate: '1.00', CautionMoneyAll: '1', TransOrder: [{ Id: 51, UpdatePrice: '112500.00', FactProfits: '1.350000' }] });
    await waitFor(() => expect(inCard(51, 'forex-live-profit').textContent).toBe('+1.35'));

    resetFetch();
    routes[endpoints.wallet.balances.path] = () => BALANCE;
    routes[endpoints.forex.myDeal.path] = (url) =>
      deal(
        url.searchParams.get('status') === '3'
          ? [
              copy({ Id: 52, Status: 3, CloseType: 1, UpdatePrice: '110000.00', Copy: { TraderUserId: 7, TraderNickname: 'tr***@example.com', TraderPrice: '112365.00', TraderClosePrice: '110000.00', ClosedByTrader: true } }),
              copy({ Id: 53, Status: 3, CloseType: 1, UpdatePrice: '111000.00', Copy: { TraderUserId: 7, TraderNickname: 'tr***@example.com', TraderPrice: '112365.00', TraderClosePrice: '110000.00', ClosedByTrader: false } }),
            ]
          : [],
      );
    await renderScreen(<Orders />, '/order?source=0&type=3');
    await screen.findAllByTestId('forex-history-order');
    expect(inCard(52, 'forex-copy-trader-close').textContent).toBe('110,000.00');
    expect(inCard(52, 'forex-close-price').textContent).toBe('110,000.00');
    // Whose close it was: the trader's close closed 52 (CloseType 1 is the trader's own close), the follower closed 53 early.
    expect(inCard(52, 'forex-close-reason').textContent).toBe('Closed with the trader');
    expect(inCard(53, 'forex-close-reason').textContent).toBe('Closed by you');
  });

  it('shows skeletons, then the empty state; an error offers retry, which loads', async () => {
    let release: () => void = () => undefined;
    routes[endpoints.forex.myDeal.path] = () => new Promise((resolve) => (release = () => resolve(deal([]))));
    const first = await renderScreen(<Orders />, '/order?source=0&type=1');
    expect(screen.getByTestId('forex-orders-loading').getAttribute('aria-busy')).toBe('true');
    await act(async () => release());
    expectShown(await screen.findByTestId('empty'));
    expect(screen.getByTestId('empty').textContent).toContain('No data yet');
    expect(screen.getByTestId('forex-risk-rate').textContent).toBe('--');
    first.unmount();

    let fail = true;
    routes[endpoints.forex.myDeal.path] = () => (fail ? new Response('bad gateway', { status: 502 }) : deal([LONG], '0.350000'));
    await renderScreen(<Orders />, '/order?source=0&type=0');
    const error = await screen.findByTestId('load-error', undefined, { timeout: 5000 });
    fail = false;
    await click(within(error).getByText('Retry'));
    expect(expectShown(await screen.findByTestId('forex-dealing-order')).getAttribute('data-id')).toBe('11');
  });

  it('leaving the contract side clears the live values', async () => {
    holding([LONG], '0.350000');
    const view = await renderScreen(<Orders />, '/order?source=0&type=1');
    await screen.findByTestId('forex-holding-order');
    await push({ type: 'FOREX_TRADE', ProfitsTotal: '1.000000', HazardRate: '9000.00', CautionMoneyAll: '112.365000', TransOrder: [{ Id: 11, UpdatePrice: '113000.00', FactProfits: '6.350000' }] });
    expect(useForexLive.getState().orders[11]).toEqual({ UpdatePrice: '113000.00', FactProfits: '6.350000' });
    view.unmount();
    expect(useForexLive.getState().orders).toEqual({});
    expect(useForexLive.getState().summary).toBeNull();
  });
});
