import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { endpoints, endpointPath } from '@tp/contracts';
import { PASSWORD, PNG, register, SEEDED_ADMIN, settledDialog, shot as pageShot, uniqueEmail } from './support.js';

// The admin console is a desktop app: its journeys run at 1280x800 with a mouse.
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

const ADMIN = SEEDED_ADMIN;

type Envelope<T> = { code: number; msg: string; data: T };

/** The user's web app on a phone, in a browser context of its own. */
async function userPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

async function webLogin(page: Page, email: string): Promise<void> {
  await page.goto('/#/login');
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const body = (await res.json()) as Envelope<T>;
  expect(body, JSON.stringify(body)).toMatchObject({ code: 1 });
  return body.data;
}

/** Gives the user some history through the reviewed flow: a deposit of 500 approved by staff, then 120 moved to the contract account. */
async function seedHistory(request: APIRequestContext, email: string): Promise<string> {
  const user = await ok<{ token: string }>(await request.post(endpoints.users.login.path, { data: { account: email, password: PASSWORD } }));
  const auth = { authorization: user.token };
  const proof = await ok<{ url: string }>(await request.post(endpoints.uploads.image.path, { headers: auth, multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: PNG } } }));
  const deposit = await ok<{ id: number }>(await request.post(endpoints.deposits.coinSubmit.path, { headers: auth, data: { number: '500', proofImg: proof.url, charge_id: 1 } }));
  const staff = await ok<{ token: string }>(await request.post(endpoints.admin.login.path, { data: ADMIN }));
  await ok(await request.post(endpointPath(endpoints.admin.approveDeposit, { id: deposit.id }), { headers: { authorization: staff.token }, data: {} }));
  await ok(await request.post(endpoints.wallet.transfer.path, { headers: { ...auth, 'idempotency-key': `e2e-${Date.now()}` }, data: { balance: '120', from: 1, to: 3 } }));
  // A second deposit left waiting for review (the dashboard's queue card).
  await ok(await request.post(endpoints.deposits.coinSubmit.path, { headers: auth, data: { number: '75', proofImg: proof.url, charge_id: 1 } }));
  return user.token;
}

/** A small BTC buy on the contract account: open interest, exposure and a fee on the dashboard. */
async function openBtcBuy(request: APIRequestContext, token: string): Promise<void> {
  const symbols = (await (await request.get(endpoints.market.tradeList.path)).json()) as Envelope<{ Id: number; Code: string }[]>;
  const btc = symbols.data.find((s) => s.Code === 'BTCUSDT')!;
  await ok(await request.post(endpoints.forex.submit.path, { headers: { authorization: token, 'idempotency-key': `e2e-fx-${Date.now()}` }, data: { type: 1, cont: '0.01', forex_id: btc.Id, status: 1, multiple: 100 } }));
}

async function signInConsole(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('tp.admin.theme')) localStorage.setItem('tp.admin.theme', 'light');
    if (!localStorage.getItem('tp.admin.lang')) localStorage.setItem('tp.admin.lang', 'en');
  });
  await page.goto('/admin');
  await page.getByTestId('login-email').fill(ADMIN.email);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

/** A picture of the page as staff see it: scrolled to the top, once the action toasts have gone. */
async function shot(page: Page, name: string) {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 8_000 });
  // Tables dim while they load: the picture is of the loaded page.
  await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
  await page.mouse.move(640, 780);
  // antd fades a table back in (0.3 s) and slides the menu highlight after loading ends.
  await page.waitForTimeout(400);
  await page.evaluate(() => window.scrollTo(0, 0));
  await pageShot(page, name);
}

/** Confirms the open antd pop-confirm with its OK button. */
async function confirmPop(page: Page, label: string) {
  await (await settledDialog(page, '.ant-popconfirm:visible')).getByRole('button', { name: label }).click();
}

async function toTheme(page: Page, mode: 'light' | 'dark') {
  const dark = (await page.getByTestId('theme-switch').getAttribute('aria-checked')) === 'true';
  if (dark !== (mode === 'dark')) await page.getByTestId('theme-switch').click();
  await expect(page.locator('html')).toHaveCSS('color-scheme', mode);
}

