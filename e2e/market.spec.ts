import { expect, test, type Page } from '@playwright/test';
import { isMarketOpen, isOpenDuring, nextMarketChange } from '@tp/domain';
import { expectNoHorizontalOverflow, shot } from './support.js';
import { endpoints } from '@tp/contracts';

// Crypto trades around the clock, so BTCUSDT always moves; EURUSD follows the forex week, so
// whether it shows the closed text depends on the day the test runs - the test computes which.

test('home shows the first four markets and the list moves live', async ({ page }) => {
  await page.goto('/#/');
  await expect(page.getByTestId('home-market-card')).toHaveCount(4);
  const btc = page.locator('[data-testid="home-market-row"][data-code="BTCUSDT"]');
  await btc.scrollIntoViewIfNeeded();
  const price = btc.getByTestId('market-row-price');
  await expect(price).toHaveText(/\d/);
  const first = await price.textContent();
  await expect(price).not.toHaveText(first ?? '', { timeout: 20_000 });
  await expectNoHorizontalOverflow(page);
  await shot(page, 'home-markets-light-hk');

  // Category tabs filter the list; tapping the active one again clears the filter.
  const all = await page.getByTestId('home-market-row').count();
  const tab = page.getByTestId('home-category-tab').nth(2);
  await tab.click();
  await expect.poll(() => page.getByTestId('home-market-row').count()).toBeLessThan(all);
  await tab.click();
  await expect.poll(() => page.getByTestId('home-market-row').count()).toBe(all);
});

test('home does not move when its markets arrive after their skeletons', async ({ page }) => {
  // The markets, their categories and the sparklines are held until the skeletons are on screen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  for (const path of [endpoints.market.tradeList.path, endpoints.market.categories.path]) {
    await page.route(`**${path}*`, async (route) => {
      await held;
      await route.continue();
    });
  }
  await page.addInitScript(() => {
    const w = window as unknown as { tpShifts: number };
    w.tpShifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.tpShifts += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/#/');
  await expect(page.getByTestId('home-markets').locator('[aria-busy="true"]')).toBeVisible();
  release();
  await expect(page.getByTestId('home-market-card')).toHaveCount(4);
  await expect(page.getByTestId('home-category-tab').first()).toBeVisible();
  await expect(page.getByTestId('home-market-row').first()).toBeVisible();
  // Layout shift entries are reported after the frame that shifted.
  await page.waitForTimeout(500);
  const shifts = await page.evaluate(() => (window as unknown as { tpShifts: number }).tpShifts);
  // Before the skeletons had the cards' and the tabs' size the list moved down: 0.024 at a phone's size.
  expect(shifts).toBeLessThan(0.005);
});

test('search a currency, open it on the trade screen and switch the chart period', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(endpoints.market.kline.path)) requests.push(r.url());
  });
  await page.goto('/#/product');
  await page.getByTestId('search-input').fill('eth');
  const item = page.locator('[data-testid="search-currency-item"][data-code="ETHUSDT"]');
  await expect(item).toBeVisible();
  // The answer for "eth" has replaced the full list shown before it.
  await expect(page.locator('[data-testid="search-currency-item"][data-code="EURUSD"]')).toHaveCount(0);
  await shot(page, 'search-light-hk');
  await item.click();

  await expect(page).toHaveURL(/#\/trade/);
  await expect(page.getByTestId('trade-symbol-header')).toHaveAttribute('data-code', 'ETHUSDT');
  await expect(page.getByTestId('trade-chart')).toHaveAttribute('data-period', '5');
  await expect.poll(() => requests.some((u) => u.includes('period=5'))).toBe(true);
  const price = page.getByTestId('trade-price');
  const before = await price.textContent();
  await expect(price).not.toHaveText(before ?? '', { timeout: 20_000 });

  await page.getByTestId('trade-period-60').click();
  await expect(page.getByTestId('trade-chart')).toHaveAttribute('data-period', '60');
  await expect.poll(() => requests.some((u) => u.includes('period=60'))).toBe(true);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'trade-eth-light-hk');
});

test('the symbol drawer opens from the left and a forex symbol follows its market hours', async ({ page }) => {
  await page.goto('/#/trade');
  await page.getByTestId('trade-symbol-header').click();
  const drawer = page.getByTestId('trade-symbol-drawer');
  await expect(drawer).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box?.x ?? 1).toBeLessThanOrEqual(1);
  await shot(page, 'trade-drawer-light-hk');
  await page.locator('[data-testid="trade-drawer-item"][data-code="EURUSD"]').click();
  await expect(page.getByTestId('trade-symbol-header')).toHaveAttribute('data-code', 'EURUSD');

  if (isMarketOpen('forex', Date.now())) {
    await expect(page.getByTestId('trade-price')).toBeVisible();
    await expect(page.getByTestId('trade-closed')).toHaveCount(0);
  } else {
    await expect(page.getByTestId('trade-closed')).toBeVisible();
  }
  await page.evaluate(() => localStorage.setItem('tp.theme', 'dark'));
  await page.reload();
  await expect(page.getByTestId('trade-chart')).toBeVisible();
  await shot(page, 'trade-eur-dark-hk');
});

