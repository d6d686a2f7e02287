import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type Session, type User } from '@tp/contracts';
import { cancelAll, configureApi } from '../lib/api/client';
import { useAuth } from '../lib/auth-store';
import { initI18n, setLang } from '../lib/i18n';
import { usePrefs } from '../lib/theme';
import { ws } from '../lib/ws';
import { App } from './app';
import { wireApi } from './bootstrap';
import { setupAntdForReact19 } from '../lib/antd-setup';
import { ALL_PATHS } from './routes';
import { expectShown } from '../test/expect-shown';

vi.mock('../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));
const { toast } = await import('../lib/toast');

const realUser: User = { id: 7, uid: '10000007', email: 'ann@example.com', invite_code: 'ANN123', is_demo: 0, is_trader: 0, created_at: '2026-01-01 00:00:00' };
const demoUser: User = { ...realUser, id: 8, uid: '10000008', email: null, is_demo: 1 };
const balances = [
  { accountTypeId: 1, type: 'change', balance: '100.105', lockBalance: '0.10', currencyId: 1, currency: 'USDT' },
  { accountTypeId: 2, type: 'micro', balance: '50', lockBalance: '0', currencyId: 1, currency: 'USDT' },
  { accountTypeId: 3, type: 'forex', balance: '10.009', lockBalance: '5', currencyId: 1, currency: 'USDT' },
];

type Handler = (url: URL, init: RequestInit) => unknown;
let routes: Record<string, Handler>;
const calls: { url: URL; init: RequestInit }[] = [];

function ok(data: unknown) {
  return new Response(JSON.stringify({ code: 1, msg: 'ok', data }));
}

const fakeFetch = vi.fn(async (input: string, init: RequestInit) => {
  const url = new URL(input);
  calls.push({ url, init });
  const h = routes[url.pathname];
  if (!h) return new Response(JSON.stringify({ code: 0, msg: 'not found', data: null }), { status: 404 });
  const r = h(url, init);
  return r instanceof Response ? r : ok(r);
});

function session(user: User): Session {
  return { token: `tok-${user.id}`, user };
}

function login(user: User) {
  useAuth.getState().setSession(session(user));
}

async function open(hash: string) {
  window.location.hash = hash;
  let utils: ReturnType<typeof render> | undefined;
  await act(async () => {
    utils = render(<App />);
  });
  return utils!;
}

const path = () => window.location.hash.replace(/^#/, '');

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  await setLang('en');
  calls.length = 0;
  vi.mocked(toast).mockClear();
  useAuth.getState().clear();
  usePrefs.getState().setHideAssets(false);
  vi.spyOn(ws, 'connect').mockImplementation(() => undefined);
  routes = {
    [endpoints.settings.basicInfo.path]: () => ({ service_link: 'https://chat.example.com', service_link_type: 1, verify_reg_type: 1, trade_fee_type: 1, micro_loss_level: 0 }),
    [endpoints.settings.companyStatus.path]: () => ({ status: 0, type: 0, loss_url: '' }),
    [endpoints.users.info.path]: (_u, init) => ((init.headers as Record<string, string>).authorization === 'tok-8' ? demoUser : realUser),
    [endpoints.wallet.balances.path]: () => balances,
    [endpoints.users.profits.path]: () => ({ today_profit: '1.50', today_profit_rate: '0.91' }),
  };
  wireApi();
  configureApi({ fetch: fakeFetch as unknown as typeof fetch, origin: () => 'http://api.test', notify: toast });
});

afterEach(() => {
  cancelAll();
  vi.restoreAllMocks();
  window.location.hash = '';
});

