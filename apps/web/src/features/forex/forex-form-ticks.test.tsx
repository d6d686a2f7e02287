import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ComponentProps } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type TradeSymbol } from '@tp/contracts';
import { createQueryClient } from '../../app/providers';
import { useAuth } from '../../lib/auth-store';
import { initI18n } from '../../lib/i18n';
import { resetFetch, routes, SYMBOLS } from '../../test/market-harness';
import { ForexOrderForm } from './components/forex-order-form';

// Counts the renders of antd's switch and button, the costliest controls of the form.
const renders = vi.hoisted(() => ({ Switch: 0, Button: 0 }));
vi.mock('antd-mobile', async (importOriginal) => {
  const antd = await importOriginal<typeof import('antd-mobile')>();
  const Switch = (props: ComponentProps<typeof antd.Switch>) => {
    renders.Switch++;
    return <antd.Switch {...props} />;
  };
  const Button = (props: ComponentProps<typeof antd.Button>) => {
    renders.Button++;
    return <antd.Button {...props} />;
  };
  return { ...antd, Switch, Button };
});
vi.mock('../../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));

const btc: TradeSymbol = { ...SYMBOLS.find((s) => s.Code === 'BTCUSDT')!, HasForexMultiple: [{ Value: 10 }, { Value: 20 }] };
const BALANCE = [{ accountTypeId: 3, type: 'forex', balance: '8765.43', lockBalance: '0', currencyId: 1, currency: 'USDT' }];

let tick: (price: string) => void = () => undefined;
function Live({ first }: { first: string }) {
  const [price, setPrice] = useState(first);
  tick = setPrice;
  return <ForexOrderForm symbol={btc} price={price} />;
}

async function renderLive(first: string) {
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/trade']}>
          <Live first={first} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  await screen.findByTestId('forex-form');
}

const el = (id: string) => screen.getByTestId(id);

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  resetFetch();
  routes[endpoints.settings.basicInfo.path] = () => ({ service_link: '', service_link_type: 1, verify_reg_type: 1, trade_fee_type: 1, micro_loss_level: 0 });
  routes[endpoints.wallet.balances.path] = () => BALANCE;
  useAuth.setState({ token: 'tok', user: null });
});
afterEach(() => useAuth.setState({ token: null, user: null }));

describe('a live price tick on the contract form', () => {
  it('shows the new price, margin and fee without rendering the switches or the button again', async () => {
    await renderLive('100000');
    const margin = el('forex-margin').textContent;
    renders.Switch = 0;
    renders.Button = 0;
    await act(async () => tick('110000'));
    expect(el('forex-current-price').textContent).toBe('110,000.00');
    expect(el('forex-margin').textContent).not.toBe(margin);
    expect(renders).toEqual({ Switch: 0, Button: 0 });
  });

  it('starts a stop loss, take profit and pending price at the newest price, not the one the controls last rendered with', async () => {
    await renderLive('100000');
    await act(async () => tick('123456.78'));
    fireEvent.click(el('forex-stop-loss-switch'));
    fireEvent.click(el('forex-take-profit-switch'));
    fireEvent.click(el('forex-kind-pending'));
    expect((el('forex-stop-loss-price') as HTMLInputElement).value).toBe('123456.78');
    expect((el('forex-take-profit-price') as HTMLInputElement).value).toBe('123456.78');
    expect((el('forex-pending-price') as HTMLInputElement).value).toBe('123456.78');
  });

  it('re-renders the button when the tick makes the order unaffordable', async () => {
    await renderLive('100000');
    expect((el('forex-submit') as HTMLButtonElement).disabled).toBe(false);
    renders.Button = 0;
    // 0.01 lot at 10x: margin 100 at 100000, far beyond 8765.43 at 100000000.
    await act(async () => tick('100000000'));
    expect((el('forex-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(el('forex-insufficient')).toBeTruthy();
    expect(renders.Button).toBeGreaterThan(0);
  });
});
