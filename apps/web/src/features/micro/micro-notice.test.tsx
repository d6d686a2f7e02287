import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isValidElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createQueryClient } from '../../app/providers';
import { useAuth } from '../../lib/auth-store';
import { initI18n } from '../../lib/i18n';
import { MicroSettledNotice } from './components/micro-settled-notice';

const socket = vi.hoisted(() => ({ topics: [] as (string | null)[], handler: null as null | ((m: Record<string, unknown>) => void) }));
vi.mock('../../lib/ws', () => ({
  useWsTopic: (topic: string | null, handler: (m: Record<string, unknown>) => void) => {
    socket.topics.push(topic);
    socket.handler = handler;
  },
}));
const toast = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('antd-mobile', async (importOriginal) => ({ ...(await importOriginal<typeof import('antd-mobile')>()), Toast: toast }));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  useAuth.setState({ token: null, user: null });
  toast.show.mockClear();
});

describe('MICRO_SETTLED notice', () => {
  it('listens only while logged in, shows the result and refreshes the option lists and balances', async () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const ui = () => (
      <QueryClientProvider client={client}>
        <MicroSettledNotice />
      </QueryClientProvider>
    );
    const view = render(ui());
    expect(socket.topics.at(-1)).toBeNull();
    act(() => useAuth.setState({ token: 'tok' }));
    view.rerender(ui());
    expect(socket.topics.at(-1)).toBe('MICRO_SETTLED');

    act(() => socket.handler!({ type: 'MICRO_SETTLED', id: 5, result: 'loss', FactProfits: '-100.00', ShowCode: 'BTC/USDT', OpenPrice: '1', EndPrice: '0.9', Type: 1, Number: '100.00' }));
    // The toast's code is fetched with the first toast (lib/toast.ts): the notice shows a moment later.
    await vi.waitFor(() => expect(toast.show).toHaveBeenCalledTimes(1));
    const content = (toast.show.mock.calls[0]![0] as { content: ReactElement }).content;
    expect(isValidElement(content)).toBe(true);
    expect(renderToStaticMarkup(content)).toContain('BTC/USDT: your option lost 100.00 USDT');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['micro', 'orders'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['wallet'] });

    socket.handler!({ type: 'MICRO_SETTLED', id: 'x' }); // malformed: ignored
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toast.show).toHaveBeenCalledTimes(1);
  });
});
