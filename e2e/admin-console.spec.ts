import { expect, test, type Page } from '@playwright/test';
import { shot } from './support';

// The admin console is a desktop app: its journeys run at 1280x800 with a mouse.
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'e2e-admin-password-1';

async function openConsole(page: Page, theme: 'light' | 'dark' = 'light') {
  await page.addInitScript((mode) => {
    if (!localStorage.getItem('tp.admin.theme')) localStorage.setItem('tp.admin.theme', mode);
    if (!localStorage.getItem('tp.admin.lang')) localStorage.setItem('tp.admin.lang', 'en');
  }, theme);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/(#\/)?$/);
}

async function signIn(page: Page, totp?: () => string) {
  await page.getByTestId('login-email').fill(ADMIN_EMAIL);
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  if (totp) {
    await page.getByTestId('login-totp').fill(totp());
    await page.getByTestId('login-submit').click();
  }
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

test('staff sign in to the console, see the layout in light and dark, and sign out', async ({ page }) => {
  await openConsole(page);
  await expect(page.getByTestId('login-card')).toBeVisible();
  await shot(page, 'admin-login-light');
  await signIn(page);
  await expect(page.getByTestId('staff-email')).toHaveText(ADMIN_EMAIL);
  await expect(page.getByTestId('side-menu')).toContainText('My account');
  await shot(page, 'admin-layout-light');

  await page.getByTestId('theme-switch').click();
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  await shot(page, 'admin-layout-dark');

  await page.getByTestId('logout').click();
  await expect(page.getByTestId('login-card')).toBeVisible();
  await shot(page, 'admin-login-dark');
});
