import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_UPLOAD_MAX_BYTES, endpoints, type User } from '@tp/contracts';
import { cancelAll, configureApi } from '../../lib/api/client';
import { useAuth } from '../../lib/auth-store';
import { initI18n, setLang } from '../../lib/i18n';
import { calls, callsTo, fakeFetch, renderScreen, resetFetch, routes } from '../../test/market-harness';

/** A success answer with the server's own (localized) message, which the success toast shows. */
const said = (data: unknown, msg: string) => new Response(JSON.stringify({ code: 1, msg, data }));
import { ChargePage } from './routes/charge-page';
import { HistoryPage } from './routes/history-page';
import { pickSide, TransferPage } from './routes/transfer-page';
import { MethodListPage } from './routes/method-list-page';
import { WithdrawPage } from './routes/withdraw-page';
import { WithdrawWayPage } from './routes/withdraw-way-page';
import { withdrawPreview } from './model/wallet-model';
import { expectShown } from '../../test/expect-shown';

vi.mock('../../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));
const { toast, toastSuccess } = await import('../../lib/toast');

const realUser: User = { id: 7, uid: '10000007', email: 'ann@example.com', invite_code: 'ANN123', is_demo: 0, is_trader: 0, created_at: '2026-01-01 00:00:00' };
const demoUser: User = { ...realUser, id: 8, email: null, is_demo: 1 };
const balances = [
  { accountTypeId: 1, type: 'change', balance: '120.5', lockBalance: '0', currencyId: 1, currency: 'USDT' },
  { accountTypeId: 2, type: 'micro', balance: '30', lockBalance: '0', currencyId: 1, currency: 'USDT' },
  { accountTypeId: 3, type: 'forex', balance: '7.25', lockBalance: '2', currencyId: 1, currency: 'USDT' },
];
const empty = { data: [], total: 0, current_page: 1, last_page: 1, per_page: 15 };
const USDT = { id: 1, code: 'USDT', protocol: 'TRC20', draw_rate: '1', fee_type: 1, draw_min: '10', usd_price: '1', type: 1 };
const BTC = { id: 3, code: 'BTC', protocol: 'BTC', draw_rate: '0.001', fee_type: 2, draw_min: '50', usd_price: '65000', type: 1 };
const method = {
  id: 41, type: 1, draw_id: 1, dc_address: 'TXYZabcdefghijklmnopqrstuvwxyz1234', payee_account: '', payee_name: '', bank_name: '', bank_address: '', bank_swift: '',
  bank_branch: '', beneficiary_currency: '', remark: '', draw_currency: { code: 'USDT', protocol: 'TRC20' },
  created_at: '2026-01-01 00:00:00', usable_at: '2026-01-02 00:00:00',
};
/** A wire date-time (UTC) `ms` from now. */
const wireIn = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19).replace('T', ' ');

const body = (path: string) => JSON.parse(calls.filter((c) => c.url.pathname === path).at(-1)!.init.body as string) as Record<string, unknown>;
const headers = (path: string) => calls.filter((c) => c.url.pathname === path).at(-1)!.init.headers as Record<string, string>;
const where = () => screen.getByTestId('where').textContent;
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const click = async (el: Element) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

beforeAll(async () => {
  await initI18n('en');
  // jsdom has no object URLs; the proof preview and private images use them.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  // jsdom lays nothing out: infinite scroll needs an offsetParent to see its sentinel.
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get(this: HTMLElement) { return this.parentNode; } });
});

beforeEach(async () => {
  await setLang('en');
  resetFetch();
  configureApi({ notify: toast, notifySuccess: toastSuccess });
  vi.mocked(toast).mockClear();
  vi.mocked(toastSuccess).mockClear();
  useAuth.getState().setSession({ token: 'tok-7', user: realUser });
  routes[endpoints.wallet.balances.path] = () => balances;
});

afterEach(() => {
  cancelAll();
  useAuth.getState().clear();
});

