import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpointPath, endpoints } from '@tp/contracts';
import { expectNoHorizontalOverflow, newStaffMember, PNG, register, SEEDED_ADMIN, settledDialog, shot, uniqueEmail } from './support.js';

/*
 * A loan's whole journey (issue 16): the identity check with a handheld photo and a signature drawn
 * with mouse strokes, a reviewer approving it in the console, the application read and signed, the
 * reviewer approving the loan, the principal on the funding balance, a repayment with proof and
 * its confirmation in the console, and the loan repaid. The user is a phone; the console a desktop.
 */

/** Mouse strokes across a signature canvas: a few zigzags, as a hand would. */
async function drawSignature(page: Page, canvas: Locator): Promise<void> {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature canvas');
  for (const [y0, y1] of [[0.3, 0.7], [0.65, 0.35]] as const) {
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * y0);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width * (0.1 + i * 0.1), box.y + box.height * (i % 2 ? y1 : y0), { steps: 3 });
    await page.mouse.up();
  }
}

async function consolePage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.addInitScript(() => {
    localStorage.setItem('tp.admin.theme', 'light');
    localStorage.setItem('tp.admin.lang', 'en');
  });
  return page;
}

/** In the console: open a queue from the menu, open the user's waiting row and approve it. */
async function approveInQueue(page: Page, menuLabel: string, path: string, email: string): Promise<Locator> {
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === path);
  await page.getByTestId('side-menu').getByRole('link', { name: menuLabel }).click();
  await listed;
  await expect(page.locator('[data-testid="queue-table"] .ant-spin-spinning')).toHaveCount(0);
  const row = page.locator('[data-testid="queue-table"] tr', { hasText: email });
  await expect(row).toBeVisible();
  await row.click();
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer).toContainText(email);
  await page.getByTestId('detail-approve').click();
  const dialog = await settledDialog(page);
  // The decision's answer is read, so a refusal fails here with the server's words, not as a dialog left open.
  const decided = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/admin/api/'), { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  const answer = await decided;
  expect(await answer.json(), 'the decision is accepted').toMatchObject({ code: 1 });
  await expect(dialog).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-testid="queue-table"] tr', { hasText: email })).toHaveCount(0);
  return drawer;
}

