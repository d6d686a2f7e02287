import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints } from '@tp/contracts';
import { expectNoHorizontalOverflow, newStaffMember, PNG, register, screenLoaded, settledDialog, shot, uniqueEmail } from './support.js';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

/** A desktop browser for the reviewer's console. */
async function consolePage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    localStorage.setItem('tp.admin.theme', 'light');
    localStorage.setItem('tp.admin.lang', 'en');
  });
  return page;
}

async function signIn(page: Page, staff: { email: string; password: string }) {
  await page.goto('/admin');
  await page.getByTestId('login-email').fill(staff.email);
  await page.getByTestId('login-password').fill(staff.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

/** The real-name queue with its waiting list loaded. */
async function openQueue(page: Page) {
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === endpoints.realName.adminList.path);
  // Already on the queue: its link changes nothing, a reload reads the list again.
  if (/#\/queues\/real-name/.test(page.url())) await page.reload();
  else await page.getByTestId('side-menu').getByRole('link', { name: 'Real-name' }).click();
  await expect(page).toHaveURL(/#\/queues\/real-name/);
  await listed;
  await screenLoaded(page);
  await expect(page.locator('[data-testid="queue-table"] .ant-spin-spinning')).toHaveCount(0);
}

async function decide(page: Page, email: string, decision: 'approve' | 'reject', reason: string) {
  const row = page.locator('[data-testid="queue-table"] tr', { hasText: email });
  await expect(row).toBeVisible();
  await row.click();
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer).toContainText(email);
  // Both photos of the id, fetched with the staff token.
  const photos = drawer.locator('img.ant-image-img');
  await expect(photos).toHaveCount(2);
  await expect.poll(() => photos.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await drawer.getByTestId(decision === 'approve' ? 'detail-approve' : 'detail-reject').click();
  const dialog = await settledDialog(page);
  await dialog.getByTestId('decision-reason').fill(reason);
  await dialog.getByRole('button', { name: decision === 'approve' ? 'Approve' : 'Reject' }).click();
  await expect(dialog).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-testid="queue-table"] tr', { hasText: email })).toHaveCount(0);
}

async function choosePhotos(page: Page, file: string) {
  for (const side of ['front', 'back']) {
    const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === endpoints.uploads.image.path);
    await page.locator(`[data-testid="identity-${side}"] input[type="file"]`).setInputFiles(file);
    await uploaded;
    await expect(page.locator(`[data-testid="identity-${side}"] .adm-image-uploader-cell img`)).toBeVisible();
  }
}

test('real-name: submitted with two photos, rejected with a reason in the console, resubmitted, approved, finished', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(240_000);
  const reviewer = await newStaffMember(request, 'reviewer');
  const email = uniqueEmail('realname');
  await register(page, email);
  const photo = join(mkdtempSync(join(tmpdir(), 'tp-id-')), 'id.png');
  writeFileSync(photo, PNG);

  await page.goto('/#/mine/auth');
  await expect(page.getByTestId('identity-form')).toBeVisible();
  // The registration's toast has gone before the pictures.
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
  await page.getByTestId('identity-name-input').fill('Mei Chan');
  await page.getByTestId('identity-number-input').fill('K1234567');
  await choosePhotos(page, photo);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'identity-form-light-hk');
  await page.getByTestId('identity-submit').click();
  await expect(page.getByTestId('identity-waiting')).toBeVisible();
  await expect(page.getByTestId('identity-number')).toHaveText('K1234567');
  await shot(page, 'identity-waiting-light-hk');

  const staff = await consolePage(browser, baseURL);
  await signIn(staff, reviewer);
  await openQueue(staff);
  await shot(staff, 'admin-queue-real-name-light');
  await decide(staff, email, 'reject', 'The back photo is unreadable');

  await page.reload();
  await expect(page.getByTestId('identity-rejected')).toContainText('The back photo is unreadable');
  await expect(page.getByTestId('identity-name-input')).toHaveValue('Mei Chan');
  await shot(page, 'identity-rejected-light-hk');
  // The photos are chosen again; the type changes to passport.
  await page.getByTestId('identity-type').locator('.adm-selector-item').nth(1).click();
  await choosePhotos(page, photo);
  await page.getByTestId('identity-submit').click();
  await expect(page.getByTestId('identity-waiting')).toBeVisible();

  await openQueue(staff);
  await decide(staff, email, 'approve', 'Matches the passport');
  await staff.context().close();

  await page.reload();
  await expect(page.getByTestId('identity-finished')).toBeVisible();
  await expect(page.getByTestId('identity-name')).toHaveText('Mei Chan');
  await expect(page.getByTestId('identity-type')).toHaveText('護照');
  await expect(page.getByTestId('identity-number')).toHaveText('K1234567');
  const shots = page.locator('[data-testid="identity-finished"] img');
  await expect(shots).toHaveCount(2);
  await expect.poll(() => shots.last().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'identity-finished-light-hk');

  // The finished view in the dark theme and in Arabic (right to left).
  await page.evaluate(() => {
    localStorage.setItem('tp.theme', 'dark');
    localStorage.setItem('tp.lang', 'ar');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('identity-type')).toHaveText('جواز السفر');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'identity-finished-dark-ar');
});

test('real-name: the form in Arabic (right to left) and the dark theme fits the phone', async ({ page }) => {
  await register(page, uniqueEmail('realname-ar'));
  await page.evaluate(() => {
    localStorage.setItem('tp.theme', 'dark');
    localStorage.setItem('tp.lang', 'ar');
  });
  await page.goto('/#/mine/auth');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('identity-form')).toBeVisible();
  await expect(page.getByTestId('identity-type')).toContainText('رخصة القيادة');
  // Nothing is checked before sending: the server names what is missing, in the user's language.
  await page.getByTestId('identity-name-input').fill('ليلى حسن');
  await page.getByTestId('identity-number-input').fill('A7654321');
  await page.getByTestId('identity-submit').click();
  await expect(page.locator('.adm-toast-main')).toContainText('يرجى رفع صورة الوجه الأمامي للهوية');
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'identity-form-dark-ar');
});

test('news: list to detail, in Arabic (right to left) and the dark theme', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('tp.theme', 'dark');
    localStorage.setItem('tp.lang', 'ar');
  });
  await page.goto('/#/news');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const items = page.getByTestId('news-item');
  await expect(items.first()).toBeVisible();
  // The seeded gold article has an Arabic version; the maintenance notice is shown as written.
  await expect(page.getByTestId('news-list')).toContainText('الذهب يستقر قرب مستوى قياسي');
  await expect(page.getByTestId('news-list')).toContainText('Scheduled maintenance of deposit channels');
  await expect(page.getByTestId('news-list-no-more')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'news-list-dark-ar');

  await items.filter({ hasText: 'الذهب' }).click();
  await expect(page).toHaveURL(/#\/news\/detail\?id=\d+$/);
  await expect(page.getByTestId('news-article').locator('h1')).toHaveText('الذهب يستقر قرب مستوى قياسي بينما يقيّم المتداولون توقعات الفائدة');
  await expect(page.getByTestId('news-body').locator('li')).toHaveCount(2);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'news-detail-dark-ar');

  await page.goto('/#/news/detail?id=999999');
  await expect(page.getByTestId('news-missing')).toBeVisible();
});

test('real-name: a demo account is told it is only for a real account', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByTestId('login-demo').click();
  await expect(page.getByTestId('home-email')).toBeVisible();
  await page.goto('/#/mine/auth');
  await expect(page.getByTestId('identity-demo-notice')).toBeVisible();
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
  await shot(page, 'identity-demo-light-hk');
});
