import { expect, test, type APIRequestContext } from '@playwright/test';
import { endpoints, endpointPath } from '@tp/contracts';
import { expectNoHorizontalOverflow, PNG, register, SEEDED_ADMIN, shot, uniqueEmail } from './support.js';

interface Envelope<T> { code: number; data: T }
async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const body = (await res.json()) as Envelope<T>;
  expect(body.code).toBe(1);
  return body.data;
}

/** A coin deposit of the user, with a proof image, through the API. */
async function submitDeposit(request: APIRequestContext, token: string, amount: string): Promise<number> {
  const proof = await ok<{ url: string }>(await request.post(endpoints.uploads.image.path, { headers: { authorization: token }, multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: PNG } } }));
  const made = await ok<{ id: number }>(await request.post(endpoints.deposits.coinSubmit.path, { headers: { authorization: token }, data: { number: amount, proofImg: proof.url, charge_id: 1 } }));
  return made.id;
}

async function approve(request: APIRequestContext, id: number): Promise<void> {
  const admin = await ok<{ token: string }>(await request.post(endpoints.admin.login.path, { data: SEEDED_ADMIN }));
  await ok(await request.post(endpointPath(endpoints.admin.approveDeposit, { id }), { headers: { authorization: admin.token }, data: {} }));
}

test('an approved deposit rings the bell live; the list shows it and opens the deposit record', async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => {
    if (!localStorage.getItem('tp.lang')) localStorage.setItem('tp.lang', 'en');
  });
  const email = uniqueEmail('bell');
  await register(page, email);
  const token = (await page.evaluate(() => localStorage.getItem('tp.token')))!;
  const bell = page.getByTestId('header-bell-badge');
  await expect(bell).toHaveAttribute('data-count', '0');

  // Staff approve the deposit while the user looks at home: the count rises without a reload.
  const id = await submitDeposit(request, token, '120');
  await approve(request, id);
  await expect(bell).toHaveAttribute('data-count', '1', { timeout: 10_000 });

  await page.getByTestId('header-bell').click();
  const item = page.getByTestId('notification').first();
  await expect(item).toHaveAttribute('data-kind', 'deposit_decided');
  await expect(item).toHaveAttribute('data-read', '0');
  await expect(item).toContainText('Deposit reviewed');
  await expect(item).toContainText('Your deposit of 120.00 was approved and credited.');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'notifications-list-light-en');

  await item.click();
  await expect(page).toHaveURL(/#\/mine\/charge$/);
  await expect(page.getByTestId('page-mine-charge')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('notification').first()).toHaveAttribute('data-read', '1');
  await expect(page.getByTestId('notifications-unread')).toContainText('0');

  // The settings, and the list in Arabic (right to left) and dark.
  await page.getByTestId('notifications-settings-link').click();
  await expect(page.getByTestId('notification-setting')).toHaveCount(14);
  await expect(page.locator('[data-kind="deposit_decided"] [data-testid="notification-setting-email"]')).toHaveAttribute('aria-checked', 'true');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'notifications-settings-light-en');
  await page.evaluate(() => {
    localStorage.setItem('tp.lang', 'ar');
    localStorage.setItem('tp.theme', 'dark');
  });
  await page.goto('/#/notifications');
  await page.reload();
  await expect(page.getByTestId('notification').first()).toContainText('تمت مراجعة الإيداع');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'notifications-list-dark-ar');
});
