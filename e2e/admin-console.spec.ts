import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticator } from 'otplib';
import { endpoints } from '@tp/contracts';
import { newStaffMember, PNG, register, screenLoaded, SEEDED_ADMIN, settledDialog, shot, uniqueEmail } from './support.js';

// The admin console is a desktop app: its journeys run at 1280x800 with a mouse. (The user's
// side of a journey runs in a phone-sized context of its own.) A journey that changes a staff
// account works with a staff member of its own (newStaffMember), so journeys stay independent.
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

const STEP_MS = 30_000;

async function openConsole(page: Page, theme: 'light' | 'dark' = 'light') {
  await page.addInitScript((mode) => {
    if (!localStorage.getItem('tp.admin.theme')) localStorage.setItem('tp.admin.theme', mode);
    if (!localStorage.getItem('tp.admin.lang')) localStorage.setItem('tp.admin.lang', 'en');
  }, theme);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/(#\/.*)?$/);
}

async function signIn(page: Page, staff: { email: string; password: string } = SEEDED_ADMIN) {
  await page.getByTestId('login-email').fill(staff.email);
  await page.getByTestId('login-password').fill(staff.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

async function setTheme(page: Page, mode: 'light' | 'dark') {
  const toggle = page.getByTestId('theme-switch');
  if ((await toggle.getAttribute('aria-checked')) !== String(mode === 'dark')) await toggle.click();
  await expect(page.locator('html')).toHaveCSS('color-scheme', mode);
  // The switch's tooltip is not part of the picture.
  await toggle.blur();
  await page.mouse.move(600, 700);
  await expect(page.locator('.ant-tooltip:visible')).toHaveCount(0);
}

/** A picture once antd's drawers, dialogs, fades and hover colours have finished moving. */
async function still(page: Page, name: string) {
  await expect(page.locator('[class*="-enter"], [class*="-appear"], [class*="-leave"]')).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await shot(page, name);
}

/** A queue page with its list loaded. */
async function openQueue(page: Page, queue: 'deposits' | 'withdrawals') {
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === endpoints.admin[queue].path);
  await page.getByTestId('side-menu').getByRole('link', { name: queue === 'deposits' ? 'Deposits' : 'Withdrawals' }).click();
  await expect(page).toHaveURL(new RegExp(`#/queues/${queue}`));
  await listed;
  await screenLoaded(page);
  await expect(page.locator('[data-testid="queue-table"] .ant-spin-spinning')).toHaveCount(0);
}

/** A phone-sized browser for the user's side of a journey. */
async function userPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  return context.newPage();
}

test('staff sign in, switch theme and language, and sign out', async ({ page }) => {
  await openConsole(page);
  await expect(page.getByTestId('login-card')).toBeVisible();
  await shot(page, 'admin-login-light');
  await signIn(page);
  await expect(page.getByTestId('staff-email')).toHaveText(SEEDED_ADMIN.email);
  for (const label of ['Deposits', 'Withdrawals', 'My account']) await expect(page.getByTestId('side-menu')).toContainText(label);
  await openQueue(page, 'withdrawals');
  await still(page, 'admin-layout-light');
  await setTheme(page, 'dark');
  await still(page, 'admin-layout-dark');
  // The language switch: the console and antd's own texts follow.
  await page.getByTestId('language-select').click();
  await page.locator('.ant-select-item-option', { hasText: '繁體中文' }).click();
  await expect(page.getByTestId('side-menu')).toContainText('出金審核');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await still(page, 'admin-layout-dark-hk');

  await page.getByTestId('logout').click();
  await expect(page.getByTestId('login-card')).toBeVisible();
  await still(page, 'admin-login-dark-hk');
});

test("a user's deposit with a proof image is approved by a reviewer in the console, and the user's funding balance grows by it", async ({ page, browser, baseURL, request }) => {
  test.setTimeout(180_000);
  const reviewer = await newStaffMember(request, 'reviewer');
  const email = uniqueEmail('console');
  const user = await userPage(browser, baseURL);
  await register(user, email);
  await user.goto('/#/mine/accounts');
  await expect(user.getByTestId('account-available-1')).toHaveText('0.00');

  // The user deposits 250 USDT with a proof image (the journey of wallet.spec.ts).
  await user.goto('/#/mine/charge?type=0');
  await expect(user.getByTestId('charge-address')).not.toBeEmpty();
  const proof = join(mkdtempSync(join(tmpdir(), 'tp-proof-')), 'proof.png');
  writeFileSync(proof, PNG);
  await user.getByTestId('charge-amount').fill('250');
  // The preview shows at once; the form has the proof only once its upload has answered.
  const uploaded = user.waitForResponse((r) => new URL(r.url()).pathname === endpoints.uploads.image.path);
  await user.locator('[data-testid="charge-proof"] input[type="file"]').setInputFiles(proof);
  await uploaded;
  await expect(user.locator('[data-testid="charge-proof"] .adm-image-uploader-cell img')).toBeVisible();
  await user.getByTestId('charge-submit').click();
  await expect(user.getByTestId('charge-status').first()).toHaveAttribute('data-status', '0');

  // A reviewer finds it in the deposit queue, opens it (every field, the proof full size) and approves it.
  await openConsole(page);
  await signIn(page, reviewer);
  await expect(page.getByTestId('staff-email')).toHaveText(reviewer.email);
  await openQueue(page, 'deposits');
  const row = page.locator('[data-testid="queue-table"] tr', { hasText: email });
  await expect(row).toContainText('250.00 USDT');
  // Both queues in light and dark, with what is waiting (the app's journeys left a withdrawal).
  for (const mode of ['light', 'dark'] as const) {
    await setTheme(page, mode);
    await openQueue(page, 'withdrawals');
    await still(page, `admin-queue-withdrawals-${mode}`);
    await openQueue(page, 'deposits');
    await expect(row).toBeVisible();
    await still(page, `admin-queue-deposits-${mode}`);
  }
  await setTheme(page, 'light');
  await row.click();
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer).toContainText(email);
  // The proof as uploaded (a 1x1 PNG), fetched with the staff token.
  const proofImage = drawer.locator('img.ant-image-img');
  await expect(proofImage).toBeVisible();
  await expect.poll(() => proofImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await still(page, 'admin-deposit-detail-light');
  // The same drawer in dark: Esc closes it (the header is under its mask), Enter opens the selected row again.
  for (const mode of ['dark', 'light'] as const) {
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await setTheme(page, mode);
    await page.keyboard.press('Enter');
    await expect(drawer).toContainText(email);
    await expect(proofImage).toBeVisible();
    if (mode === 'dark') await still(page, 'admin-deposit-detail-dark');
  }

  // Keyboard: `a` approves the open item, with an optional note.
  await page.keyboard.press('a');
  const dialog = await settledDialog(page);
  await expect(dialog).toContainText('Approve #');
  await dialog.getByTestId('decision-reason').fill('matched the USDT transfer');
  await still(page, 'admin-deposit-approve-light');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.ant-message')).toBeVisible();
  // Decided: the waiting filter no longer lists it; the approved one does.
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-testid="queue-table"] tr', { hasText: email })).toHaveCount(0);
  await page.getByTestId('queue-status-filter').getByText('Approved').click();
  await expect(page.locator('[data-testid="queue-table"] tr', { hasText: email })).toContainText('Approved');

  await user.goto('/#/mine/accounts');
  await user.reload();
  await expect(user.getByTestId('account-available-1')).toHaveText('250.00');
  await user.context().close();
});

