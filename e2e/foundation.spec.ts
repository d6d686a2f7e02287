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

test('the language drawer is styled on its first opening, before any other screen was visited', async ({ page }) => {
  for (const [theme, lang] of [['light', 'hk'], ['dark', 'ar']] as const) {
    // A fresh page load; the drawer is the first thing opened.
    await page.goto('/#/');
    await page.evaluate(({ th, l }) => {
      localStorage.setItem('tp.theme', th);
      localStorage.setItem('tp.lang', l);
    }, { th: theme, l: lang });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await page.getByTestId('header-lang').click();
    const drawer = page.getByTestId('lang-drawer');
    await expect(drawer).toBeVisible();
    // The drawer's own styles: a two-column grid of rounded buttons, not the browser's grey buttons.
    expect(await drawer.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
    const button = page.getByTestId('lang-drawer-en');
    expect(await button.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('10px');
    const active = page.getByTestId(`lang-drawer-${lang}`);
    expect(await active.evaluate((el) => getComputedStyle(el).borderTopColor)).not.toBe(await button.evaluate((el) => getComputedStyle(el).borderTopColor));
    await expectNoHorizontalOverflow(page);
    await shot(page, `lang-drawer-first-open-${theme}-${lang}`);
  }
});

test("the register form checks in the app's language, not with the browser's pop-ups", async ({ page }) => {
  await page.goto('/#/register');
  await page.getByTestId('register-account').fill('not-an-email');
  await page.getByTestId('register-submit').click();
  // The default language (hk): the app's own message, as a toast.
  await expect(page.locator('.adm-toast-main').filter({ hasText: '請輸入有效的電郵地址' })).toBeVisible();
  expect(await page.locator('form').evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);
  // An empty e-mail is the app's "required" message, where the browser would have shown its own bubble.
  await page.getByTestId('register-account').fill('');
  await page.getByTestId('register-submit').click();
  await expect(page.locator('.adm-toast-main').filter({ hasText: '請輸入電郵或手機號碼' })).toBeVisible();
  await shot(page, 'register-check-light-hk');
});

test('a demo account on a real-account screen can register or log in to a real account from there', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByTestId('login-demo').click();
  await expect(page.getByTestId('home-balance-total')).toBeVisible();
  await page.goto('/#/loan');
  await expect(page.getByTestId('loan-demo-notice')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'loan-demo-light-hk');
  await page.getByTestId('loan-demo-notice-login').click();
  await expect(page).toHaveURL(/#\/login\?from=%2Floan$/);
  await page.goBack();
  await page.getByTestId('loan-demo-notice-register').click();
  await expect(page).toHaveURL(/#\/register\?from=%2Floan$/);
  await expect(page.getByTestId('register-account')).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem('tp.theme', 'dark');
    localStorage.setItem('tp.lang', 'ar');
  });
  await page.goto('/#/loan');
  await page.reload();
  await expect(page.getByTestId('loan-demo-notice')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'loan-demo-dark-ar');
});
