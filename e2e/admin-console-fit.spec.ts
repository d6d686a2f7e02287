import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { endpoints, endpointPath } from '@tp/contracts';
import { PASSWORD, register, SEEDED_ADMIN, settledDialog, uniqueEmail } from './support.js';

// The admin console is a desktop app: its journeys run at 1280x800 with a mouse.
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

const shotsDir = fileURLToPath(new URL('./screenshots/', import.meta.url));

async function signInConsole(page: Page, lang: 'en' | 'hk', theme: 'light' | 'dark') {
  await page.addInitScript(
    ([l, m]) => {
      // The first load only: a test may change them later and reload.
      if (!localStorage.getItem('tp.admin.theme')) localStorage.setItem('tp.admin.theme', m!);
      if (!localStorage.getItem('tp.admin.lang')) localStorage.setItem('tp.admin.lang', l!);
    },
    [lang, theme],
  );
  await page.goto('/admin');
  await page.getByTestId('login-email').fill(SEEDED_ADMIN.email);
  await page.getByTestId('login-password').fill(SEEDED_ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

test('a user staff disable leaves the app at once, with a message: no request of theirs needed', async ({ page, browser, request }) => {
  const email = uniqueEmail('leaves');
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US' });
  const app = await phone.newPage();
  await register(app, email);
  await app.goto('/#/mine/accounts');
  await expect(app.getByTestId('page-login')).toBeHidden();

  // Staff end the user's sessions (through the API here): the open app goes to the login page.
  const staff = ((await (await request.post(endpoints.admin.login.path, { data: SEEDED_ADMIN })).json()) as { data: { token: string } }).data.token;
  const found = (await (await request.get(`${endpoints.adminUsers.search.path}?q=${encodeURIComponent(email)}&page=1`, { headers: { authorization: staff } })).json()) as { data: { data: { id: number }[] } };
  const userId = found.data.data[0]!.id;
  // Not before the app's socket is logged in: a push can only reach a socket that is.
  await app.waitForTimeout(1500);
  const ended = Date.now();
  expect((await request.post(endpointPath(endpoints.adminUsers.endSessions, { id: userId }), { headers: { authorization: staff } })).ok()).toBe(true);
  await expect(app.getByTestId('page-login')).toBeVisible({ timeout: 5_000 });
  // The app's own words for it (the phone app opens in Chinese): no request of the user's was refused first.
  await expect(app.locator('.adm-toast-main')).toHaveText('您已被登出，請重新登入。');
  expect(Date.now() - ended).toBeLessThan(5_000);

  // Signed in again, then disabled from the console: the app leaves at once again.
  await app.getByTestId('login-account').fill(email);
  await app.getByTestId('login-password').fill(PASSWORD);
  await app.getByTestId('login-submit').click();
  await expect(app.getByTestId('page-login')).toBeHidden();
  await app.goto('/#/mine/accounts');
  await app.waitForTimeout(1500);

  await signInConsole(page, 'en', 'light');
  await page.goto(`/admin/#/users/${userId}`);
  await page.getByTestId('disable-user').click();
  await (await settledDialog(page, '.ant-popconfirm:visible')).getByRole('button', { name: 'Disable login' }).click();
  await expect(page.getByTestId('status-disabled')).toBeVisible();
  await expect(app.getByTestId('page-login')).toBeVisible({ timeout: 5_000 });
  await expect(app.locator('.adm-toast-main')).toHaveText('您已被登出，請重新登入。');
  await phone.close();
});

test('the console fits 1280 x 800: every menu entry in view, the menu stays while a long page scrolls (en and hk, light and dark)', async ({ page }) => {
  await signInConsole(page, 'en', 'light');
  mkdirSync(shotsDir, { recursive: true });
  for (const [lang, theme] of [
    ['en', 'light'],
    ['hk', 'dark'],
    ['en', 'dark'],
    ['hk', 'light'],
  ] as const) {
    await page.evaluate(
      ([l, m]) => {
        localStorage.setItem('tp.admin.theme', m!);
        localStorage.setItem('tp.admin.lang', l!);
      },
      [lang, theme],
    );
    await page.goto('/admin/#/config/settings');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'hk' ? 'zh-HK' : 'en');
    const menu = page.getByTestId('side-menu');
    const entries = menu.locator('.ant-menu-item');
    const count = await entries.count();
    expect(count).toBeGreaterThanOrEqual(18);
    // The last entry (My account) sits above the collapse bar, inside the window.
    const last = (await entries.nth(count - 1).boundingBox())!;
    const trigger = (await page.locator('.ant-layout-sider-trigger').boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(trigger.y);
    expect(trigger.y + trigger.height).toBeLessThanOrEqual(800);

    // A long page (the settings) scrolled to its end: the menu has not moved.
    await expect(page.locator('.ant-card').first()).toBeVisible();
    const before = (await entries.first().boundingBox())!;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const after = (await entries.first().boundingBox())!;
    expect(after.y).toBe(before.y);
    await page.screenshot({ path: `${shotsDir}admin-console-fit-${lang}-${theme}.png` });
  }
});