test('staff turn the second factor on in the console, then sign in with password and code', async ({ page, request }) => {
  test.setTimeout(180_000);
  const member = await newStaffMember(request, 'admin');
  await openConsole(page);
  await signIn(page, member);
  await page.getByTestId('side-menu').getByRole('link', { name: 'My account' }).click();
  await page.getByTestId('totp-setup-start').click();
  await expect(page.getByTestId('totp-qr').locator('svg')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await still(page, 'admin-account-totp-setup-light');

  // Each code's time step is taken once: enable with this step's, sign in with the next one's.
  const enabledAt = Date.now();
  await page.getByTestId('totp-enable-code').fill(authenticator.generate(secret));
  await page.getByTestId('totp-enable-submit').click();
  await expect(page.getByTestId('totp-result')).toBeVisible();

  await page.getByTestId('logout').click();
  await page.getByTestId('login-email').fill(member.email);
  await page.getByTestId('login-password').fill(member.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-totp')).toBeVisible();
  await still(page, 'admin-login-code-light');
  // A wrong code is refused with the server's message.
  await page.getByTestId('login-totp').fill('000000');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  const nextStep = authenticator.clone({ epoch: enabledAt + STEP_MS });
  await page.getByTestId('login-totp').fill(nextStep.generate(secret));
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByTestId('staff-email')).toHaveText(member.email);

  // Off again with a later step's code: the console turns it off as it turned it on.
  const stepAfter = Math.floor(enabledAt / STEP_MS) + 2;
  await page.waitForTimeout(Math.max(0, (stepAfter - 1) * STEP_MS - Date.now() + 500));
  await page.getByTestId('side-menu').getByRole('link', { name: 'My account' }).click();
  await page.getByTestId('totp-disable-start').click();
  await page.getByTestId('totp-disable-code').fill(authenticator.clone({ epoch: stepAfter * STEP_MS }).generate(secret));
  await page.getByTestId('totp-disable-submit').click();
  await expect(page.getByTestId('totp-result')).toBeVisible();
});
