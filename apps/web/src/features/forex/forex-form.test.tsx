import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type TradeSymbol } from '@tp/contracts';
import { fixed, forexFee, forexFillPrice, forexMargin } from '@tp/domain';
import { renderOrderForm } from '../../app/tab-pages';
import { configureApi } from '../../lib/api/client';
import { useAuth } from '../../lib/auth-store';
import { initI18n } from '../../lib/i18n';
import { toast, toastSuccess } from '../../lib/toast';
import { applyDayMarket, calls, callsTo, renderScreen, resetFetch, resetQuotes, routes, seedQuotes, symbol, SYMBOLS } from '../../test/market-harness';
import { ForexOrderForm } from './components/forex-order-form';
import { checkForexOrder, decimalTyping, type FormValues } from './model/order-form';
import { expectShown } from '../../test/expect-shown';

// antd's Toast renders outside the tree through a legacy root the test renderer lacks.
vi.mock('../../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));

const BALANCE = [
  { accountTypeId: 1, type: 'change', balance: '5.00', lockBalance: '0', currencyId: 1, currency: 'USDT' },
  { accountTypeId: 2, type: 'micro', balance: '9876.50', lockBalance: '0', currencyId: 1, currency: 'USDT' },
  { accountTypeId: 3, type: 'forex', balance: '8765.43', lockBalance: '0', currencyId: 1, currency: 'USDT' },
];
const basicInfo = (feeType: number) => ({ service_link: '', service_link_type: 1, verify_reg_type: 1, trade_fee_type: feeType, micro_loss_level: 0 });

/** BTC/USDT open, leveraged, spread 0.01, fee rate 0.001, leverage 10/20/50. */
const btc: TradeSymbol = { ...SYMBOLS.find((s) => s.Code === 'BTCUSDT')!, HasForexMultiple: [{ Value: 10 }, { Value: 20 }, { Value: 50 }] };
const eur = SYMBOLS.find((s) => s.Code === 'EURUSD')!; // MarketStatus 0
const BTC_CLOSE = '112352.64';

const submitted = () => calls.filter((c) => c.url.pathname === endpoints.forex.submit.path);
const sentBody = (i = 0) => JSON.parse(String(submitted()[i]!.init.body)) as Record<string, unknown>;
const el = (id: string) => screen.getByTestId(id);
const input = (id: string) => el(id) as HTMLInputElement;
const button = (id: string) => el(id) as HTMLButtonElement;
const switchOf = (id: string) => el(`${id}-switch`);

async function renderForm(s: TradeSymbol = btc, price = s.ForexQuotations.Close) {
  const r = await renderScreen(<ForexOrderForm symbol={s} price={price} />, '/trade');
  await screen.findByTestId('forex-form');
  return r;
}

async function tapSubmit() {
  await act(async () => fireEvent.click(el('forex-submit')));
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  resetFetch();
  resetQuotes();
  vi.mocked(toast).mockClear();
  vi.mocked(toastSuccess).mockClear();
  routes[endpoints.settings.basicInfo.path] = () => basicInfo(1);
  routes[endpoints.wallet.balances.path] = () => BALANCE;
  // The server announces the order in its own words (spec section 7); the form shows them.
  configureApi({ notifySuccess: toastSuccess });
  routes[endpoints.forex.submit.path] = () => new Response(JSON.stringify({ code: 1, msg: 'Order placed', data: { Id: 1 } }));
  useAuth.setState({ token: 'tok', user: null });
});
afterEach(() => {
  useAuth.setState({ token: null, user: null });
});