describe('transfer', () => {
  it('choosing the other side’s account swaps the two sides', () => {
    expect(pickSide({ from: 1, to: 3 }, 'from', 3)).toEqual({ from: 3, to: 1 });
    expect(pickSide({ from: 1, to: 3 }, 'to', 1)).toEqual({ from: 3, to: 1 });
    expect(pickSide({ from: 1, to: 3 }, 'to', 2)).toEqual({ from: 1, to: 2 });
  });

  it('swaps in the picker, fills "all" with the from account’s available, sends once and refreshes balances after 1 s', async () => {
    routes[endpoints.wallet.transferLog.path] = () => empty;
    routes[endpoints.wallet.transfer.path] = () => said({ id: 1, balance: '7.25', from: 3, to: 1, currency_id: 1, created_at: '2026-01-01 00:00:00' }, 'Transfer successful');
    await renderScreen(<TransferPage />, '/mine/transfer');
    await waitFor(() => expect(screen.getByTestId('transfer-from-available').textContent).toContain('120.50'));
    expect(screen.getByTestId('transfer-from').dataset.account).toBe('1');
    expect(screen.getByTestId('transfer-to').dataset.account).toBe('3');

    // Choosing the contract account (already "to") as "from" swaps the sides.
    await click(screen.getByTestId('transfer-from'));
    await click(await screen.findByTestId('transfer-pick-3'));
    expect(screen.getByTestId('transfer-from').dataset.account).toBe('3');
    expect(screen.getByTestId('transfer-to').dataset.account).toBe('1');

    await click(screen.getByTestId('transfer-all'));
    expect((screen.getByTestId('transfer-amount') as HTMLInputElement).value).toBe('7.25');

    const before = callsTo(endpoints.wallet.balances.path).length;
    await click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(callsTo(endpoints.wallet.transfer.path)).toHaveLength(1));
    expect(body(endpoints.wallet.transfer.path)).toEqual({ balance: '7.25', from: 3, to: 1, currency_id: 1 });
    expect(headers(endpoints.wallet.transfer.path)['Idempotency-Key']).toMatch(/\S{8,}/);
    expect(toastSuccess).toHaveBeenCalledWith('Transfer successful');
    // Not at once: the balances are read again 1 s after success.
    expect(callsTo(endpoints.wallet.balances.path).length).toBe(before);
    await waitFor(() => expect(callsTo(endpoints.wallet.balances.path).length).toBeGreaterThan(before), { timeout: 2500 });
  });

  it('a lost answer: the second tap sends the same key, the user sees one transfer; a new amount is a new intent', async () => {
    configureApi({ retryDelays: [] });
    try {
      routes[endpoints.wallet.transferLog.path] = () => empty;
      const done = new Map<string, number>();
      let loseNext = true;
      routes[endpoints.wallet.transfer.path] = (_url, init) => {
        const key = (init.headers as Record<string, string>)['Idempotency-Key']!;
        if (!done.has(key)) done.set(key, done.size + 1);
        if (loseNext) {
          loseNext = false;
          throw new TypeError('Failed to fetch');
        }
        return said({ id: done.get(key), balance: '5', from: 1, to: 3, currency_id: 1, created_at: '2026-01-01 00:00:00' }, 'Transfer successful');
      };
      await renderScreen(<TransferPage />, '/mine/transfer');
      await waitFor(() => expect(screen.getByTestId('transfer-from-available').textContent).toContain('120.50'));
      type('transfer-amount', '5');
      await click(screen.getByTestId('transfer-submit'));
      await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.stringContaining('ERR_NETWORK')));
      await click(screen.getByTestId('transfer-submit'));
      await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Transfer successful'));
      const keys = calls.filter((c) => c.url.pathname === endpoints.wallet.transfer.path).map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key']);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(done.size).toBe(1);

      type('transfer-amount', '6');
      await click(screen.getByTestId('transfer-submit'));
      await waitFor(() => expect(done.size).toBe(2));
      expect(headers(endpoints.wallet.transfer.path)['Idempotency-Key']).not.toBe(keys[0]);
    } finally {
      configureApi({ retryDelays: [500, 1500] });
    }
  });

  it('asks for an amount before sending', async () => {
    routes[endpoints.wallet.transferLog.path] = () => empty;
    await renderScreen(<TransferPage />, '/mine/transfer');
    await click(screen.getByTestId('transfer-submit'));
    expect(toast).toHaveBeenLastCalledWith('Enter the transfer amount');
    expect(callsTo(endpoints.wallet.transfer.path)).toHaveLength(0);
  });
});

