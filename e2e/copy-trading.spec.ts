import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { endpoints, endpointPath, LANGS, type FollowOrder, type Paged, type TradeSymbol } from '@tp/contracts';
import { Decimal } from '@tp/domain';
import { codeFromOutbox, expectNoHorizontalOverflow, PASSWORD, PNG, SEEDED_ADMIN, shot, uniqueEmail } from './support.js';

// Copy trading on the real server: a real user becomes a trader (application approved in the
// console's queue API), a demo user follows them in the browser, the trader opens and closes a
// BTCUSDT position (crypto: open around the clock) and the follower's list shows the copy appear
// at the trader's fill and close at the trader's close, live, with the share paid.

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(1);
  return body.data;
}

/** A real user with `amount` on the contract account, made a trader through the review queue. */
async function trader(request: APIRequestContext): Promise<{ token: string; id: number }> {
  const email = uniqueEmail('trader');
  await json(await request.post(endpoints.notify.sendEmail.path, { data: { to: email, type: 1 } }));
  const code = await codeFromOutbox(email);
  const reg = await json<{ token: string; user: { id: number } }>(
    await request.post(endpoints.users.register.path, { data: { type: 1, account: email, password: PASSWORD, re_password: PASSWORD, sms_code: code } }),
  );
  const auth = { authorization: reg.token };
  const admin = (await json<{ token: string }>(await request.post(endpoints.admin.login.path, { data: SEEDED_ADMIN }))).token;
  const up = await json<{ url: string }>(await request.post(endpoints.uploads.image.path, { headers: auth, multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: PNG } } }));
  const charge = await json<{ id: number }>(await request.post(endpoints.deposits.coinSubmit.path, { headers: auth, data: { number: '5000', proofImg: up.url, charge_id: 1 } }));
  await json(await request.post(endpointPath(endpoints.admin.approveDeposit, { id: charge.id }), { headers: { authorization: admin }, data: {} }));
  await json(await request.post(endpoints.wallet.transfer.path, { headers: auth, data: { balance: '5000', from: 1, to: 3, currency_id: 1 } }));
  await json(await request.post(endpoints.follow.applyTrader.path, { headers: auth, data: {} }));
  const queue = await json<Paged<{ id: number; user: { id: number } }>>(await request.get(`${endpoints.follow.adminApplications.path}?status=0`, { headers: { authorization: admin } }));
  const mine = queue.data.find((a) => a.user.id === reg.user.id)!;
  await json(await request.post(endpointPath(endpoints.follow.approveApplication, { id: mine.id }), { headers: { authorization: admin }, data: {} }));
  return { token: reg.token, id: reg.user.id };
}

async function looks(page: Page, name: string): Promise<void> {
  await expectNoHorizontalOverflow(page);
  await shot(page, name);
}

