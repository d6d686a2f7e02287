import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type User } from '@tp/contracts';
import { cancelAll } from '../../lib/api/client';
import { useAuth } from '../../lib/auth-store';
import { i18next, initI18n, setLang } from '../../lib/i18n';
import { callsTo, renderScreen, resetFetch, routes } from '../../test/market-harness';
import { PasswordPage } from './routes/password-page';

vi.mock('../../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));
const { toast } = await import('../../lib/toast');

const realUser: User = { id: 7, uid: '10000007', email: 'ann@example.com', invite_code: 'ANN123', is_demo: 0, is_trader: 0, created_at: '2026-01-01 00:00:00' };

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  await setLang('en');
  resetFetch();
  vi.mocked(toast).mockClear();
  useAuth.getState().setSession({ token: 'tok-7', user: realUser });
});
afterEach(() => {
  cancelAll();
  useAuth.getState().clear();
});

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByTestId('password-submit'));
  });
}

// The form's rules (lib/validation, the contracts' schemas) load when it is sent, not with the page.
describe('change password', () => {
  it('checks the fields by the server rules before any call, then sends the new password', async () => {
    routes[endpoints.users.amendPassword.path] = () => null;
    await renderScreen(<PasswordPage />, '/mine/password');
    await submit();
    await waitFor(() => expect(toast).toHaveBeenLastCalledWith(i18next.t('public.input_full')));

    fill('password-code', '123456');
    fill('password-new', 'abcdefgh1');
    fill('password-repeat', 'abcdefgh2');
    await submit();
    await waitFor(() => expect(toast).toHaveBeenLastCalledWith(i18next.t('public.password_not_equal')));

    fill('password-new', 'short');
    fill('password-repeat', 'short');
    await submit();
    await waitFor(() => expect(toast).toHaveBeenLastCalledWith(i18next.t('auth.password_rule')));
    expect(callsTo(endpoints.users.amendPassword.path)).toHaveLength(0);

    fill('password-new', 'abcdefgh1');
    fill('password-repeat', 'abcdefgh1');
    await submit();
    await waitFor(() => expect(callsTo(endpoints.users.amendPassword.path)).toHaveLength(1));
  });
});