describe('withdraw', () => {
  it('the domain fee rule gives fee and amount received: fixed fee and rate fee', () => {
    expect(withdrawPreview('100', USDT)).toMatchObject({ ok: true });
    const fixed = withdrawPreview('100', USDT);
    const rate = withdrawPreview('100', BTC);
    expect(fixed?.ok && [fixed.fee.toFixed(), fixed.realNumber.toFixed()]).toEqual(['1', '99']);
    expect(rate?.ok && [rate.fee.toFixed(), rate.realNumber.toFixed()]).toEqual(['0.1', '99.9']);
    expect(withdrawPreview('1', USDT)).toEqual({ ok: false, reason: 'fee_exceeds_amount' });
    expect(withdrawPreview('', USDT)).toBeNull();
  });

  it('previews fee and received, shows them again in the confirm, then draws once with an Idempotency-Key', async () => {
    routes[endpoints.withdrawals.currencies.path] = () => [USDT, BTC];
    routes[endpoints.withdrawals.methods.path] = (u) => ({ list: u.searchParams.get('draw_id') === '1' ? [method] : [{ ...method, id: 42, draw_id: 3 }], drawCurrency: u.searchParams.get('draw_id') === '1' ? USDT : BTC });
    routes[endpoints.withdrawals.list.path] = () => empty;
    routes[endpoints.withdrawals.draw.path] = () => said({ id: 9, number: '100', fee: '1', real_number: '99', status: 0, status_name: 'Pending', created_at: '2026-01-01 00:00:00', type: 1, address: method.dc_address, payee_account: '', notes: '', remark: '', draw_currency: { code: 'USDT', protocol: 'TRC20' } }, 'Withdrawal sent for review');
    await renderScreen(<WithdrawPage />, '/mine/withdraw?type=0');
    await screen.findByTestId('withdraw-method-41');
    expect(callsTo(endpoints.withdrawals.currencies.path)[0]!.searchParams.get('type')).toBe('1');
    expect(screen.getByTestId('withdraw-min').textContent).toBe('Minimum 10 USDT');

    type('withdraw-amount', '100');
    // The fee and the amount received carry their unit.
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('1 USDT');
    expect(screen.getByTestId('withdraw-received').textContent).toBe('99 USDT');

    // 'all' is the funding account's available balance.
    await click(screen.getByTestId('withdraw-all'));
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('120.5');
    expect(screen.getByTestId('withdraw-received').textContent).toBe('119.5 USDT');

    // A rate-based currency: 0.1 % of the amount.
    await click(screen.getByTestId('withdraw-currency-3'));
    await screen.findByTestId('withdraw-method-42');
    type('withdraw-amount', '100');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('0.1 USDT');
    expect(screen.getByTestId('withdraw-received').textContent).toBe('99.9 USDT');
    expect(screen.getByTestId('withdraw-min').textContent).toBe('Minimum 50 USDT');

    await click(screen.getByTestId('withdraw-currency-1'));
    await screen.findByTestId('withdraw-method-41');
    type('withdraw-amount', '100');
    type('withdraw-memo', ' for rent ');
    // The e-mailed code first: without it nothing is asked or sent.
    await click(screen.getByTestId('withdraw-submit'));
    expect(toast).toHaveBeenCalledWith('Enter the 6-digit code from the email');
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
    type('withdraw-code', '12 34 56');
    expect((screen.getByTestId('withdraw-code') as HTMLInputElement).value).toBe('123456');
    await click(screen.getByTestId('withdraw-submit'));
    const dialog = await screen.findByTestId('withdraw-confirm');
    expect(within(dialog).getByTestId('withdraw-confirm-fee').textContent).toBe('1 USDT');
    expect(within(dialog).getByTestId('withdraw-confirm-received').textContent).toBe('99 USDT');
    expect(callsTo(endpoints.withdrawals.draw.path)).toHaveLength(0);
    await click(screen.getByText('Confirm'));
    await waitFor(() => expect(callsTo(endpoints.withdrawals.draw.path)).toHaveLength(1));
    expect(body(endpoints.withdrawals.draw.path)).toEqual({ draw_currency_id: 1, number: '100', memo: 'for rent', draw_method_id: 41, auth_code: '123456' });
    expect(headers(endpoints.withdrawals.draw.path)['Idempotency-Key']).toMatch(/\S{8,}/);
    expect(toastSuccess).toHaveBeenCalledWith('Withdrawal sent for review');
  });

  it('"send code" asks for a code to the account\'s own e-mail (send_email type 3) and counts down 60 s', async () => {
    routes[endpoints.withdrawals.currencies.path] = () => [USDT];
    routes[endpoints.withdrawals.methods.path] = () => ({ list: [method], drawCurrency: USDT });
    routes[endpoints.withdrawals.list.path] = () => empty;
    routes[endpoints.notify.sendEmail.path] = () => said(null, 'The verification code has been sent');
    await renderScreen(<WithdrawPage />, '/mine/withdraw?type=0');
    await screen.findByTestId('withdraw-method-41');
    expect(screen.getByTestId('withdraw-code-to').textContent).toBe('The code is sent to ann@example.com');
    await click(screen.getByTestId('withdraw-send-code'));
    await waitFor(() => expect(callsTo(endpoints.notify.sendEmail.path)).toHaveLength(1));
    expect(body(endpoints.notify.sendEmail.path)).toEqual({ type: 3 });
    await waitFor(() => expect(screen.getByTestId('withdraw-send-code').textContent).toBe('Resend in 60 s'));
    expect((screen.getByTestId('withdraw-send-code') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a method in its waiting time: a note says from when (device time) and the form does not send; usable once the time has come', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fresh = { ...method, created_at: wireIn(-1000), usable_at: wireIn(90_000) };
      routes[endpoints.withdrawals.currencies.path] = () => [USDT];
      routes[endpoints.withdrawals.methods.path] = () => ({ list: [fresh], drawCurrency: USDT });
      routes[endpoints.withdrawals.list.path] = () => empty;
      await renderScreen(<WithdrawPage />, '/mine/withdraw?type=0');
      const note = await screen.findByTestId('withdraw-waiting');
      const { formatDateTime, wireToMs } = await import('../../lib/datetime');
      expect(note.textContent).toBe(`For your safety, a newly bound withdrawal method can be used from ${formatDateTime(wireToMs(fresh.usable_at), 'en')}`);
      expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
      type('withdraw-amount', '100');
      type('withdraw-code', '123456');
      await click(screen.getByTestId('withdraw-submit'));
      expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
      expect(callsTo(endpoints.withdrawals.draw.path)).toHaveLength(0);
      // The waiting time ends: the note goes and the form opens by itself.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(91_000);
      });
      await waitFor(() => expect(screen.queryByTestId('withdraw-waiting')).toBeNull());
      expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('no bound method: the wallet.not_bind dialog offers /mine/withdraw-way?type=2 for bank', async () => {
    const EUR = { ...BTC, id: 5, code: 'EUR', protocol: '', type: 2, draw_rate: '0.015', draw_min: '100' };
    routes[endpoints.withdrawals.currencies.path] = () => [EUR];
    routes[endpoints.withdrawals.methods.path] = () => ({ list: [], drawCurrency: EUR });
    routes[endpoints.withdrawals.list.path] = () => empty;
    await renderScreen(<WithdrawPage />, '/mine/withdraw?type=1');
    const dialog = await screen.findByTestId('withdraw-not-bind');
    expect(dialog.textContent).toBe('You have not bound a withdrawal method yet. Bind one now?');
    expect(callsTo(endpoints.withdrawals.methods.path)[0]!.searchParams.get('draw_type')).toBe('2');
    await click(screen.getByText('Bind now'));
    await waitFor(() => expect(where()).toBe('/mine/withdraw-way?type=2&draw_id=5'));
  });

  it('submitting without a bound method opens the dialog again (coin: type 1)', { timeout: 15_000 }, async () => {
    routes[endpoints.withdrawals.currencies.path] = () => [USDT];
    routes[endpoints.withdrawals.methods.path] = () => ({ list: [], drawCurrency: USDT });
    routes[endpoints.withdrawals.list.path] = () => empty;
    await renderScreen(<WithdrawPage />, '/mine/withdraw');
    await screen.findByTestId('withdraw-not-bind');
    await click(screen.getByText('Cancel'));
    // The dialog leaves the DOM after its closing animation (slow on a loaded machine).
    await waitFor(() => expect(screen.queryByTestId('withdraw-not-bind')).toBeNull(), { timeout: 5000 });
    await click(screen.getByTestId('withdraw-submit'));
    await screen.findByTestId('withdraw-not-bind');
    await click(screen.getByText('Bind now'));
    await waitFor(() => expect(where()).toBe('/mine/withdraw-way?type=1&draw_id=1'));
  });
});

describe('withdrawal records', () => {
  it('a rejected withdrawal shows the reason staff gave', async () => {
    routes[endpoints.withdrawals.currencies.path] = () => [USDT];
    routes[endpoints.withdrawals.methods.path] = () => ({ list: [method], drawCurrency: USDT });
    const record = { number: '100', fee: '1', real_number: '99', created_at: '2026-01-01 00:00:00', type: 1, address: method.dc_address, payee_account: '', notes: '', draw_currency: { code: 'USDT', protocol: 'TRC20' } };
    routes[endpoints.withdrawals.list.path] = () => ({
      ...empty,
      total: 2,
      data: [
        { ...record, id: 1, status: 2, status_name: 'Rejected', remark: 'The address belongs to another person' },
        { ...record, id: 2, status: 0, status_name: 'Pending', remark: '' },
      ],
    });
    await renderScreen(<WithdrawPage />, '/mine/withdraw?type=0');
    const reasons = await screen.findAllByTestId('withdraw-record-remark');
    expect(reasons.map((r) => r.textContent)).toEqual(['The address belongs to another person']);
  });
});

describe('methods in their waiting time after binding', () => {
  it('the method list says from when (device time) a method bound just now is usable, and nothing for an older one', async () => {
    const fresh = { ...method, id: 51, created_at: wireIn(-1000), usable_at: wireIn(86_399_000) };
    routes[endpoints.withdrawals.methods.path] = () => ({ list: [fresh, method], drawCurrency: null });
    await renderScreen(<MethodListPage type={1} />, '/mine/coin-address-list');
    const { formatDateTime, wireToMs } = await import('../../lib/datetime');
    await screen.findByTestId('coin-method-51');
    expect(within(screen.getByTestId('coin-method-51')).getByTestId('method-usable-from').textContent).toBe(`Usable from ${formatDateTime(wireToMs(fresh.usable_at), 'en')}`);
    expect(within(screen.getByTestId('coin-method-41')).queryByTestId('method-usable-from')).toBeNull();
  });

  it('the withdrawal form starts on a usable method; one bound just now says from when and cannot be withdrawn to', async () => {
    const fresh = { ...method, id: 51, dc_address: 'TFreshAddressabcdefghijklmnopqrstu', created_at: wireIn(-1000), usable_at: wireIn(86_399_000) };
    routes[endpoints.withdrawals.currencies.path] = () => [USDT];
    routes[endpoints.withdrawals.methods.path] = () => ({ list: [fresh, method], drawCurrency: USDT });
    routes[endpoints.withdrawals.list.path] = () => empty;
    await renderScreen(<WithdrawPage />, '/mine/withdraw?type=0');
    await screen.findByTestId('withdraw-method-51');
    expect(screen.getByTestId('withdraw-method-41').getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('withdraw-waiting')).toBeNull();
    await click(screen.getByTestId('withdraw-method-51'));
    const { formatDateTime, wireToMs } = await import('../../lib/datetime');
    expect(screen.getByTestId('withdraw-waiting').textContent).toContain(formatDateTime(wireToMs(fresh.usable_at), 'en'));
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('in German the fee, the amount received and the minimum are written as German numbers', async () => {
    await setLang('de');
    routes[endpoints.withdrawals.currencies.path] = () => [BTC];
    routes[endpoints.withdrawals.methods.path] = () => ({ list: [{ ...method, draw_id: 3 }], drawCurrency: BTC });
    routes[endpoints.withdrawals.list.path] = () => empty;
    await renderScreen(<WithdrawPage />, '/mine/withdraw?type=0');
    await screen.findByTestId('withdraw-method-41');
    type('withdraw-amount', '12345.6');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('12,3456 USDT');
    expect(screen.getByTestId('withdraw-received').textContent).toBe('12.333,2544 USDT');
    expect(screen.getByTestId('withdraw-min').textContent).toBe('Mindestens 50 USDT');
  });
});

describe('bind a withdrawal method', () => {
  const bound = (dc: string) => said({ ...method, id: 50, dc_address: dc, created_at: wireIn(0), usable_at: wireIn(86_400_000) }, 'Withdrawal method bound');

  it('checks the address against its network as typed, with a localized message; nothing is sent for a wrong one', async () => {
    routes[endpoints.withdrawals.currencies.path] = () => [USDT, { ...USDT, id: 2, protocol: 'ERC20' }, BTC];
    routes[endpoints.withdrawals.bindMethod.path] = () => bound('x');
    await renderScreen(<WithdrawWayPage />, '/mine/withdraw-way?type=1');
    await screen.findByTestId('way-address');
    // Half typed: not judged yet.
    type('way-address', 'TR7NHqje');
    expect(screen.queryByTestId('way-address-error')).toBeNull();
    // Whole, with a wrong checksum.
    type('way-address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u');
    expect(screen.getByTestId('way-address-error').textContent).toBe('This is not a valid TRC20 address. Check it and try again');
    type('way-code', '123456');
    await click(screen.getByTestId('way-submit'));
    expect(toast).toHaveBeenCalledWith('This is not a valid TRC20 address. Check it and try again');
    expect(callsTo(endpoints.withdrawals.bindMethod.path)).toHaveLength(0);
    // The right address: the message goes.
    type('way-address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(screen.queryByTestId('way-address-error')).toBeNull();
    // Another network judges by its own rule: a Tron address is no ERC20 address; an EIP-55 one is.
    await click(screen.getByTestId('way-currency-2'));
    expect(screen.getByTestId('way-address-error').textContent).toBe('This is not a valid ERC20 address. Check it and try again');
    type('way-address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
    expect(screen.getByTestId('way-address-error')).toBeTruthy();
    type('way-address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(screen.queryByTestId('way-address-error')).toBeNull();
    await click(screen.getByTestId('way-currency-3'));
    type('way-address', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    expect(screen.queryByTestId('way-address-error')).toBeNull();
  });

  it('in Arabic the address message is Arabic', async () => {
    await setLang('ar');
    routes[endpoints.withdrawals.currencies.path] = () => [USDT];
    await renderScreen(<WithdrawWayPage />, '/mine/withdraw-way?type=1');
    await screen.findByTestId('way-address');
    type('way-address', 'TQ7s1mPLa9w4sGx2fHcVq8kXbN3eRzJ5uD');
    expect(screen.getByTestId('way-address-error').textContent).toBe('هذا ليس عنوان TRC20 صالحًا. يرجى التحقق منه والمحاولة مرة أخرى');
  });

  it('binds with the e-mailed code: send code (type 3), then the address and the code in one request', async () => {
    routes[endpoints.withdrawals.currencies.path] = () => [USDT];
    routes[endpoints.notify.sendEmail.path] = () => said(null, 'The verification code has been sent');
    routes[endpoints.withdrawals.bindMethod.path] = () => bound('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    await renderScreen(<WithdrawWayPage />, '/mine/withdraw-way?type=1');
    await screen.findByTestId('way-address');
    type('way-address', ' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ');
    // No code yet: asked for, nothing sent.
    await click(screen.getByTestId('way-submit'));
    expect(toast).toHaveBeenCalledWith('Enter the 6-digit code from the email');
    expect(callsTo(endpoints.withdrawals.bindMethod.path)).toHaveLength(0);
    expect(screen.getByTestId('way-code-to').textContent).toBe('The code is sent to ann@example.com');
    await click(screen.getByTestId('way-send-code'));
    await waitFor(() => expect(body(endpoints.notify.sendEmail.path)).toEqual({ type: 3 }));
    type('way-code', '654321');
    await click(screen.getByTestId('way-submit'));
    await waitFor(() => expect(callsTo(endpoints.withdrawals.bindMethod.path)).toHaveLength(1));
    expect(body(endpoints.withdrawals.bindMethod.path)).toEqual({ type: 1, draw_id: 1, dc_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', auth_code: '654321' });
    expect(headers(endpoints.withdrawals.bindMethod.path)['Idempotency-Key']).toMatch(/\S{8,}/);
  });

  it('a bank card keeps its own checks and sends the code too', async () => {
    const EUR = { ...BTC, id: 5, code: 'EUR', protocol: '', type: 2 };
    routes[endpoints.withdrawals.currencies.path] = () => [EUR];
    routes[endpoints.withdrawals.bindMethod.path] = () => said({ ...method, id: 51, type: 2, draw_id: 5, dc_address: '' }, 'Withdrawal method bound');
    await renderScreen(<WithdrawWayPage />, '/mine/withdraw-way?type=2');
    await screen.findByTestId('way-bank-name');
    type('way-bank-name', 'Bank');
    type('way-payee-account', 'DE89 3704');
    type('way-payee-name', 'Ann');
    type('way-code', '111222');
    await click(screen.getByTestId('way-submit'));
    await waitFor(() => expect(callsTo(endpoints.withdrawals.bindMethod.path)).toHaveLength(1));
    expect(body(endpoints.withdrawals.bindMethod.path)).toMatchObject({ type: 2, draw_id: 5, bank_name: 'Bank', payee_account: 'DE89 3704', payee_name: 'Ann', auth_code: '111222' });
  });
});

describe('charge', () => {
  const addresses = [
    { id: 1, currency_code: 'USDT', protocol_code: 'TRC20', address: 'TQ7s1mPLa9w4sGx2fHcVq8kXbN3eRzJ5uD' },
    { id: 2, currency_code: 'USDT', protocol_code: 'ERC20', address: '0x5b1F3c9A2e7D4f60B8a1C2d3E4f5061728394aBc' },
  ];
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' });
  const choose = async (file: File) => {
    const input = screen.getByTestId('charge-proof').querySelector('input[type=file]')!;
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });
  };
  const shownImages = () => screen.getByTestId('charge-proof').querySelectorAll('.adm-image-uploader-cell img').length;

  it('coin: address with QR and network choice; a failed upload clears the image; submit sends proofImg once', async () => {
    routes[endpoints.deposits.addresses.path] = () => addresses;
    routes[endpoints.deposits.list.path] = () => empty;
    let uploads = 0;
    routes[endpoints.uploads.image.path] = () => {
      uploads += 1;
      if (uploads === 1) return new Response(JSON.stringify({ code: 0, msg: 'Images only: PNG, JPEG or WebP', data: null }));
      return { url: '/uploads/0123456789abcdef0123456789abcdef.png' };
    };
    routes[endpoints.deposits.coinSubmit.path] = () => ({ id: 3 });
    await renderScreen(<ChargePage />, '/mine/charge?type=0');
    expect((await screen.findByTestId('charge-address')).textContent).toBe(addresses[0]!.address);
    expect(expectShown(screen.getByTestId('charge-qr')).querySelectorAll('svg path').length).toBeGreaterThan(0);
    await click(screen.getByTestId('charge-network-2'));
    expect(screen.getByTestId('charge-address').textContent).toBe(addresses[1]!.address);

    // A file over the size limit is refused before it is sent.
    await choose(new File([new Uint8Array(DEFAULT_UPLOAD_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(`The image is larger than ${DEFAULT_UPLOAD_MAX_BYTES / 1024 / 1024} MB`));
    expect(uploads).toBe(0);
    expect(shownImages()).toBe(0);

    await choose(png());
    await waitFor(() => expect(uploads).toBe(1));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Images only: PNG, JPEG or WebP'));
    expect(shownImages()).toBe(0);
    type('charge-amount', '50');
    await click(screen.getByTestId('charge-submit'));
    expect(toast).toHaveBeenLastCalledWith('Upload an image of the payment proof');
    expect(callsTo(endpoints.deposits.coinSubmit.path)).toHaveLength(0);

    await choose(png());
    await waitFor(() => expect(shownImages()).toBe(1));
    const sent = calls.find((c) => c.url.pathname === endpoints.uploads.image.path)!;
    expect(sent.init.body).toBeInstanceOf(FormData);
    await click(screen.getByTestId('charge-submit'));
    await waitFor(() => expect(callsTo(endpoints.deposits.coinSubmit.path)).toHaveLength(1));
    expect(body(endpoints.deposits.coinSubmit.path)).toEqual({ number: '50', proofImg: '/uploads/0123456789abcdef0123456789abcdef.png', charge_id: 2 });
    expect(headers(endpoints.deposits.coinSubmit.path)['Idempotency-Key']).toMatch(/\S{8,}/);
    await waitFor(() => expect(shownImages()).toBe(0));
  });

  it('bank: no collection account chosen gives withdraw.no_pay_way; records show coloured statuses', async () => {
    routes[endpoints.deposits.bankCoins.path] = () => [{ id: 1, name: 'USD' }];
    routes[endpoints.deposits.wireInfo.path] = () => [
      { id: 11, bank_name: 'Harbour Point Bank', bank_address: 'NY', bank_swift: 'HPBKUS33', payee_name: 'HP Ltd', payee_account: '0012345678901', bank_remark: '' },
      { id: 12, bank_name: 'Other Bank', bank_address: 'LA', bank_swift: 'OTHRUS33', payee_name: 'HP Ltd', payee_account: '99887766', bank_remark: '' },
    ];
    routes[endpoints.deposits.list.path] = () => ({
      ...empty,
      total: 2,
      data: [
        { id: 1, number: '10', type: 1, currency_code: 'USD', status: 1, proof_img: '', address: '', remark: '', created_at: '2026-01-01 00:00:00' },
        { id: 2, number: '20', type: 1, currency_code: 'USD', status: 2, proof_img: '', address: '', remark: 'Wrong amount', created_at: '2026-01-02 00:00:00' },
      ],
    });
    await renderScreen(<ChargePage />, '/mine/charge?type=1');
    await screen.findByTestId('charge-bank-account-11');
    type('charge-amount', '10');
    await click(screen.getByTestId('charge-submit'));
    expect(toast).toHaveBeenLastCalledWith('Please choose a collection account first');
    await click(screen.getByTestId('charge-bank-account-12'));
    expect(screen.getByTestId('charge-payee-account').textContent).toBe('99887766');
    const statuses = await screen.findAllByTestId('charge-status');
    expect(statuses.map((s) => [s.textContent, s.dataset.status])).toEqual([
      ['Completed', '1'],
      ['Rejected', '2'],
    ]);
    expect(callsTo(endpoints.deposits.list.path)[0]!.searchParams.get('type')).toBe('1');
  });
});

describe('history', () => {
  const item = (i: number) => ({ Id: String(i), Value: i % 2 ? '5' : '-2.5', FrozenValue: '0', Type: i === 1 ? 10 : 1, Memo: i === 1 ? 'Bonus from support' : 'memo', MemoTran: `Deposit ${i}`, CreatedAtTran: '2026-01-01 00:00:00' });

  it('shows available and frozen, reads page after page to "no more", Type 10 shows Memo', async () => {
    routes[endpoints.wallet.accountLog.path] = (u) => {
      const page = Number(u.searchParams.get('page'));
      const ids = page === 1 ? Array.from({ length: 15 }, (_, i) => i + 1) : [16, 17, 18];
      return { data: ids.map(item), total: 18, current_page: page, last_page: 2, per_page: 15, accountTypeId: 3, available: '7.25', frozen: '2' };
    };
    await renderScreen(<HistoryPage />, '/mine/history?accountTypeId=3');
    await waitFor(() => expect(screen.getByTestId('history-available').textContent).toBe('7.25'));
    expect(screen.getByTestId('history-frozen-total').textContent).toBe('2.00');
    await waitFor(() => expect(screen.getAllByTestId('history-list-item')).toHaveLength(18));
    await screen.findByTestId('history-list-no-more');
    expect(screen.getByTestId('history-list-no-more').textContent).toBe('No more');
    const pages = callsTo(endpoints.wallet.accountLog.path).map((u) => [u.searchParams.get('accountTypeId'), u.searchParams.get('page')]);
    expect(pages).toEqual([
      ['3', '1'],
      ['3', '2'],
    ]);
    const rows = screen.getAllByTestId('history-list-item');
    expect(rows[0]!.textContent).toContain('Bonus from support');
    expect(rows[1]!.textContent).toContain('Deposit 2');
    expect(rows[1]!.textContent).toContain('-2.50');
    expect(rows[2]!.textContent).toContain('+5.00');
  });

  it('an error on the first page shows retry', async () => {
    let fail = true;
    routes[endpoints.wallet.accountLog.path] = () => (fail ? new Response('oops', { status: 502 }) : { ...empty, accountTypeId: 1, available: '1', frozen: '0' });
    await renderScreen(<HistoryPage />, '/mine/history');
    // A network failure is retried once (1 s) before the error shows.
    const retry = await screen.findByTestId('load-error', undefined, { timeout: 4000 });
    fail = false;
    await click(within(retry).getByRole('button'));
    await screen.findByTestId('empty');
    expect(callsTo(endpoints.wallet.accountLog.path).at(-1)!.searchParams.get('accountTypeId')).toBe('1');
  });
});

describe('demo accounts', () => {
  it.each([
    ['charge', <ChargePage key="c" />, '/mine/charge'],
    ['withdraw', <WithdrawPage key="w" />, '/mine/withdraw'],
    ['transfer', <TransferPage key="t" />, '/mine/transfer'],
  ])('%s shows "only true account" and no form', async (_name, element, path) => {
    useAuth.getState().setSession({ token: 'tok-8', user: demoUser });
    await renderScreen(element, path);
    expect((await screen.findByTestId('wallet-demo-notice')).textContent).toContain('Only available for a real account');
    expect(document.querySelector('form, [data-testid$="-submit"]')).toBeNull();
    expect(fakeFetch.mock.calls.map(([u]) => new URL(u).pathname).filter((p) => !p.includes('getBalance'))).toEqual([]);
  });
});
