import { expect, test, type Page } from '@playwright/test';
import { codeFromOutbox, confirmDialog, expectNoHorizontalOverflow, shot, uniqueEmail } from './support.js';

const PASSWORD = 'Secret-pass-42';

async function register(page: Page, email: string, inviteCode?: string): Promise<void> {
  await page.goto(inviteCode ? `/#/register?invite_code=${inviteCode}` : '/#/register');
  if (inviteCode) await expect(page.getByTestId('register-invite')).toHaveValue(inviteCode);
  await page.getByTestId('register-account').fill(email);
  await page.getByTestId('register-send-code').click();
  // The button counts down 60 s before a code can be asked for again.
  await expect(page.getByTestId('register-send-code')).toBeDisabled();
  await expect(page.getByTestId('register-send-code')).toContainText(/\d+/);
  const code = await codeFromOutbox(email);
  await page.getByTestId('register-code').fill(code);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-repassword').fill(PASSWORD);
  await page.getByTestId('register-submit').click();
}

async function login(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

test('register with the e-mailed code, see the home shell, log out and log in again', async ({ page }) => {
  const email = uniqueEmail('journey');
  await register(page, email);

  await expect(page.getByTestId('home-email')).toHaveText(email);
  await expect(page.getByTestId('home-uid')).toContainText(/\d{8}/);
  await expect(page.getByTestId('home-balance-total')).toContainText('0.00');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'home-light-hk');

  await page.getByTestId('tab-user').click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await expect(page.getByTestId('user-total')).toContainText('0.00');
  await shot(page, 'user-light-hk');

  // Hidden assets stay hidden across a reload.
  await page.getByTestId('user-hide-toggle').click();
  await expect(page.getByTestId('user-total')).not.toContainText('0.00');
  await page.reload();
  await expect(page.getByTestId('user-total')).not.toContainText('0.00');
  await page.getByTestId('user-hide-toggle').click();
  await expect(page.getByTestId('user-total')).toContainText('0.00');

  await page.getByTestId('user-logout').click();
  await confirmDialog(page);
  await expect(page).toHaveURL(/#\/login/);

  // The server's refusal, in the default language (hk), as the toast.
  await login(page, email, 'wrong-password-1');
  await expect(page.locator('.adm-toast-main').filter({ hasText: '帳戶或密碼錯誤' })).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);

  // Logging out from /user and back in returns to /user.
  await login(page, email);
  await expect(page.getByTestId('user-email')).toHaveText(email);
});

test('a visitor sent to login from /user comes back to /user after signing in', async ({ page, request }) => {
  const email = uniqueEmail('guard');
  await register(page, email);
  await expect(page.getByTestId('home-email')).toHaveText(email);
  // A new visitor: nothing stored, a fresh page load.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/#/user');
  await page.reload();
  await expect(page).toHaveURL(/#\/login\?from=%2Fuser|#\/login\?from=\/user/);
  await login(page, email);
  await expect(page).toHaveURL(/#\/user/);
  await expect(page.getByTestId('user-email')).toHaveText(email);

  // Unknown paths go home.
  await page.goto('/#/no/such/page');
  await expect(page).toHaveURL(/#\/$/);
  expect((await request.get('/api/no/such/endpoint')).status()).toBe(404);
});

test('a demo account from the login page starts with 10000 USDT in each account and resets', async ({ page }) => {
  await page.goto('/#/login');
  await shot(page, 'login-light-hk');
  await page.getByTestId('login-demo').click();
  await expect(page.getByTestId('home-balance-total')).toContainText('30,000.00');

  await page.getByTestId('tab-user').click();
  await expect(page.getByTestId('user-total')).toContainText('30,000.00');
  await page.getByTestId('user-demo-reset').click();
  await confirmDialog(page);
  await expect(page.locator('.adm-toast-main').filter({ hasText: '模擬帳戶已重置' })).toBeVisible();
  await expect(page.getByTestId('user-total')).toContainText('30,000.00');
  await shot(page, 'user-demo-light-hk');

  // The same device gets the same demo account back after logging out.
  const uid = await page.getByTestId('user-uid').textContent();
  await page.getByTestId('user-logout').click();
  await confirmDialog(page);
  await page.getByTestId('login-demo').click();
  await page.getByTestId('tab-user').click();
  await expect(page.getByTestId('user-uid')).toHaveText(uid ?? '');
});

test('Arabic lays out right to left, Japanese left to right, and the choice is remembered', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByTestId('login-demo').click();
  await expect(page.getByTestId('home-balance-total')).toBeVisible();

  await page.getByTestId('tab-user').click();
  await page.getByTestId('user-language-link').click();
  await page.getByTestId('lang-item-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.getByTestId('tab-user').click();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'user-light-ar');
  await page.getByTestId('tab-home').click();
  await shot(page, 'home-light-ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.goto('/#/language');
  await page.getByTestId('lang-item-jp').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.getByTestId('tab-user').click();
  await shot(page, 'user-light-jp');
  // The server answers in the chosen language too.
  const lang = await page.evaluate(() => localStorage.getItem('tp.lang'));
  expect(lang).toBe('jp');
});

test('dark theme switches, is remembered, and every tab fits a 375 px phone', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByTestId('login-demo').click();
  await page.getByTestId('tab-user').click();
  await page.getByTestId('user-dark-switch').click();
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');
  await shot(page, 'user-dark-hk');
  for (const tab of ['home', 'trade', 'order', 'follow', 'rank', 'user']) {
    await page.getByTestId(`tab-${tab}`).click();
    // A tab's screen (or its order form) may still be a lazy chunk on its way: measure and look
    // at the screen itself, not its loading frame.
    await expect(page.getByTestId(`page-${tab}`)).toBeVisible();
    await expect(page.getByTestId('part-loading')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await shot(page, `${tab}-dark-hk`);
  }
  await page.goto('/#/register');
  await shot(page, 'register-dark-hk');
  await page.goto('/#/forgot');
  await shot(page, 'forgot-dark-hk');
});
