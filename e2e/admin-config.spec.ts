import { expect, test, type Page } from '@playwright/test';
import { endpoints } from '@tp/contracts';
import { SEEDED_ADMIN, shot } from './support.js';

// Configuration in the admin console, at 1280x800 with a mouse: the admin changes a symbol's
// spread, and the user's next market order in the web app fills at the market plus the new spread
// (Price against OriginPrice). SOLUSDT: crypto (open around the clock), used by no other journey and
// by none of the sample traders.
// Then a look at every configuration page in light and dark.
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

const { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } = SEEDED_ADMIN;
const NEW_SPREAD = '0.75';

interface Envelope<T> { code: number; msg: string; data: T }
interface Symbol { Id: number; Code: string; Spread: string; HasForexMultiple: { Value: number }[] }
interface Deal { Id: number; OrderType: number; Price: string; OriginPrice: string; Quantity: string }

async function signIn(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((mode) => {
    localStorage.setItem('tp.admin.theme', mode);
    localStorage.setItem('tp.admin.lang', 'en');
  }, theme);
  await page.goto('/admin');
  await page.getByTestId('login-email').fill(ADMIN_EMAIL);
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

/** Every list of the page has its data and no loading veil is left (a picture is of the page itself). */
async function settled(page: Page) {
  await expect(page.locator('[data-state]').first()).toBeVisible();
  await expect(page.locator('[data-state="loading"]')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning, .ant-spin-blur')).toHaveCount(0);
  // The veil fades out (a CSS transition): the picture waits until every table is fully shown.
  await expect
    .poll(() => page.locator('.ant-spin-container').evaluateAll((els) => els.every((el) => getComputedStyle(el).opacity === '1')))
    .toBe(true);
}

/** antd's toasts: the server's message after a save; gone before the next picture. */
async function toastShownAndGone(page: Page, text: RegExp | string) {
  const toast = page.locator('.ant-message-notice').last();
  await expect(toast).toContainText(text);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
}

test('the admin changes a spread in the console; the next market order in the app fills at the market plus it', async ({ page, browser }) => {
  test.setTimeout(180_000); // screens are also checked with axe-core (support.ts shot)
  await signIn(page, 'light');
  await page.getByTestId('side-menu').getByText('Configuration').click();
  await expect(page).toHaveURL(/#\/config\/symbols$/);
  const row = page.locator('tr', { has: page.getByTestId('symbol-SOLUSDT') });
  await expect(row.getByTestId('symbol-spread-SOLUSDT')).toHaveText('0.1');

  await row.getByRole('button', { name: 'Edit' }).click();
  const drawer = page.getByTestId('symbols-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('symbols-drawer-spread').fill('-1');
  await drawer.getByTestId('symbols-drawer-save').click();
  // The contracts' schema refuses it in the form: nothing is sent.
  await expect(drawer.locator('.ant-form-item-explain-error')).toHaveText('This value is not valid');
  await drawer.getByTestId('symbols-drawer-spread').fill(NEW_SPREAD);
  await expect(drawer.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await expect(drawer).toContainText('Edit SOL/USDT');
  await shot(page, 'admin-config-symbol-drawer-light');
  await drawer.getByTestId('symbols-drawer-save').click();
  await toastShownAndGone(page, 'Saved');
  await expect(drawer).toBeHidden();
  await expect(row.getByTestId('symbol-spread-SOLUSDT')).toHaveText(NEW_SPREAD);

  // The user, in the web app (its own browser context: its own storage).
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const app = await context.newPage();
  await app.goto('/#/login');
  await app.getByTestId('login-demo').click();
  await expect(app).not.toHaveURL(/#\/login/);
  const token = (await app.evaluate(() => localStorage.getItem('tp.token')))!;
  const symbols = ((await (await app.request.get(endpoints.market.tradeList.path)).json()) as Envelope<Symbol[]>).data;
  const sol = symbols.find((s) => s.Code === 'SOLUSDT')!;
  expect(sol.Spread).toBe(NEW_SPREAD);
  const multiple = sol.HasForexMultiple[0]!.Value;
  await app.evaluate((id) => localStorage.setItem('tp.symbol', String(id)), sol.Id);
  await app.goto('/#/trade');
  await app.reload();
  await expect(app.getByTestId('trade-symbol-header')).toHaveAttribute('data-code', 'SOLUSDT');
  await app.locator(`[data-testid="forex-leverage"][data-value="${multiple}"]`).click();
  await expect(app.getByTestId('forex-lots')).toHaveValue('0.01');
  // Until the engine stored a first SOLUSDT tick a market order has no price (refused): submit
  // again after each answer until one fills. Each answer is a toast; the next try waits for it.
  const holding = async () =>
    ((await (await app.request.get(`${endpoints.forex.myDeal.path}?status=1&page=1`, { headers: { authorization: token } })).json()) as Envelope<{ data: Deal[] }>).data.data.length;
  for (let attempt = 0; attempt < 15 && (await holding()) === 0; attempt += 1) {
    await app.getByTestId('forex-submit').click();
    const toast = app.locator('.adm-toast-main');
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 10_000 });
  }
  expect(await holding()).toBe(1);
  const deals = (await (await app.request.get(`${endpoints.forex.myDeal.path}?status=1&page=1`, { headers: { authorization: token } })).json()) as Envelope<{ data: Deal[] }>;
  const order = deals.data.data[0]!;
  expect(order.OrderType).toBe(1);
  // A buy fills at the market moved up by the whole spread (hundredths: no float error to round away).
  expect(Math.round(Number(order.Price) * 100) - Math.round(Number(order.OriginPrice) * 100)).toBe(75);
  await context.close();

  // Switching SOLUSDT off now would leave the user's position unpriced: the console asks first.
  await page.reload();
  await expect(row.getByTestId('symbol-spread-SOLUSDT')).toHaveText(NEW_SPREAD);
  await row.getByRole('switch').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('Open on it: 1 forex order(s), 0 running option(s)');
  // The dialog zooms in: the picture waits until it has arrived.
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  await shot(page, 'admin-config-symbol-off-confirm-light');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByRole('switch')).toBeChecked();

  // Put the seed's spread back for any journey after this one.
  await row.getByRole('button', { name: 'Edit' }).click();
  await drawer.getByTestId('symbols-drawer-spread').fill('0.1');
  await drawer.getByTestId('symbols-drawer-save').click();
  await expect(row.getByTestId('symbol-spread-SOLUSDT')).toHaveText('0.1');
});

const AREAS = ['symbols', 'options', 'settings', 'deposit-addresses', 'collection-accounts', 'companies', 'news'] as const;

for (const theme of ['light', 'dark'] as const) {
  test(`every configuration page (${theme})`, async ({ page }) => {
    test.setTimeout(180_000); // ten pages, each also checked with axe-core
    await signIn(page, theme);
    for (const area of AREAS) {
      await page.goto(`/admin/#/config/${area}`);
      await expect(page.getByTestId(`config-tab-${area}`)).toBeVisible();
      await settled(page);
      await shot(page, `admin-config-${area}-${theme}`);
    }
    // The news editor: the rich-text editor loads with it; the preview shows the article as saved.
    await page.goto('/admin/#/config/news');
    await page.locator('[data-testid^="news-edit-"]').first().click();
    await expect(page.getByTestId('news-content').locator('.tiptap')).toBeVisible();
    await expect(page.getByTestId('news-preview')).toContainText(/\S/);
    await expect(page.locator('.ant-drawer-content-wrapper')).toBeInViewport({ ratio: 1 });
    await shot(page, `admin-config-news-editor-${theme}`);
  });
}

test('a news article written in the editor is saved and previewed as users get it', async ({ page }) => {
  await signIn(page, 'light');
  await page.goto('/admin/#/config/news');
  await settled(page);
  await page.getByTestId('news-create').click();
  await expect(page.getByTestId('news-preview')).toContainText('Save the article');
  await page.getByTestId('news-title').fill('Copper firms on supply worries');
  const editor = page.getByTestId('news-content').locator('.tiptap');
  await editor.click();
  await page.keyboard.type('Copper rose for a third day. ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Stocks are low.');
  await page.getByTestId('news-save').click();
  await toastShownAndGone(page, 'Saved');
  const preview = page.getByTestId('news-preview');
  await expect(preview).toContainText('Copper firms on supply worries');
  await expect(preview.locator('strong')).toHaveText('Stocks are low.');
  // Saved once, it is an article being edited: the next save changes it rather than adding one.
  await expect(page.locator('.ant-drawer-title')).toHaveText('Edit article');
  await shot(page, 'admin-config-news-saved-light');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('news')).toContainText('Copper firms on supply worries');
});