test('a trader opens and closes; the follower sees the copy appear and close live, with the share paid', async ({ page, request }) => {
  const t = await trader(request);
  const traderAuth = { authorization: t.token, lang: 'en' };

  // The follower: a demo account in the browser.
  await page.goto('/#/login');
  await page.evaluate(() => localStorage.setItem('tp.lang', 'en'));
  await page.reload();
  await page.getByTestId('login-demo').click();
  await expect(page).not.toHaveURL(/#\/login/);

  await page.goto('/#/follow');
  await expect(page.getByTestId('page-follow')).toBeVisible();
  await expect(page.getByTestId('follow-link-apply')).toBeVisible(); // not a trader: the application link
  await looks(page, 'follow-home');

  await page.goto(`/#/follow/trader?id=${t.id}`);
  await expect(page.getByTestId('trader-name')).toBeVisible();
  await page.getByTestId('trader-follow').click();
  await expect(page.getByTestId('page-follow-submit')).toBeVisible();
  await page.getByTestId('follow-multiple').fill('2');
  await page.getByTestId('follow-max-amount').fill('5000');
  await page.getByTestId('follow-submit').click(); // without the agreement: refused by the form
  await expect(page.getByTestId('trader-unfollow')).toHaveCount(0);
  await page.getByTestId('follow-agree').click();
  await looks(page, 'follow-submit');
  await page.getByTestId('follow-submit').click();
  await expect(page.getByTestId('trader-unfollow')).toBeVisible();
  await looks(page, 'follow-trader');

  await page.goto('/#/follow/follow-list');
  await expect(page.getByTestId('page-follow-follow-list')).toBeVisible();
  await expect(page.getByTestId('empty')).toBeVisible();

  // The trader opens: the copy appears without a reload, at the trader's fill.
  const btc = (await json<TradeSymbol[]>(await request.get(endpoints.market.tradeList.path))).find((s) => s.Code === 'BTCUSDT')!;
  const opened = await json<{ Id: number; Price: string }>(
    await request.post(endpoints.forex.submit.path, { headers: { ...traderAuth, 'idempotency-key': `open-${Date.now()}` }, data: { type: 1, cont: '0.01', forex_id: btc.Id, multiple: 10 } }),
  );
  const copy = page.getByTestId('follow-copy');
  await expect(copy).toHaveCount(1);
  const traderPrice = await copy.getByTestId('follow-copy-trader-price').textContent();
  await expect(copy.getByTestId('follow-copy-price')).toHaveText(traderPrice!);
  await looks(page, 'follow-list-open');

  // The copy is in /order's holding list like any contract order (FollowType 2), marked with its
  // trader, the trader's fill beside its own.
  await page.goto('/#/order?source=0&type=1');
  const held = page.locator('[data-testid="forex-holding-order"][data-follow-type="2"]');
  await expect(held).toHaveCount(1);
  await expect(held.getByTestId('forex-copied-from')).toContainText('Copied from');
  await expect(held.getByTestId('forex-copy-trader-price')).toHaveText(traderPrice!);
  await expect(held.getByTestId('forex-copy-price')).toHaveText(traderPrice!);
  await looks(page, 'order-copy-holding');
  await page.goto('/#/follow/follow-list');
  await expect(copy).toHaveCount(1);

  // The trader closes: the copy leaves the open list live and shows in the closed one with its share.
  await json(await request.post(endpoints.forex.close.path, { headers: { ...traderAuth, 'idempotency-key': `close-${Date.now()}` }, data: { id: opened.Id } }));
  await expect(copy).toHaveCount(0);
  await page.getByRole('tab', { name: 'Closed & skipped' }).click();
  await expect(page.getByTestId('follow-copy')).toHaveCount(1);
  const token = await page.evaluate(() => localStorage.getItem('tp.token'));
  const closed = await json<Paged<FollowOrder>>(await request.get(`${endpoints.follow.myDealFollowOrder.path}?status=3`, { headers: { authorization: token ?? '' } }));
  const c = closed.data[0]!;
  expect(c).toMatchObject({ Status: 3, TraderOrderId: opened.Id, Price: c.TraderPrice, CloseTickSeq: c.TraderCloseTickSeq, Quantity: '0.02' });
  // 10 % of a positive profit (rounded down to 6 places), nothing of a loss.
  const profit = new Decimal(c.FactProfits);
  const share = profit.gt(0) ? profit.times(0.1).toDecimalPlaces(6, Decimal.ROUND_FLOOR) : new Decimal(0);
  expect(c.ProfitShare).toBe(share.toFixed(6));
  await expect(page.getByTestId('follow-copy-share')).toHaveText(c.ProfitShare);
  await looks(page, 'follow-list-closed');

  // The trader page counts the closed order it lists, at once; one follower is "1 follower".
  await page.goto(`/#/follow/trader?id=${t.id}`);
  await expect(page.getByTestId('trader-history')).toHaveCount(1);
  await expect(page.getByTestId('trader-trades')).toHaveText('1');
  await expect(page.getByTestId('trader-followers')).toHaveText('1 follower');

  // In /order's history, the copy with both fills and the trader's close (the copy's own close beside it).
  await page.goto('/#/order?source=0&type=3');
  const past = page.locator('[data-testid="forex-history-order"][data-follow-type="2"]');
  await expect(past).toHaveCount(1);
  await expect(past.getByTestId('forex-copy-trader-close')).toHaveText((await past.getByTestId('forex-close-price').textContent())!);
  // Closed by the trader's close, not by the follower.
  await expect(past.getByTestId('forex-close-reason')).toHaveText('Closed with the trader');
  await looks(page, 'order-copy-history');

  // The ranking tab, and the same screens dark and right to left.
  await page.goto('/#/rank');
  await expect(page.getByTestId('rank-list')).toBeVisible();
  await page.getByTestId('rank-sort-followers').click();
  await looks(page, 'rank');
  await page.evaluate(() => {
    localStorage.setItem('tp.theme', 'dark');
    localStorage.setItem('tp.lang', 'ar');
  });
  await page.goto(`/#/follow/trader?id=${t.id}`);
  await page.reload();
  await expect(page.getByTestId('trader-name')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await looks(page, 'follow-trader-dark-ar');
  await page.goto('/#/follow/follow-list');
  await page.getByRole('tab').nth(2).click();
  await expect(page.getByTestId('follow-copy')).toHaveCount(1);
  await looks(page, 'follow-list-dark-ar');
  await page.goto('/#/order?source=0&type=3');
  await expect(page.locator('[data-testid="forex-history-order"][data-follow-type="2"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="forex-history-order"][data-follow-type="2"] [data-testid="forex-close-reason"]')).toHaveAttribute('data-reason', 'close_by_trader');
  await looks(page, 'order-copy-history-dark-ar');
});

test('the follow list tabs fit a phone in every language; links without their trader say so; a non-trader is sent to apply', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByTestId('login-demo').click();
  await expect(page).not.toHaveURL(/#\/login/);

  // Not a trader: my-follower leads to the application, not to a trader's summary of zeros.
  await page.goto('/#/follow/my-follower');
  await expect(page).toHaveURL(/#\/follow\/trader-apply/);
  await expect(page.getByTestId('page-follow-trader-apply')).toBeVisible();

  // No trader named, or one that does not exist: "not found" with a way back.
  for (const path of ['/follow/trader', '/follow/trader?id=99999999', '/follow/submit', '/follow/submit?id=99999999']) {
    await page.goto(`/#${path}`);
    await expect(page.getByTestId('not-found'), path).toBeVisible();
    await expect(page.getByTestId('load-error')).toHaveCount(0);
  }
  await looks(page, 'follow-not-found-light-hk');
  await page.getByTestId('not-found-back').click();
  await expect(page).toHaveURL(/#\/follow$/);

  for (const lang of LANGS) {
    await page.evaluate((l) => localStorage.setItem('tp.lang', l), lang);
    await page.goto('/#/follow/follow-list');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    const list = page.locator('.tp-follow-tabs .adm-tabs-tab-list');
    await expect(page.locator('.tp-follow-tabs .adm-tabs-tab')).toHaveCount(3);
    const overflow = await list.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, `${lang}: the tab row scrolls`).toBeLessThanOrEqual(1);
    const cut = await page.locator('.tp-follow-tabs .adm-tabs-tab').evaluateAll((tabs) =>
      tabs.filter((el) => {
        const r = el.getBoundingClientRect();
        return el.scrollWidth > el.clientWidth + 1 || r.left < -0.5 || r.right > 375.5;
      }).map((el) => el.textContent),
    );
    expect(cut, `${lang}: tabs cut off`).toEqual([]);
    await expectNoHorizontalOverflow(page);
    if (lang === 'en' || lang === 'ar' || lang === 'ru') await looks(page, `follow-list-tabs-light-${lang}`);
  }
  await page.evaluate(() => localStorage.setItem('tp.theme', 'dark'));
  await page.reload();
  await expect(page.locator('.tp-follow-tabs .adm-tabs-tab')).toHaveCount(3);
  await looks(page, `follow-list-tabs-dark-${LANGS.at(-1)}`);
});