describe('lots stepper', () => {
  it('starts at the minimum, steps by Pip, and minus is off when one step down would reach 0', async () => {
    await renderForm();
    expect(input('forex-lots').value).toBe('0.01');
    expect(button('forex-lots-minus').disabled).toBe(true);
    fireEvent.click(el('forex-lots-plus'));
    expect(input('forex-lots').value).toBe('0.02');
    expect(button('forex-lots-minus').disabled).toBe(false);
    fireEvent.click(el('forex-lots-minus'));
    expect(input('forex-lots').value).toBe('0.01');
    expect(button('forex-lots-minus').disabled).toBe(true);
  });

  it('adds steps with decimals, never floats (0.1 + 0.1 + 0.1 is 0.3)', async () => {
    await renderForm(symbol({ Id: 40, Code: 'US500', Pip: '0.1', ForexMinCont: '0.1', HasForexMultiple: [{ Value: 5 }] }));
    fireEvent.click(el('forex-lots-plus'));
    fireEvent.click(el('forex-lots-plus'));
    expect(input('forex-lots').value).toBe('0.3');
    fireEvent.click(el('forex-lots-minus'));
    fireEvent.click(el('forex-lots-minus'));
    expect(input('forex-lots').value).toBe('0.1');
    expect(button('forex-lots-minus').disabled).toBe(true);
  });

  it('never steps under a minimum above the step; typing is allowed and cleaned', async () => {
    await renderForm(symbol({ Id: 41, Code: 'XAUUSD', Pip: '0.01', ForexMinCont: '0.05', HasForexMultiple: [{ Value: 100 }] }));
    expect(input('forex-lots').value).toBe('0.05');
    expect(button('forex-lots-minus').disabled).toBe(true); // 0.04 is above 0 but under the minimum
    fireEvent.change(input('forex-lots'), { target: { value: '1,5x' } });
    expect(input('forex-lots').value).toBe('1.5');
    expect(button('forex-lots-minus').disabled).toBe(false);
    fireEvent.click(el('forex-lots-minus'));
    expect(input('forex-lots').value).toBe('1.49');
    fireEvent.change(input('forex-lots'), { target: { value: '' } });
    expect(button('forex-lots-minus').disabled).toBe(true);
    fireEvent.click(el('forex-lots-plus')); // from nothing: the minimum
    expect(input('forex-lots').value).toBe('0.05');
  });
});

describe('stop loss and take profit switches', () => {
  it('switching one on pre-fills the live close of the quote store; off hides it', async () => {
    seedQuotes([btc]);
    await renderScreen(<>{renderOrderForm('contract', btc)}</>, '/trade');
    await screen.findByTestId('forex-form');
    expect(el('forex-current-price').textContent).toBe('112,352.64');
    act(() => applyDayMarket([{ type: 'DAY_MARKET', symbol: 'BTCUSDT', close: '112400.10' }]));
    expect(el('forex-current-price').textContent).toBe('112,400.10');
    expect(screen.queryByTestId('forex-stop-loss-price')).toBeNull();
    fireEvent.click(switchOf('forex-stop-loss'));
    expect(input('forex-stop-loss-price').value).toBe('112400.10');
    // A later tick does not move a price the user already holds.
    act(() => applyDayMarket([{ type: 'DAY_MARKET', symbol: 'BTCUSDT', close: '112500.00' }]));
    expect(input('forex-stop-loss-price').value).toBe('112400.10');
    fireEvent.click(switchOf('forex-take-profit'));
    expect(input('forex-take-profit-price').value).toBe('112500.00');
    fireEvent.click(switchOf('forex-stop-loss'));
    expect(screen.queryByTestId('forex-stop-loss-price')).toBeNull();
  });
});

describe('margin and fee preview', () => {
  it('equals the shared domain rule on the fill price (spread against the user), per side and leverage', async () => {
    await renderForm();
    // Buy 0.01 at 112352.64 + 0.01 spread, x10: 0.01 x 1 x 112352.65 / 10 = 112.35265, shown as
    // every amount with 2 decimals, rounded up as a charge (decisions.md, "Times on screens, numbers").
    expect(el('forex-margin').textContent).toBe('112.36');
    expect(el('forex-fee').textContent).toBe('0.00001'); // trade_fee_type 1: 0.01 lots x 0.001
    const rule = (side: 1 | 2, lots: string, leverage: number) => {
      const margin = forexMargin({ marginMode: btc.MarginMode, lots, contNum: btc.ForexContNum, price: forexFillPrice(side, BTC_CLOSE, btc.Spread), leverage });
      return { margin: margin.toFixed(), fee: forexFee({ feeType: 1, lots, feeRate: btc.ForexFeeRate, margin }).toFixed() };
    };
    expect(rule(1, '0.01', 10)).toEqual({ margin: '112.35265', fee: '0.00001' });

    fireEvent.click(el('forex-side-sell'));
    expect(el('forex-margin').textContent).toBe(fixed(rule(2, '0.01', 10).margin, 2, 'up')); // 112.35263
    fireEvent.click(within(el('forex-form')).getAllByTestId('forex-leverage')[1]!); // x20
    fireEvent.change(input('forex-lots'), { target: { value: '2.5' } });
    expect(el('forex-margin').textContent).toBe('14,044.08'); // 2.5 x 112352.63 / 20 = 14044.07875
    expect(rule(2, '2.5', 20).margin).toBe('14044.07875');
    expect(el('forex-fee').textContent).toBe('0.0025');
    expect(el('forex-balance').textContent).toBe('8,765.43');
  });

  it('fee type 2 is margin x rate (rounded up to 6 places); a pending order is priced at its target', async () => {
    routes[endpoints.settings.basicInfo.path] = () => basicInfo(2);
    await renderForm();
    expect(el('forex-fee').textContent).toBe('0.112353'); // 112.35265 x 0.001 = 0.11235265, up
    fireEvent.click(el('forex-kind-pending'));
    fireEvent.change(input('forex-pending-price'), { target: { value: '100000' } });
    expect(el('forex-margin').textContent).toBe('100.01'); // 0.01 x 100000.01 / 10 = 100.00001, up
  });

  it('fixed margin mode holds lots x units per lot, whatever the price and leverage', async () => {
    await renderForm(symbol({ Id: 42, Code: 'JPN225', MarginMode: 1, ForexContNum: '100', Pip: '0.1', ForexMinCont: '0.1', HasForexMultiple: [{ Value: 10 }] }));
    expect(el('forex-margin').textContent).toBe('10.00');
  });
});

