import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { endpoints, type AdminRole } from '@tp/contracts';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/**
 * A picture of the screen, and the accessibility check of the same screen (expectAccessible): every
 * screen a journey pictures is checked, in the web app in both themes.
 */
export async function shot(page: Page, name: string): Promise<void> {
  await screenLoaded(page);
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: false });
  await expectAccessible(page, name);
}

/** The WCAG 2.0/2.1/2.2 levels A and AA rules of axe-core. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** What fails a journey: a user of a screen reader or with low vision is blocked or badly hindered. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const axeLog = fileURLToPath(new URL('../.tmp/axe-violations.jsonl', import.meta.url));

interface Finding { rule: string; impact: string; help: string; targets: string[]; html: string; why: string }

async function axeFindings(page: Page): Promise<Finding[]> {
  await settled(page);
  const result = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .analyze();
  return result.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((n) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: n.target.map(String),
        html: n.html.length > 160 ? `${n.html.slice(0, 160)}…` : n.html,
        // axe's own explanation, e.g. the contrast measured and the colours it measured
        why: (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim(),
      })),
    );
}

function listFindings(label: string, findings: Finding[]): string {
  return [
    `${findings.length} serious or critical accessibility violation(s) on ${label}:`,
    ...findings.map((f) => `  - ${f.rule} (${f.impact}) ${f.targets.join(' > ')}\n      ${f.help}: ${f.why}\n      ${f.html}`),
  ].join('\n');
}

/**
 * axe-core (WCAG 2 A and AA) on the current page; any violation of impact serious or critical
 * fails the journey with a readable list (rule, impact, target, a piece of the html). The web app
 * is checked in the theme it shows and then in the other one (its colours are CSS variables under
 * `data-theme` on <html>, so the same screen is switched and switched back). The check is soft:
 * the journey goes on to its next screens and fails at its end with every finding.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const shown = await page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  const looks: { theme: string | null; label: string }[] = [{ theme: shown, label: shown ? `${label} (${shown})` : label }];
  if (shown === 'light' || shown === 'dark') {
    const other = shown === 'light' ? 'dark' : 'light';
    looks.push({ theme: other, label: `${label} (${other})` });
  }
  for (const look of looks) {
    if (look.theme !== shown) await setThemeAttributes(page, look.theme as string);
    const findings = await axeFindings(page);
    if (findings.length > 0) {
      mkdirSync(dirname(axeLog), { recursive: true });
      appendFileSync(axeLog, `${JSON.stringify({ screen: look.label, url: page.url(), findings })}\n`);
    }
    expect.soft(findings, listFindings(look.label, findings)).toEqual([]);
  }
  if (looks.length > 1) await setThemeAttributes(page, shown as string);
}

/**
 * Colours are measured once fades and slides have ended: a toast or a drawer half faded in is
 * paler than the one a user reads. CSS animations and transitions are awaited, and fades that
 * scripts drive (antd-mobile's toasts and popups write an inline opacity) are waited out; at
 * most 3 s each.
 */
async function settled(page: Page): Promise<void> {
  // A part marked busy (a search list dimmed while the next answer loads) is read once it is done.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 5000 }).catch(() => undefined);
  // antd-mobile's toast (white on 70 % black in both themes) lives 2 s and then fades out while
  // axe reads the page; the screen is measured once it has gone.
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5000 }).catch(() => undefined);
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLElement>('[style*="opacity"]')).every((el) => {
          const o = Number(el.style.opacity);
          return !(o > 0 && o < 1);
        }),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
}

/**
 * The web app's theme as its applyTheme sets it, without a reload (the screen keeps its state).
 * The switch is made with transitions off: a colour that fades over 0.3 s from the old theme to the
 * new one (antd-mobile's selected segment does) was read half-way by axe on a busy machine, as a
 * grey neither theme shows. Styles are computed once with transitions off, so every element holds
 * its new colour when they are allowed again.
 */
async function setThemeAttributes(page: Page, theme: string): Promise<void> {
  await page.evaluate((t) => {
    const still = document.createElement('style');
    still.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(still);
    const el = document.documentElement;
    el.setAttribute('data-theme', t);
    el.setAttribute('data-prefers-color-scheme', t);
    el.style.colorScheme = t;
    // a layout read computes every element's style now: the new theme lands without transitions
    document.body.getBoundingClientRect();
    still.remove();
  }, theme);
}

/**
 * The console's open dialog (antd Modal, or a Popconfirm's popover), once it has finished zooming
 * in. While it grows (from 20 % over 0.2 s) its buttons move: on a busy machine a click could press
 * a button where it was and release where it had moved to, which clicks nothing (the dialog stayed
 * open, no request went). A person cannot aim that fast; the journeys click the settled dialog as a
 * person does.
 */
export async function settledDialog(page: Page, selector = '.ant-modal'): Promise<Locator> {
  const dialog = page.locator(selector);
  await expect(dialog).toBeVisible();
  // rc-motion marks the dialog with its motion name (ant-zoom, a popover's ant-zoom-big) only while it moves
  await expect(dialog).not.toHaveClass(/\bant-zoom\b/);
  return dialog;
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
