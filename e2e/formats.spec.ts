import { expect, test, type Page } from '@playwright/test';
import { endpoints, type Lang } from '@tp/contracts';
import { EDITORIAL, numberStyles } from './screen-checks.js';
import { screenLoaded, shot } from './support.js';

// Times and numbers on a phone whose zone is not the chart's, in German and Arabic (decisions.md,
// "Times on screens, numbers"): every time but the chart's in the device's zone, and one number
// format per screen, the interface language's. Found walking the screens: news times pinned to
// GMT+7 (a news item of 21:56 UTC shown as the next day's 04:56), and in German prices and
// balances with English separators (112,765.26) beside volumes in German ones (153.322,23).

const DEVICE_ZONE = 'America/New_York';
test.use({ timezoneId: DEVICE_ZONE });

/** What the screen shows as text, without what editors wrote (news titles, summaries and articles carry their own numbers). */
async function screenText(page: Page): Promise<string> {
  return page.evaluate((editorial) => {
    let text = document.body.innerText;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(editorial))) {
      const own = el.innerText.trim();
      if (own) text = text.split(own).join(' ');
    }
    return text;
  }, EDITORIAL);
}

/** The screen writes every number in the language's format: German with decimal commas, Arabic (Latin digits) with decimal points. */
async function expectOneNumberFormat(page: Page, lang: Lang, screen: string): Promise<void> {
  const { dot, comma } = numberStyles(await screenText(page));
  const wrong = lang === 'de' ? dot : comma;
  expect(wrong, `${lang} ${screen}: numbers in another format than the language's (dot: ${dot.join(' ')} | comma: ${comma.join(' ')})`).toEqual([]);
}

