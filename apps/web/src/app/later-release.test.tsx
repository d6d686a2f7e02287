import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type User } from '@tp/contracts';
import { cancelAll, configureApi } from '../lib/api/client';
import { useAuth } from '../lib/auth-store';
import { initI18n } from '../lib/i18n';
import { ws } from '../lib/ws';
import { App } from './app';
import { wireApi } from './bootstrap';
import { ComingSoon } from '../components/ui/coming-soon';
import { ALL_PATHS, PLACEHOLDERS } from './routes';

vi.mock('../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));

const user: User = { id: 7, uid: '10000007', email: 'ann@example.com', invite_code: 'ANN123', is_demo: 0, is_trader: 0, created_at: '2026-01-01 00:00:00' };

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  vi.spyOn(ws, 'connect').mockImplementation(() => undefined);
  wireApi();
  // Every call answers "not found": a built screen shows its own error state, never the frame.
  configureApi({
    fetch: (async (input: string) => {
      const { pathname } = new URL(input);
      if (pathname === endpoints.users.info.path) return new Response(JSON.stringify({ code: 1, msg: 'ok', data: user }));
      return new Response(JSON.stringify({ code: 0, msg: 'not found', data: null }), { status: 404 });
    }) as unknown as typeof fetch,
    origin: () => 'http://api.test',
    notify: () => undefined,
  });
  useAuth.getState().setSession({ token: 'tok-7', user });
});
afterEach(() => {
  cleanup();
  cancelAll();
  vi.restoreAllMocks();
  useAuth.getState().clear();
  window.location.hash = '';
});

/** Opens the app at `path` and says whether its screen, once loaded, is the later-release frame. */
async function showsLaterRelease(path: string): Promise<boolean> {
  window.location.hash = `#${path}`;
  await act(async () => {
    render(<App />);
  });
  await waitFor(() => expect(screen.queryByTestId('screen-loading')).toBeNull(), { timeout: 10_000 });
  // Tab panes visited before stay mounted but hidden: only the frame of the shown page counts.
  return screen.queryAllByTestId('coming-soon').some((el) => !el.closest('[hidden], [style*="display: none"]'));
}

describe('no route of the spec shows the "later release" frame', () => {
  it('routes.ts lists no placeholder: every route of the spec has its own screen', () => {
    expect(PLACEHOLDERS.map((p) => p.path)).toEqual([]);
  });

  it('the check sees the frame where it is shown', async () => {
    await act(async () => {
      render(<ComingSoon />);
    });
    expect(screen.queryAllByTestId('coming-soon')).toHaveLength(1);
  });

  it('every route of the spec shows its own screen to a signed-in user', async () => {
    const framed: string[] = [];
    for (const path of ALL_PATHS) {
      if (await showsLaterRelease(path)) framed.push(path);
      cleanup();
    }
    expect(framed).toEqual([]);
  }, 90_000);
});