test('staff find a user, read and export the statement, end the sessions and disable the login; the pages in light and dark', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('staffview');
  const phone = await userPhone(browser);
  await register(phone.page, email);
  const userToken = await seedHistory(request, email);

  await signInConsole(page);
  // The dashboard is the first page and counts the new user.
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  await expect(page.getByTestId('card-users')).toContainText('real');
  // The card counts and sums every deposit waiting for review: this user's 75 among them, and
  // those another journey running beside this one may have waiting (the exact sums are the
  // server's dashboard test).
  const waiting = async () => {
    const text = (await page.getByTestId('card-deposits').textContent()) ?? '';
    const m = /waiting\s*(\d+)\s*Sum\s*([\d,]+\.\d{2}) USDT/.exec(text);
    return m ? { count: Number(m[1]), sum: Number(m[2]!.replace(/,/g, '')) } : text;
  };
  await expect.poll(waiting).toEqual({ count: expect.any(Number), sum: expect.any(Number) });
  const shown = (await waiting()) as { count: number; sum: number };
  expect(shown.count).toBeGreaterThanOrEqual(1);
  expect(shown.sum).toBeGreaterThanOrEqual(75);
  await expect(page.getByTestId('symbols-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'admin-dashboard-light');

  // Find the user by a part of the e-mail.
  await page.getByTestId('side-menu').getByText('Users').click();
  await page.getByTestId('user-search').locator('input').fill(email.split('@')[0]!.slice(0, 20));
  await page.getByTestId('user-search').locator('input').press('Enter');
  const row = page.locator('tr[data-testid^="user-row-"]', { hasText: email });
  await expect(row).toHaveCount(1);
  await shot(page, 'admin-users-light');
  await row.click();

  // The user's page: balances, then the statement.
  await expect(page.getByTestId('user-title')).toHaveText(email);
  await expect(page.getByTestId('accounts-table')).toContainText('380.00000000');
  await expect(page.getByTestId('accounts-table')).toContainText('120.00000000');
  await page.getByRole('tab', { name: 'Statement' }).click();
  const statement = page.getByTestId('statement-table');
  await expect(statement.locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(statement.locator('tbody tr.ant-table-row').last()).toContainText('Deposit');
  await expect(statement.locator('tbody tr.ant-table-row').last()).toContainText('500.00000000');
  await shot(page, 'admin-user-statement-light');

  // Export: the downloaded CSV holds every posting, newest first, with the balances after.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^statement-.+\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '').trim().split('\r\n');
  expect(csv[0]).toBe('time_utc,kind,memo,reference,account_type_id,bucket,amount,balance_after,transaction_id,posting_id');
  const rows = csv.slice(1).map((line) => line.split(','));
  expect(rows.map((r) => [r[1], r[4], Number(r[6]), Number(r[7])])).toEqual([
    ['transfer', '3', 120, 120],
    ['transfer', '1', -120, 380],
    ['deposit', '1', 500, 500],
  ]);

  // A trade for the dashboard's open interest and fee revenue (seen in the dark pictures below).
  await openBtcBuy(request, userToken);

  // End all sessions: the user's web app is signed out at its next request.
  await page.getByTestId('end-sessions').click();
  await confirmPop(page, 'End all sessions');
  await expect(page.locator('.ant-message')).toContainText('All of the user\'s sessions were ended');
  await phone.page.goto('/#/mine/accounts');
  await phone.page.reload();
  await expect(phone.page.getByTestId('page-login')).toBeVisible();
  // Ending sessions is not disabling: the user signs in again.
  await webLogin(phone.page, email);
  await expect(phone.page.getByTestId('page-login')).toBeHidden();

  // Disable: the session ends at once and login is refused.
  await page.getByTestId('disable-user').click();
  await confirmPop(page, 'Disable login');
  await expect(page.getByTestId('status-disabled')).toBeVisible();
  await phone.page.goto('/#/mine/accounts');
  await phone.page.reload();
  await expect(phone.page.getByTestId('page-login')).toBeVisible();
  await webLogin(phone.page, email);
  await expect(phone.page.getByText('This account has been disabled', { exact: false }).or(phone.page.locator('.adm-toast-main'))).toBeVisible();
  await expect(phone.page.getByTestId('page-login')).toBeVisible();
  await page.getByRole('tab', { name: /Sessions/ }).click();
  await expect(page.getByTestId('sessions-table').locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(page.getByTestId('sessions-table')).not.toContainText('Live');
  await shot(page, 'admin-user-disabled-light');

  // The audit log shows both actions, the disable with its before and after (this user's only:
  // other journeys disable users on the same server).
  const userTarget = `user:${/\/users\/(\d+)/.exec(page.url())![1]}`;
  await page.getByTestId('side-menu').getByText('Audit log').click();
  await page.getByTestId('audit-action').fill('user.');
  await page.getByTestId('audit-target').fill(userTarget);
  await page.getByTestId('audit-apply').click();
  const audit = page.getByTestId('audit-table');
  await expect(audit.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(audit.locator('tbody tr.ant-table-row').first()).toContainText('user.disable');
  await audit.locator('tbody tr.ant-table-row').first().locator('.ant-table-row-expand-icon').click();
  const diff = page.getByTestId('audit-diff');
  await expect(diff).toContainText('status');
  await shot(page, 'admin-audit-light');

  // The outbox lists the registration code, masked, and the e-mail telling the user their deposit
  // was decided (money decisions are e-mailed by default).
  await page.getByTestId('side-menu').getByText('Outbox').click();
  await page.getByTestId('outbox-search').locator('input').fill(email);
  await page.getByTestId('outbox-search').locator('input').press('Enter');
  await expect(page.getByTestId('outbox-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(page.getByTestId('outbox-table')).toContainText('••••••');
  await shot(page, 'admin-outbox-light');

  // Every page again in dark.
  await toTheme(page, 'dark');
  await shot(page, 'admin-outbox-dark');
  await page.getByTestId('side-menu').getByText('Audit log').click();
  await page.getByTestId('audit-action').fill('user.');
  await page.getByTestId('audit-apply').click();
  await audit.locator('tbody tr.ant-table-row').first().locator('.ant-table-row-expand-icon').click();
  await expect(page.getByTestId('audit-diff')).toBeVisible();
  await shot(page, 'admin-audit-dark');
  await page.getByTestId('side-menu').getByText('Dashboard').click();
  await expect(page.getByTestId('symbols-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('house-real')).toContainText('Contract opened (margin and fee)');
  await shot(page, 'admin-dashboard-dark');
  await page.getByTestId('side-menu').getByText('Users').click();
  await expect(page.locator('tr[data-testid^="user-row-"]').first()).toBeVisible();
  await shot(page, 'admin-users-dark');
  await page.locator('tr[data-testid^="user-row-"]', { hasText: email }).click();
  await page.getByRole('tab', { name: 'Statement' }).click();
  await expect(page.getByTestId('statement-table').locator('tbody tr.ant-table-row').last()).toContainText('Deposit');
  await shot(page, 'admin-user-statement-dark');

  // Enable again: the user can sign in.
  await page.getByTestId('enable-user').click();
  await confirmPop(page, 'Enable login');
  await expect(page.getByTestId('status-disabled')).toBeHidden();
  await webLogin(phone.page, email);
  await expect(phone.page.getByTestId('page-login')).toBeHidden();
  await phone.context.close();

  // Chinese (hk): the user's page and the dashboard.
  await page.evaluate(() => localStorage.setItem('tp.admin.lang', 'hk'));
  await page.reload();
  await expect(page.getByTestId('user-title')).toHaveText(email);
  await expect(page.getByRole('tab', { name: '帳目明細' })).toBeVisible();
  await shot(page, 'admin-user-dark-hk');
  await page.getByTestId('side-menu').getByText('總覽').click();
  await expect(page.getByTestId('house-real')).toContainText('手續費收入');
  await shot(page, 'admin-dashboard-dark-hk');
});
