import { expect, test } from '@playwright/test';
import { isMarketOpen } from '@tp/domain';
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
