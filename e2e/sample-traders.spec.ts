import { expect, test, type APIRequestContext } from '@playwright/test';
import { endpoints, endpointPath } from '@tp/contracts';
import { PNG, SEEDED_ADMIN, register, shot, uniqueEmail } from './support.js';

// Alive on first start (issue 43): the server of the journeys starts on the simulated feed, so it
// created the sample traders and trades for them. A newcomer registers, deposits, follows one from
// the copy trading tab, and the copy of its next order arrives in the follow list, live, with its
// notification.

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(1);
  return body.data;
}

test('a newcomer follows a sample trader in the first minute and sees a copy arrive', async ({ page, request }) => {
  await page.goto('/#/login');
  await page.evaluate(() => localStorage.setItem('tp.lang', 'en'));
  await page.reload();
  const email = uniqueEmail('newcomer');
  await register(page, email);

  // A deposit approved in the review queue, moved to the contract account.
  const token = (await page.evaluate(() => localStorage.getItem('tp.token')))!;
  const auth = { authorization: token };
  const admin = (await json<{ token: string }>(await request.post(endpoints.admin.login.path, { data: SEEDED_ADMIN }))).token;
  const proof = await json<{ url: string }>(await request.post(endpoints.uploads.image.path, { headers: auth, multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: PNG } } }));
  const charge = await json<{ id: number }>(await request.post(endpoints.deposits.coinSubmit.path, { headers: auth, data: { number: '1000', proofImg: proof.url, charge_id: 1 } }));
  await json(await request.post(endpointPath(endpoints.admin.approveDeposit, { id: charge.id }), { headers: { authorization: admin }, data: {} }));
  await json(await request.post(endpoints.wallet.transfer.path, { headers: auth, data: { balance: '1000', from: 1, to: 3, currency_id: 1 } }));

  // The copy trading tab lists the sample traders, badged.
  await page.goto('/#/follow');
  const sample = page.getByTestId('follow-trader').filter({ has: page.getByTestId('sample-badge') });
  await expect(sample.first()).toBeVisible();
  expect(await sample.count()).toBeGreaterThanOrEqual(3);
  await expect(sample.first().getByTestId('sample-badge')).toHaveText('Sample');
  await sample.first().locator('a').first().click();

  // Its page says what it is; follow it.
  await expect(page.getByTestId('trader-sample-note')).toBeVisible();
  const uid = (await page.getByTestId('trader-name').textContent())!;
  await shot(page, 'sample-trader');
  await page.getByTestId('trader-follow').click();
  await expect(page.getByTestId('page-follow-submit')).toBeVisible();
  await page.getByTestId('follow-multiple').fill('1');
  await page.getByTestId('follow-max-amount').fill('1000');
  await page.getByTestId('follow-agree').click();
  await page.getByTestId('follow-submit').click();
  await expect(page.getByTestId('trader-unfollow')).toBeVisible();

  // The trader's next order (one every 12-18 s) is copied: the copy appears without a reload.
  await page.goto('/#/follow/follow-list');
  await expect(page.getByTestId('page-follow-follow-list')).toBeVisible();

  // Meanwhile staff find the account flagged as a sample trader in the console's users list.
  const staff = await page.context().newPage();
  await staff.addInitScript(() => localStorage.setItem('tp.admin.lang', 'en'));
  await staff.goto('/admin');
  await staff.getByTestId('login-email').fill(SEEDED_ADMIN.email);
  await staff.getByTestId('login-password').fill(SEEDED_ADMIN.password);
  await staff.getByTestId('login-submit').click();
  await staff.getByTestId('side-menu').getByText('Users').click();
  await staff.getByTestId('user-search').locator('input').fill(uid);
  await staff.getByTestId('user-search').locator('input').press('Enter');
  const row = staff.locator('tr[data-testid^="user-row-"]', { hasText: uid });
  await expect(row.getByTestId('user-sample')).toHaveText('Sample trader');
  await expect(row).toContainText('platform account');
  await staff.close();

  await expect(page.getByTestId('follow-copy').first()).toBeVisible({ timeout: 60_000 });
  // And the app says so: the copy's notification is in the list.
  await page.goto('/#/notifications');
  await expect(page.locator('[data-testid="notification"][data-kind="copy_opened"]').first()).toBeVisible();
});
