import { expect, test, type Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { startServerProcess } from './server-process.js';
import { expectNoHorizontalOverflow, shot } from './support.js';
import { endpoints } from '@tp/contracts';

// The option journey on the real server: a demo account buys "up" on BTCUSDT (crypto, open around
// the clock, priced by the simulator), watches the countdown on /trade and /order, and sees the
// result arrive on /trade once the 30-second option has settled at the first stored tick after
// its expiry.

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

  // It shows at once below the form: direction, amount, entry price and a running countdown.
  const live = page.getByTestId('micro-live-order');
  await expect(live).toHaveCount(1);
  await expect(live).toHaveAttribute('data-state', 'running');
  const liveId = await live.getAttribute('data-id');
  await expect(live.locator('.tp-micro-dir')).toHaveClass(/tp-up/);
  await expect(live.getByTestId('micro-live-amount')).toHaveText('100.00');
  await expect(live.getByTestId('micro-live-entry')).toHaveText(/^\d{1,3}(,\d{3})*\.\d+$/);
  await expect(live.getByTestId('micro-live-payout-if-win')).toHaveText('180.00');
  const liveCountdown = live.getByTestId('micro-live-countdown');
  await expect(liveCountdown).toHaveText(/^00:[0-3]\d$/);
  const liveFirst = await liveCountdown.textContent();
  await expect(liveCountdown).not.toHaveText(liveFirst ?? '', { timeout: 3000 }); // it counts down
  await page.getByTestId('micro-live').scrollIntoViewIfNeeded();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'micro-live-running-light-hk');

  await page.goto('/#/order?source=1&type=1');
  await expect(page.getByTestId('order-source-future')).toBeVisible();
  // One word for one thing: the trade screen's mode and the order screen's source.
  await expect(page.getByTestId('order-source-future')).toHaveText((await page.getByTestId('trade-mode-future').textContent()) ?? '');
  const running = page.getByTestId('micro-order');
  await expect(running).toHaveCount(1);
  const id = await running.getAttribute('data-id');
  expect(id).toBe(liveId);
  const countdown = page.getByTestId('micro-countdown');
  await expect(countdown).toHaveText(/^00:[0-3]\d$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 3000 }); // it counts down
  await expectNoHorizontalOverflow(page);
  await shot(page, 'micro-orders-running-light-hk');

  // Back on /trade: the engine settles it at the first stored tick after expiry and pushes
  // MICRO_SETTLED - a notice, and the option's card turns into its result.
  await page.goto('/#/trade');
  const liveCard = page.locator(`[data-testid="micro-live-order"][data-id="${id}"]`);
  await expect(liveCard).toBeVisible();
  const notice = page.getByTestId('micro-settled-notice');
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await expect(notice).toHaveAttribute('data-result', /^(win|loss|tie)$/);
  const pushed = await notice.getAttribute('data-result');
  await expect(liveCard).toHaveAttribute('data-state', pushed!);
  await expect(liveCard.getByTestId('micro-live-countdown')).toHaveCount(0);
  await expect(liveCard.getByTestId('micro-live-result')).toHaveAttribute('data-result', pushed!);
  await expect(liveCard.getByTestId('micro-live-outcome')).toHaveText(pushed === 'win' ? '180.00' : pushed === 'loss' ? '-100.00' : '100.00');
  await expect(liveCard.getByTestId('micro-live-exit')).toHaveText(/^\d{1,3}(,\d{3})*\.\d+$/);
  await shot(page, 'micro-settled-notice-light-hk');
  await page.getByTestId('micro-live').scrollIntoViewIfNeeded();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'micro-live-settled-light-hk');
  // Its receipt: the option's detail sheet on /order, with the settlement check.
  await liveCard.getByTestId('micro-live-receipt').click();
  await expect(page).toHaveURL(new RegExp(`#/order\\?source=1&type=3&id=${id}$`));
  const receipt = page.getByTestId('micro-order-sheet');
  await expect(receipt).toBeVisible();
  await expect(receipt.getByTestId('fair-verify-button')).toBeVisible();
  await receipt.getByRole('button', { name: /^關閉$/ }).click();
  await expect(receipt).toBeHidden();
  await expect(page).toHaveURL(/#\/order\?source=1&type=3$/);

  // At zero the list refreshed 1 s later; the settled order has left the running tab.
  await page.getByTestId('micro-tab-running').click();
  await expect(page).toHaveURL(/type=1/);
  await expect(page.getByTestId('micro-order')).toHaveCount(0, { timeout: 60_000 });
  await page.getByTestId('micro-tab-closed').click();
  await expect(page).toHaveURL(/type=3/);
  const closed = page.locator(`[data-testid="micro-order"][data-id="${id}"]`);
  await expect(closed).toBeVisible();
  const result = closed.getByTestId('micro-result');
  await expect(result).toHaveAttribute('data-result', /^(win|loss|tie)$/);
  const outcome = await result.getAttribute('data-result');
  expect(outcome).toBe(pushed);
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
  await expect(page.getByTestId('forex-orders')).toBeVisible();
  await shot(page, 'order-contract-dark-hk');
  await page.goto('/#/order?source=1&type=3');
  await expect(page.locator(`[data-testid="micro-order"][data-id="${id}"]`)).toBeVisible();
  await shot(page, 'micro-orders-closed-dark-hk');
  await page.goto('/#/trade');
  await page.getByTestId('trade-mode-future').click();
  await page.getByTestId('micro-buy-down').scrollIntoViewIfNeeded();
  await shot(page, 'micro-form-dark-hk');
});

