import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@tp/contracts';
import { cancelAll, configureApi } from '../../lib/api/client';
import { initI18n, setLang } from '../../lib/i18n';
import { calls, renderScreen, resetFetch, routes } from '../../test/market-harness';
import { ForgotPage, LoginPage, RegisterPage } from './auth-screens';

vi.mock('../../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));
const { toast, toastSuccess } = await import('../../lib/toast');

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  await setLang('en');
  resetFetch();
  configureApi({ notify: toast, notifySuccess: toastSuccess });
  vi.mocked(toast).mockClear();
  routes[endpoints.settings.basicInfo.path] = () => ({ service_link: '', service_link_type: 1, verify_reg_type: 1, trade_fee_type: 1, micro_loss_level: 0 });
});

afterEach(() => cancelAll());

describe("the sign-in forms check with the app's own messages", () => {
  it('leaves no check to the browser: no native pop-up in its own language', async () => {
    for (const [el, path] of [
      [<RegisterPage key="r" />, '/register'],
      [<LoginPage key="l" />, '/login'],
      [<ForgotPage key="f" />, '/forgot'],
    ] as const) {
      const view = await renderScreen(el, path);
      const form = view.container.querySelector('form')!;
      expect(form.noValidate, path).toBe(true);
      expect(form.querySelectorAll('[required]'), path).toHaveLength(0);
      view.unmount();
    }
  });

  it('a malformed e-mail on register is refused in the app language, and nothing is sent', async () => {
    const view = await renderScreen(<RegisterPage />, '/register');
    await act(async () => {
      fireEvent.change(screen.getByTestId('register-account'), { target: { value: 'ann-at-example' } });
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-submit'));
    });
    expect(toast).toHaveBeenCalledWith('Please enter a valid email address');
    expect(calls.some((c) => c.url.pathname === endpoints.users.register.path)).toBe(false);
    view.unmount();
  });
});