/** Hour, minute and second of a moment in a zone ("16:56:00"). */
const clock = (ms: number, timeZone: string) => new Intl.DateTimeFormat('en', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(ms);
/** Day of the month of a moment in a zone. */
const dayOf = (ms: number, timeZone: string) => new Intl.DateTimeFormat('en', { timeZone, day: 'numeric' }).format(ms);

/** Every <time> of the screen in `selector` shows the device's time (New York's), never the chart's GMT+7 time, and names no zone. */
async function expectDeviceTimes(page: Page, selector: string, what: string): Promise<void> {
  const times = await page.locator(`${selector} time[datetime]`).evaluateAll((els) => els.map((el) => ({ iso: el.getAttribute('datetime')!, text: el.textContent ?? '' })));
  expect(times.length, `${what}: times shown`).toBeGreaterThan(0);
  for (const { iso, text } of times) {
    const ms = Date.parse(iso);
    expect(text, `${what} ${iso}: not the GMT+7 time`).not.toContain(clock(ms, 'Asia/Bangkok'));
    expect(text, `${what} ${iso}: the device's time`).toContain(clock(ms, DEVICE_ZONE));
    expect(text, `${what} ${iso}: the device's day`).toContain(dayOf(ms, DEVICE_ZONE));
    expect(text, `${what} ${iso}: no zone named on a screen`).not.toMatch(/GMT|UTC|غرينتش/);
  }
}

async function useLang(page: Page, lang: Lang, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript(
    ([l, th]) => {
      localStorage.setItem('tp.lang', l);
      localStorage.setItem('tp.theme', th);
    },
    [lang, theme] as const,
  );
}

interface Json<T> { code: number; data: T }

/** A demo account with one closed contract order, so that the order history has figures. */
async function demoWithHistory(page: Page): Promise<void> {
  await page.goto('/#/login');
  await page.getByTestId('login-demo').click();
  await expect(page).not.toHaveURL(/#\/login/);
  const token = (await page.evaluate(() => localStorage.getItem('tp.token')))!;
  const symbols = ((await (await page.request.get(endpoints.market.tradeList.path)).json()) as Json<{ Id: number; Code: string; HasForexMultiple: { Value: number }[] }[]>).data;
  const btc = symbols.find((s) => s.Code === 'BTCUSDT')!;
  const auth = (tag: string) => ({ authorization: token, 'idempotency-key': `formats-${tag}-${Date.now()}-${Math.random()}` });
  // Until the first BTCUSDT tick is stored a market order has no price: the server says so; try again.
  await expect
    .poll(async () => {
      const res = await page.request.post(endpoints.forex.submit.path, { headers: auth('open'), data: { type: 1, cont: '0.01', forex_id: btc.Id, status: 1, multiple: btc.HasForexMultiple[0]!.Value } });
      return ((await res.json()) as Json<unknown>).code;
    }, { timeout: 40_000, intervals: [1_500] })
    .toBe(1);
  const holding = (await (await page.request.get(`${endpoints.forex.myDeal.path}?status=1&page=1`, { headers: { authorization: token } })).json()) as Json<{ data: { Id: number }[] }>;
  for (const o of holding.data.data) {
    const closed = (await (await page.request.post(endpoints.forex.close.path, { headers: auth(`close-${o.Id}`), data: { id: o.Id } })).json()) as Json<unknown>;
    expect(closed.code).toBe(1);
  }
}

const CASES: { lang: Lang; theme: 'light' | 'dark' }[] = [
  { lang: 'de', theme: 'light' },
  { lang: 'ar', theme: 'dark' },
];

for (const { lang, theme } of CASES) {
  test(`${lang}: every screen writes numbers one way and times in the device's zone; the chart keeps GMT+7`, async ({ page }) => {
    test.setTimeout(240_000);
    await useLang(page, lang, theme);
    await demoWithHistory(page);

    // Home: the balance, today's profit and the markets with prices, changes and volumes.
    await page.goto('/#/');
    await expect(page.getByTestId('home-market-row').first()).toBeVisible();
    await expect(page.getByTestId('home-balance-total')).not.toHaveText('--');
    await screenLoaded(page);
    await expectOneNumberFormat(page, lang, 'home');
    await shot(page, `formats-home-${lang}-${theme}`);

    // The market search: prices of the currencies found.
    await page.goto('/#/product');
    await page.getByTestId('search-input').fill('USD');
    await expect(page.getByTestId('search-currency-item').first()).toBeVisible();
    await screenLoaded(page);
    await expectOneNumberFormat(page, lang, 'market');

    // Trade: the price, the day's figures, the order form's margin and balance; the chart's axis in Bangkok, labelled.
    await page.goto('/#/trade');
    await expect(page.getByTestId('forex-current-price')).not.toHaveText('--');
    await expect(page.getByTestId('trade-chart-zone')).toHaveText(lang === 'ar' ? 'غرينتش+7' : 'GMT+7');
    await page.getByTestId('forex-lots').fill('0.05');
    await expect(page.getByTestId('forex-margin')).not.toHaveText('--');
    await screenLoaded(page);
    await expectOneNumberFormat(page, lang, 'trade');
    // The margin as every amount: 2 decimals.
    await expect(page.getByTestId('forex-margin')).toHaveText(lang === 'de' ? /^[\d.]+,\d{2}$/ : /^[\d,]+\.\d{2}$/);
    await shot(page, `formats-trade-${lang}-${theme}`);

    // Wallet accounts: the balances.
    await page.goto('/#/mine/accounts');
    await expect(page.getByTestId('accounts-total')).toBeVisible();
    await screenLoaded(page);
    await expectOneNumberFormat(page, lang, 'accounts');

    // Order history: the closed order's prices, lots, margin, fee and profit, and its times.
    await page.goto('/#/order?source=0&type=3');
    await expect(page.getByTestId('forex-history-order').first()).toBeVisible();
    await screenLoaded(page);
    await expectOneNumberFormat(page, lang, 'order history');
    await expectDeviceTimes(page, '[data-testid="forex-history-order"]', 'order history');
    await shot(page, `formats-orders-${lang}-${theme}`);

    // Copy trading: the traders' rates and profits.
    await page.goto('/#/follow');
    await expect(page.getByTestId('page-follow')).toBeVisible();
    await screenLoaded(page);
    await expectOneNumberFormat(page, lang, 'copy trading');

    // News: each item's time is the phone's, not GMT+7; then one item.
    await page.goto('/#/news');
    await expect(page.getByTestId('news-item').first()).toBeVisible();
    await screenLoaded(page);
    await expectDeviceTimes(page, '[data-testid="news-list"]', 'news list');
    await expectOneNumberFormat(page, lang, 'news');
    await shot(page, `formats-news-${lang}-${theme}`);
    await page.getByTestId('news-item').first().click();
    await expect(page.getByTestId('news-article')).toBeVisible();
    await expectDeviceTimes(page, '[data-testid="news-article"]', 'news item');
    await expectOneNumberFormat(page, lang, 'news item');
  });
}

test('the same screens in the other theme look right (German dark, Arabic light)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/#/');
  for (const [lang, theme] of [['de', 'dark'], ['ar', 'light']] as const) {
    await page.evaluate(
      ([l, th]) => {
        localStorage.setItem('tp.lang', l);
        localStorage.setItem('tp.theme', th);
      },
      [lang, theme] as const,
    );
    await page.goto('/#/');
    await page.reload();
    await expect(page.getByTestId('home-market-row').first()).toBeVisible();
    await expectOneNumberFormat(page, lang, 'home');
    await shot(page, `formats-home-${lang}-${theme}`);
    await page.goto('/#/news');
    await expect(page.getByTestId('news-item').first()).toBeVisible();
    await expectDeviceTimes(page, '[data-testid="news-list"]', 'news list');
    await shot(page, `formats-news-${lang}-${theme}`);
  }
});

test('the check itself tells the two formats apart and leaves dates, times and addresses alone', () => {
  expect(numberStyles('112,765.26 153.322,23')).toEqual({ dot: ['112,765.26'], comma: ['153.322,23'] });
  expect(numberStyles('0.01 Lots, 0,01 Lots')).toEqual({ dot: ['0.01'], comma: ['0,01'] });
  expect(numberStyles('24.11.2026, 16:56:00 · 11/24/2026 · 24\u200f/11\u200f/2026 · ann.1764400000.123@example.com · 1.234 · 1,234')).toEqual({ dot: [], comma: [] });
});
