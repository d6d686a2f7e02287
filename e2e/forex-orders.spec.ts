import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { confirmDialog, expectNoHorizontalOverflow, shot } from './support.js';
import { endpoints } from '@tp/contracts';

// The contract order tabs on the real server. A demo account (10000 USDT in its contract account
// from the start) places a far-away pending buy on BTCUSDT (crypto: open around the clock, priced by
// the simulator) through the API and opens a market long with the order form on /trade, then on
// /order watches the live price and profit, sets a stop loss and take profit in the sheet, cancels
// the pending order, closes the position with confirmation and finds both in history.

interface Envelope<T> { code: number; msg: string; data: T }
interface Symbol { Id: number; Code: string; HasForexMultiple: { Value: number }[]; ForexQuotations: { Close: string } }

const VARIANTS = [
  { theme: 'light', lang: 'en' },
  { theme: 'dark', lang: 'hk' },
  { theme: 'light', lang: 'ar' },
] as const;

const grouped = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const numberOf = (text: string | null) => Number((text ?? '').replace(/,/g, ''));

async function submit(request: APIRequestContext, token: string, data: Record<string, unknown>): Promise<{ Id: number }> {
  let answer: Envelope<{ Id: number }> | undefined;
  // Until the first BTCUSDT tick is stored a market order has no price to fill at.
  await expect
    .poll(async () => {
      const res = await request.post(endpoints.forex.submit.path, { headers: { authorization: token, lang: 'en', 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` }, data });
      answer = (await res.json()) as Envelope<{ Id: number }>;
      return answer.code;
    }, { timeout: 30_000, message: 'forex submit accepted' })
    .toBe(1);
  return answer!.data;
}

/** The server's message after an action shows as a toast; it is gone before the next screenshot. */
async function toastShownAndGone(page: Page): Promise<void> {
  const toast = page.locator('.adm-toast-main');
  await expect(toast).toBeVisible();
  await expect(toast).toHaveText(/\S/);
  await expect(toast).toBeHidden({ timeout: 10_000 });
}

async function openTab(page: Page, type: 0 | 1 | 3): Promise<void> {
  await page.getByTestId(`forex-tab-${type}`).click();
  await expect(page).toHaveURL(new RegExp(`type=${type}`));
  await expect(page.getByTestId('forex-orders')).toHaveAttribute('data-tab', String(type));
}

for (const { theme, lang } of VARIANTS) {
  const tag = `${theme}-${lang}`;

  test(`contract tabs (${tag}): live profit, SL/TP, cancel and close with confirmation, history`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.addInitScript((prefs) => {
      localStorage.setItem('tp.theme', prefs.theme);
      localStorage.setItem('tp.lang', prefs.lang);
    }, { theme, lang });
    await page.goto('/#/login');
    await page.getByTestId('login-demo').click();
    await expect(page).not.toHaveURL(/#\/login/);
    const token = await page.evaluate(() => localStorage.getItem('tp.token'));
    expect(token).toBeTruthy();

    const symbols = ((await (await page.request.get(endpoints.market.tradeList.path)).json()) as Envelope<Symbol[]>).data;
    const btc = symbols.find((s) => s.Code === 'BTCUSDT')!;
    const multiple = btc.HasForexMultiple[0]!.Value;
    // A far pending buy through the API (it also waits for the first stored BTCUSDT tick) ...
    const target = Math.floor(Number(btc.ForexQuotations.Close) / 2);
    const pending = await submit(page.request, token!, { type: 1, cont: '0.02', forex_id: btc.Id, status: 0, target_price: String(target), stop_loss_price: '0', target_profit_price: '0', multiple });
    // ... and the market long the way a user opens it: the order form on /trade.
    await page.evaluate((id) => localStorage.setItem('tp.symbol', String(id)), btc.Id);
    await page.goto('/#/trade');
    await page.reload(); // a fresh start reads the remembered symbol
    await expect(page.getByTestId('trade-symbol-header')).toHaveAttribute('data-code', 'BTCUSDT');
    await page.locator(`[data-testid="forex-leverage"][data-value="${multiple}"]`).click();
    await expect(page.getByTestId('forex-lots')).toHaveValue('0.01');
    await page.getByTestId('forex-submit').click();
    await toastShownAndGone(page);
    const holding = (await (await page.request.get(`${endpoints.forex.myDeal.path}?status=1&page=1`, { headers: { authorization: token! } })).json()) as Envelope<{ data: { Id: number; Quantity: string }[] }>;
    expect(holding.data.data).toHaveLength(1);
    const position = holding.data.data[0]!;
    expect(position.Quantity).toBe('0.01');

    // Holding: the card, the live totals, the price moving with the feed.
    await page.goto('/#/order?source=0&type=1');
    await expect(page.getByTestId('forex-orders')).toHaveAttribute('data-tab', '1');
    const card = page.locator(`[data-testid="forex-holding-order"][data-id="${position.Id}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('forex-side')).toHaveAttribute('data-side', 'long');
    await expect(card.getByTestId('forex-side')).toContainText(`x${multiple}`);
    await expect(page.getByTestId('forex-summary')).toHaveAttribute('data-live', '1', { timeout: 15_000 });
    await expect(page.getByTestId('forex-risk-rate')).toHaveText(/^\d[\d.]*%$/);
    const price = card.getByTestId('forex-current-price');
    const profit = card.getByTestId('forex-live-profit');
    const firstPrice = await price.textContent();
    const firstProfit = await profit.getAttribute('data-value');
    await expect.poll(async () => [await price.textContent(), await profit.getAttribute('data-value')], { timeout: 20_000, message: 'live price and profit move' }).not.toEqual([firstPrice, firstProfit]);
    await expect(price).not.toHaveText(firstPrice ?? '', { timeout: 20_000 });
    await expectNoHorizontalOverflow(page);
    await shot(page, `forex-holding-${tag}`);

    // The detail sheet.
    await card.getByTestId('forex-order-open').click();
    const detail = page.getByTestId('forex-order-sheet');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('forex-detail-id')).toHaveText(String(position.Id));
    await expectNoHorizontalOverflow(page);
    await shot(page, `forex-detail-sheet-${tag}`);
    await detail.locator('.tp-fx-sheet-button').click();
    await expect(detail).toHaveCount(0);

    // Stop loss and take profit through the sheet: switching on fills in the current price.
    await card.getByTestId('forex-stops-open').click();
    const sheet = page.getByTestId('forex-stops-sheet');
    await expect(sheet).toBeVisible();
    await sheet.getByTestId('forex-stop-sl-switch').click();
    const slInput = sheet.getByTestId('forex-stop-sl-input').locator('input');
    await expect(slInput).toHaveValue(/^\d+(\.\d+)?$/);
    const current = numberOf(await sheet.getByTestId('forex-stops-current').textContent());
    expect(current).toBeGreaterThan(0);
    const stopLoss = Math.round(current * 0.9 * 100) / 100;
    const takeProfit = Math.round(current * 1.1 * 100) / 100;
    await slInput.fill(stopLoss.toFixed(2));
    await sheet.getByTestId('forex-stop-tp-switch').click();
    await sheet.getByTestId('forex-stop-tp-input').locator('input').fill(takeProfit.toFixed(2));
    await expectNoHorizontalOverflow(page);
    await shot(page, `forex-stops-sheet-${tag}`);
    await sheet.getByTestId('forex-stops-save').click();
    await expect(sheet).toHaveCount(0);
    await toastShownAndGone(page);
    await expect(card.getByTestId('forex-card-stop-loss')).toHaveText(grouped(stopLoss));
    await expect(card.getByTestId('forex-card-take-profit')).toHaveText(grouped(takeProfit));

    // Dealing: the pending buy waits far below the market; cancelling asks first.
    await openTab(page, 0);
    const pendingCard = page.locator(`[data-testid="forex-dealing-order"][data-id="${pending.Id}"]`);
    await expect(pendingCard).toBeVisible();
    await expect(pendingCard.getByTestId('forex-pending-price')).toHaveText(grouped(target));
    await expectNoHorizontalOverflow(page);
    await shot(page, `forex-dealing-${tag}`);
    await pendingCard.getByTestId('forex-cancel').click();
    await expect(page.getByTestId('forex-cancel-confirm')).toBeVisible();
    await confirmDialog(page);
    await expect(pendingCard).toHaveCount(0);
    await toastShownAndGone(page);

    // Close with confirmation: the position leaves holding.
    await openTab(page, 1);
    await expect(card).toBeVisible();
    await card.getByTestId('forex-close').click();
    await expect(page.getByTestId('forex-close-confirm')).toBeVisible();
    await shot(page, `forex-close-confirm-${tag}`);
    await confirmDialog(page);
    await expect(card).toHaveCount(0);
    await expect(page.getByTestId('empty')).toBeVisible();
    await expect(page.getByTestId('forex-risk-rate')).toHaveText('--');
    await toastShownAndGone(page);

    // History: closed by the user, and the cancelled pending order.
    await openTab(page, 3);
    const closed = page.locator(`[data-testid="forex-history-order"][data-id="${position.Id}"]`);
    await expect(closed).toBeVisible();
    await expect(closed.getByTestId('forex-close-reason')).toHaveAttribute('data-reason', 'close_type_1');
    await expect(closed.getByTestId('forex-settled-profit')).toHaveText(/^[+-]?[\d,]+\.\d{2}$/);
    const cancelled = page.locator(`[data-testid="forex-history-order"][data-id="${pending.Id}"]`);
    await expect(cancelled.getByTestId('forex-close-reason')).toHaveAttribute('data-reason', 'status_cancelled');
    await expectNoHorizontalOverflow(page);
    await shot(page, `forex-history-${tag}`);
    await closed.getByTestId('forex-order-open').click();
    await expect(page.getByTestId('forex-order-sheet')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, `forex-history-sheet-${tag}`);
  });
}