describe('buttons', () => {
  it('are disabled while the market is closed', async () => {
    await renderForm(eur);
    expect(button('forex-submit').disabled).toBe(true);
    expect(el('forex-closed').textContent).toContain('The market is closed');
    await tapSubmit();
    expect(callsTo(endpoints.forex.submit.path)).toHaveLength(0);
  });

  it('a visitor tapping one goes to /login?from=/trade and sends nothing', async () => {
    useAuth.setState({ token: null });
    await renderForm();
    expect(el('forex-balance').textContent).toBe('--');
    expect(button('forex-submit').disabled).toBe(false);
    await tapSubmit();
    await waitFor(() => expect(el('where').textContent).toBe('/login?from=/trade'));
    expect(callsTo(endpoints.forex.submit.path)).toHaveLength(0);
    expect(callsTo(endpoints.wallet.balances.path)).toHaveLength(0);
  });

  it('margin and fee beyond the available contract balance turn the button off and say so before sending', async () => {
    routes[endpoints.wallet.balances.path] = () => BALANCE.map((a) => (a.accountTypeId === 3 ? { ...a, balance: '5.00' } : a));
    await renderForm();
    await waitFor(() => expect(el('forex-balance').textContent).toBe('5.00'));
    const fill = forexFillPrice(1, BTC_CLOSE, btc.Spread);
    const margin = forexMargin({ marginMode: btc.MarginMode, lots: '0.01', contNum: btc.ForexContNum, price: fill, leverage: 10 });
    const need = margin.plus(forexFee({ feeType: 1, lots: '0.01', feeRate: btc.ForexFeeRate, margin }));
    expect(need.gt(5)).toBe(true);
    expect(button('forex-submit').disabled).toBe(true);
    expect(el('forex-insufficient').textContent).toContain('Not enough available balance');
    expect(el('forex-insufficient').textContent?.replace(/,/g, '')).toContain(fixed(need, 2, 'up'));
    await tapSubmit();
    expect(callsTo(endpoints.forex.submit.path)).toHaveLength(0);
  });

  it('with enough balance no such message is shown', async () => {
    await renderForm();
    await waitFor(() => expect(el('forex-balance').textContent).toBe('8,765.43'));
    expect(screen.queryByTestId('forex-insufficient')).toBeNull();
    expect(button('forex-submit').disabled).toBe(false);
  });

  it('a symbol without leverage options shows the message instead of buttons', async () => {
    await renderForm(symbol({ Id: 43, Code: 'NATGAS', HasForexMultiple: [] }));
    expect(el('forex-no-mult').textContent).toBe('No leverage is configured for this symbol, so no order can be placed');
    expect(screen.queryByTestId('forex-submit')).toBeNull();
    expect(screen.queryByTestId('forex-leverage')).toBeNull();
  });
});