/** The coming Sunday 22:00 UTC: when the forex week opens. */
function nextForexOpening(nowMs: number): number {
  return nextMarketChange('forex', isMarketOpen('forex', nowMs) ? nextMarketChange('forex', nowMs)! : nowMs)!;
}

/**
 * The trade list as the server answers it at the weekend: on a weekday the forex-week symbols'
 * answers are made closed until the coming opening, so the closed screens are seen whatever the
 * day (at the weekend the server's own answer passes unchanged).
 */
async function forexWeekend(page: Page): Promise<void> {
  await page.route(`**${endpoints.market.tradeList.path}*`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { MarketStatus: number; MarketChangeST: number | null }[] };
    const now = Date.now();
    if (isMarketOpen('forex', now)) {
      for (const s of body.data) {
        if (s.MarketChangeST !== null) Object.assign(s, { MarketStatus: 0, MarketChangeST: nextForexOpening(now) });
      }
    }
    await route.fulfill({ response, json: body });
  });
}

const row = (page: Page, code: string) => page.locator(`[data-testid="home-market-row"][data-code="${code}"]`);
const drawerRow = (page: Page, code: string) => page.locator(`[data-testid="trade-drawer-row"][data-code="${code}"]`);

test.describe('closed markets', () => {
  // The device's zone decides the opening's weekday and hour: Sunday 22:00 UTC is Monday 05:00 in Bangkok.
  test.use({ timezoneId: 'Asia/Bangkok' });

  test('home, the drawer and /trade mark a closed forex market; /trade says when it opens; its chart has no candle in the closed hours', async ({ page, request }) => {
    await forexWeekend(page);
    // English unless the journey switches the language (the init script runs on every load).
    await page.addInitScript(() => localStorage.getItem('tp.lang') || localStorage.setItem('tp.lang', 'en'));
    await page.goto('/#/');
    await expect(row(page, 'EURUSD').getByTestId('market-closed-badge')).toHaveText('Closed');
    await expect(row(page, 'BTCUSDT').getByTestId('market-closed-badge')).toHaveCount(0);
    await expect(page.locator('[data-testid="home-market-card"][data-code="EURUSD"]').getByTestId('market-closed-badge')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'home-closed-light-en');

    await row(page, 'EURUSD').click();
    await expect(page.getByTestId('trade-symbol-header')).toHaveAttribute('data-code', 'EURUSD');
    await expect(page.getByTestId('trade-closed')).toHaveText('Market closed');
    await expect(page.getByTestId('trade-next-open')).toContainText('Opens Mon 05:00');
    await expect(page.getByTestId('trade-next-open-in')).toHaveText(/^in \d+ (min\.|hr\.|days?)$/);
    await expectNoHorizontalOverflow(page);
    await shot(page, 'trade-closed-forex-light-en');

    await page.getByTestId('trade-symbol-header').click();
    await expect(drawerRow(page, 'EURUSD').getByTestId('market-closed-badge')).toBeVisible();
    await expect(drawerRow(page, 'BTCUSDT').getByTestId('market-closed-badge')).toHaveCount(0);

    // The candles the chart draws: none starts in an hour the forex week was closed.
    const list = (await (await request.get(endpoints.market.tradeList.path)).json()) as { data: { Id: number; Code: string }[] };
    const eur = list.data.find((s) => s.Code === 'EURUSD')!;
    for (const period of [1, 5, 60, 1440] as const) {
      const kline = (await (await request.get(`${endpoints.market.kline.path}?forex_id=${eur.Id}&period=${period}`)).json()) as { data: { Time: number }[] };
      expect(kline.data.length).toBeGreaterThan(0);
      const closed = kline.data.filter((b) => !isOpenDuring('forex', b.Time * 1000, b.Time * 1000 + period * 60_000));
      expect(closed, `${period}-minute candles in closed hours`).toEqual([]);
    }

    await page.evaluate(() => {
      localStorage.setItem('tp.lang', 'ar');
      localStorage.setItem('tp.theme', 'dark');
    });
    await page.reload();
    await expect(page.getByTestId('trade-next-open')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectNoHorizontalOverflow(page);
    await shot(page, 'trade-closed-forex-dark-ar');
  });
});

test('watchlist: a demo account stars in the drawer and the trade header; starred markets come first on home and in the drawer; the drawer search filters as typed', async ({ page, request }) => {
  // English unless the journey switches the language (the init script runs on every load).
  await page.addInitScript(() => localStorage.getItem('tp.lang') || localStorage.setItem('tp.lang', 'en'));
  await page.goto('/#/login');
  await page.getByTestId('login-demo').click();
  await expect(page.getByTestId('home-uid')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('tp.token'));

  // Search in the drawer, pick ETH, star it in the header.
  await page.goto('/#/trade');
  await page.getByTestId('trade-symbol-header').click();
  const search = page.getByTestId('trade-drawer-search');
  await search.fill('eth');
  await expect(page.getByTestId('trade-drawer-item')).toHaveCount(1);
  await page.locator('[data-testid="trade-drawer-item"][data-code="ETHUSDT"]').click();
  await expect(page.getByTestId('trade-symbol-header')).toHaveAttribute('data-code', 'ETHUSDT');
  const headStar = page.locator('.tp-trade-head [data-testid="star-button"]');
  await expect(headStar).toHaveAttribute('data-starred', '0');
  await headStar.click();
  await expect(headStar).toHaveAttribute('data-starred', '1');

  // The drawer opens afresh: no search, ETH first; a star there puts XAU first too.
  await page.getByTestId('trade-symbol-header').click();
  await expect(search).toHaveValue('');
  await expect(page.getByTestId('trade-drawer-item').first()).toHaveAttribute('data-code', 'ETHUSDT');
  await drawerRow(page, 'XAUUSD').getByTestId('star-button').click();
  await expect(drawerRow(page, 'XAUUSD').getByTestId('star-button')).toHaveAttribute('data-starred', '1');
  const firstTwo = async () => (await page.getByTestId('trade-drawer-item').evaluateAll((els) => els.slice(0, 2).map((e) => e.getAttribute('data-code')))).sort();
  await expect.poll(firstTwo).toEqual(['ETHUSDT', 'XAUUSD']);
  await search.fill('usd');
  await expect(page.locator('[data-testid="trade-drawer-item"][data-code="EURUSD"]')).toBeVisible();
  await expect(page.locator('[data-testid="trade-drawer-item"][data-code="ETHUSDT"]')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'trade-drawer-search-stars-light-en');

  // Kept on the server for the account.
  const kept = (await (await request.get(endpoints.market.watchlist.path, { headers: { authorization: token! } })).json()) as { data: number[] };
  expect(kept.data).toHaveLength(2);

  // Home: the starred markets first, in the cards and in the list, also after a reload.
  await page.goto('/#/');
  await page.reload();
  const firstRows = async () => (await page.getByTestId('home-market-row').evaluateAll((els) => els.slice(0, 2).map((e) => e.getAttribute('data-code')))).sort();
  await expect.poll(firstRows).toEqual(['ETHUSDT', 'XAUUSD']);
  const firstCards = async () => (await page.getByTestId('home-market-card').evaluateAll((els) => els.slice(0, 2).map((e) => e.getAttribute('data-code')))).sort();
  await expect.poll(firstCards).toEqual(['ETHUSDT', 'XAUUSD']);
  await row(page, 'XAUUSD').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(row(page, 'XAUUSD').getByTestId('market-row-starred')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'home-watchlist-light-en');

  // Arabic, dark: the same order, the drawer's star and search right to left.
  await page.evaluate(() => {
    localStorage.setItem('tp.lang', 'ar');
    localStorage.setItem('tp.theme', 'dark');
  });
  await page.reload();
  await expect.poll(firstRows).toEqual(['ETHUSDT', 'XAUUSD']);
  await shot(page, 'home-watchlist-dark-ar');
  await page.goto('/#/trade');
  await page.getByTestId('trade-symbol-header').click();
  await page.getByTestId('trade-drawer-search').fill('usd');
  await expect(drawerRow(page, 'XAUUSD').getByTestId('star-button')).toHaveAttribute('data-starred', '1');
  await shot(page, 'trade-drawer-search-stars-dark-ar');

  // Unstarring in the drawer takes it off the server's list too.
  await drawerRow(page, 'XAUUSD').getByTestId('star-button').click();
  await expect(drawerRow(page, 'XAUUSD').getByTestId('star-button')).toHaveAttribute('data-starred', '0');
  await expect
    .poll(async () => ((await (await request.get(endpoints.market.watchlist.path, { headers: { authorization: token! } })).json()) as { data: number[] }).data.length)
    .toBe(1);
});
