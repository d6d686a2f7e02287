import { expect, test, type Browser, type Page } from '@playwright/test';
import { endpoints } from '@tp/contracts';
import { expectNoHorizontalOverflow, newStaffMember, PASSWORD, PNG, register, shot, uniqueEmail } from './support.js';

/*
 * Issue 14, item 7: a user's phone and a support staff member's console exchange messages in real
 * time both ways; the user's image shows in the console; typing shows on both sides; the unread
 * badges go up and clear; the history survives a reload.
 */

async function userPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

async function staffDesk(browser: Browser, staff: { email: string; password: string }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'en-US' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    if (!localStorage.getItem('tp.admin.theme')) localStorage.setItem('tp.admin.theme', 'light');
    if (!localStorage.getItem('tp.admin.lang')) localStorage.setItem('tp.admin.lang', 'en');
  });
  await page.goto('/admin');
  await page.getByTestId('login-email').fill(staff.email);
  await page.getByTestId('login-password').fill(staff.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  return { context, page };
}

/** The chat's text area (antd-mobile keeps a hidden twin for measuring). */
const chatInput = (page: Page) => page.getByTestId('chat-input').locator('textarea:not([aria-hidden])');
const userMessages = (page: Page) => page.getByTestId('chat-message');
const staffMessages = (page: Page) => page.getByTestId('support-message');

test('a user and a support staff member chat in real time, with an image, typing, unread badges and history', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('chat');
  const phone = await userPhone(browser);
  const user = phone.page;
  await register(user, email);
  const login = (await (await request.post(endpoints.users.login.path, { data: { account: email, password: PASSWORD } })).json()) as { data: { user: { uid: string } } };
  const uid = login.data.user.uid;

  // The header's service icon opens the built-in chat (no external link is configured).
  await user.getByTestId('header-service').first().click();
  await expect(user.getByTestId('chat-empty')).toBeVisible();
  await expectNoHorizontalOverflow(user);
  await chatInput(user).fill('Hello, my deposit is not credited yet');
  await user.getByTestId('chat-send').click();
  await expect(userMessages(user)).toHaveCount(1);
  await expect(userMessages(user).first()).toContainText('Hello, my deposit is not credited yet');

  // The console of a support staff member: the conversation, unread, with the user's identity.
  const desk = await staffDesk(browser, await newStaffMember(request, 'support'));
  const staff = desk.page;
  await staff.getByTestId('side-menu').getByText('Support chat').click();
  await expect(staff.getByTestId('support-live')).toHaveText('Live');
  const row = staff.getByTestId(`support-conversation-${uid}`);
  await expect(row).toBeVisible();
  await expect(staff.getByTestId(`support-unread-${uid}`)).toContainText('1');
  await row.click();
  await expect(staffMessages(staff)).toHaveCount(1);
  await expect(staff.getByTestId('support-user')).toContainText(uid);
  await expect(staff.getByTestId('support-user')).toContainText(email);
  await expect(staff.getByTestId('support-user-kind')).toHaveText('Real');
  // Opened: read, the badge clears; the user sees the read mark.
  await expect(staff.getByTestId(`support-unread-${uid}`)).not.toContainText('1');
  await expect(user.getByTestId('chat-read')).toBeVisible();

  // Staff typing shows on the phone; the reply arrives without a reload.
  await staff.getByTestId('support-reply').fill('Hi! Let me check that for you');
  await expect(user.getByTestId('chat-typing')).toBeVisible();
  await staff.getByTestId('support-send').click();
  await expect(userMessages(user).last()).toContainText('Hi! Let me check that for you');
  await expect(userMessages(user).last()).toHaveAttribute('data-from', 'staff');

  // The user's typing shows in the console; the user's image shows there too.
  await chatInput(user).fill('Here is');
  await expect(staff.getByTestId('support-typing')).toBeVisible();
  await chatInput(user).fill('');
  await user.getByTestId('chat-file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(user.getByTestId('chat-image')).toHaveAttribute('data-loaded', '1');
  await expect(staffMessages(staff)).toHaveCount(3);
  await expect(staff.getByTestId('support-image').last()).toBeVisible();

  // Away from the chat, a staff reply raises the badge on the header icon; opening the chat clears it.
  await user.goto('/#/');
  await expect(user.getByTestId('header-service-badge').first()).toHaveAttribute('data-count', '0');
  await staff.getByTestId('support-reply').fill('Your deposit is credited now');
  await staff.getByTestId('support-send').click();
  await expect(user.getByTestId('header-service-badge').first()).toHaveAttribute('data-count', '1');
  await expect(user.getByTestId('header-service-badge').first()).toContainText('1');
  await user.getByTestId('header-service').first().click();
  await expect(userMessages(user).last()).toContainText('Your deposit is credited now');
  await user.goBack();
  await expect(user.getByTestId('header-service-badge').first()).toHaveAttribute('data-count', '0');

  // The history is the server's: both sides see it all after a reload.
  await user.goto('/#/mine/chat');
  await user.reload();
  await expect(userMessages(user)).toHaveCount(4);
  await staff.reload();
  await expect(staffMessages(staff)).toHaveCount(4);
  await expect(staff.getByTestId('support-read').last()).toBeVisible();
  // the staff side is pictured and checked with axe-core like every screen of the web app
  await shot(staff, 'support-console-light-en');

  // The chat in light and dark, in English and in Arabic (right to left), within 375 px.
  for (const [theme, lang] of [['light', 'en'], ['dark', 'en'], ['dark', 'hk'], ['light', 'ar']] as const) {
    await user.evaluate(({ th, l }) => {
      localStorage.setItem('tp.theme', th);
      localStorage.setItem('tp.lang', l);
    }, { th: theme, l: lang });
    await user.reload();
    await expect(user.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(userMessages(user)).toHaveCount(4);
    await expect(user.getByTestId('chat-image')).toHaveAttribute('data-loaded', '1');
    await expectNoHorizontalOverflow(user);
    await shot(user, `support-chat-${theme}-${lang}`);
  }
  await phone.context.close();
  await desk.context.close();
});