describe('routing', () => {
  it('sends a visitor from /user to /login?from=/user', async () => {
    await open('#/user');
    await screen.findByTestId('login-account');
    expect(path()).toBe('/login?from=%2Fuser');
  });

  it('sends a visitor from /order and /mine/password to login too', async () => {
    await open('#/order');
    await screen.findByTestId('login-account');
    expect(path()).toBe('/login?from=%2Forder');
  });

  it('redirects unknown paths to /', async () => {
    await open('#/no/such/page');
    await screen.findByTestId('page-home');
    expect(path()).toBe('/');
  });

  it('renders every route of the spec for a logged-in user (none falls back to /)', async () => {
    login(realUser);
    await open('#/');
    for (const p of ALL_PATHS) {
      await act(async () => {
        window.location.hash = `#${p}`;
      });
      await waitFor(() => expect(path()).toBe(p));
    }
    // Every screen of the spec mounts here; on a loaded machine that takes tens of seconds.
  }, 60_000);

  it('starts the socket on every navigation', async () => {
    const connect = vi.mocked(ws.connect);
    await open('#/');
    const before = connect.mock.calls.length;
    await act(async () => {
      window.location.hash = '#/news';
    });
    await waitFor(() => expect(connect.mock.calls.length).toBeGreaterThanOrEqual(before + 1));
    await act(async () => {
      window.location.hash = '#/trade';
    });
    await waitFor(() => expect(connect.mock.calls.length).toBeGreaterThanOrEqual(before + 2));
  });

  it('keeps tab pages mounted: the user page survives a visit to home', async () => {
    login(realUser);
    await open('#/user');
    const email = await screen.findByTestId('user-email');
    fireEvent.click(screen.getByTestId('tab-home'));
    await waitFor(() => expect(path()).toBe('/'));
    expect(email.isConnected).toBe(true);
    expect(email.closest('.tp-tab-pane')?.hasAttribute('hidden')).toBe(true);
    fireEvent.click(screen.getByTestId('tab-user'));
    await waitFor(() => expect(email.closest('.tp-tab-pane')?.hasAttribute('hidden')).toBe(false));
    expect(screen.getByTestId('user-email')).toBe(email);
  });

  it('shows the tab bar with six tabs only on tab pages', async () => {
    await open('#/');
    for (const k of ['home', 'trade', 'order', 'follow', 'rank', 'user']) expectShown(screen.getByTestId(`tab-${k}`));
    await act(async () => {
      window.location.hash = '#/language';
    });
    await screen.findByTestId('page-language');
    expect(screen.queryByTestId('tab-home')).toBeNull();
  });
});

describe('login', () => {
  it('posts form-urlencoded credentials with the lang header and returns to from', async () => {
    routes[endpoints.users.login.path] = () => session(realUser);
    await open('#/login?from=%2Fuser');
    fireEvent.change(await screen.findByTestId('login-account'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret123' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-submit'));
    });
    await waitFor(() => expect(path()).toBe('/user'));
    const call = calls.find((c) => c.url.pathname === endpoints.users.login.path)!;
    const headers = call.init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(headers.lang).toBe('en');
    expect(call.init.body).toBe('login_type=email&account=ann%40example.com&password=secret123');
    expect(await screen.findByTestId('user-email')).toHaveProperty('textContent', 'ann@example.com');
    expect(localStorage.getItem('tp.token')).toBe('tok-7');
  });

  it('asks for the account first, then the password', async () => {
    await open('#/login');
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(toast).toHaveBeenLastCalledWith('Please enter your email or phone number');
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(toast).toHaveBeenLastCalledWith('Please enter your password');
  });

  it('try demo calls createAccountDemoForU with a remembered device id', async () => {
    routes[endpoints.users.demoLogin.path] = () => session(demoUser);
    await open('#/login');
    await act(async () => {
      fireEvent.click(await screen.findByTestId('login-demo'));
    });
    await waitFor(() => expect(path()).toBe('/'));
    const call = calls.find((c) => c.url.pathname === endpoints.users.demoLogin.path)!;
    const id = call.url.searchParams.get('demo_id');
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(localStorage.getItem('tp.demo_id')).toBe(id);
    expect(call.url.searchParams.get('t')).toMatch(/^\d+$/);
  });

  it('a 999 answer clears the user and goes to /login with from', async () => {
    login(realUser);
    routes[endpoints.wallet.balances.path] = () => new Response(JSON.stringify({ code: 999, msg: 'Please log in', data: null }));
    await open('#/user');
    await waitFor(() => expect(path()).toBe('/login?from=%2Fuser'));
    expect(useAuth.getState().token).toBeNull();
  });
});

