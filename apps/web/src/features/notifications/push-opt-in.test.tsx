import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type User } from '@tp/contracts';
import { cancelAll } from '../../lib/api/client';
import { useAuth } from '../../lib/auth-store';
import { i18next, initI18n, setLang } from '../../lib/i18n';
import { calls, callsTo, renderScreen, resetFetch, routes } from '../../test/market-harness';
import { PushOptIn } from './components/push-opt-in';
import { keyBytes } from './model/push-subscription';

/*
 * The device switch of Web Push against a browser double: jsdom has no service worker, PushManager
 * or Notification, and a headless browser here reaches no push service, so the browser's side is
 * mocked - permission prompt, the worker's registration and its PushManager.
 */

vi.mock('../../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));

const user: User = { id: 9, uid: '10000009', email: 'dee@example.com', invite_code: 'DEE123', is_demo: 0, is_trader: 0, created_at: '2026-01-01 00:00:00' };
const VAPID = 'BPcMbnWQL5GOYX_5SVOvmpdpkKh_GGxlb-QPIlZHcwwgO4g33yhjN-A-_LrUPRu_mPGLdHmH1LDRmcuiWbRt3A0';
const P256DH = `B${'A'.repeat(86)}`;
const AUTH = 'c'.repeat(22);
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';

interface FakeSubscription {
  endpoint: string;
  toJSON(): { endpoint: string; keys: { p256dh: string; auth: string } };
  unsubscribe: ReturnType<typeof vi.fn>;
}

function fakeSubscription(): FakeSubscription {
  return { endpoint: ENDPOINT, toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: P256DH, auth: AUTH } }), unsubscribe: vi.fn(async () => true) };
}

/** The browser: which permission it has, what the prompt answers, the subscription it holds. */
const browser = {
  permission: 'default' as NotificationPermission,
  prompt: 'granted' as NotificationPermission,
  subscription: null as FakeSubscription | null,
  subscribe: vi.fn(),
};

function installBrowser(withPush = true) {
  const pushManager = {
    getSubscription: async () => browser.subscription,
    subscribe: browser.subscribe.mockImplementation(async () => {
      browser.subscription = fakeSubscription();
      return browser.subscription;
    }),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve(registration), getRegistration: async () => registration } });
  if (withPush) {
    Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} });
    Object.defineProperty(window, 'Notification', {
      configurable: true,
      value: {
        get permission() {
          return browser.permission;
        },
        requestPermission: vi.fn(async () => {
          browser.permission = browser.prompt;
          return browser.prompt;
        }),
      },
    });
  }
}

function removeBrowser() {
  for (const [target, name] of [[navigator, 'serviceWorker'], [window, 'PushManager'], [window, 'Notification']] as const) {
    if (Object.getOwnPropertyDescriptor(target, name)?.configurable) delete (target as unknown as Record<string, unknown>)[name];
  }
}

const switchEl = () => screen.getByTestId('push-opt-in-switch');
const note = () => screen.getByTestId('push-opt-in-note');
const isOn = () => switchEl().getAttribute('aria-checked') === 'true';

async function toggle() {
  await act(async () => {
    fireEvent.click(switchEl());
  });
}

function bodyOf(path: string): Record<string, unknown> {
  const c = calls.filter((x) => x.url.pathname === path).at(-1)!;
  return JSON.parse(String(c.init.body)) as Record<string, unknown>;
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  await setLang('en');
  resetFetch();
  browser.permission = 'default';
  browser.prompt = 'granted';
  browser.subscription = null;
  browser.subscribe.mockReset();
  routes[endpoints.webPush.vapidKey.path] = () => ({ public_key: VAPID });
  routes[endpoints.webPush.subscribe.path] = () => null;
  routes[endpoints.webPush.unsubscribe.path] = () => null;
  useAuth.getState().setSession({ token: 'tok-9', user });
});
afterEach(() => {
  cancelAll();
  removeBrowser();
  useAuth.getState().clear();
});

describe('notifications on this device', () => {
  it('asks permission, subscribes with the server key and tells the server; off unsubscribes both', async () => {
    installBrowser();
    await renderScreen(<PushOptIn />);
    await waitFor(() => expect(switchEl().className).not.toContain('loading'));
    expect(isOn()).toBe(false);
    expect(note().textContent).toBe(i18next.t('web_push.explain'));

    await toggle();
    await waitFor(() => expect(isOn()).toBe(true));
    expect(browser.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(VAPID) });
    expect(keyBytes(VAPID)).toHaveLength(65);
    expect(bodyOf(endpoints.webPush.subscribe.path)).toEqual({ endpoint: ENDPOINT, p256dh: P256DH, auth: AUTH });

    const held = browser.subscription!;
    await toggle();
    await waitFor(() => expect(isOn()).toBe(false));
    expect(bodyOf(endpoints.webPush.unsubscribe.path)).toEqual({ endpoint: ENDPOINT });
    expect(held.unsubscribe).toHaveBeenCalledOnce();
  });

  it('shows the device as on when the browser holds a subscription, and re-sends it for this account', async () => {
    installBrowser();
    browser.permission = 'granted';
    browser.subscription = fakeSubscription();
    await renderScreen(<PushOptIn />);
    await waitFor(() => expect(isOn()).toBe(true));
    await waitFor(() => expect(callsTo(endpoints.webPush.subscribe.path)).toHaveLength(1));
  });

  it('subscribes anew where the browser holds a subscription made for another server key', async () => {
    installBrowser();
    browser.permission = 'granted';
    const stale = { ...fakeSubscription(), options: { applicationServerKey: new Uint8Array(65).fill(4).buffer } };
    browser.subscription = stale;
    routes[endpoints.webPush.subscribe.path] = () => null;
    await renderScreen(<PushOptIn />);
    await waitFor(() => expect(isOn()).toBe(true));
    await toggle();
    await waitFor(() => expect(isOn()).toBe(false));
    await toggle();
    await waitFor(() => expect(isOn()).toBe(true));
    expect(browser.subscribe).toHaveBeenCalledOnce();
  });

  it('undoes the browser subscription when the server refuses it, and stays off', async () => {
    installBrowser();
    routes[endpoints.webPush.subscribe.path] = () => new Response(JSON.stringify({ code: 0, msg: 'not supported', data: null, error: 'push_service_unknown' }));
    await renderScreen(<PushOptIn />);
    await waitFor(() => expect(switchEl().className).not.toContain('loading'));
    await toggle();
    await waitFor(() => expect(browser.subscription?.unsubscribe).toHaveBeenCalledOnce());
    expect(isOn()).toBe(false);
  });

  it('explains a refused permission and a browser without push, with the switch off', async () => {
    installBrowser();
    browser.prompt = 'denied';
    await renderScreen(<PushOptIn />);
    await waitFor(() => expect(switchEl().className).not.toContain('loading'));
    await toggle();
    await waitFor(() => expect(note().textContent).toBe(i18next.t('web_push.denied')));
    expect(isOn()).toBe(false);
    expect(switchEl().className).toContain('disabled');
    expect(callsTo(endpoints.webPush.subscribe.path)).toHaveLength(0);
  });

  it('says so where the browser cannot receive pushes at all', async () => {
    installBrowser(false);
    await renderScreen(<PushOptIn />);
    expect(note().textContent).toBe(i18next.t('web_push.unsupported'));
    expect(switchEl().className).toContain('disabled');
  });
});