// ---- the option cards on /trade in English and Arabic, light and dark ----

/**
 * Moves within the running app (a hash change, as a tap on a link does): page.goto would load the
 * page again, and a settled option's card lives only as long as the page.
 */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((hash) => (window.location.hash = hash), `#${path}`);
  await expect(page).toHaveURL(new RegExp(`#${path.replace(/[?]/g, '\\?')}$`));
}

test('the trade screen shows a running and a settled option in English and Arabic, light and dark', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/#/login');
  await page.getByTestId('login-demo').click();
  await expect(page).not.toHaveURL(/#\/login/);
  await page.goto('/#/trade');
  await go(page, '/language');
  await page.getByTestId('lang-item-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).not.toHaveURL(/#\/language/); // it goes back by itself
  await go(page, '/trade');
  await page.getByTestId('trade-symbol-header').click();
  await page.locator('[data-testid="trade-drawer-item"][data-code="BTCUSDT"]').click();
  await expect(page.getByTestId('trade-symbol-header')).toHaveAttribute('data-code', 'BTCUSDT');
  await page.getByTestId('trade-mode-future').click();
  await expect(page.getByTestId('trade-mode-future')).toHaveText('Options');

  // A 30 s option up and a 120 s option down: the first settles while the second still runs.
  const buy = async (seconds: number, amount: string, side: 'up' | 'down') => {
    await page.locator(`[data-testid="micro-seconds-option"][data-seconds="${seconds}"]`).click();
    await page.getByTestId('micro-amount').locator('input').fill(amount);
    const cards = await page.getByTestId('micro-live-order').count();
    await page.getByTestId(`micro-buy-${side}`).click();
    await expect(page.getByTestId('micro-live-order')).toHaveCount(cards + 1);
  };
  await buy(30, '100', 'up');
  await buy(120, '50', 'down');
  const cards = page.getByTestId('micro-live-order');
  const [long, short] = [cards.nth(0), cards.nth(1)]; // newest first
  await expect(long).toHaveAttribute('data-state', 'running');
  await expect(long.locator('.tp-micro-dir')).toHaveClass(/tp-down/);
  await expect(short).toHaveAttribute('data-state', 'running');
  await page.getByTestId('micro-live').scrollIntoViewIfNeeded();
  await shot(page, 'micro-live-running-light-en');

  // The result arrives on the screen as it is (no reload, no navigation).
  await expect(short).toHaveAttribute('data-state', /^(win|loss|tie)$/, { timeout: 60_000 });
  await expect(short.getByTestId('micro-live-receipt')).toBeVisible();
  await expect(long).toHaveAttribute('data-state', 'running');
  await expect(long.getByTestId('micro-live-countdown')).toHaveText(/^0[01]:\d\d$/);
  await page.getByTestId('micro-live').scrollIntoViewIfNeeded();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'micro-live-light-en');

  const theme = async (dark: boolean) => {
    await go(page, '/user');
    const toggle = page.getByTestId('user-dark-switch');
    if ((await toggle.getAttribute('aria-checked')) !== String(dark)) await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', dark ? 'dark' : 'light');
    await go(page, '/trade');
    await expect(page.getByTestId('micro-live')).toBeVisible();
    await page.getByTestId('micro-live').scrollIntoViewIfNeeded();
  };
  await theme(true);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'micro-live-dark-en');

  await go(page, '/language');
  await page.getByTestId('lang-item-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page).not.toHaveURL(/#\/language/);
  await go(page, '/trade');
  await expect(page.getByTestId('micro-live')).toBeVisible();
  await page.getByTestId('micro-live').scrollIntoViewIfNeeded();
  await expect(long).toHaveAttribute('data-state', 'running');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'micro-live-dark-ar');
  await theme(false);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'micro-live-light-ar');
});

