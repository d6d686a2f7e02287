import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { cancelAll, configureApi } from '@tp/client';
import { wireApi } from '../lib/api';
import { initI18n } from '../lib/i18n';
import { useSession } from '../lib/session-store';
import { App } from './app';
import { PAGES, pageNamespaces } from './pages';

type Answer = { code: number; msg?: string; data?: unknown; error?: string };
let answers: Record<string, Answer[]>;
let sent: { url: string; init: RequestInit }[];

/** The server: answers per path, in order; the last one repeats. */
async function fakeFetch(url: string, init: RequestInit): Promise<Response> {
  sent.push({ url, init });
  const path = new URL(url).pathname;
  const queue = answers[path] ?? [{ code: 0, msg: 'Not found', error: 'not_found' }];
  const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
  return new Response(JSON.stringify({ msg: '', data: null, ...answer }), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

const session = { token: 'staff-token', admin: { id: 1, email: 'boss@example.com', role: 'admin' as const } };

beforeAll(async () => {
  await initI18n(pageNamespaces(), 'en');
});

beforeEach(() => {
  cancelAll();
  act(() => useSession.getState().signOut());
  window.location.hash = '#/';
  answers = {};
  sent = [];
  wireApi();
  configureApi({ fetch: fakeFetch as unknown as typeof fetch, origin: () => 'http://api.test', notify: vi.fn() });
});

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('sign-in', () => {
  it('asks for the second factor when the server requires it, then sends the code with the password', async () => {
    answers['/admin/api/login'] = [
      { code: 0, msg: 'Enter the code of your authenticator app', error: 'totp_required' },
      { code: 1, data: session },
    ];
    render(<App />);
    fill('login-email', 'boss@example.com');
    fill('login-password', 'secret-password');
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('login-totp');
    fill('login-totp', '123456');
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('side-menu');

    const bodies = sent.filter((s) => s.url.includes('/admin/api/login')).map((s) => JSON.parse(String(s.init.body)) as Record<string, unknown>);
    expect(bodies).toEqual([
      { email: 'boss@example.com', password: 'secret-password' },
      { email: 'boss@example.com', password: 'secret-password', totp: '123456' },
    ]);
    expect(screen.getByTestId('staff-email').textContent).toBe('boss@example.com');
    // Without a role in the answer the staff member is an admin, who sees every page.
    expect(useSession.getState().staff?.role).toBe('admin');
    expect(screen.getByTestId('side-menu').textContent).toContain('My account');
  });

  it("shows a refusal as the server's localized message", async () => {
    answers['/admin/api/login'] = [{ code: 0, msg: 'Wrong e-mail or password', error: 'invalid_credentials' }];
    render(<App />);
    fill('login-email', 'boss@example.com');
    fill('login-password', 'nope');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('Wrong e-mail or password');
    expect(useSession.getState().token).toBeNull();
  });
});

describe('signed in', () => {
  it('sends the admin token and the language; a 999 answer signs out to the login page', async () => {
    act(() => useSession.getState().signIn(session));
    answers['/admin/api/me'] = [{ code: 1, data: { ...session.admin, totp_enabled: false } }];
    answers['/admin/api/totp/setup'] = [{ code: 999, msg: 'Please log in', error: 'not_logged_in' }];
    window.location.hash = '#/account';
    render(<App />);
    fireEvent.click(await screen.findByTestId('totp-setup-start'));
    await screen.findByTestId('login-card');
    const setup = sent.find((s) => s.url.includes('/admin/api/totp/setup'))!;
    expect(setup.init.headers).toMatchObject({ authorization: 'staff-token', lang: 'en' });
    expect(useSession.getState().token).toBeNull();
  });

  it("the account page offers what the second factor's state allows: set up while off, turn off while on", async () => {
    act(() => useSession.getState().signIn(session));
    answers['/admin/api/me'] = [{ code: 1, data: { ...session.admin, totp_enabled: true } }];
    window.location.hash = '#/account';
    const { unmount } = render(<App />);
    expect((await screen.findByTestId('totp-state')).textContent).toBe('On');
    expect(screen.getByTestId('totp-disable-start')).toBeTruthy();
    expect(screen.queryByTestId('totp-setup-start')).toBeNull();
    unmount();

    answers['/admin/api/me'] = [{ code: 1, data: { ...session.admin, totp_enabled: false } }];
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('totp-state').textContent).toBe('Off'));
    expect(screen.getByTestId('totp-setup-start')).toBeTruthy();
    expect(screen.queryByTestId('totp-disable-start')).toBeNull();
  });

  it("the account page says when the second factor's state cannot be read, and reads it again on retry", async () => {
    act(() => useSession.getState().signIn(session));
    answers['/admin/api/me'] = [
      { code: 0, msg: 'Server busy', error: 'server_error' },
      { code: 1, data: { ...session.admin, totp_enabled: false } },
    ];
    window.location.hash = '#/account';
    render(<App />);
    fireEvent.click(await screen.findByTestId('totp-state-retry'));
    expect((await screen.findByTestId('totp-state')).textContent).toBe('Off');
  });

  it('the menu lists only the pages of the signed-in role, and the console opens on the first', async () => {
    act(() => useSession.getState().signIn(session));
    const pages = [...PAGES, { ...PAGES[0]!, path: 'staff-only', navKey: 'common:brand', roles: ['admin'] as const }];
    act(() => useSession.setState({ staff: { id: 2, email: 's@example.com', role: 'support' } }));
    const { unmount } = render(<App pages={pages} />);
    const menu = await screen.findByTestId('side-menu');
    expect(menu.textContent).toContain('My account');
    expect(menu.textContent).not.toContain('Deposits');
    expect(menu.textContent).not.toContain('TradePlatform Console');
    await waitFor(() => expect(window.location.hash).toBe('#/dashboard'));
    unmount();

    window.location.hash = '#/';
    act(() => useSession.setState({ staff: { id: 3, email: 'r@example.com', role: 'reviewer' } }));
    render(<App pages={pages} />);
    const reviewerMenu = await screen.findByTestId('side-menu');
    expect(reviewerMenu.textContent).toContain('Deposits');
    expect(reviewerMenu.textContent).toContain('Withdrawals');
    expect(reviewerMenu.textContent).not.toContain('TradePlatform Console');
    await waitFor(() => expect(window.location.hash).toBe('#/dashboard'));
  });
});
