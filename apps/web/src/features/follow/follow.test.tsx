import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type Trader, type TraderDetail, type User } from '@tp/contracts';
import { cancelAll, configureApi } from '../../lib/api/client';
import { useAuth } from '../../lib/auth-store';
import { i18next, initI18n, setLang } from '../../lib/i18n';
import { calls, renderScreen, resetFetch, routes } from '../../test/market-harness';
import { FollowHomePage, FollowSubmitPage, MyFollowerPage, RankPage, TraderPage } from './follow-screens';

vi.mock('../../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));
const { toast, toastSuccess } = await import('../../lib/toast');

const ann: User = { id: 7, uid: '10000007', email: 'ann@example.com', invite_code: 'ANN123', is_demo: 0, is_trader: 0, created_at: '2026-01-01 00:00:00' };
const where = () => screen.getByTestId('where').textContent;
const click = async (el: Element) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

function card(userId: number, followers: number): Trader {
  return { id: userId, user_id: userId, nickname: `tr***@example.com`, avatar: '', follow_num: followers, is_followed: 0, profit_percent: '1.50', total_profit: '12.00', is_sample: 0 };
}
function detail(userId: number, followers: number): TraderDetail {
  const c = card(userId, followers);
  return {
    trader: c,
    stats: {
      user: { id: c.id, user_id: c.user_id, nickname: c.nickname, avatar: '' },
      multiple: '0', three_week_rate: '1.50', three_week_win: '100.00', three_week_profit: '12.00', total_rate: '1.50', total_trade_num: 1, code: '10000009',
      total_win: '100.00', total_profit: '12.00', three_week_trade_num: 1, max_drawdown: '0.00', avg_holding_seconds: 60, follow_num: followers, follower_equity: '0.00', is_sample: c.is_sample,
    },
    settings: null,
    equity_curve: [],
    history: [],
  };
}
const refused = () => new Response(JSON.stringify({ code: 0, msg: 'Unknown trader', error: 'follow_trader_unknown', data: null }));

beforeAll(async () => {
  await initI18n('en');
  await i18next.loadNamespaces('follow');
});

beforeEach(async () => {
  await setLang('en');
  resetFetch();
  configureApi({ notify: toast, notifySuccess: toastSuccess });
  vi.mocked(toast).mockClear();
  useAuth.getState().setSession({ token: 'tok-7', user: ann });
});

afterEach(() => {
  cancelAll();
  useAuth.getState().clear();
});

describe('followers are counted with the language plural rules', () => {
  it.each([
    ['en', 0, '0 followers'],
    ['en', 1, '1 follower'],
    ['en', 2, '2 followers'],
    ['ru', 1, '1 подписчик'],
    ['ru', 3, '3 подписчика'],
    ['ru', 5, '5 подписчиков'],
    ['cs', 1, '1 sledující'],
    ['cs', 5, '5 sledujících'],
    ['ar', 2, '2 متابعان'],
    ['ar', 11, '11 متابعًا'],
  ] as const)('%s: %i', async (lang, n, text) => {
    await setLang(lang);
    await i18next.loadNamespaces('follow');
    routes[endpoints.follow.traderDetail.path] = () => detail(9, n);
    await renderScreen(<TraderPage />, '/follow/trader?id=9');
    expect((await screen.findByTestId('trader-followers')).textContent).toBe(text);
  });

  it('on the trader cards too', async () => {
    routes[endpoints.follow.traderList.path] = () => ({ data: [card(9, 1), card(10, 4)], total: 2, current_page: 1, last_page: 1, per_page: 20 });
    await renderScreen(<FollowHomePage />, '/follow');
    await waitFor(() => expect(screen.getAllByTestId('follow-trader-followers').map((e) => e.textContent)).toEqual(['1 follower', '4 followers']));
  });
});

describe('the ranking counts trades with the language plural rules', () => {
  it.each([
    ['en', [1, 2, 0], ['1 trade', '2 trades', '0 trades']],
    ['ru', [1, 3, 5], ['1 сделка', '3 сделки', '5 сделок']],
    ['cs', [1, 3, 5], ['1 obchod', '3 obchody', '5 obchodů']],
    ['ar', [2, 3, 11], ['2 صفقتان', '3 صفقات', '11 صفقة']],
    ['de', [1, 1234, 2], ['1 Trade', '1.234 Trades', '2 Trades']],
  ] as const)('%s', async (lang, counts, texts) => {
    await setLang(lang);
    await i18next.loadNamespaces('follow');
    routes[endpoints.follow.list.path] = () => counts.map((n, i) => ({ ...detail(20 + i, 0).stats, three_week_trade_num: n }));
    await renderScreen(<RankPage />, '/rank');
    await waitFor(() => expect(screen.getAllByTestId('rank-row-trades').map((e) => e.textContent!.split(' · ')[0])).toEqual(texts));
  });
});

describe('a trader and their own card', () => {
  it('shows no Follow button on the trader’s own card, and one on the others', async () => {
    useAuth.getState().setSession({ token: 'tok-7', user: { ...ann, is_trader: 1 } });
    routes[endpoints.follow.traderList.path] = () => ({ data: [card(7, 3), card(10, 4)], total: 2, current_page: 1, last_page: 1, per_page: 20 });
    await renderScreen(<FollowHomePage />, '/follow');
    const cards = await screen.findAllByTestId('follow-trader');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.querySelector('[data-testid="follow-trader-follow"]')).toBeNull();
    expect(cards[1]!.querySelector('[data-testid="follow-trader-follow"]')).not.toBeNull();
  });
});

