import { expect, test } from '@playwright/test';
import { endpoints } from '@tp/contracts';
import { expectNoHorizontalOverflow, shot } from './support.js';

// Provable fairness in the browser: a demo user's 30-second option settles on the real engine,
// its minute's tick root is published by the scheduler, and "verify" in the closed order's detail
// sheet recomputes the receipt in the page (hash chain, path to the published root, the rule).

test('a closed option\'s receipt verifies in the browser', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.goto('/#/login');
  await page.getByTestId('login-demo').click();
  await expect(page).not.toHaveURL(/#\/login/);
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('tp.token') ?? '';
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw;
    }
  });
  expect(token).toBeTruthy();
  const headers = { authorization: token, lang: 'en' };

  const btc = ((await (await request.get(endpoints.market.tradeList.path)).json()).data as { Id: number; Code: string }[]).find((s) => s.Code === 'BTCUSDT')!;
  let opened: { code: number; data: { Id: number } } | undefined;
  await expect
    .poll(async () => {
      opened = await (await request.post(endpoints.micro.submit.path, { headers, data: { forex_id: btc.Id, type: 1, number: '100', seconds: 30 } })).json();
      return opened!.code;
    }, { timeout: 30_000 })
    .toBe(1);
  const id = opened!.data.Id;

  // Settled after 30 s, then published once a tick of the next minute is stored (the scheduler runs every 15 s).
  await expect
    .poll(async () => {
      const answer = await (await request.get(`${endpoints.fair.receipt.path}?kind=option&id=${id}`, { headers })).json();
      const r = answer.data;
      return answer.code === 1 && r.exit !== null && r.entry.proof !== null && r.exit.proof !== null && r.beforeExit?.proof != null;
    }, { timeout: 180_000, intervals: [5_000] })
    .toBe(true);

  await page.goto('/#/order?source=1&type=3');
  const closed = page.locator(`[data-testid="micro-order"][data-id="${id}"]`);
  await expect(closed).toBeVisible();
  await closed.click();
  const sheet = page.getByTestId('micro-order-sheet');
  await expect(sheet).toBeVisible();
  await sheet.getByTestId('fair-verify-button').click();
  const result = sheet.getByTestId('fair-verify-result');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'fair-verify-light-hk');

  // Another user cannot read it.
  const other = await (await request.get(`${endpoints.users.demoLogin.path}?demo_id=fair-other-${Date.now()}`)).json();
  const refused = await (await request.get(`${endpoints.fair.receipt.path}?kind=option&id=${id}`, { headers: { authorization: other.data.token, lang: 'en' } })).json();
  expect(refused.error).toBe('not_found');

  // Dark theme and Arabic (right to left).
  await page.evaluate(() => {
    localStorage.setItem('tp.theme', 'dark');
    localStorage.setItem('tp.lang', 'ar');
  });
  await page.reload();
  await expect(closed).toBeVisible();
  await closed.click();
  await sheet.getByTestId('fair-verify-button').click();
  await expect(sheet.getByTestId('fair-verify-result')).toHaveAttribute('data-ok', 'true');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'fair-verify-dark-ar');

  // Tab pages stay mounted: close the sheet so its mask does not cover the next screen.
  await sheet.getByRole('button').last().click();
  await expect(sheet).toBeHidden();

  // The wallet: the statement of the last 30 days downloads as CSV (a demo account has no liabilities proof).
  await page.goto('/#/mine/wallet');
  await expect(page.getByTestId('fair-statement')).toBeVisible();
  await expect(page.getByTestId('fair-liability')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByTestId('fair-statement-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'fair-wallet-dark-ar');
});
