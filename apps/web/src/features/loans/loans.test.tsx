import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type User } from '@tp/contracts';
import { cancelAll, configureApi } from '../../lib/api/client';
import { useAuth } from '../../lib/auth-store';
import { i18next, initI18n, setLang } from '../../lib/i18n';
import { calls, renderScreen, resetFetch, routes } from '../../test/market-harness';
import { AgreementPage, KycPage, RepaymentPage, SignPage, SubmitPage } from './loans-screens';
import { amountWithin, cleanAmount, maskId, percent, splitFullName, splitMobile } from './model';

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
  it.each([
    ['100', false],
    ['499.99', false],
    ['500', true],
    ['20000.00', true],
    ['20000.01', false],
    ['', false],
    ['.', false],
  ])('amount %s within 500 - 20000 is %s', (amount, within) => expect(amountWithin(amount, configs[1]!)).toBe(within));
  it.each([
    ['CHAN, Tai Man', 'CHAN', 'Tai Man'],
    ['CHAN Tai Man', 'CHAN', 'Tai Man'],
    ['Ann Marie Lee', 'Lee', 'Ann Marie'],
    ['陳大文', '陳', '大文'],
    ['Madonna', 'Madonna', ''],
    ['  ', '', ''],
  ])('the verified name %s is last %s, first %s', (full, last, first) => expect(splitFullName(full)).toEqual({ last, first }));
  it('reads a stored mobile and masks an ID number', () => {
    expect(splitMobile('+852-91234567')).toEqual({ code: '852', number: '91234567' });
    expect(splitMobile('garbled')).toEqual({ code: '', number: '' });
    expect(maskId('A1234567')).toBe('A1••••67');
    expect(maskId('123')).toBe('•••');
  });
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

  it('offers a demo account the way to a real one, coming back to the loan afterwards', async () => {
    useAuth.getState().setSession({ token: 'tok-8', user: { ...realUser, id: 8, is_demo: 1 } });
    const first = await renderScreen(<KycPage />, '/loan');
    await click(await screen.findByTestId('loan-demo-notice-register'));
    expect(where()).toBe('/register?from=%2Floan');
    first.unmount();
    await renderScreen(<SubmitPage />, '/loan/submit');
    await click(await screen.findByTestId('loan-demo-notice-login'));
    expect(where()).toBe('/login?from=%2Floan%2Fsubmit');
  });

  describe('what is already known', () => {
    const areas = [
      { id: 1, code: 'HK', global_code: '852', name: 'Hong Kong' },
      { id: 2, code: 'GB', global_code: '44', name: 'United Kingdom' },
      { id: 3, code: 'SG', global_code: '65', name: 'Singapore' },
    ];
    const verified = { review_status: 2, name: 'CHAN Tai Man', id_card_type: 2, id_card_type_name: 'Passport', card_id: 'K12345678', front_pic: '', reverse_pic: '', reject_reason: '' };
    const value = (id: string) => (screen.getByTestId(id) as HTMLInputElement).value;
    const checked = (id: string) => screen.getByTestId(id).getAttribute('aria-checked');

    it('fills the names and ID type from the approved real-name verification and shows it', async () => {
      routes[endpoints.loans.info.path] = () => kyc;
      routes[endpoints.realName.center.path] = () => verified;
      routes[endpoints.settings.areaList.path] = () => areas;
      await renderScreen(<KycPage />, '/loan');
      const block = await screen.findByTestId('loan-kyc-verified');
      expect(block.textContent).toContain('CHAN Tai Man');
      expect(block.textContent).toContain('K1•••••78');
      expect(block.textContent).not.toContain('K12345678');
      expect(value('loan-last-name')).toBe('CHAN');
      expect(value('loan-first-name')).toBe('Tai Man');
      expect(checked('loan-id-type-2')).toBe('true');
    });

    it('asks nothing of a verification still under review, and fills a rejected submission back in to correct', async () => {
      routes[endpoints.loans.info.path] = () => ({ ...kyc, status: 3, remark: 'Blurred', name: 'Lee', last_name: 'Ann', sex: 2, birthday: '1990/05/17', country: 'Singapore', mobile: '+65-81234567', id_card_type: 1 });
      routes[endpoints.realName.center.path] = () => ({ ...verified, review_status: 1 });
      routes[endpoints.settings.areaList.path] = () => areas;
      await renderScreen(<KycPage />, '/loan');
      await waitFor(() => expect(value('loan-last-name')).toBe('Lee'));
      // The country and the code once the area list has arrived.
      await waitFor(() => expect(screen.getByTestId('loan-country').getAttribute('data-value')).toBe('SG'));
      expect(screen.queryByTestId('loan-kyc-verified')).toBeNull();
      expect(value('loan-first-name')).toBe('Ann');
      expect(value('loan-birthday')).toBe('1990-05-17');
      expect(value('loan-phone')).toBe('81234567');
      expect(checked('loan-sex-2')).toBe('true');
      expect(checked('loan-id-type-1')).toBe('true');
      expect(screen.getByTestId('loan-country').getAttribute('data-value')).toBe('SG');
      expect(screen.getByTestId('loan-area').textContent).toBe('+65');
    });

    it('picks the country and its calling code from the area list, searchable', async () => {
      routes[endpoints.loans.info.path] = () => kyc;
      routes[endpoints.realName.center.path] = () => ({ ...verified, review_status: 0, name: '', card_id: '' });
      routes[endpoints.settings.areaList.path] = () => areas;
      await renderScreen(<KycPage />, '/loan');
      const country = await screen.findByTestId('loan-country');
      expect(country.tagName).toBe('BUTTON');
      await waitFor(() => expect(calls.some((c) => c.url.pathname === endpoints.settings.areaList.path)).toBe(true));
      await click(country);
      await act(async () => {
        fireEvent.change(await screen.findByTestId('loan-country-search'), { target: { value: '44' } });
      });
      expect(screen.queryByTestId('loan-country-option-HK')).toBeNull();
      await click(screen.getByTestId('loan-country-option-GB'));
      expect(country.getAttribute('data-value')).toBe('GB');
      expect(country.textContent).toContain('United Kingdom');
      // The calling code followed the country.
      expect(screen.getByTestId('loan-area').textContent).toBe('+44');
    });
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

  it('keeps the chosen term and amount when coming back from the agreement', async () => {
    routes[endpoints.loans.configs.path] = () => configs;
    const first = await renderScreen(<SubmitPage />, '/loan/submit');
    await click(await screen.findByTestId('loan-term-2'));
    await act(async () => {
      fireEvent.change(screen.getByTestId('loan-amount'), { target: { value: '600' } });
    });
    await click(screen.getByTestId('loan-next'));
    expect(where()).toBe('/loan/agreement?id=2&amount=600');
    first.unmount();
    // Back returns to the entry Next left behind: /loan/submit with the choice in it.
    await renderScreen(<SubmitPage />, '/loan/submit?id=2&amount=600');
    expect((await screen.findByTestId('loan-term-2')).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('loan-term-1').getAttribute('aria-checked')).toBe('false');
    expect((screen.getByTestId('loan-amount') as HTMLInputElement).value).toBe('600');
  });

  it("refuses an amount outside the term's bounds in the form, with the bounds, before any agreement", async () => {
    routes[endpoints.loans.configs.path] = () => configs;
    await renderScreen(<SubmitPage />, '/loan/submit');
    await click(await screen.findByTestId('loan-term-2'));
    await act(async () => {
      fireEvent.change(screen.getByTestId('loan-amount'), { target: { value: '100' } });
    });
    await click(screen.getByTestId('loan-next'));
    expect(where()).toBe('/loan/submit');
    expect(screen.getByTestId('loan-amount-error').textContent).toBe('Enter an amount from 500.00 to 20,000.00 for this term');
    await act(async () => {
      fireEvent.change(screen.getByTestId('loan-amount'), { target: { value: '20000.01' } });
    });
    expect(screen.queryByTestId('loan-amount-error')).toBeNull();
    await click(screen.getByTestId('loan-next'));
    expect(screen.getByTestId('loan-amount-error')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === endpoints.loans.configInfo.path)).toBe(false);
    // The first term lends from 100: the same amount is fine there.
    await click(screen.getByTestId('loan-term-1'));
    await act(async () => {
      fireEvent.change(screen.getByTestId('loan-amount'), { target: { value: '100' } });
    });
    await click(screen.getByTestId('loan-next'));
    expect(where()).toBe('/loan/agreement?id=1&amount=100');
  });

  it('shows the agreement the server rendered', async () => {
    routes[endpoints.loans.configInfo.path] = () => ({ ...configs[0], agreement_version: '1', agreement: 'Loan Agreement (version 1)\n1. Principal: 500.00 USDT', interest_amount: '3.50', due_date: '2026-01-12 10:00:00' });
    await renderScreen(<AgreementPage />, '/loan/agreement?id=1&amount=500');
    expect((await screen.findByTestId('loan-agreement-text')).textContent).toContain('500.00 USDT');
    await click(screen.getByTestId('loan-to-sign'));
    expect(where()).toBe('/loan/sign?id=1&amount=500');
  });

  it('shows the signed agreement with the signature that was drawn', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:signature');
    URL.revokeObjectURL = vi.fn();
    routes[endpoints.loans.loanInfo.path] = () => ({
      id: 5, created_at: '2026-01-05 10:00:00', amount: '500.00', loan_period: 7, free_period: 0, interest_amount: '3.50', interest_rate: '0.001', penalty_rate: '0.0025', penalty_amount: '0.00',
      amount_due: '503.50', reviewed_at: null, repayment_time: null, repaid_at: null, status: 1, remark: '', agreement: 'Loan Agreement (version 1)', agreement_hash: 'ab12', sign: '/uploads/7/signature.png', signed_at: '2026-01-05 10:00:00',
    });
    routes['/uploads/7/signature.png'] = () => new Response(new Uint8Array([1]), { headers: { 'content-type': 'image/png' } });
    await renderScreen(<AgreementPage />, '/loan/agreement?loan_id=5');
    const signature = await screen.findByTestId('loan-agreement-signature');
    await waitFor(() => expect(signature.getAttribute('data-loaded')).toBe('1'));
    const img = signature.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('blob:signature');
    expect(img.getAttribute('alt')).toBe('Signature');
    expect(calls.some((c) => c.url.pathname === '/uploads/7/signature.png')).toBe(true);
  });

  it('says "not found" with a way back for a link without its loan or with an unknown one, not a connection error', async () => {
    const refused = () => new Response(JSON.stringify({ code: 0, msg: 'Not found', error: 'not_found', data: null }));
    routes[endpoints.loans.loanInfo.path] = refused;
    routes[endpoints.loans.repaymentInfo.path] = refused;
    routes[endpoints.loans.repaymentAccounts.path] = () => [];
    for (const [screenEl, path] of [
      [<RepaymentPage key="r" />, '/loan/repayment'],
      [<RepaymentPage key="r" />, '/loan/repayment?loan_id=999'],
      [<AgreementPage key="a" />, '/loan/agreement'],
      [<AgreementPage key="a" />, '/loan/agreement?loan_id=999'],
    ] as const) {
      const view = await renderScreen(screenEl, path);
      expect(await screen.findByTestId('not-found'), path).toBeTruthy();
      expect(screen.queryByTestId('load-error')).toBeNull();
      expect(screen.queryByTestId('loading')).toBeNull();
      await click(screen.getByTestId('not-found-back'));
      expect(where()).toBe('/loan/record');
      view.unmount();
    }
    // The screen says it; no toast on top of it.
    expect(toast).not.toHaveBeenCalled();
  });

  it('an empty signature is refused with loan.please_sign and nothing is sent', async () => {
    await renderScreen(<SignPage />, '/loan/sign?id=1&amount=500');
    await click(await screen.findByTestId('loan-sign-submit'));
    expect(toast).toHaveBeenCalledWith('Please sign');
    expect(calls.filter((c) => c.url.pathname === endpoints.uploads.image.path || c.url.pathname === endpoints.loans.submit.path)).toEqual([]);
  });
});