// ---- kill -9 and restart: the option is settled exactly once from the feed after restart ----

/** Its own process group, so the whole server - node and its embedded PostgreSQL - can be killed at once. */
const startServer = (dataDir: string, port: number) => startServerProcess(dataDir, port, { adminPassword: 'crash-test-password-1', detached: true });

function killGroup(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((done) => {
    child.once('exit', () => setTimeout(done, 500));
    process.kill(-child.pid!, signal);
  });
}

test('SIGKILL after submit: the restarted server settles the option once', async ({ request }) => {
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-options-crash-'));
  const port = freePort();
  let server = await startServer(dataDir, port);
  try {
    const api = (path: string) => `${server.url}${path}`;
    const demo = await (await request.get(api(`${endpoints.users.demoLogin.path}?demo_id=crash-test-device`))).json();
    const token = demo.data.token as string;
    const headers = { authorization: token, lang: 'en' };
    const btc = ((await (await request.get(api(endpoints.market.tradeList.path))).json()).data as { Id: number; Code: string }[]).find((s) => s.Code === 'BTCUSDT')!;
    // Wait until a tick of BTCUSDT is stored (the entry is the last stored tick).
    let submitted: { code: number; data: { Id: number; ExpireAtST: number } } | undefined;
    await expect
      .poll(async () => {
        submitted = await (await request.post(api(endpoints.micro.submit.path), { headers, data: { forex_id: btc.Id, type: 1, number: '100', seconds: 30 } })).json();
        return submitted!.code;
      }, { timeout: 30_000 })
      .toBe(1);

    await killGroup(server.child, 'SIGKILL'); // no shutdown hook, no final flush
    // Stay down past the expiry: nothing can settle while nothing runs.
    await new Promise((r) => setTimeout(r, Math.max(0, submitted!.data.ExpireAtST - Date.now()) + 2000));

    server = await startServer(dataDir, port);
    const orders = async (status: 1 | 3) => (await (await request.get(`${server.url}${endpoints.micro.orders.path}?status=${status}`, { headers })).json()).data;
    await expect.poll(async () => (await orders(3)).total, { timeout: 60_000 }).toBe(1);
    const [closed] = (await orders(3)).data as { Id: number; FactProfits: string; EndPrice: string; CompleteAtST: number }[];
    expect(closed!.Id).toBe(submitted!.data.Id);
    expect((await orders(1)).total).toBe(0);
    // Exactly once: the options account moved by the stake and FactProfits alone, nothing held.
    const balances = (await (await request.get(`${server.url}${endpoints.wallet.balances.path}`, { headers })).json()).data as { accountTypeId: number; balance: string; lockBalance: string }[];
    const micro = balances.find((a) => a.accountTypeId === 2)!;
    expect(Number(micro.lockBalance)).toBe(0);
    expect(Number(micro.balance)).toBeCloseTo(10000 + Number(closed!.FactProfits), 6);
  } finally {
    await killGroup(server.child, 'SIGTERM').catch(() => undefined);
  }
});
