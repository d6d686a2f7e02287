import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, shot } from './support.js';

// The option journey on the real server: a demo account buys "up" on BTCUSDT (crypto, open around
// the clock, priced by the simulator), watches the countdown on /order, and sees the result once
// the 30-second option has settled at the first stored tick after its expiry.

test('a demo user buys a 30 s up option on BTCUSDT and sees it count down and settle', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/#/login');
  await page.getByTestId('login-demo').click();
  await expect(page).not.toHaveURL(/#\/login/);

  await page.goto('/#/trade');
  await page.getByTestId('trade-symbol-header').click();
  await page.locator('[data-testid="trade-drawer-item"][data-code="BTCUSDT"]').click();
  await expect(page.getByTestId('trade-symbol-header')).toHaveAttribute('data-code', 'BTCUSDT');
  await page.getByTestId('trade-mode-future').click();

  const thirty = page.locator('[data-testid="micro-seconds-option"][data-seconds="30"]');
  await expect(thirty).toBeVisible();
  await thirty.click();
  await expect(thirty).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('micro-amount').locator('input').fill('100');
  await expect(page.getByTestId('micro-profit-preview')).toHaveText('80.00');
  await expect(page.getByTestId('micro-balance')).toHaveText('10,000.00');
  await page.getByTestId('micro-buy-down').scrollIntoViewIfNeeded();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'micro-form-light-hk');

  const buyUp = page.getByTestId('micro-buy-up');
  await expect(buyUp).toBeEnabled();
  await buyUp.click();
  await expect(page.getByTestId('micro-balance')).toHaveText('9,900.00');

  await page.goto('/#/order?source=1&type=1');
  await expect(page.getByTestId('order-source-future')).toBeVisible();
  const running = page.getByTestId('micro-order');
  await expect(running).toHaveCount(1);
  const id = await running.getAttribute('data-id');
  const countdown = page.getByTestId('micro-countdown');
  await expect(countdown).toHaveText(/^00:[0-3]\d$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 3000 }); // it counts down
  await expectNoHorizontalOverflow(page);
  await shot(page, 'micro-orders-running-light-hk');

  // The engine settles it at the first stored tick after expiry and pushes MICRO_SETTLED: a notice.
  const notice = page.getByTestId('micro-settled-notice');
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await expect(notice).toHaveAttribute('data-result', /^(win|loss|tie)$/);
  await shot(page, 'micro-settled-notice-light-hk');
  // At zero the list refreshed 1 s later; the settled order has left the running tab.
  await expect(page.getByTestId('micro-order')).toHaveCount(0, { timeout: 60_000 });
  await page.getByTestId('micro-tab-closed').click();
  await expect(page).toHaveURL(/type=3/);
  const closed = page.locator(`[data-testid="micro-order"][data-id="${id}"]`);
  await expect(closed).toBeVisible();
  const result = closed.getByTestId('micro-result');
  await expect(result).toHaveAttribute('data-result', /^(win|loss|tie)$/);
  const outcome = await result.getAttribute('data-result');
  const profits = closed.getByTestId('micro-fact-profits');
  await expect(profits).toHaveText(outcome === 'win' ? '+80.00' : outcome === 'loss' ? '-100.00' : '0.00');
  await shot(page, 'micro-orders-closed-light-hk');

  await closed.click();
  await expect(page.getByTestId('micro-order-sheet')).toBeVisible();
  await shot(page, 'micro-order-sheet-light-hk');

  // Dark theme, the contract side of the page frame.
  await page.evaluate(() => localStorage.setItem('tp.theme', 'dark'));
  await page.goto('/#/order?source=0');
  await page.reload();
  await expect(page.getByTestId('order-contract-later')).toBeVisible();
  await shot(page, 'order-contract-dark-hk');
  await page.goto('/#/order?source=1&type=3');
  await expect(page.locator(`[data-testid="micro-order"][data-id="${id}"]`)).toBeVisible();
  await shot(page, 'micro-orders-closed-dark-hk');
  await page.goto('/#/trade');
  await page.getByTestId('trade-mode-future').click();
  await page.getByTestId('micro-buy-down').scrollIntoViewIfNeeded();
  await shot(page, 'micro-form-dark-hk');
});
