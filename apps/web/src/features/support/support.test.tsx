import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type SupportMessage, type User } from '@tp/contracts';
import { cancelAll } from '../../lib/api/client';
import { useAuth } from '../../lib/auth-store';
import { i18next, initI18n, setLang } from '../../lib/i18n';
import { calls, callsTo, renderScreen, resetFetch, routes } from '../../test/market-harness';
import { ChatPage } from './routes/chat-page';

vi.mock('../../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));

const user: User = { id: 7, uid: '10000007', email: 'ann@example.com', invite_code: 'ANN123', is_demo: 0, is_trader: 0, created_at: '2026-01-01 00:00:00' };
const basic = (service_link: string, service_link_type: number) => ({ service_link, service_link_type, verify_reg_type: 1, trade_fee_type: 1, micro_loss_level: 1 });
const message = (id: number, from: SupportMessage['from'], text: string, read_at: string | null = null): SupportMessage => ({
  id, from, text, image: null, client_id: `client-${id}-xyz`, read_at, created_at: '2026-11-24 10:00:00',
});

beforeAll(async () => {
  // jsdom lays nothing out and has no scrolling.
  Element.prototype.scrollIntoView = vi.fn();
  await initI18n('en');
  await i18next.loadNamespaces('support');
});
beforeEach(async () => {
  await setLang('en');
  resetFetch();
});
afterEach(() => {
  cancelAll();
  useAuth.getState().clear();
});

describe('/mine/chat', () => {
  it('embeds the configured service link when its type is neither copy nor open', async () => {
    routes[endpoints.settings.basicInfo.path] = () => basic('https://chat.example.com/room', 1);
    await renderScreen(<ChatPage />, '/mine/chat');
    const frame = await screen.findByTestId('chat-frame');
    expect(frame.getAttribute('src')).toBe('https://chat.example.com/room');
  });

  it.each([
    [2, 'Copy link'],
    [3, 'Open customer service'],
  ])('service link type %s shows the link with "%s"', async (type, label) => {
    routes[endpoints.settings.basicInfo.path] = () => basic('https://chat.example.com/room', type);
    await renderScreen(<ChatPage />, '/mine/chat');
    expect((await screen.findByTestId('chat-link')).textContent).toBe('https://chat.example.com/room');
    expect(screen.getByText(label)).toBeTruthy();
  });

  it('without a link, a visitor is asked to log in first', async () => {
    routes[endpoints.settings.basicInfo.path] = () => basic('', 1);
    await renderScreen(<ChatPage />, '/mine/chat');
    await screen.findByTestId('chat-login');
    await act(async () => {
      fireEvent.click(screen.getByTestId('chat-login-button'));
    });
    expect(screen.getByTestId('where').textContent).toBe('/login?from=%2Fmine%2Fchat');
  });

  it('shows the history as plain text, marks staff messages read, and sends with a client id', async () => {
    useAuth.getState().setSession({ token: 'tok-7', user });
    routes[endpoints.settings.basicInfo.path] = () => basic('', 1);
    routes[endpoints.support.history.path] = () => ({ messages: [message(2, 'staff', 'Hello <b>there</b>'), message(1, 'user', 'Hi', '2026-11-24 10:01:00')], has_more: false, unread: 1 });
    routes[endpoints.support.read.path] = () => ({ unread: 0 });
    routes[endpoints.support.typing.path] = () => ({ ok: true });
    routes[endpoints.support.send.path] = (_url, init) => {
      const sent = JSON.parse(init.body as string) as { client_id: string; text: string };
      return { ...message(3, 'user', sent.text), client_id: sent.client_id };
    };
    await renderScreen(<ChatPage />, '/mine/chat');
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    const staff = screen.getAllByTestId('chat-message')[1]!;
    // Never html: the tags are shown as typed.
    expect(staff.textContent).toContain('Hello <b>there</b>');
    expect(staff.querySelector('b')).toBeNull();
    expect(screen.getByTestId('chat-read')).toBeTruthy();
    await waitFor(() => expect(callsTo(endpoints.support.read.path)).toHaveLength(1));

    const input = screen.getByTestId('chat-input').querySelector('textarea:not([aria-hidden])')!;
    fireEvent.change(input, { target: { value: 'Where is my deposit?' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('chat-send'));
    });
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(3));
    const sent = JSON.parse(calls.find((c) => c.url.pathname === endpoints.support.send.path)!.init.body as string) as Record<string, string>;
    expect(sent.text).toBe('Where is my deposit?');
    expect(sent.client_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(screen.queryByTestId('chat-pending')).toBeNull();
  });
});
