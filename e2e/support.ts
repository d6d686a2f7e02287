import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { endpoints, type AdminRole } from '@tp/contracts';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const dataDir = () => process.env.E2E_DATA_DIR as string;
const shotsDir = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** The password of the users the journeys register. */
export const PASSWORD = 'Secret-pass-42';
/** A valid 1x1 PNG (a proof image): the server recognises images by their content. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The admin the server seeds on first start (playwright.config.ts sets these). */
export const SEEDED_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password-1' } as const;

/**
 * A staff member of the journey's own, made through the API: the seeded admin invites them and
 * they accept the invitation with a password. Journeys that change a staff account (its second
 * factor, its password) change their own member, never the seeded admin the others sign in with.
 */
export async function newStaffMember(request: APIRequestContext, role: AdminRole): Promise<{ email: string; password: string }> {
  const login = await request.post(endpoints.admin.login.path, { data: SEEDED_ADMIN });
  const adminToken = ((await login.json()) as { data: { token: string } }).data.token;
  const email = uniqueEmail(role);
  const password = `${role}-Password-42`;
  const invitation = await request.post(endpoints.adminStaff.invite.path, { headers: { authorization: adminToken }, data: { email, role } });
  const { link } = ((await invitation.json()) as { data: { link: string } }).data;
  const token = new URLSearchParams(link.slice(link.indexOf('?'))).get('token');
  const accepted = await request.post(endpoints.adminStaff.accept.path, { data: { token, password } });
  expect(((await accepted.json()) as { code: number }).code).toBe(1);
  await request.post(endpoints.admin.logout.path, { headers: { authorization: adminToken } });
  return { email, password };
}

export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

interface OutboxLine { channel: string; to: string; type: number | string; code: string; text: string; created_at: string }

/** The newest code the server "e-mailed" to `to` (DATA_DIR/outbox.jsonl, decisions.md). */
export async function codeFromOutbox(to: string): Promise<string> {
  const file = join(dataDir(), 'outbox.jsonl');
  let code: string | undefined;
  await expect
    .poll(() => {
      if (!existsSync(file)) return undefined;
      const lines = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as OutboxLine);
      code = lines.filter((l) => l.to === to).at(-1)?.code;
      return code;
    }, { message: `a code e-mailed to ${to}` })
    .toMatch(/^\d{6}$/);
  return code as string;
}

/**
 * Screens and order forms are lazy chunks: until a chunk has arrived its place shows a loading
 * frame. A picture or a measurement is of the screen itself, so it waits until no loading frame
 * is shown (frames in hidden tab panes do not count).
 */
export async function screenLoaded(page: Page): Promise<void> {
  await expect(page.locator('[data-testid="screen-loading"]:visible, [data-testid="part-loading"]:visible')).toHaveCount(0);
}

export async function shot(page: Page, name: string): Promise<void> {
  await screenLoaded(page);
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: false });
}

/** antd-mobile confirm dialogs: the bold action is the confirming one. */
export async function confirmDialog(page: Page): Promise<void> {
  await page.locator('.adm-dialog .adm-dialog-button-bold').click();
}

/** No element may stick out past a 375 px phone screen. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  await screenLoaded(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
}

/** Registers `email` in the web app (the code comes from the outbox) and lands on the home screen. */
export async function register(page: Page, email: string): Promise<void> {
  await page.goto('/#/register');
  await page.getByTestId('register-account').fill(email);
  await page.getByTestId('register-send-code').click();
  await expect(page.getByTestId('register-send-code')).toBeDisabled();
  const code = await codeFromOutbox(email);
  await page.getByTestId('register-code').fill(code);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-repassword').fill(PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('home-email')).toHaveText(email);
}
