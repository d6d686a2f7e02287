import { expect, test, type Page } from '@playwright/test';
import { endpoints, type NotificationItem, type Paged, type PriceAlert } from '@tp/contracts';
import { expectNoHorizontalOverflow, shot } from './support.js';

// Price alerts on the real server: a demo user sets two alerts on BTCUSDT from the trade screen at
// the price on screen, one to rise to it and one to fall to it. The simulator's next stored tick is
// at or beyond one of them, so one fires within a tick or two: /alerts lists it as fired, and its
// price_alert notification is there once.

async function api<T>(page: Page, path: string, params: Record<string, string | number> = {}): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('tp.token'));
  const res = await page.request.get(path, { headers: { authorization: token ?? '', lang: 'en' }, params });
  const body = (await res.json()) as { code: number; data: T };
  expect(body.code).toBe(1);
  return body.data;
}

async function openSheet(page: Page): Promise<void> {
  await page.getByTestId('alert-bell').click();
  await expect(page.getByTestId('alert-sheet')).toBeVisible();
  await expect(page.getByTestId('alert-price')).toHaveValue(/^\d+(\.\d+)?$/);
}

test('set alerts from the trade screen at the price on screen; one fires, is listed as fired, and notifies once', async ({ page }) => {
  await page.goto('/#/login');
  await page.evaluate(() => localStorage.setItem('tp.lang', 'en'));
  await page.reload();
  await page.getByTestId('login-demo').click();
  await expect(page).not.toHaveURL(/#\/login/);

  await page.goto('/#/trade');
  await page.getByTestId('trade-symbol-header').click();
  await page.locator('[data-testid="trade-drawer-item"][data-code="BTCUSDT"]').click();
  await expect(page.getByTestId('trade-symbol-header')).toHaveAttribute('data-code', 'BTCUSDT');

  await openSheet(page);
  await expect(page.getByTestId('alert-none')).toBeVisible();
  const at = await page.getByTestId('alert-price').inputValue();
  await page.getByTestId('alert-direction-1').click();
  await page.getByTestId('alert-create').click();
  await expect(page.locator('[data-testid="alert-symbol-list"] [data-testid="alert-row"]')).toHaveCount(1);
  // The field starts again from the price on screen; the same price, to fall to.
  await page.getByTestId('alert-price').fill(at);
  await page.getByTestId('alert-direction-2').click();
  await page.getByTestId('alert-create').click();
  await expect(page.locator('[data-testid="alert-symbol-list"] [data-testid="alert-row"]')).toHaveCount(2);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'price-alert-sheet-light-en');

  // A price the market has on either side of it: the next stored tick fires one of the two.
  await expect
    .poll(async () => (await api<Paged<PriceAlert>>(page, endpoints.alerts.list.path, { status: 2 })).total, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  const fired = (await api<Paged<PriceAlert>>(page, endpoints.alerts.list.path, { status: 2 })).data;

  // All alerts, from the sheet: the sheet closes behind it.
  await page.getByTestId('alert-all').click();
  await expect(page.getByTestId('page-alerts')).toBeVisible();
  await expect(page.getByTestId('alert-sheet')).toBeHidden();
  await page.getByTestId('alerts-tab-2').click();
  await expect(page.locator('[data-testid="alerts-list-2"] [data-testid="alert-row"]')).toHaveCount(fired.length);
  await expect(page.locator(`[data-testid="alerts-list-2"] [data-testid="alert-row"][data-id="${fired[0]!.id}"]`)).toHaveAttribute('data-status', '2');

  // Its notification, once per fired alert.
  await expect
    .poll(async () => (await api<Paged<NotificationItem>>(page, endpoints.notifications.list.path)).data.filter((n) => n.kind === 'price_alert').length, { timeout: 15_000 })
    .toBe(fired.length);

  // Dark theme, Arabic right to left; a waiting alert far from the market is cancelled from the list.
  const token = await page.evaluate(() => localStorage.getItem('tp.token'));
  const far = await page.request.post(endpoints.alerts.create.path, { headers: { authorization: token ?? '', lang: 'en' }, data: { forex_id: fired[0]!.forex_id, direction: 1, price: '900000000' } });
  const farAlert = (await far.json()) as { code: number; data: PriceAlert };
  expect(farAlert.code).toBe(1);
  await page.evaluate(() => {
    localStorage.setItem('tp.theme', 'dark');
    localStorage.setItem('tp.lang', 'ar');
  });
  await page.goto('/#/alerts?status=2');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('[data-testid="alerts-list-2"] [data-testid="alert-row"]')).toHaveCount(fired.length);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'price-alerts-fired-dark-ar');
  await page.getByTestId('alerts-tab-1').click();
  const waiting = page.locator('[data-testid="alerts-list-1"] [data-testid="alert-row"]');
  const kept = 2 - fired.length; // the tick may have met both
  await expect(waiting).toHaveCount(kept + 1);
  await waiting.and(page.locator(`[data-id="${farAlert.data.id}"]`)).getByTestId('alert-cancel').click();
  await expect(waiting).toHaveCount(kept);
  await page.getByTestId('alerts-tab-3').click();
  await expect(page.locator('[data-testid="alerts-list-3"] [data-testid="alert-row"]')).toHaveCount(1);
});
