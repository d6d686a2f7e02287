import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LANGS, endpoints } from '@tp/contracts';
import { expectNoHorizontalOverflow, screenLoaded, shot } from './support.js';

// Account history on the real server: a demo account trades a contract (a market buy opened and
// closed, a pending buy placed and cancelled) and buys a 30 s option through the API; /mine/history
// then names every line by what happened (never "Other"), and its three account tabs fit a 375 px
// phone in all 18 languages.

interface Envelope<T> { code: number; msg: string; data: T }
interface Symbol { Id: number; Code: string; HasForexMultiple: { Value: number }[]; ForexQuotations: { Close: string } }

async function act<T>(request: APIRequestContext, token: string, path: string, data: Record<string, unknown>): Promise<T> {
  let answer: Envelope<T> | undefined;
  // Until the first BTCUSDT tick is stored an order has no price.
  await expect
    .poll(async () => {
      const res = await request.post(path, { headers: { authorization: token, lang: 'en', 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` }, data });
      answer = (await res.json()) as Envelope<T>;
      return answer.code;
    }, { timeout: 30_000, message: `${path} accepted` })
    .toBe(1);
  return answer!.data;
}

/** Elements of `selector` whose text is wider (or taller) than their box: cut off or spilling. */
async function clipped(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1).map((el) => `${el.textContent ?? ''} (${el.scrollWidth}x${el.scrollHeight} > ${el.clientWidth}x${el.clientHeight})`));
}

async function openHistory(page: Page, lang: string, theme: 'light' | 'dark', accountTypeId: number): Promise<void> {
  await page.evaluate((prefs) => {
    localStorage.setItem('tp.lang', prefs.lang);
    localStorage.setItem('tp.theme', prefs.theme);
  }, { lang, theme });
  await page.goto(`/#/mine/history?accountTypeId=${accountTypeId}`);
  await page.reload();
  await expect(page.getByTestId('page-mine-history')).toBeVisible();
  await expect(page.getByTestId('history-tab-3')).toBeVisible();
  await screenLoaded(page);
}

/** The tab list does not scroll and each tab's text is whole inside its tab. */
async function expectTabsFit(page: Page, lang: string): Promise<void> {
  const list = page.locator('[data-testid="history-tabs"] .adm-tabs-tab-list');
  const overflow = await list.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, lang).toBeLessThanOrEqual(0);
  expect(await clipped(page, '[data-testid="history-tabs"] .adm-tabs-tab'), lang).toEqual([]);
  const box = (await list.boundingBox())!;
  for (const id of [1, 2, 3]) {
    const tab = (await page.getByTestId(`history-tab-${id}`).boundingBox())!;
    expect(tab.x, `${lang} tab ${id}`).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(tab.x + tab.width, `${lang} tab ${id}`).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
}

test('history lines say what happened and the account tabs fit at 375 px in all 18 languages', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/#/login');
  await page.getByTestId('login-demo').click();
  await expect(page).not.toHaveURL(/#\/login/);
  const token = (await page.evaluate(() => localStorage.getItem('tp.token')))!;
  expect(token).toBeTruthy();

  const symbols = ((await (await page.request.get(endpoints.market.tradeList.path)).json()) as Envelope<Symbol[]>).data;
  const btc = symbols.find((s) => s.Code === 'BTCUSDT')!;
  const multiple = btc.HasForexMultiple[0]!.Value;
  const target = String(Math.floor(Number(btc.ForexQuotations.Close) / 2));
  const pending = await act<{ Id: number }>(page.request, token, endpoints.forex.submit.path, { type: 1, cont: '0.02', forex_id: btc.Id, status: 0, target_price: target, stop_loss_price: '0', target_profit_price: '0', multiple });
  await act(page.request, token, endpoints.forex.cancel.path, { id: pending.Id });
  const open = await act<{ Id: number }>(page.request, token, endpoints.forex.submit.path, { type: 1, cont: '0.02', forex_id: btc.Id, status: 1, stop_loss_price: '0', target_profit_price: '0', multiple });
  await act(page.request, token, endpoints.forex.close.path, { id: open.Id });
  const option = await act<{ Id: number; ExpireAtST: number }>(page.request, token, endpoints.micro.submit.path, { forex_id: btc.Id, type: 1, number: '100', seconds: 30 });
  // The option settles at its first tick after expiry.
  await expect
    .poll(async () => {
      const res = await page.request.get(`${endpoints.micro.orders.path}?status=3&page=1`, { headers: { authorization: token } });
      return ((await res.json()) as Envelope<{ data: { Id: number }[] }>).data.data.map((o) => o.Id);
    }, { timeout: 90_000, message: 'the option settled' })
    .toContain(option.Id);

  // English: every contract and option line named by its kind.
  await openHistory(page, 'en', 'light', 3);
  const contract = page.getByTestId('history-memo');
  await expect(contract).toHaveCount(5);
  expect(await contract.evaluateAll((els) => els.map((el) => [el.getAttribute('data-kind'), el.textContent]))).toEqual([
    ['forex_close', 'Contract closed'],
    ['forex_open', 'Contract opened (margin held, fee charged)'],
    ['forex_cancel', 'Pending order cancelled (margin and fee returned)'],
    ['forex_open', 'Contract opened (margin held, fee charged)'],
    ['demo_funding', 'Demo account funding'],
  ]);
  await page.getByTestId('history-tab-2').click();
  await expect(page).toHaveURL(/accountTypeId=2/);
  await expect(page.getByTestId('history-memo')).toHaveCount(3);
  const options = await page.getByTestId('history-memo').allTextContents();
  expect(options[0]).toMatch(/^Option (won|lost|tie \(amount returned\))$/);
  expect(options.slice(1)).toEqual(['Option placed (amount held)', 'Demo account funding']);

  // Every language: the tabs fit, no line is unnamed.
  for (const lang of LANGS) {
    await openHistory(page, lang, 'light', 3);
    await expect(page.getByTestId('history-memo')).toHaveCount(5);
    await expectTabsFit(page, lang);
    const kinds = await page.getByTestId('history-memo').evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')));
    expect(kinds, lang).not.toContain(null);
  }

  // Pictures: English, Arabic (right to left) and German (long words), light and dark.
  for (const lang of ['en', 'ar', 'de'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await openHistory(page, lang, theme, 3);
      await expect(page.getByTestId('history-memo')).toHaveCount(5);
      await expectTabsFit(page, lang);
      await expectNoHorizontalOverflow(page);
      await shot(page, `history-labels-${lang}-${theme}`);
    }
  }
});
