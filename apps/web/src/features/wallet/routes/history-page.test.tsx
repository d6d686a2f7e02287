import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGS, endpoints, type AccountLogItem, type Lang, type User } from '@tp/contracts';
import { cancelAll, configureApi } from '../../../lib/api/client';
import { useAuth } from '../../../lib/auth-store';
import { currentLang, i18next, initI18n, setLang } from '../../../lib/i18n';
import { calls, renderScreen, resetFetch, routes } from '../../../test/market-harness';
import { HistoryPage } from './history-page';

const user: User = { id: 7, uid: '10000007', email: 'ann@example.com', invite_code: 'ANN123', is_demo: 0, is_trader: 0, created_at: '2026-01-01 00:00:00' };

/** The server's MemoTran of a few kinds, in the two languages these tests read. */
const MEMO: Record<string, Record<string, string>> = {
  en: { forex_open: 'Contract opened (margin held, fee charged)', forex_cancel: 'Pending order cancelled (margin and fee returned)', micro_settlement: 'Option won', adjustment: 'Balance adjustment' },
  de: { forex_open: 'Kontrakt eröffnet (Margin gesperrt, Gebühr belastet)', forex_cancel: 'Limit-Order storniert (Margin und Gebühr erstattet)', micro_settlement: 'Option gewonnen', adjustment: 'Saldokorrektur' },
};

function item(id: number, kind: string, lang: string): AccountLogItem {
  return {
    Id: String(id),
    Value: '-10',
    FrozenValue: kind === 'forex_open' ? '9' : '0',
    Type: kind === 'adjustment' ? 10 : 9,
    Memo: kind === 'adjustment' ? 'Goodwill credit from support' : 'Forex order margin and fee',
    MemoTran: MEMO[lang]![kind]!,
    Kind: kind,
    CreatedAtTran: '2026-01-01 00:00:00',
  };
}

const langOf = (init: RequestInit) => (init.headers as Record<string, string>).lang ?? 'en';

beforeAll(async () => {
  await initI18n('en');
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get(this: HTMLElement) { return this.parentNode; } });
});

beforeEach(async () => {
  await setLang('en');
  resetFetch();
  // The lang header follows the interface language, as in the app.
  configureApi({ getLang: currentLang, notify: vi.fn() });
  useAuth.getState().setSession({ token: 'tok-7', user });
  routes[endpoints.wallet.accountLog.path] = (_u, init) => {
    const lang = langOf(init);
    return { data: ['forex_cancel', 'forex_open', 'micro_settlement', 'adjustment'].map((k, i) => item(i + 1, k, lang)), total: 4, current_page: 1, last_page: 1, per_page: 15, accountTypeId: 3, available: '7.25', frozen: '2' };
  };
});

afterEach(async () => {
  cancelAll();
  useAuth.getState().clear();
  await setLang('en');
});

async function tabLabels(): Promise<string[]> {
  await screen.findByTestId('history-tab-3');
  return [1, 2, 3].map((id) => screen.getByTestId(`history-tab-${id}`).textContent ?? '');
}

describe('account history labels', () => {
  it('names each line by its kind: the server text of the kind, the free text of an adjustment', async () => {
    await renderScreen(<HistoryPage />, '/mine/history?accountTypeId=3');
    await waitFor(() => expect(screen.getAllByTestId('history-memo')).toHaveLength(4));
    const memos = screen.getAllByTestId('history-memo');
    expect(memos.map((m) => [m.dataset.kind, m.textContent])).toEqual([
      ['forex_cancel', 'Pending order cancelled (margin and fee returned)'],
      ['forex_open', 'Contract opened (margin held, fee charged)'],
      ['micro_settlement', 'Option won'],
      ['adjustment', 'Goodwill credit from support'],
    ]);
    expect(memos.map((m) => m.textContent)).not.toContain('Other');
  });

  it('another language asks the history again and shows its texts', async () => {
    await renderScreen(<HistoryPage />, '/mine/history?accountTypeId=3');
    await waitFor(() => expect(screen.getAllByTestId('history-memo')[0]!.textContent).toBe(MEMO.en!.forex_cancel));
    await act(async () => {
      await setLang('de');
    });
    await waitFor(() => expect(screen.getAllByTestId('history-memo')[0]!.textContent).toBe(MEMO.de!.forex_cancel));
    expect(screen.getAllByTestId('history-memo')[2]!.textContent).toBe('Option gewonnen');
    const langs = calls.filter((c) => c.url.pathname === endpoints.wallet.accountLog.path).map((c) => langOf(c.init));
    expect(langs).toEqual(['en', 'de']);
  });

  it.each([...LANGS])('%s: the tabs name the three accounts by their short names, not the long account names', async (lang: Lang) => {
    await setLang(lang);
    const wallet = (i18next.getResourceBundle(lang, 'translation') as { wallet: Record<string, string> }).wallet;
    await renderScreen(<HistoryPage />, '/mine/history?accountTypeId=3');
    const labels = await tabLabels();
    expect(labels).toEqual([wallet.history_tab_change, wallet.history_tab_micro, wallet.history_tab_forex]);
    for (const label of labels) expect(label.trim()).not.toBe('');
    // Each short name is shorter than the account's full name it stands for.
    expect(labels[0]!.length).toBeLessThan(wallet.account_change!.length);
    expect(labels[2]!.length).toBeLessThan(wallet.account_forex!.length);
  });
});
