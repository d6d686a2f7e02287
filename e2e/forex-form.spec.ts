import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { endpoints, type BalanceAccount, type ForexMyDeal, type TradeSymbol } from '@tp/contracts';
import { dec, FOREX_BUY, forexFee, forexFillPrice, forexMargin } from '@tp/domain';
import { expectNoHorizontalOverflow, shot } from './support.js';

// The contract order form on the real server: a demo account opens a market long with a stop loss
// on BTCUSDT (crypto: open around the clock, priced by the simulator), and the contract account
// drops by exactly the margin and fee the order holds. A visitor is sent to log in.

const shotsDir = fileURLToPath(new URL('./screenshots/', import.meta.url));

async function pickSymbol(page: Page, code: string): Promise<void> {
  await page.getByTestId('trade-symbol-header').click();
  await page.locator(`[data-testid="trade-drawer-item"][data-code="${code}"]`).click();
  await expect(page.getByTestId('trade-symbol-header')).toHaveAttribute('data-code', code);
}

/** The whole form as one picture (it is taller than the screen under the chart) and the screen at its button. */
async function shootForm(page: Page, name: string): Promise<void> {
  await expect(page.getByTestId('forex-form')).toBeVisible();
  mkdirSync(shotsDir, { recursive: true });
  await page.getByTestId('forex-form').screenshot({ path: `${shotsDir}${name}.png` });
  // Its end above the fixed tab bar.
  await page.getByTestId('forex-form').evaluate((el) => {
    el.scrollIntoView({ block: 'end' });
    window.scrollBy(0, 80);
  });
  await expectNoHorizontalOverflow(page);
  await shot(page, `${name}-screen`);
}

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('tp.token'));
  const res = await page.request.get(path, { headers: { authorization: token ?? '', lang: 'en' } });
  const body = (await res.json()) as { code: number; data: T };
  expect(body.code).toBe(1);
  return body.data;
}

test('a demo user opens a market long with a stop loss; the contract account drops by margin + fee', async ({ page }) => {
  await page.goto('/#/login');
  await page.evaluate(() => localStorage.setItem('tp.lang', 'en'));
  await page.reload();
  await page.getByTestId('login-demo').click();
  await expect(page).not.toHaveURL(/#\/login/);

  await page.goto('/#/trade');
  await pickSymbol(page, 'BTCUSDT');
  const form = page.getByTestId('forex-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('forex-balance')).toHaveText('10,000.00');
  await expect(page.getByTestId('forex-lots')).toHaveValue('0.01');
  await expect(page.getByTestId('forex-lots-minus')).toBeDisabled();
  await page.getByTestId('forex-lots-plus').click();
  await expect(page.getByTestId('forex-lots')).toHaveValue('0.02');
  await page.locator('[data-testid="forex-leverage"][data-value="20"]').click();

  // The switch pre-fills the live close; a long's stop loss goes 5 % under it.
  await page.getByTestId('forex-stop-loss-switch').click();
  const prefilled = await page.getByTestId('forex-stop-loss-price').inputValue();
  expect(prefilled).toMatch(/^\d+(\.\d+)?$/);
  const stopLoss = dec(prefilled).times('0.95').toDecimalPlaces(2).toFixed(2);
  await page.getByTestId('forex-stop-loss-price').fill(stopLoss);
  await expect(page.getByTestId('forex-margin')).toHaveText(/^[\d,]+\.\d{2,6}$/);
  await shootForm(page, 'forex-form-light-en');

  const submit = page.getByTestId('forex-submit');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.locator('.adm-toast-main').filter({ hasText: 'Order placed' })).toBeVisible();

  // What the server holds: the order's margin and fee, by the same domain rules the preview uses.
  const deal = await api<ForexMyDeal>(page, `${endpoints.forex.myDeal.path}?status=1&page=1`);
  expect(deal.total).toBe(1);
  const order = deal.data[0]!;
  expect(order).toMatchObject({ OrderType: 1, Quantity: '0.02', multiple: 20, Status: 1 });
  expect(dec(order.TargetLossPrice).eq(stopLoss)).toBe(true);
  expect(dec(order.TargetProfitPrice).isZero()).toBe(true);
  const btc = (await api<TradeSymbol[]>(page, endpoints.market.tradeList.path)).find((s) => s.Code === 'BTCUSDT')!;
  const margin = forexMargin({ marginMode: btc.MarginMode, lots: '0.02', contNum: btc.ForexContNum, price: forexFillPrice(FOREX_BUY, order.OriginPrice, btc.Spread), leverage: 20 });
  const feeType = (await api<{ trade_fee_type: number }>(page, endpoints.settings.basicInfo.path)).trade_fee_type;
  const fee = forexFee({ feeType, lots: '0.02', feeRate: btc.ForexFeeRate, margin });
  expect(dec(order.CautionMoney).eq(margin)).toBe(true);
  expect(dec(order.TradeFee).eq(fee)).toBe(true);

  const forex = (await api<BalanceAccount[]>(page, endpoints.wallet.balances.path)).find((a) => a.accountTypeId === 3)!;
  const expected = dec('10000').minus(margin).minus(fee);
  expect(dec(forex.balance).eq(expected)).toBe(true);
  const shown = expected.toFixed(2, 1).replace(/\B(?=(\d{3})+(?!\d))/g, ','); // rounded down, grouped
  await expect(page.getByTestId('forex-balance')).toHaveText(shown);
  // The form keeps its values for the next order.
  await expect(page.getByTestId('forex-lots')).toHaveValue('0.02');
  await expect(page.locator('[data-testid="forex-leverage"][data-value="20"]')).toHaveAttribute('aria-checked', 'true');
  await shootForm(page, 'forex-form-after-light-en');

  // Dark theme, a pending short with a take profit, still within 375 px.
  await page.evaluate(() => localStorage.setItem('tp.theme', 'dark'));
  await page.reload();
  await expect(form).toBeVisible();
  await page.getByTestId('forex-side-sell').click();
  await page.getByTestId('forex-kind-pending').click();
  await page.getByTestId('forex-take-profit-switch').click();
  await shootForm(page, 'forex-form-pending-dark-en');

  // Arabic, right to left; a forex symbol is closed at the weekend, one without leverage says so.
  await page.evaluate(() => {
    localStorage.setItem('tp.theme', 'light');
    localStorage.setItem('tp.lang', 'ar');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('forex-stop-loss-switch').click();
  await shootForm(page, 'forex-form-light-ar');
  await pickSymbol(page, 'NATGAS');
  await expect(page.getByTestId('forex-no-mult')).toBeVisible();
  await expect(page.getByTestId('forex-submit')).toHaveCount(0);
  await shootForm(page, 'forex-form-no-leverage-light-ar');
  await pickSymbol(page, 'EURUSD');
  if ((await page.getByTestId('trade-closed').count()) > 0) await expect(page.getByTestId('forex-submit')).toBeDisabled();
  else await expect(page.getByTestId('forex-submit')).toBeEnabled();
  await shootForm(page, 'forex-form-eurusd-light-ar');
});

test('a visitor tapping the order button is sent to /login?from=/trade', async ({ page }) => {
  await page.goto('/#/trade');
  await pickSymbol(page, 'BTCUSDT');
  await expect(page.getByTestId('forex-balance')).toHaveText('--');
  await shootForm(page, 'forex-form-visitor-light-hk');
  await page.getByTestId('forex-submit').click();
  await expect(page).toHaveURL(/#\/login\?from=\/trade$/);
});
