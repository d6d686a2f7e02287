import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { codeFromOutbox, expectNoHorizontalOverflow, PASSWORD, shot, uniqueEmail } from './support.js';

/*
 * A demo account on a screen for real accounts only is told why, and offered the way to a real
 * account from right there: register one or log in to one, coming back to that screen afterwards.
 * Each such screen, and each shortcut to one (home, the user page, the wallet), leads there.
 */

/** Every real-account screen with the test id of its notice. */
const SCREENS: { path: string; notice: string }[] = [
  { path: '/mine/charge', notice: 'wallet-demo-notice' },
  { path: '/mine/withdraw', notice: 'wallet-demo-notice' },
  { path: '/mine/transfer', notice: 'wallet-demo-notice' },
  { path: '/mine/coin-address-list', notice: 'wallet-demo-notice' },
  { path: '/mine/bank-card-list', notice: 'wallet-demo-notice' },
  { path: '/mine/withdraw-way?type=1', notice: 'wallet-demo-notice' },
  { path: '/mine/auth', notice: 'identity-demo-notice' },
  { path: '/mine/password', notice: 'password-demo-notice' },
  { path: '/mine/invite', notice: 'invite-demo-refused' },
  { path: '/loan', notice: 'loan-demo-notice' },
];

async function look(page: Page, lang: string, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(([l, th]) => {
    localStorage.setItem('tp.lang', l);
    localStorage.setItem('tp.theme', th);
  }, [lang, theme] as const);
}

/** A picture only (the pictures of shot() are checked with axe-core in both themes already). */
async function picture(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url)) });
}

/** The notice with both of its ways to a real account. */
async function expectNotice(page: Page, notice: string): Promise<void> {
  await expect(page.getByTestId(notice)).toBeVisible();
  await expect(page.getByTestId(`${notice}-register`)).toBeVisible();
  await expect(page.getByTestId(`${notice}-login`)).toBeVisible();
}

test('a demo account is offered a real account on every real-account screen, and comes back there after registering', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/#/login');
  await look(page, 'en', 'light');
  await page.reload();
  await page.getByTestId('login-demo').click();
  await expect(page.getByTestId('home-balance-total')).toBeVisible();

  // The shortcuts lead to the screen and its notice, where they used to refuse with a toast.
  await page.getByTestId('home-deposit').click();
  await expect(page).toHaveURL(/#\/mine\/charge$/);
  await expectNotice(page, 'wallet-demo-notice');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'demo-notice-charge-light-en');
  await page.goto('/#/user');
  await page.getByTestId('user-link-withdraw').click();
  await expect(page).toHaveURL(/#\/mine\/withdraw$/);
  await expectNotice(page, 'wallet-demo-notice');
  await page.goto('/#/mine/wallet');
  await page.getByTestId('wallet-link-coin-addresses').click();
  await expect(page).toHaveURL(/#\/mine\/coin-address-list$/);
  await expectNotice(page, 'wallet-demo-notice');

  for (const { path, notice } of SCREENS) {
    await page.goto(`/#${path}`);
    await expectNotice(page, notice);
  }

  // Log in from a notice: the login screen comes back here.
  await page.goto('/#/mine/invite');
  await page.getByTestId('invite-demo-refused-login').click();
  await expect(page).toHaveURL(/#\/login\?from=%2Fmine%2Finvite$/);

  // Register from a notice: the new real account lands on the screen it came from, now usable.
  await page.goto('/#/mine/password');
  await page.getByTestId('password-demo-notice-register').click();
  await expect(page).toHaveURL(/#\/register\?from=%2Fmine%2Fpassword$/);
  const email = uniqueEmail('from-notice');
  await page.getByTestId('register-account').fill(email);
  await page.getByTestId('register-send-code').click();
  await page.getByTestId('register-code').fill(await codeFromOutbox(email));
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-repassword').fill(PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/#\/mine\/password$/);
  await expect(page.getByTestId('password-submit')).toBeVisible();
  await expect(page.getByTestId('password-demo-notice')).toHaveCount(0);
});

test('the notice in Arabic and dark, right to left within 375 px', async ({ page }) => {
  await page.goto('/#/login');
  await look(page, 'ar', 'dark');
  await page.reload();
  await page.getByTestId('login-demo').click();
  await expect(page.getByTestId('home-balance-total')).toBeVisible();
  await page.goto('/#/mine/auth');
  await expectNotice(page, 'identity-demo-notice');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'demo-notice-auth-dark-ar');
  await look(page, 'ar', 'light');
  await page.reload();
  await expectNotice(page, 'identity-demo-notice');
  await picture(page, 'demo-notice-auth-light-ar');
  await look(page, 'en', 'dark');
  await page.reload();
  await expectNotice(page, 'identity-demo-notice');
  await expectNoHorizontalOverflow(page);
  await picture(page, 'demo-notice-auth-dark-en');
  await page.getByTestId('identity-demo-notice-register').click();
  await expect(page).toHaveURL(/#\/register\?from=%2Fmine%2Fauth$/);
});