describe('sample traders', () => {
  it('are badged on their cards, in the ranking and on their page, with what they are', async () => {
    await setLang('de');
    await i18next.loadNamespaces('follow');
    routes[endpoints.follow.traderList.path] = () => ({ data: [{ ...card(31, 0), is_sample: 1 }, card(32, 0)], total: 2, current_page: 1, last_page: 1, per_page: 20 });
    await renderScreen(<FollowHomePage />, '/follow');
    const cards = await screen.findAllByTestId('follow-trader');
    expect(cards.map((c) => c.querySelector('[data-testid="sample-badge"]')?.textContent ?? null)).toEqual(['Beispiel', null]);

    routes[endpoints.follow.list.path] = () => [{ ...detail(31, 0).stats, is_sample: 1 }, detail(32, 0).stats];
    await renderScreen(<RankPage />, '/rank');
    await waitFor(() => expect(screen.getAllByTestId('rank-row').map((r) => r.querySelector('[data-testid="sample-badge"]') !== null)).toEqual([true, false]));

    const sample = detail(31, 0);
    routes[endpoints.follow.traderDetail.path] = () => ({ ...sample, trader: { ...sample.trader, is_sample: 1 } });
    await renderScreen(<TraderPage />, '/follow/trader?id=31');
    expect((await screen.findByTestId('trader-sample-note')).textContent).toMatch(/^Ein Beispiel-Trader/);
    expect(screen.getByTestId('trader-name').textContent).toBe('tr***@example.com');
  });
});

describe('links without their trader, or with an unknown one', () => {
  it.each([
    ['trader page without an id', <TraderPage key="t" />, '/follow/trader'],
    ['trader page with an unknown id', <TraderPage key="t" />, '/follow/trader?id=424242'],
    ['follow settings without an id', <FollowSubmitPage key="s" />, '/follow/submit'],
    ['follow settings with an unknown id', <FollowSubmitPage key="s" />, '/follow/submit?id=424242'],
  ])('%s: "not found" with a way back, not a blank screen or a connection error', async (_name, el, path) => {
    routes[endpoints.follow.traderDetail.path] = refused;
    await renderScreen(el, path);
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.queryByTestId('load-error')).toBeNull();
    expect(screen.queryByTestId('loading')).toBeNull();
    expect(toast).not.toHaveBeenCalled();
    await click(screen.getByTestId('not-found-back'));
    expect(where()).toBe('/follow');
  });
});

describe('/follow/my-follower', () => {
  const followers = { data: [], total: 0, current_page: 1, last_page: 1, per_page: 20, summary: { total_profits: '0.00', position_profits: '0.00', follow_num: 0, total: 0 } };

  it('sends a user who is not a trader to the trader application instead of a summary of zeros', async () => {
    routes[endpoints.follow.application.path] = () => ({ status: -1 });
    routes[endpoints.follow.myFollower.path] = () => followers;
    await renderScreen(<MyFollowerPage />, '/follow/my-follower');
    await waitFor(() => expect(where()).toBe('/follow/trader-apply'));
    expect(calls.some((c) => c.url.pathname === endpoints.follow.myFollower.path)).toBe(false);
  });

  it('shows a trader their followers, also one approved since the app last read the account', async () => {
    routes[endpoints.follow.application.path] = () => ({ status: 1 });
    routes[endpoints.follow.myFollower.path] = () => followers;
    const first = await renderScreen(<MyFollowerPage />, '/follow/my-follower');
    expect(await screen.findByTestId('my-follower-shares')).toBeTruthy();
    expect(where()).toBe('/follow/my-follower');
    first.unmount();
    calls.length = 0;
    useAuth.getState().setSession({ token: 'tok-7', user: { ...ann, is_trader: 1 } });
    await renderScreen(<MyFollowerPage />, '/follow/my-follower');
    expect(await screen.findByTestId('my-follower-shares')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === endpoints.follow.application.path)).toBe(false);
  });
});