describe('sending', () => {
  it('a market long sends the exact body (stops 0 when off) with an Idempotency-Key, then toasts and refreshes', async () => {
    await renderForm();
    const balanceCalls = callsTo(endpoints.wallet.balances.path).length;
    fireEvent.click(el('forex-lots-plus'));
    fireEvent.click(within(el('forex-form')).getAllByTestId('forex-leverage')[1]!);
    fireEvent.click(switchOf('forex-stop-loss'));
    fireEvent.change(input('forex-stop-loss-price'), { target: { value: '110000.5' } });
    await tapSubmit();
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Order placed'));
    expect(submitted()).toHaveLength(1);
    expect(sentBody()).toEqual({ type: 1, cont: '0.02', forex_id: 13, status: 1, target_price: '0', stop_loss_price: '110000.5', target_profit_price: '0', multiple: 20 });
    expect((submitted()[0]!.init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/.{8,}/);
    await waitFor(() => expect(callsTo(endpoints.wallet.balances.path).length).toBeGreaterThan(balanceCalls));
    // The form keeps its values for the next order.
    expect(input('forex-lots').value).toBe('0.02');
    expect(input('forex-stop-loss-price').value).toBe('110000.5');
    expect(toast).not.toHaveBeenCalled();
  });

  it('a pending short sends its target price, status 0, and only the take profit that is on', async () => {
    await renderForm();
    fireEvent.click(el('forex-side-sell'));
    expect(el('forex-submit').textContent).toContain('Sell short');
    fireEvent.click(el('forex-kind-pending'));
    expect(input('forex-pending-price').value).toBe(BTC_CLOSE); // pre-filled with the live close
    fireEvent.change(input('forex-pending-price'), { target: { value: '113000' } });
    fireEvent.click(switchOf('forex-take-profit'));
    fireEvent.change(input('forex-take-profit-price'), { target: { value: '112000' } });
    await tapSubmit();
    await waitFor(() => expect(submitted()).toHaveLength(1));
    expect(sentBody()).toEqual({ type: 2, cont: '0.01', forex_id: 13, status: 0, target_price: '113000', stop_loss_price: '0', target_profit_price: '112000', multiple: 10 });
  });

  it('a switch turned on and off again sends 0', async () => {
    await renderForm();
    fireEvent.click(switchOf('forex-take-profit'));
    fireEvent.change(input('forex-take-profit-price'), { target: { value: '120000' } });
    fireEvent.click(switchOf('forex-take-profit'));
    await tapSubmit();
    await waitFor(() => expect(submitted()).toHaveLength(1));
    expect(sentBody()).toMatchObject({ stop_loss_price: '0', target_profit_price: '0' });
  });

  it('a double tap sends once', async () => {
    let release: () => void = () => undefined;
    routes[endpoints.forex.submit.path] = () => new Promise((done) => (release = () => done(new Response(JSON.stringify({ code: 1, msg: 'Order placed', data: { Id: 1 } })))));
    await renderForm();
    act(() => {
      fireEvent.click(el('forex-submit'));
      fireEvent.click(el('forex-submit'));
    });
    await waitFor(() => expect(submitted()).toHaveLength(1));
    await act(async () => fireEvent.click(el('forex-submit')));
    expect(submitted()).toHaveLength(1);
    await act(async () => release());
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledTimes(1));
    expect(submitted()).toHaveLength(1);
  });

  it("a server refusal shows the server's msg through the api client and keeps the form", async () => {
    const notify = vi.fn();
    configureApi({ notify });
    routes[endpoints.forex.submit.path] = () => new Response(JSON.stringify({ code: 0, msg: 'Insufficient balance in the contract account', data: null, error: 'forex_insufficient_balance' }));
    await renderForm();
    await tapSubmit();
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Insufficient balance in the contract account'));
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(button('forex-submit').disabled).toBe(false);
  });

  // Prices in the messages are written as the screen writes its prices, grouped (decisions.md, "numbers").
  it.each([
    ['lots empty', () => fireEvent.change(input('forex-lots'), { target: { value: '' } }), 'Please enter a quantity'],
    ['lots under the minimum', () => fireEvent.change(input('forex-lots'), { target: { value: '0.001' } }), 'The quantity must be at least 0.01 lots'],
    ['lots off the step', () => fireEvent.change(input('forex-lots'), { target: { value: '0.015' } }), 'The quantity must be a multiple of 0.01 lots'],
    ['pending price empty', () => {
      fireEvent.click(el('forex-kind-pending'));
      fireEvent.change(input('forex-pending-price'), { target: { value: '' } });
    }, 'Please enter a pending price'],
    ['pending buy not below the market', () => {
      fireEvent.click(el('forex-kind-pending'));
      fireEvent.change(input('forex-pending-price'), { target: { value: '112352.64' } });
    }, 'A pending buy must be below the market price (112,352.64)'],
    ['pending sell not above the market', () => {
      fireEvent.click(el('forex-side-sell'));
      fireEvent.click(el('forex-kind-pending'));
      fireEvent.change(input('forex-pending-price'), { target: { value: '112000' } });
    }, 'A pending sell must be above the market price (112,352.64)'],
    ['buy stop loss at the market (pre-filled, not moved)', () => fireEvent.click(switchOf('forex-stop-loss')), 'For a buy, the stop loss must be below 112,352.64'],
    ['sell stop loss below the market', () => {
      fireEvent.click(el('forex-side-sell'));
      fireEvent.click(switchOf('forex-stop-loss'));
      fireEvent.change(input('forex-stop-loss-price'), { target: { value: '100000' } });
    }, 'For a sell, the stop loss must be above 112,352.64'],
    ['buy take profit below the market', () => {
      fireEvent.click(switchOf('forex-take-profit'));
      fireEvent.change(input('forex-take-profit-price'), { target: { value: '100000' } });
    }, 'For a buy, the take profit must be above 112,352.64'],
    ['pending buy take profit judged against its target', () => {
      fireEvent.click(el('forex-kind-pending'));
      fireEvent.change(input('forex-pending-price'), { target: { value: '100000' } });
      fireEvent.click(switchOf('forex-take-profit'));
      fireEvent.change(input('forex-take-profit-price'), { target: { value: '99000' } });
    }, 'For a buy, the take profit must be above 100,000.00'],
    ['stop loss switched on but emptied', () => {
      fireEvent.click(switchOf('forex-stop-loss'));
      fireEvent.change(input('forex-stop-loss-price'), { target: { value: '' } });
    }, 'Please enter a stop loss price'],
  ])('%s: a clear message and nothing sent', async (_name, arrange, message) => {
    await renderForm();
    arrange();
    await tapSubmit();
    expect(toast).toHaveBeenCalledWith(message);
    expect(callsTo(endpoints.forex.submit.path)).toHaveLength(0);
  });
});

