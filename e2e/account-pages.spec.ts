import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { endpointPath, endpoints } from '@tp/contracts';
import { codeFromOutbox, expectNoHorizontalOverflow, PASSWORD, register, SEEDED_ADMIN, shot, uniqueEmail } from './support.js';

/**
 * The account and content pages: invite (link, QR, code, count; demo refused), the company e-mail
 * and information, the announcement, the videos, and the phone layout on a desktop browser.
 */

async function setLook(page: Page, theme: 'light' | 'dark', lang: string): Promise<void> {
  await page.evaluate(({ th, l }) => {
    localStorage.setItem('tp.theme', th);
    localStorage.setItem('tp.lang', l);
  }, { th: theme, l: lang });
}

async function adminSetting(request: APIRequestContext, key: string, value: string): Promise<void> {
  const login = await request.post(endpoints.admin.login.path, { data: SEEDED_ADMIN });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await request.put(endpointPath(endpoints.adminConfig.updateSetting, { key }), { headers: { authorization: token }, data: { value } });
  expect(((await res.json()) as { code: number }).code).toBe(1);
  await request.post(endpoints.admin.logout.path, { headers: { authorization: token } });
}

test('invite: link, QR and code, copied; a friend registers through the link and the count goes to 1', async ({ page, browser, context, baseURL }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const email = uniqueEmail('inviter');
  await register(page, email);
  await setLook(page, 'light', 'en');
  await page.goto('/#/user');
  await page.reload();
  await page.getByText('Invite friends').click();
  await expect(page).toHaveURL(/#\/mine\/invite$/);

  const code = (await page.getByTestId('invite-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{4,16}$/);
  const link = `${baseURL}/#/register?invite_code=${code}`;
  await expect(page.getByTestId('invite-link')).toHaveText(link);
  await expect(page.getByTestId('invite-qr')).toHaveAttribute('data-value', link);
  await expect(page.getByTestId('invite-qr').locator('svg')).toBeVisible();
  await expect(page.getByTestId('invite-count')).toHaveText('0');

  await page.getByTestId('invite-link-copy').click();
  await expect(page.locator('.adm-toast-main').first()).toContainText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.getByTestId('invite-code-copy').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'account-invite-light-en');

  // A friend, on a device of their own, opens the link: the register page has the code filled in.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await expect(friend.getByTestId('register-invite')).toHaveValue(code);
  const friendEmail = uniqueEmail('invited');
  await friend.getByTestId('register-account').fill(friendEmail);
  await friend.getByTestId('register-send-code').click();
  await friend.getByTestId('register-code').fill(await codeFromOutbox(friendEmail));
  await friend.getByTestId('register-password').fill(PASSWORD);
  await friend.getByTestId('register-repassword').fill(PASSWORD);
  await friend.getByTestId('register-submit').click();
  await expect(friend.getByTestId('home-email')).toHaveText(friendEmail);
  await friendContext.close();

  await page.reload();
  await expect(page.getByTestId('invite-count')).toHaveText('1');

  // Dark theme and Arabic (right to left), each within 375 px.
  for (const [theme, lang] of [['dark', 'hk'], ['light', 'ar']] as const) {
    await setLook(page, theme, lang);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('invite-count')).toHaveText('1');
    await expectNoHorizontalOverflow(page);
    await shot(page, `account-invite-${theme}-${lang}`);
  }
});

test('a demo account is refused the invite page and the invite endpoint, and sees the announcement\'s test marker', async ({ page, request }) => {
  await page.goto('/#/login');
  await setLook(page, 'light', 'en');
  await page.reload();
  await page.getByTestId('login-demo').click();
  await expect(page.getByTestId('home-balance-total')).toBeVisible();
  await page.goto('/#/mine/invite');
  await expect(page.getByTestId('invite-demo-refused')).toContainText('real account');
  await expect(page.getByTestId('invite-qr')).toHaveCount(0);
  await shot(page, 'account-invite-demo-light-en');
  const token = await page.evaluate(() => localStorage.getItem('tp.token'));
  const res = await request.get(endpoints.invite.stats.path, { headers: { authorization: token! } });
  expect(await res.json()).toMatchObject({ code: 0, error: 'only_true_account' });

  await page.goto('/#/mine/announcement');
  await expect(page.getByTestId('announcement-test-marker')).toHaveText('Test');
  await shot(page, 'account-announcement-demo-light-en');
});

test('company e-mail with copy and the company information; the announcement names the unserved countries', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/');
  await setLook(page, 'light', 'en');
  await page.goto('/#/mine/email');
  // The reload must start from the new address: once, it reloaded '/' (the home screen).
  await expect(page).toHaveURL(/#\/mine\/email$/);
  await page.reload();
  await expect(page.getByTestId('company-email')).toHaveText('support@harbourpoint.example');
  await page.getByTestId('company-email-copy').click();
  await expect(page.locator('.adm-toast-main').first()).toContainText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('support@harbourpoint.example');
  await expect(page.getByTestId('company-name')).toHaveText('Harbour Point Markets Ltd');
  await expect(page.getByTestId('company-registered')).not.toHaveText('--');
  await expect(page.getByTestId('company-office')).not.toHaveText('--');
  // never a bare "/": the platform's own site is shown as its full address
  await expect(page.getByTestId('company-website')).toHaveText(/^https?:\/\//);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'account-email-light-en');

  await page.goto('/#/mine/announcement');
  const restricted = page.getByTestId('announcement-restricted');
  for (const country of ['North Korea', 'Israel', 'China', 'Vanuatu', 'Cuba']) await expect(restricted).toContainText(country);
  await expect(page.getByTestId('announcement-test-marker')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'account-announcement-light-en');

  for (const [theme, lang] of [['dark', 'hk'], ['light', 'ar']] as const) {
    await setLook(page, theme, lang);
    for (const s of ['mine/email', 'mine/announcement', 'feedback']) {
      await page.goto(`/#/${s}`);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('[data-testid="loading"]')).toHaveCount(0);
      await expectNoHorizontalOverflow(page);
      await shot(page, `account-${s.replace(/\//g, '-')}-${theme}-${lang}`);
    }
  }
});

test('the home Video shortcut opens two videos that play from the server', async ({ page, request }) => {
  await page.goto('/');
  await setLook(page, 'light', 'en');
  await page.reload();
  await page.getByTestId('home-shortcut-video').click();
  await expect(page).toHaveURL(/#\/mine\/video$/);
  for (const n of [1, 2]) {
    const video = page.getByTestId(`video-${n}`);
    await expect(video).toBeVisible();
    await expect(video).not.toHaveAttribute('autoplay');
    const src = await video.locator('source').getAttribute('src');
    const res = await request.get(src!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^video\//);
    expect((await res.body()).length).toBeLessThan(300 * 1024);
    const poster = await video.getAttribute('poster');
    expect((await request.get(poster!)).status()).toBe(200);
  }
  // It plays: muted (no sound without the user), time moves, and the length is known.
  const played = await page.getByTestId('video-1').evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    return { time: v.currentTime, duration: v.duration };
  });
  expect(played.time).toBeGreaterThan(0);
  expect(Number.isFinite(played.duration)).toBe(true);
  await page.getByTestId('video-1').evaluate((v: HTMLVideoElement) => v.pause());
  await expectNoHorizontalOverflow(page);
  await shot(page, 'account-video-light-en');
  for (const [theme, lang] of [['dark', 'hk'], ['light', 'ar']] as const) {
    await setLook(page, theme, lang);
    await page.reload();
    await expect(page.getByTestId('video-2')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, `account-video-${theme}-${lang}`);
  }
});

test('a desktop browser sees the phone layout centred at phone width, with the desktop-site link when it is set', async ({ browser, request }) => {
  await adminSetting(request, 'pc_url', 'https://pc.harbourpoint.example');
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
  try {
    const page = await desktop.newPage();
    await page.goto('/');
    await setLook(page, 'light', 'en');
    await page.reload();
    await expect(page.getByTestId('page-home')).toBeVisible();
    const box = (await page.locator('#root').boundingBox())!;
    expect(box.width).toBe(430);
    expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThanOrEqual(1);
    const tabbar = (await page.locator('.tp-tabbar').boundingBox())!;
    expect(tabbar.width).toBe(430);
    await expect(page.getByTestId('desktop-site-link')).toBeVisible();
    await shot(page, 'account-desktop-light-en');
  } finally {
    await adminSetting(request, 'pc_url', '');
    await desktop.close();
  }
});

test('a long e-mail in the account head is cut at its end, in Arabic too (an address reads left to right)', async ({ page }) => {
  const email = uniqueEmail('a-rather-long-mailbox-name-for-the-account-head');
  await register(page, email);
  await setLook(page, 'dark', 'ar');
  await page.goto('/#/user');
  // The screen itself, not the head its loading shell shows first (replaced when the screen's
  // code arrives, which would leave the measured element out of the page).
  await expect(page.getByTestId('user-total')).toBeVisible();
  const shown = page.getByTestId('user-email');
  await expect(shown).toHaveText(email);
  const cut = await shown.evaluate((el) => ({ direction: getComputedStyle(el).direction, overflows: el.scrollWidth > el.clientWidth, scrolled: el.scrollLeft }));
  // Left to right, overflowing at its end: the start of the address is what the user sees.
  expect(cut).toEqual({ direction: 'ltr', overflows: true, scrolled: 0 });
  await shot(page, 'user-long-email-dark-ar');
});
