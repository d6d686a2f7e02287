import { expect, test } from '@playwright/test';
import { endpoints } from '@tp/contracts';
import { newStaffMember, shot } from './support.js';

// What an operator relies on, against the real server: readiness, and one request id from a
// refusal's envelope to the audit log row in the console (its log line carries it too).
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('readiness and request ids, from a refusal to the console audit log', async ({ page, request }) => {
  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready' });

  // A refusal names its request in its envelope and its header; a proxy's safe id is kept.
  const refused = await request.post(endpoints.users.login.path, { headers: { lang: 'en', 'x-request-id': 'edge-proxy-0001' }, data: { account: 'nobody@example.com', password: 'Wrong-pass-42' } });
  const body = (await refused.json()) as { code: number; msg: string; request_id: string };
  expect(body.code).toBe(0);
  expect(body.msg).not.toBe('');
  expect(body.request_id).toBe('edge-proxy-0001');
  expect(refused.headers()['x-request-id']).toBe('edge-proxy-0001');

  // A staff sign-in through the console, with an id of our own: its audit row shows it.
  const staff = await newStaffMember(request, 'admin');
  await page.addInitScript(() => {
    if (!localStorage.getItem('tp.admin.theme')) localStorage.setItem('tp.admin.theme', 'light');
    localStorage.setItem('tp.admin.lang', 'en');
  });
  await page.goto('/admin/');
  await page.getByTestId('login-email').fill(staff.email);
  await page.getByTestId('login-password').fill(staff.password);
  await page.setExtraHTTPHeaders({ 'x-request-id': 'console-sign-in-0001' });
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await page.setExtraHTTPHeaders({});

  await page.getByTestId('side-menu').getByText('Audit log').click();
  await page.getByTestId('audit-action').fill('admin.login');
  await page.getByTestId('audit-apply').click();
  const row = page.getByTestId('audit-table').locator('tbody tr.ant-table-row', { hasText: staff.email });
  await expect(row).toHaveCount(1);
  await row.locator('.ant-table-row-expand-icon').click();
  await expect(page.getByTestId('audit-request-id')).toContainText('console-sign-in-0001');
  await shot(page, 'admin-audit-request-id-light');

  await page.evaluate(() => localStorage.setItem('tp.admin.theme', 'dark'));
  await page.reload();
  await page.getByTestId('audit-action').fill('admin.login');
  await page.getByTestId('audit-apply').click();
  // The unfiltered page shows first (it may hold other rows naming this staff member).
  await expect(row).toHaveCount(1);
  await row.locator('.ant-table-row-expand-icon').click();
  await expect(page.getByTestId('audit-request-id')).toContainText('console-sign-in-0001');
  await shot(page, 'admin-audit-request-id-dark');
});
