import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type User } from '@tp/contracts';
import { cancelAll, configureApi } from '../../lib/api/client';
import { useAuth } from '../../lib/auth-store';
import { i18next, initI18n, setLang } from '../../lib/i18n';
import { calls, renderScreen, resetFetch, routes } from '../../test/market-harness';
import { AgreementPage, KycPage, SignPage, SubmitPage } from './loans-screens';
import { cleanAmount, percent } from './model';

vi.mock('../../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));
const { toast, toastSuccess } = await import('../../lib/toast');

// jsdom has no canvas: a stand-in pad that is empty until "drawn".
const pad = { empty: true };
vi.mock('signature_pad', () => ({
  default: class {
    isEmpty = () => pad.empty;
    clear = () => undefined;
    off = () => undefined;
    toData = () => [];
    fromData = () => undefined;
    toDataURL = () => 'data:image/png;base64,';
  },
}));

const realUser: User = { id: 7, uid: '10000007', email: 'ann@example.com', invite_code: 'ANN123', is_demo: 0, is_trader: 0, created_at: '2026-01-01 00:00:00' };
const kyc = { status: 0, remark: '', name: '', last_name: '', sex: null, birthday: '', country: '', mobile: '', id_card_type: null, hand_pic: '', signature: '' };
const configs = [
  { id: 1, loan_period: 7, min_amount: '100.00', max_amount: '5000.00', interest_rate: '0.001', free_period: 0, penalty_rate: '0.0025' },
  { id: 2, loan_period: 15, min_amount: '500.00', max_amount: '20000.00', interest_rate: '0.0008', free_period: 3, penalty_rate: '0.0025' },
];
const where = () => screen.getByTestId('where').textContent;
const click = async (el: Element) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

beforeAll(async () => {
  await initI18n('en');
  await i18next.loadNamespaces('loans');
});

beforeEach(async () => {
  await setLang('en');
  resetFetch();
  configureApi({ notify: toast, notifySuccess: toastSuccess });
  vi.mocked(toast).mockClear();
  pad.empty = true;
  useAuth.getState().setSession({ token: 'tok-7', user: realUser });
});

afterEach(() => {
  cancelAll();
  useAuth.getState().clear();
});

describe('loan rules of the screens', () => {
  it.each([
    ['0.0025', '0.25'],
    ['0.001', '0.1'],
    ['0', '0'],
  ])('rate %s is %s %% a day', (rate, shown) => expect(percent(rate)).toBe(shown));
  it.each([
    ['12,5', '12.5'],
    ['1.239', '1.23'],
    ['a1b2', '12'],
  ])('typed %s is %s', (typed, clean) => expect(cleanAmount(typed)).toBe(clean));
});

describe('/loan', () => {
  it('shows the form with the reviewer\'s reason when rejected', async () => {
    routes[endpoints.loans.info.path] = () => ({ ...kyc, status: 3, remark: 'The photo is blurred' });
    await renderScreen(<KycPage />, '/loan');
    expect((await screen.findByTestId('loan-kyc-rejected')).textContent).toContain('The photo is blurred');
    // Nothing filled in: the form says so and sends nothing.
    await click(screen.getByTestId('loan-kyc-submit'));
    expect(toast).toHaveBeenCalledWith('Please fill in all fields');
    expect(calls.some((c) => c.url.pathname === endpoints.loans.kycSubmit.path)).toBe(false);
  });

  it('waits while the check is reviewed, and goes to the application once approved', async () => {
    routes[endpoints.loans.info.path] = () => ({ ...kyc, status: 1 });
    const first = await renderScreen(<KycPage />, '/loan');
    expect(await screen.findByTestId('loan-kyc-waiting')).toBeTruthy();
    first.unmount();
    routes[endpoints.loans.info.path] = () => ({ ...kyc, status: 2 });
    await renderScreen(<KycPage />, '/loan');
    await waitFor(() => expect(where()).toBe('/loan/submit'));
  });

  it('a demo account is told loans need a real account, and nothing is asked', async () => {
    useAuth.getState().setSession({ token: 'tok-8', user: { ...realUser, id: 8, is_demo: 1 } });
    await renderScreen(<KycPage />, '/loan');
    expect(await screen.findByTestId('loan-demo-notice')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === endpoints.loans.info.path)).toBe(false);
  });
});

describe('/loan/submit and /loan/sign', () => {
  it('shows the bounds in the option label, fills the maximum, asks for an amount, then opens the agreement', async () => {
    routes[endpoints.loans.configs.path] = () => configs;
    await renderScreen(<SubmitPage />, '/loan/submit');
    expect((await screen.findByTestId('loan-term-2')).textContent).toBe('15 days500.00 - 20,000.00');
    expect(screen.getByTestId('loan-review-promise').textContent).toContain('48 hours');
    await click(screen.getByTestId('loan-next'));
    expect(toast).toHaveBeenCalledWith('Please enter the amount');
    await click(screen.getByTestId('loan-term-2'));
    await click(screen.getByTestId('loan-max'));
    expect((screen.getByTestId('loan-amount') as HTMLInputElement).value).toBe('20000.00');
    await click(screen.getByTestId('loan-next'));
    expect(where()).toBe('/loan/agreement?id=2&amount=20000.00');
  });

  it('shows the agreement the server rendered', async () => {
    routes[endpoints.loans.configInfo.path] = () => ({ ...configs[0], agreement_version: '1', agreement: 'Loan Agreement (version 1)\n1. Principal: 500.00 USDT', interest_amount: '3.50', due_date: '2026-01-12 10:00:00' });
    await renderScreen(<AgreementPage />, '/loan/agreement?id=1&amount=500');
    expect((await screen.findByTestId('loan-agreement-text')).textContent).toContain('500.00 USDT');
    await click(screen.getByTestId('loan-to-sign'));
    expect(where()).toBe('/loan/sign?id=1&amount=500');
  });

  it('an empty signature is refused with loan.please_sign and nothing is sent', async () => {
    await renderScreen(<SignPage />, '/loan/sign?id=1&amount=500');
    await click(await screen.findByTestId('loan-sign-submit'));
    expect(toast).toHaveBeenCalledWith('Please sign');
    expect(calls.filter((c) => c.url.pathname === endpoints.uploads.image.path || c.url.pathname === endpoints.loans.submit.path)).toEqual([]);
  });
});
