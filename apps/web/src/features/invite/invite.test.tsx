import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type User } from '@tp/contracts';
import { cancelAll } from '../../lib/api/client';
import { useAuth } from '../../lib/auth-store';
import { i18next, initI18n, setLang } from '../../lib/i18n';
import { callsTo, renderScreen, resetFetch, routes } from '../../test/market-harness';
import { inviteLink } from './api/invite-api';
import { InvitePage } from './routes/invite-page';

vi.mock('../../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('../../lib/clipboard', () => ({ copyText: vi.fn(async () => true) }));
const { toastSuccess } = await import('../../lib/toast');
const { copyText } = await import('../../lib/clipboard');

const realUser: User = { id: 7, uid: '10000007', email: 'ann@example.com', invite_code: 'ANN123', is_demo: 0, is_trader: 0, created_at: '2026-01-01 00:00:00' };
const demoUser: User = { ...realUser, id: 8, email: null, is_demo: 1 };

beforeAll(async () => {
  await initI18n('en');
  await i18next.loadNamespaces('invite');
});
beforeEach(async () => {
  await setLang('en');
  resetFetch();
  vi.mocked(copyText).mockClear();
});
afterEach(() => {
  cancelAll();
  useAuth.getState().clear();
});

describe('invite link', () => {
  it.each([
    ['https://m.example.com', 'ANN123', 'https://m.example.com/#/register?invite_code=ANN123'],
    ['http://localhost:8080', 'A B&1', 'http://localhost:8080/#/register?invite_code=A%20B%261'],
  ])('%s with %s is %s', (origin, code, link) => {
    expect(inviteLink(origin, code)).toBe(link);
  });
});

describe('invite page', () => {
  it('shows the code, the link and its QR code, copies both, and counts who registered with the code', async () => {
    useAuth.getState().setSession({ token: 'tok-7', user: realUser });
    routes[endpoints.invite.stats.path] = () => ({ invite_code: 'ANN123', invited: 3 });
    await renderScreen(<InvitePage />, '/mine/invite');
    const link = `${window.location.origin}/#/register?invite_code=ANN123`;
    expect(screen.getByTestId('invite-code').textContent).toContain('ANN123');
    expect(screen.getByTestId('invite-link').textContent).toContain(link);
    expect(screen.getByTestId('invite-qr').getAttribute('data-value')).toBe(link);
    expect(screen.getByTestId('invite-qr').querySelector('svg')).not.toBeNull();
    expect((await screen.findByTestId('invite-count')).textContent).toContain('3');
    await act(async () => {
      fireEvent.click(screen.getByTestId('invite-link-copy'));
    });
    expect(copyText).toHaveBeenLastCalledWith(link);
    await act(async () => {
      fireEvent.click(screen.getByTestId('invite-code-copy'));
    });
    expect(copyText).toHaveBeenLastCalledWith('ANN123');
    expect(toastSuccess).toHaveBeenCalledWith('Copied');
  });

  it('a demo account is refused (only true account) and nothing is asked of the server', async () => {
    useAuth.getState().setSession({ token: 'tok-8', user: demoUser });
    routes[endpoints.invite.stats.path] = () => ({ invite_code: 'X', invited: 0 });
    await renderScreen(<InvitePage />, '/mine/invite');
    expect(screen.getByTestId('invite-demo-refused').textContent).toContain('real account');
    expect(screen.queryByTestId('invite-qr')).toBeNull();
    expect(callsTo(endpoints.invite.stats.path)).toEqual([]);
  });
});
