import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoints, type NewsItem } from '@tp/contracts';
import { i18next, initI18n, setLang } from '../../lib/i18n';
import { callsTo, renderScreen, resetFetch, routes } from '../../test/market-harness';
import { NewsDetailPage } from './routes/news-detail-page';
import { NewsPage } from './routes/news-page';

const item = (id: number): NewsItem => ({ id, title: `Article ${id}`, desc: `About ${id}`, logo: '', created_at: '2026-11-20 08:00:00' });

beforeAll(async () => {
  await initI18n('en');
  await i18next.loadNamespaces('news');
});
beforeEach(async () => {
  await setLang('en');
  resetFetch();
});

describe('news screens', () => {
  it('the list links each article to its detail and ends with "no more"', async () => {
    routes[endpoints.news.list.path] = (url) => ({ data: [item(3), item(2)], total: 2, current_page: Number(url.searchParams.get('page')), last_page: 1, per_page: 15 });
    await renderScreen(<NewsPage />, '/news');
    const rows = await screen.findAllByTestId('news-item');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual(['/news/detail?id=3', '/news/detail?id=2']);
    // Published 08:00 UTC: shown in the device's zone, as the phone's clock reads it. The rule
    // changed (decisions.md, "Times on screens"): only the chart keeps Bangkok time; a news item
    // posted at 21:56 UTC was shown as the next day's 04:56 whatever the phone's zone.
    const time = rows[0]!.querySelector('time')!;
    const published = Date.UTC(2026, 10, 20, 8, 0, 0);
    expect(time.getAttribute('datetime')).toBe('2026-11-20T08:00:00.000Z');
    expect(time.textContent).toContain(`${String(new Date(published).getHours()).padStart(2, '0')}:00:00`);
    expect(time.textContent).toContain(String(new Date(published).getDate()));
    expect(time.textContent).not.toMatch(/GMT|UTC/);
    expect(callsTo(endpoints.news.list.path)[0]!.searchParams.get('category_id')).toBe('1');
    await waitFor(() => expect(screen.getByTestId('news-list-no-more').textContent).toBe('No more'));
    await act(async () => {
      fireEvent.click(rows[0]!);
    });
    expect(screen.getByTestId('where').textContent).toBe('/news/detail?id=3');
  });

  it('an empty list says so', async () => {
    routes[endpoints.news.list.path] = () => ({ data: [], total: 0, current_page: 1, last_page: 1, per_page: 15 });
    await renderScreen(<NewsPage />, '/news');
    await screen.findByTestId('empty');
  });

  it('the detail cleans the html again before showing it', async () => {
    routes[endpoints.news.info.path] = () => ({ ...item(3), language: '', content: '<p>Safe <strong>text</strong></p><img src="x" onerror="window.hacked=1"><script>window.hacked=1</script><a href="javascript:alert(1)">x</a>' });
    await renderScreen(<NewsDetailPage />, '/news/detail?id=3');
    const bodyEl = await screen.findByTestId('news-body');
    expect(callsTo(endpoints.news.info.path)[0]!.searchParams.get('id')).toBe('3');
    expect(bodyEl.innerHTML).toBe('<p>Safe <strong>text</strong></p><img><a>x</a>');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Article 3');
  });

  it('an unknown article or a bad id shows "not available" with a way back', async () => {
    routes[endpoints.news.info.path] = () => new Response(JSON.stringify({ code: 0, msg: 'Not found', data: null, error: 'not_found' }));
    await renderScreen(<NewsDetailPage />, '/news/detail?id=999');
    expect((await screen.findByTestId('news-missing')).textContent).toContain('This article is not available');
    await renderScreen(<NewsDetailPage />, '/news/detail?id=abc');
    expect(callsTo(endpoints.news.info.path)).toHaveLength(1);
  });
});