describe('register and forgot', () => {
  it('prefills the invite code from ?invite_code= and sends the code with type 1', async () => {
    routes[endpoints.notify.sendEmail.path] = () => null;
    await open('#/register?invite_code=ABC123');
    expect((await screen.findByTestId('register-invite')).getAttribute('value')).toBe('ABC123');
    fireEvent.change(screen.getByTestId('register-account'), { target: { value: 'new@example.com' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-send-code'));
    });
    const call = calls.find((c) => c.url.pathname === endpoints.notify.sendEmail.path)!;
    expect(JSON.parse(call.init.body as string)).toEqual({ to: 'new@example.com', type: 1 });
    await waitFor(() => expect(screen.getByTestId('register-send-code').textContent).toMatch(/Resend in 60 s/));
  });

  it('shows the captcha image when verify_reg_type is 2 and sends its id as key', async () => {
    routes[endpoints.settings.basicInfo.path] = () => ({ service_link: '', service_link_type: 1, verify_reg_type: 2, trade_fee_type: 1, micro_loss_level: 0 });
    routes[endpoints.notify.captcha.path] = () => ({ id: 'cap-1', b64s: 'data:image/png;base64,AAAA' });
    routes[endpoints.users.register.path] = () => session(realUser);
    await open('#/register');
    const img = await screen.findByTestId('register-captcha');
    await waitFor(() => expect(img.getAttribute('src')).toBe('data:image/png;base64,AAAA'));
    expect(screen.queryByTestId('register-send-code')).toBeNull();
    fireEvent.change(screen.getByTestId('register-account'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByTestId('register-code'), { target: { value: 'x7k2' } });
    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'password1' } });
    fireEvent.change(screen.getByTestId('register-repassword'), { target: { value: 'password1' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-submit'));
    });
    await waitFor(() => expect(path()).toBe('/'));
    const body = JSON.parse(calls.find((c) => c.url.pathname === endpoints.users.register.path)!.init.body as string);
    expect(body).toMatchObject({ type: 1, account: 'new@example.com', sms_code: 'x7k2', key: 'cap-1', password: 'password1', re_password: 'password1' });
  });

  it('forgot: empty fields give public.input_full, different passwords public.password_not_equal', async () => {
    await open('#/forgot');
    fireEvent.click(await screen.findByTestId('forgot-submit'));
    expect(toast).toHaveBeenLastCalledWith('Please fill in all fields');
    fireEvent.change(screen.getByTestId('forgot-account'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByTestId('forgot-code'), { target: { value: '123456' } });
    fireEvent.change(screen.getByTestId('forgot-password'), { target: { value: 'password1' } });
    fireEvent.change(screen.getByTestId('forgot-repassword'), { target: { value: 'password2' } });
    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect(toast).toHaveBeenLastCalledWith('The two passwords do not match');
  });
});

describe('user page', () => {
  it('shows email, uid and the total of balance + lockBalance with 2 decimals; hiding is remembered', async () => {
    login(realUser);
    await open('#/user');
    expect((await screen.findByTestId('user-email')).textContent).toBe('ann@example.com');
    expect(screen.getByTestId('user-uid').textContent).toBe('UID 10000007');
    // 100.105 + 0.10 + 50 + 0 + 10.009 + 5 = 165.214 -> 165.21
    await waitFor(() => expect(screen.getByTestId('user-total').textContent).toBe('165.21'));
    fireEvent.click(screen.getByTestId('user-hide-toggle'));
    expect(screen.getByTestId('user-total').textContent).toBe('******');
    expect(localStorage.getItem('tp.hide_assets')).toBe('1');
    expect(screen.queryByTestId('user-demo-reset')).toBeNull();
    expect(screen.queryByTestId('user-mock-badge')).toBeNull();
  });

  it('logging out asks first, revokes the token, forgets the session and keeps /user for the next sign-in', async () => {
    routes[endpoints.users.logout.path] = () => null;
    setupAntdForReact19(); // the confirmation is one of the kit's dialogs, rendered as the app does
    login(realUser);
    await open('#/user');
    fireEvent.click(await screen.findByTestId('user-logout'));
    await screen.findByText('Do you want to log out?');
    expect(calls.some((c) => c.url.pathname === endpoints.users.logout.path)).toBe(false);
    await act(async () => void fireEvent.click(screen.getByText('Confirm')));
    await waitFor(() => expect(path()).toBe('/login?from=%2Fuser'));
    expect(calls.filter((c) => c.url.pathname === endpoints.users.logout.path)).toHaveLength(1);
    expect(useAuth.getState().token).toBeNull();
  });

  it('demo users see the mock badge, the reset button, and on a real-account entry why, with the way to a real account', async () => {
    login(demoUser);
    await open('#/user');
    await screen.findByTestId('user-mock-badge');
    expect(expectShown(screen.getByTestId('user-demo-reset')).hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByTestId('user-link-charge'));
    await waitFor(() => expect(path()).toBe('/mine/charge'));
    expect((await screen.findByTestId('wallet-demo-notice')).textContent).toContain('Only available for a real account');
    expectShown(screen.getByTestId('wallet-demo-notice-register'));
    await act(async () => {
      window.location.hash = '#/user';
    });
    await screen.findByTestId('user-mock-badge');
    fireEvent.click(screen.getByTestId('user-link-accounts'));
    await waitFor(() => expect(path()).toBe('/mine/accounts'));
  });

  it('the dark switch sets antd-mobile dark mode and is remembered', async () => {
    login(realUser);
    await open('#/user');
    fireEvent.click(await screen.findByTestId('user-dark-switch'));
    await waitFor(() => expect(document.documentElement.getAttribute('data-prefers-color-scheme')).toBe('dark'));
    expect(localStorage.getItem('tp.theme')).toBe('dark');
    fireEvent.click(screen.getByTestId('user-dark-switch'));
    await waitFor(() => expect(document.documentElement.getAttribute('data-prefers-color-scheme')).toBe('light'));
  });
});

describe('home and language', () => {
  it('home shows email, uid, total and today profit percent', async () => {
    login(realUser);
    await open('#/');
    expect((await screen.findByTestId('home-email')).textContent).toContain('ann@example.com');
    expect(screen.getByTestId('home-uid').textContent).toBe('UID 10000007');
    await waitFor(() => expect(screen.getByTestId('home-balance-total').textContent).toBe('165.21'));
    await waitFor(() => expect(screen.getByTestId('home-profit').textContent).toContain('+0.91%'));
    // The market part replaced the 'coming with a later release' line.
    expectShown(screen.getByTestId('home-markets'));
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it('the language page lists 18 languages; picking one sets it and goes back', async () => {
    await open('#/');
    await act(async () => {
      window.location.hash = '#/language';
    });
    await screen.findByTestId('page-language');
    expect(document.querySelectorAll('[data-testid^="lang-item-"]')).toHaveLength(18);
    await act(async () => {
      fireEvent.click(screen.getByTestId('lang-item-ar'));
    });
    await waitFor(() => expect(path()).toBe('/'));
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    expect(localStorage.getItem('tp.lang')).toBe('ar');
    expect((await screen.findByTestId('tab-user')).textContent).toBe('الحساب');
  });

  it('the customer-service icon opens the chat page when the link type is not 2 or 3', async () => {
    await open('#/');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === endpoints.settings.basicInfo.path)).toBe(true));
    fireEvent.click(await screen.findByTestId('header-service'));
    await waitFor(() => expect(path()).toBe('/mine/chat'));
  });
});