describe('loading and errors', () => {
  it('shows a skeleton while the settings and balance load, and an error with retry', async () => {
    let fail = true;
    routes[endpoints.settings.basicInfo.path] = () => (fail ? new Response('bad gateway', { status: 502 }) : basicInfo(1));
    await renderScreen(<ForexOrderForm symbol={btc} price={BTC_CLOSE} />, '/trade');
    expect(el('forex-form-loading').getAttribute('aria-busy')).toBe('true');
    const error = await screen.findByTestId('forex-form-error', undefined, { timeout: 3000 });
    fail = false;
    fireEvent.click(within(error).getByRole('button'));
    expectShown(await screen.findByTestId('forex-form'));
    expect(screen.queryByTestId('forex-form-loading')).toBeNull();
  });
});

describe('order checks (pure)', () => {
  const base: FormValues = { side: 1, kind: 1, lots: '0.01', leverage: 10, pendingPrice: '', stopLossOn: false, stopLoss: '', takeProfitOn: false, takeProfit: '' };
  it('a missing or foreign leverage blocks sending', () => {
    expect(checkForexOrder(btc, { ...base, leverage: null }, BTC_CLOSE).problem?.key).toBe('forexForm.err_no_mult');
    expect(checkForexOrder(btc, { ...base, leverage: 30 }, BTC_CLOSE).problem?.key).toBe('forexForm.err_no_mult');
    expect(checkForexOrder({ ...btc, HasForexMultiple: [] }, base, BTC_CLOSE).problem?.key).toBe('forexForm.no_mult_config');
    expect(checkForexOrder(btc, base, BTC_CLOSE).body).toMatchObject({ multiple: 10, cont: '0.01' });
  });
  it('typing keeps digits and one point; Arabic-Indic digits and a decimal comma are read', () => {
    expect(decimalTyping('1.2.3')).toBe('1.23');
    expect(decimalTyping('١٢٫٥')).toBe('12.5');
    expect(decimalTyping('۰,۲')).toBe('0.2');
    expect(decimalTyping('-3e5')).toBe('35');
  });
});
