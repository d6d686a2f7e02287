import { expect, test, type Page } from '@playwright/test';
import { SEEDED_ADMIN, settledDialog, shot, uniqueEmail } from './support.js';

// The admin console is a desktop app: its journeys run at 1280x800 with a mouse.
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

const { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } = SEEDED_ADMIN;

async function openConsole(page: Page, theme: 'light' | 'dark' = 'light') {
  await page.addInitScript((mode) => {
    if (!localStorage.getItem('tp.admin.theme')) localStorage.setItem('tp.admin.theme', mode);
    if (!localStorage.getItem('tp.admin.lang')) localStorage.setItem('tp.admin.lang', 'en');
  }, theme);
}

/** A picture of the page at rest: no toast, no dialog closing, no table loading. */
async function settled(page: Page) {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  // No tooltip of whatever the pointer rests on; antd's fades and colour transitions last up to 0.3 s.
  await page.mouse.move(640, 790);
  await page.waitForTimeout(400);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin/');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

test('the admin invites a reviewer, who sets a password from the link, signs in, sees the queues and no staff management', async ({ page, browser }) => {
  await openConsole(page);
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByTestId('side-menu').getByText('Staff').click();
  await expect(page.getByTestId('staff-table')).toContainText(ADMIN_EMAIL);
  await expect(page.getByTestId('staff-table')).toContainText('Your own account');

  // Invite: the link is shown once, in the modal.
  const reviewerEmail = uniqueEmail('reviewer');
  await page.getByTestId('staff-invite').click();
  await settledDialog(page);
  await page.getByTestId('invite-email').fill(reviewerEmail);
  await page.getByTestId('invite-submit').click();
  const linkInput = page.getByTestId('invite-link');
  await expect(linkInput).toHaveValue(/\/admin\/#\/accept\?token=[A-Za-z0-9_-]{43}$/);
  const link = await linkInput.inputValue();
  await shot(page, 'admin-staff-invite-light');
  await page.getByTestId('invite-done').click();
  // Until it is used, the invitation waits in its own table (one sent by mistake is revoked there).
  await expect(page.getByTestId('invitations-table')).toContainText(reviewerEmail);
  await settled(page);
  await shot(page, 'admin-staff-invitations-light');

  // The reviewer, in a browser of their own.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const reviewer = await context.newPage();
  await openConsole(reviewer);
  await reviewer.goto(link);
  await expect(reviewer.getByTestId('accept-card')).toBeVisible();
  await shot(reviewer, 'admin-accept-invite-light');
  await reviewer.getByTestId('accept-password').fill('reviewer-password-1');
  await reviewer.getByTestId('accept-repeat').fill('reviewer-password-1');
  await reviewer.getByTestId('accept-submit').click();
  await expect(reviewer.getByTestId('accept-done')).toContainText(reviewerEmail);
  await reviewer.getByTestId('accept-sign-in').click();
  await reviewer.getByTestId('login-email').fill(reviewerEmail);
  await reviewer.getByTestId('login-password').fill('reviewer-password-1');
  await reviewer.getByTestId('login-submit').click();
  const menu = reviewer.getByTestId('side-menu');
  await expect(menu).toContainText('Deposits');
  await expect(menu).toContainText('Withdrawals');
  await expect(menu).toContainText('My account');
  await expect(menu).not.toContainText('Staff');
  // Every role lands on the dashboard; the reviewer's work is one click away.
  await expect(reviewer).toHaveURL(/#\/dashboard/);
  await menu.getByText('Deposits').click();
  await expect(reviewer).toHaveURL(/#\/queues\/deposits/);
  await settled(reviewer);
  await shot(reviewer, 'admin-reviewer-queues-light');
  // The server agrees: the reviewer's token opens the deposit queue and not the staff list.
  const answers = await reviewer.evaluate(async () => {
    const token = (JSON.parse(localStorage.getItem('tp.admin.session') ?? '{}') as { state?: { token?: string } }).state?.token ?? '';
    const get = async (path: string) => ((await (await fetch(path, { headers: { authorization: token } })).json()) as { code: number; error?: string });
    return { deposits: await get('/admin/api/deposits?status=0'), staff: await get('/admin/api/staff') };
  });
  expect(answers.deposits.code).toBe(1);
  expect(answers.staff).toMatchObject({ code: 0, error: 'staff_role_forbidden' });
  // Typed by hand, the staff page is not there for this role.
  await reviewer.goto('/admin/#/staff');
  await expect(reviewer.getByText('Page not found')).toBeVisible();
  // Their own password, on the account page: changed with the current one.
  await menu.getByRole('link', { name: 'My account' }).click();
  await reviewer.getByTestId('password-current').fill('reviewer-password-1');
  await reviewer.getByTestId('password-new').fill('reviewer-password-2');
  await reviewer.getByTestId('password-repeat').fill('reviewer-password-2');
  await reviewer.getByTestId('password-submit').click();
  await expect(reviewer.locator('.ant-message-notice')).toContainText('Password changed');
  await settled(reviewer);
  await shot(reviewer, 'admin-account-password-light');
  await context.close();

  // Back to the admin: the reviewer is listed, active, signed in once.
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: reviewerEmail });
  await expect(row).toContainText('Reviewer');
  await expect(row).toContainText('Active');
  // The used invitation waits no more.
  await expect(page.getByText(reviewerEmail)).toHaveCount(1);
  await settled(page);
  await shot(page, 'admin-staff-light');

  // Disable with its confirmation; the row says so.
  const manage = async (item: string) => {
    await row.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('menuitem', { name: item }).click();
    await (await settledDialog(page, '.ant-modal-confirm')).getByRole('button', { name: 'Confirm' }).click();
  };
  await manage('Disable');
  await expect(row).toContainText('Disabled');
  await manage('Enable');
  await expect(row).toContainText('Active');
  await manage('Make Support');
  await expect(row).toContainText('Support');

  await page.getByTestId('theme-switch').click();
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  await settled(page);
  await shot(page, 'admin-staff-dark');
});
