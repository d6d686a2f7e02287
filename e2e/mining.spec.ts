import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { endpoints } from '@tp/contracts';
import { confirmDialog, dataDir, expectNoHorizontalOverflow, newStaffMember, screenLoaded, settledDialog, shot } from './support.js';

/*
 * Mining funds, the whole way: a demo visitor subscribes (demo money is allowed, paid by the demo
 * house), sees the first income once a day has passed for the subscription, asks for early
 * redemption with the penalty stated in money, and a reviewer approves it in the console.
 *
 * How a day passes: the journey moves this one subscription's clock, not the server's. It shifts
 * the subscription's sub_time and next due time 24 h into the past in the server's own database
 * (the embedded cluster in DATA_DIR, reached with the password file it keeps there), and the real
 * income job (every 10 s) pays the day as it would after a real day. No code path of the server
 * exists for this, so nothing of it can be switched on in production; other journeys sharing the
 * server are untouched.
 */

async function backdateOneDay(subId: number): Promise<void> {
  const dir = dataDir();
  const port = Number(readFileSync(join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(join(dir, 'pg-password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    const r = await client.query(`UPDATE fund_subscriptions SET sub_time = sub_time - interval '1 day', next_due_at = next_due_at - interval '1 day' WHERE id = $1 AND paid_days = 0`, [subId]);
    expect(r.rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

async function settle(page: Page) {
  await screenLoaded(page);
  await expect(page.locator('[data-testid="loading"]')).toHaveCount(0);
}

test('subscribe to a mining fund, receive the first income, redeem early with the penalty shown, staff approve', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  await page.addInitScript(() => {
    if (!localStorage.getItem('tp.lang')) localStorage.setItem('tp.lang', 'en');
  });
  await page.goto('/#/login');
  await page.getByTestId('login-demo').click();
  await expect(page).toHaveURL(/#\/$/);

  // The products: image, daily rate, term and bounds, and the way to the records.
  await page.goto('/#/mining');
  await settle(page);
  const btc = page.getByTestId('mining-fund').filter({ hasText: 'BTC Hash Power 7D' });
  await expect(btc).toContainText('0.8%');
  await expect(btc).toContainText('7 days');
  await expect(btc.getByTestId('mining-bounds')).toHaveText('Amount 100 - 10,000 USDT');
  await expect(btc.locator('img')).toHaveAttribute('src', '/funds/btc.webp');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'mining-list-light-en');

  // Subscribe: the amount is required; the projected incomes and the maturity come before confirming.
  await btc.getByTestId('mining-subscribe').click();
  await expect(page).toHaveURL(/#\/mining\/subscribe\?id=1$/);
  await settle(page);
  await page.getByTestId('subscribe-submit').click();
  await expect(page.locator('.adm-toast-main')).toContainText('Please enter the lock amount');
  await page.getByTestId('subscribe-amount').fill('50');
  await expect(page.getByTestId('subscribe-range-error')).toBeVisible();
  await page.getByTestId('subscribe-amount').fill('1000');
  await expect(page.getByTestId('subscribe-daily')).toHaveText('8.0000 USDT');
  await expect(page.getByTestId('subscribe-total')).toHaveText('56.0000 USDT');
  await expect(page.getByTestId('subscribe-maturity')).not.toHaveText('--');
  await shot(page, 'mining-subscribe-light-en');
  const bought = page.waitForResponse((r) => new URL(r.url()).pathname === endpoints.funds.buy.path);
  await page.getByTestId('subscribe-submit').click();
  await expect(page.getByTestId('subscribe-confirm')).toContainText('56.0000 USDT');
  await confirmDialog(page);
  const sub = ((await (await bought).json()) as { data: { id: number } }).data;
  await expect(page).toHaveURL(/#\/mining\/record$/);
  const card = page.locator(`[data-testid="mining-sub"][data-id="${sub.id}"]`);
  await expect(card.getByTestId('mining-status')).toHaveAttribute('data-status', '1');
  await expect(card.getByTestId('mining-sub-days')).toHaveText('0/7');

  // A day passes for this subscription: the income job pays day 1.
  await backdateOneDay(sub.id);
  await expect
    .poll(
      async () => {
        await page.reload();
        await settle(page);
        return card.getByTestId('mining-sub-sum').innerText();
      },
      { timeout: 40_000, intervals: [2_000] },
    )
    .toBe('8.0000 USDT');
  await expect(card.getByTestId('mining-sub-days')).toHaveText('1/7');
  await card.getByTestId('mining-incomes-link').click();
  await expect(page).toHaveURL(new RegExp(`#/mining/income\\?id=${sub.id}$`));
  await settle(page);
  await expect(page.getByTestId('mining-income')).toHaveCount(1);
  await expect(page.getByTestId('mining-income')).toContainText('Day 1');
  await expect(page.getByTestId('mining-income-amount')).toHaveText('+8.0000');
  await shot(page, 'mining-income-light-en');
  await page.goBack();

  // Early redemption: the confirmation states the penalty in money before anything is sent.
  await settle(page);
  await card.getByTestId('mining-redeem').click();
  await expect(page.getByTestId('mining-redeem-penalty')).toHaveText('50.0000 USDT');
  await expect(page.getByTestId('mining-redeem-refund')).toHaveText('950.0000 USDT');
  await expect(page.getByTestId('mining-redeem-text')).toContainText('50.0000 USDT');
  await shot(page, 'mining-redeem-light-en');
  await confirmDialog(page);
  await expect(card.getByTestId('mining-status')).toHaveAttribute('data-status', '2');
  await expect(card.getByTestId('mining-redeem')).toHaveCount(0);

  // The same screens in dark and in Arabic (right to left), within 375 px.
  for (const [theme, lang] of [['dark', 'hk'], ['light', 'ar']] as const) {
    await page.evaluate(({ th, l }) => {
      localStorage.setItem('tp.theme', th);
      localStorage.setItem('tp.lang', l);
    }, { th: theme, l: lang });
    for (const s of ['mining', 'mining/subscribe?id=2', 'mining/record', `mining/income?id=${sub.id}`]) {
      await page.goto(`/#/${s}`);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await settle(page);
      await expectNoHorizontalOverflow(page);
      await shot(page, `mining-${s.replace(/[/?=]+/g, '-')}-${theme}-${lang}`);
    }
  }

  // A reviewer approves it in the console: status 3, the held amount back less the penalty.
  const reviewer = await newStaffMember(page.request, 'reviewer');
  const staff = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const console_ = await staff.newPage();
  await console_.addInitScript(() => {
    if (!localStorage.getItem('tp.admin.lang')) localStorage.setItem('tp.admin.lang', 'en');
  });
  await console_.goto('/admin');
  await console_.getByTestId('login-email').fill(reviewer.email);
  await console_.getByTestId('login-password').fill(reviewer.password);
  await console_.getByTestId('login-submit').click();
  await expect(console_.getByTestId('side-menu')).toBeVisible();
  await console_.getByTestId('side-menu').getByRole('link', { name: 'Early redemptions' }).click();
  await expect(console_).toHaveURL(/#\/queues\/fund-refunds/);
  const row = console_.locator('[data-testid="queue-table"] tr', { hasText: 'BTC Hash Power 7D' }).filter({ hasText: String(sub.id) }).first();
  await expect(row).toContainText('50.00 USDT');
  await row.click();
  const drawer = console_.locator('.ant-drawer-open');
  await expect(drawer).toContainText('950.00 USDT');
  await shot(console_, 'mining-admin-refund-detail');
  await console_.keyboard.press('a');
  const dialog = await settledDialog(console_);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toHaveCount(0);
  await staff.close();

  await page.evaluate(() => localStorage.setItem('tp.lang', 'en'));
  await page.goto('/#/mining/record');
  await page.reload();
  await settle(page);
  await expect(card.getByTestId('mining-status')).toHaveAttribute('data-status', '3');
});