test('identity check, signed application, payout, repayment with proof, repaid', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('loan');
  const reviewer = await newStaffMember(request, 'reviewer');
  const photo = join(mkdtempSync(join(tmpdir(), 'tp-loan-')), 'photo.png');
  writeFileSync(photo, PNG);
  await register(page, email);

  // The identity check: every field, a handheld photo, a signature drawn with the mouse.
  // The real-name verification, submitted and approved through the API: the loan's identity check
  // starts from what it holds.
  const token = (await page.evaluate(() => localStorage.getItem('tp.token')))!;
  const upload = await request.post(endpoints.uploads.image.path, { headers: { authorization: token }, multipart: { file: { name: 'id.png', mimeType: 'image/png', buffer: PNG } } });
  const idPic = ((await upload.json()) as { data: { url: string } }).data.url;
  const submitted = await request.post(endpoints.realName.submit.path, { headers: { authorization: token }, data: { name: 'CHAN Tai Man', id_card_type: 2, card_id: 'K1234567', front_pic: idPic, reverse_pic: idPic } });
  expect(((await submitted.json()) as { code: number }).code).toBe(1);
  const admin = ((await (await request.post(endpoints.admin.login.path, { data: SEEDED_ADMIN })).json()) as { data: { token: string } }).data.token;
  const queue = (await (await request.get(`${endpoints.realName.adminList.path}?status=1`, { headers: { authorization: admin } })).json()) as { data: { data: { id: number; user: { email: string } }[] } };
  const waiting = queue.data.data.find((r) => r.user.email === email)!;
  const approved = await request.post(endpointPath(endpoints.realName.approve, { id: waiting.id }), { headers: { authorization: admin }, data: {} });
  expect(((await approved.json()) as { code: number }).code).toBe(1);

  // No loan named: "not found", not a blank screen.
  await page.goto('/#/loan/repayment');
  await expect(page.getByTestId('not-found')).toBeVisible();
  // The form and its country list in dark and right to left, then back to the default.
  for (const [theme, lang] of [['dark', 'ar'], ['light', 'en'], ['light', 'hk']] as const) {
    await page.evaluate(({ th, l }) => {
      localStorage.setItem('tp.theme', th);
      localStorage.setItem('tp.lang', l);
    }, { th: theme, l: lang });
    await page.goto('/#/loan');
    await page.reload();
    await expect(page.getByTestId('loan-kyc-form')).toBeVisible();
    if (lang === 'hk') break;
    await expectNoHorizontalOverflow(page);
    await shot(page, `loan-kyc-${theme}-${lang}`);
    await page.getByTestId('loan-country').click();
    await expect(page.getByTestId('loan-country-option-HK')).toBeVisible();
    await shot(page, `loan-kyc-country-${theme}-${lang}`);
  }
  // Filled in from the verification: the names and the ID type, shown with the masked ID number.
  await expect(page.getByTestId('loan-kyc-verified')).toContainText('K1••••67');
  await expect(page.getByTestId('loan-last-name')).toHaveValue('CHAN');
  await expect(page.getByTestId('loan-first-name')).toHaveValue('Tai Man');
  await expect(page.getByTestId('loan-id-type-2')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('loan-kyc-submit').click();
  await expect(page.locator('.adm-toast-main').first()).toBeVisible();
  await page.getByTestId('loan-last-name').fill('Chan');
  await page.getByTestId('loan-first-name').fill('Tai Man');
  await page.getByTestId('loan-sex-1').click();
  await page.getByTestId('loan-birthday').fill('1990-05-17');
  // Country and calling code come from the platform's area list; the code follows the country.
  await page.getByTestId('loan-country').click();
  await page.getByTestId('loan-country-search').fill('852');
  await expect(page.getByTestId('loan-country-option-GB')).toHaveCount(0);
  await shot(page, 'loan-kyc-country-light-hk');
  await page.getByTestId('loan-country-option-HK').click();
  await expect(page.getByTestId('loan-country')).toHaveAttribute('data-value', 'HK');
  await expect(page.getByTestId('loan-area')).toHaveText('+852');
  await page.getByTestId('loan-phone').fill('91234567');
  await page.getByTestId('loan-id-type-2').click();
  const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === endpoints.uploads.image.path);
  await page.locator('[data-testid="loan-hand-pic"] input[type="file"]').setInputFiles(photo);
  await uploaded;
  await expect(page.locator('[data-testid="loan-hand-pic"] .adm-image-uploader-cell img')).toBeVisible();
  await drawSignature(page, page.getByTestId('loan-kyc-signature'));
  await expectNoHorizontalOverflow(page);
  await shot(page, 'loan-kyc-light-hk');
  await page.getByTestId('loan-kyc-submit').click();
  await expect(page.getByTestId('loan-kyc-waiting')).toBeVisible();

  // A reviewer approves it in the console (the photo and the signature are in the drawer).
  const staff = await consolePage(browser, baseURL);
  await staff.goto('/admin');
  await staff.getByTestId('login-email').fill(reviewer.email);
  await staff.getByTestId('login-password').fill(reviewer.password);
  await staff.getByTestId('login-submit').click();
  await expect(staff.getByTestId('side-menu')).toBeVisible();
  await approveInQueue(staff, 'Loan identity checks', endpoints.adminLoans.kyc.path, email);

  // Approved: /loan goes to the application. The max button fills the term's maximum.
  await page.goto('/#/loan');
  await page.reload();
  await expect(page).toHaveURL(/#\/loan\/submit/);
  await expect(page.getByTestId('loan-review-promise')).toBeVisible();
  // An amount under the term's minimum is refused by the form, with the term's bounds.
  await page.getByTestId('loan-term-2').click();
  await page.getByTestId('loan-amount').fill('100');
  await page.getByTestId('loan-next').click();
  await expect(page.getByTestId('loan-amount-error')).toContainText('500.00');
  await expect(page).toHaveURL(/#\/loan\/submit$/);
  await shot(page, 'loan-submit-range-light-hk');
  // Back from the agreement keeps the term and the amount chosen.
  await page.getByTestId('loan-amount').fill('600');
  await page.getByTestId('loan-next').click();
  await expect(page.getByTestId('loan-agreement-text')).toContainText('600.00 USDT');
  await page.goBack();
  await expect(page.getByTestId('loan-term-2')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('loan-amount')).toHaveValue('600');
  await page.getByTestId('loan-term-1').click();
  await page.getByTestId('loan-max').click();
  await expect(page.getByTestId('loan-amount')).toHaveValue('5000.00');
  await page.getByTestId('loan-amount').fill('500');
  await shot(page, 'loan-submit-light-hk');
  await page.getByTestId('loan-next').click();

  // The agreement as rendered for this amount and term; then the signature, empty first.
  await expect(page.getByTestId('loan-agreement-text')).toContainText('500.00 USDT');
  await shot(page, 'loan-agreement-light-hk');
  await page.getByTestId('loan-to-sign').click();
  await expect(page).toHaveURL(/#\/loan\/sign\?id=1&amount=500/);
  await page.getByTestId('loan-sign-submit').click();
  await expect(page.locator('.adm-toast-main').first()).toBeVisible();
  await drawSignature(page, page.getByTestId('loan-signature'));
  await shot(page, 'loan-sign-light-hk');
  await page.getByTestId('loan-sign-submit').click();
  await expect(page).toHaveURL(/#\/loan\/record/);
  await expect(page.getByTestId('loan-status').first()).toHaveAttribute('data-status', '1');
  // The signed agreement shows the signature drawn.
  const loanId = (await page.locator('.tp-loan-record').first().getAttribute('data-testid'))!.replace('loan-record-', '');
  await page.getByTestId('loan-view-agreement').first().click();
  await expect(page.getByTestId('loan-agreement-signature')).toHaveAttribute('data-loaded', '1');
  expect(await page.locator('[data-testid="loan-agreement-signature"] img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.getByTestId('loan-agreement-signature').scrollIntoViewIfNeeded();
  await shot(page, 'loan-agreement-signed-light-hk');
  await page.goBack();

  // The reviewer approves the loan: the principal is paid into the funding account.
  await approveInQueue(staff, 'Loan applications', endpoints.adminLoans.loans.path, email);
  await page.goto('/#/mine/accounts');
  await page.reload();
  await expect(page.getByTestId('account-available-1')).toHaveText('500.00');

  // Repay by proof to a collection account: under review.
  await page.goto('/#/loan/record');
  await expect(page.getByTestId('loan-status').first()).toHaveAttribute('data-status', '2');
  await expect(page.getByTestId('loan-amount-due').first()).toHaveText('503.50');
  await page.getByTestId('loan-repay').first().click();
  await expect(page.getByTestId('loan-repay-due')).toContainText('503.50');
  const channel = page.locator('[data-testid="loan-pay-with"] button').nth(1);
  await channel.click();
  await expect(page.getByTestId('loan-bank')).toBeVisible();
  const proofUploaded = page.waitForResponse((r) => new URL(r.url()).pathname === endpoints.uploads.image.path);
  await page.locator('[data-testid="loan-proof"] input[type="file"]').setInputFiles(photo);
  await proofUploaded;
  await expect(page.locator('[data-testid="loan-proof"] .adm-image-uploader-cell img')).toBeVisible();
  await shot(page, 'loan-repayment-light-hk');
  await page.getByTestId('loan-repay-submit').click();
  await expect(page).toHaveURL(/#\/loan\/record/);
  await expect(page.getByTestId('loan-status').first()).toHaveAttribute('data-status', '4');

  // The reviewer confirms it (the proof, the signature and the PDF are the loan's evidence).
  const listed = staff.waitForResponse((r) => new URL(r.url()).pathname === endpoints.adminLoans.repayments.path);
  await staff.getByTestId('side-menu').getByRole('link', { name: 'Loan repayments' }).click();
  await listed;
  await staff.locator('[data-testid="queue-table"] tr', { hasText: email }).click();
  await expect(staff.getByTestId('detail-file-pdf')).toBeVisible();
  await expect(staff.locator('.ant-drawer-open')).toContainText('SHA-256');
  await shot(staff, 'admin-loan-repayment-detail-light');
  await staff.getByTestId('detail-approve').click();
  await (await settledDialog(staff)).getByRole('button', { name: 'Approve' }).click();
  await expect(staff.locator('.ant-modal')).toHaveCount(0);
  await staff.keyboard.press('Escape');
  await expect(staff.locator('[data-testid="queue-table"] tr', { hasText: email })).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('loan-status').first()).toHaveAttribute('data-status', '5');
  // The signed agreement downloads as a PDF from the record.
  const download = page.waitForEvent('download');
  await page.getByTestId('loan-record-pdf').first().click();
  expect((await download).suggestedFilename()).toMatch(/^loan-agreement-\d+\.pdf$/);

  // The screens in dark and in Arabic (right to left), within 375 px.
  for (const [theme, lang] of [['dark', 'hk'], ['light', 'ar'], ['dark', 'en']] as const) {
    await page.evaluate(({ th, l }) => {
      localStorage.setItem('tp.theme', th);
      localStorage.setItem('tp.lang', l);
    }, { th: theme, l: lang });
    for (const s of ['loan/submit', 'loan/agreement?id=2&amount=1000', 'loan/sign?id=2&amount=1000', 'loan/record', `loan/agreement?loan_id=${loanId}`]) {
      await page.goto(`/#/${s}`);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('[data-testid="loading"]')).toHaveCount(0);
      if (s.includes('loan_id')) {
        await expect(page.getByTestId('loan-agreement-signature')).toHaveAttribute('data-loaded', '1');
        await page.getByTestId('loan-agreement-signature').scrollIntoViewIfNeeded();
      }
      await expectNoHorizontalOverflow(page);
      await shot(page, `loan-${s.replace(/[/?=&]+/g, '-')}-${theme}-${lang}`);
    }
  }
  await staff.context().close();
});
