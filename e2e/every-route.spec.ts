import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { endpoints, endpointPath, LANG_BCP47, LOAN_AGREEMENT_VERSION, type Lang } from '@tp/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ALL_PATHS, pathOfHash } from '../apps/web/src/app/routes.js';
import { EDITORIAL, foreignNumbers, inspectScreen, type InspectOptions, type ScreenFindings } from './screen-checks.js';
import { codeFromOutbox, PASSWORD, PNG, SEEDED_ADMIN, uniqueEmail } from './support.js';

// Every route of the web app (its own list, app/routes.ts ALL_PATHS; routes-list.test.ts in the
// web app fails when the router and that list differ), walked by a real account with some history
// (a deposit approved, a contract order open and one pending, an option running, a loan paid out,
// a fund subscription, a trader's page) and by a demo account, in English, Arabic and German, on a
// phone whose zone is neither UTC nor the chart's (America/New_York). Each screen must show no raw
// translation key, no cut label, no time outside the device's zone (only the chart keeps GMT+7,
// labelled; a time standing alone in a document names its zone) and numbers in one format, the
// language's (screen-checks.ts says how each is measured). One page per account and language:
// routes change by setting location.hash, as a tap does, and each screen is read once it has
// settled. The last test proves every check bites on a page broken on purpose.

const DEVICE_ZONE = 'America/New_York';
test.use({ timezoneId: DEVICE_ZONE });

interface Envelope<T> { code: number; msg: string; data: T }

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${what}: ${body.msg}`).toBe(1);
  return body.data;
}

/** Top-level sections of every translation file of the web app (app and features): `section.key` on a screen is a raw key. */
function translationSections(): string[] {
  const web = fileURLToPath(new URL('../apps/web/src/', import.meta.url));
  const files = [`${web}locales/en.json`];
  for (const feature of readdirSync(`${web}features`)) {
    try {
      readFileSync(`${web}features/${feature}/locales/en.json`);
      files.push(`${web}features/${feature}/locales/en.json`);
    } catch {
      // a feature without texts of its own
    }
  }
  const sections = new Set<string>();
  for (const file of files) {
    for (const key of Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)) sections.add(key);
    const ns = /features\/([^/]+)\/locales/.exec(file)?.[1];
    if (ns) sections.add(ns);
  }
  return [...sections];
}

function inspectOptions(lang: Lang): InspectOptions {
  return {
    sections: translationSections(),
    chartZone: 'Asia/Bangkok',
    dateLocale: `${LANG_BCP47[lang]}-u-nu-latn-ca-gregory`,
    documents: '[data-testid="page-loan-agreement"], [data-document]',
    chart: '[data-testid="trade-chart"], [data-testid="trade-chart-zone"], .tp-chart',
    // The loan agreement's text is shown exactly as it was signed (its hash is kept): a legal
    // document in the language it was written in, with its own numbers and dates (which name UTC).
    editorial: `${EDITORIAL}, [data-testid="loan-agreement-text"]`,
  };
}

/** What the routes that show one thing are given: ids made through the API for this run. */
interface Made {
  token: string;
  user: unknown;
  traderId: number;
  loanId: number;
  loanConfigId: number;
  fundId: number;
  subscriptionId: number;
  newsId: number;
  /** The pending order's placing time, as the server wrote it (UTC). */
  pendingPlacedAt: string;
}

/** Routes that show one thing get its id; /order opens on its pending tab, where an order shows the time it was placed. */
function queryOf(path: string, made: Made): string {
  const q: Record<string, string> = {
    '/order': 'source=0&type=0',
    '/news/detail': `id=${made.newsId}`,
    '/follow/trader': `id=${made.traderId}`,
    '/follow/submit': `id=${made.traderId}`,
    '/loan/submit': `id=${made.loanConfigId}&amount=500`,
    '/loan/agreement': `loan_id=${made.loanId}`,
    '/loan/sign': `id=${made.loanConfigId}&amount=500`,
    '/loan/repayment': `loan_id=${made.loanId}`,
    '/mining/subscribe': `id=${made.fundId}`,
    '/mining/income': `id=${made.subscriptionId}`,
  };
  return q[path] ? `?${q[path]}` : '';
}

async function registered(request: APIRequestContext): Promise<{ token: string; user: { id: number }; email: string }> {
  const email = uniqueEmail('walk');
  await ok(await request.post(endpoints.notify.sendEmail.path, { data: { to: email, type: 1 } }), 'code sent');
  const code = await codeFromOutbox(email);
  const session = await ok<{ token: string; user: { id: number } }>(
    await request.post(endpoints.users.register.path, { data: { type: 1, account: email, password: PASSWORD, re_password: PASSWORD, sms_code: code } }),
    'registered',
  );
  return { ...session, email };
}

/** A money action with its own key; until the first BTCUSDT tick is stored an order has no price, so it is tried again. */
async function act<T>(request: APIRequestContext, token: string, path: string, data: Record<string, unknown>): Promise<T> {
  let answer: Envelope<T> | undefined;
  await expect
    .poll(async () => {
      const res = await request.post(path, { headers: { authorization: token, lang: 'en', 'idempotency-key': `walk-${Date.now()}-${Math.random()}` }, data });
      answer = (await res.json()) as Envelope<T>;
      return answer.code;
    }, { timeout: 40_000, intervals: [1_000], message: `${path} accepted` })
    .toBe(1);
  return answer!.data;
}

/**
 * A real account with a history, through the API as the other journeys make one: a deposit
 * approved in the review queue, money moved to the contract and option accounts, a market order
 * open and a pending one waiting, an option running, the account made a trader, real name and
 * loan identity approved, a loan applied for and paid out, a fund subscribed.
 */
async function realAccountWithHistory(request: APIRequestContext): Promise<Made> {
  const { token, user, email } = await registered(request);
  const auth = { authorization: token };
  const admin = { authorization: (await ok<{ token: string }>(await request.post(endpoints.admin.login.path, { data: SEEDED_ADMIN }), 'admin login')).token };
  const picture = (await ok<{ url: string }>(await request.post(endpoints.uploads.image.path, { headers: auth, multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: PNG } } }), 'upload')).url;
  const deposit = await ok<{ id: number }>(await request.post(endpoints.deposits.coinSubmit.path, { headers: auth, data: { number: '12345.67', proofImg: picture, charge_id: 1 } }), 'deposit');
  await ok(await request.post(endpointPath(endpoints.admin.approveDeposit, { id: deposit.id }), { headers: admin, data: {} }), 'deposit approved');
  await act(request, token, endpoints.wallet.transfer.path, { balance: '5000', from: 1, to: 3, currency_id: 1 });
  await act(request, token, endpoints.wallet.transfer.path, { balance: '1000', from: 1, to: 2, currency_id: 1 });

  const btc = (await ok<{ Id: number; Code: string; HasForexMultiple: { Value: number }[]; ForexQuotations: { Close: string } }[]>(await request.get(endpoints.market.tradeList.path), 'symbols')).find((s) => s.Code === 'BTCUSDT')!;
  const multiple = btc.HasForexMultiple[0]!.Value;
  await act(request, token, endpoints.forex.submit.path, { type: 1, cont: '0.01', forex_id: btc.Id, status: 1, stop_loss_price: '0', target_profit_price: '0', multiple });
  const target = String(Math.floor(Number(btc.ForexQuotations.Close) / 2));
  await act(request, token, endpoints.forex.submit.path, { type: 1, cont: '0.01', forex_id: btc.Id, status: 0, target_price: target, stop_loss_price: '0', target_profit_price: '0', multiple });
  const pending = await ok<{ data: { CreateTimeHandler: string }[] }>(await request.get(`${endpoints.forex.myDeal.path}?status=0&page=1`, { headers: auth }), 'pending orders');
  await act(request, token, endpoints.micro.submit.path, { forex_id: btc.Id, type: 1, number: '100', seconds: 300 });

  await ok(await request.post(endpoints.follow.applyTrader.path, { headers: auth, data: {} }), 'trader application');
  const applications = await ok<{ data: { id: number; user: { id: number } }[] }>(await request.get(`${endpoints.follow.adminApplications.path}?status=0`, { headers: admin }), 'applications');
  await ok(await request.post(endpointPath(endpoints.follow.approveApplication, { id: applications.data.find((a) => a.user.id === user.id)!.id }), { headers: admin, data: {} }), 'trader approved');

  await ok(await request.post(endpoints.realName.submit.path, { headers: auth, data: { name: 'CHAN Tai Man', id_card_type: 2, card_id: 'K1234567', front_pic: picture, reverse_pic: picture } }), 'real name');
  const realNames = await ok<{ data: { id: number; user: { email: string } }[] }>(await request.get(`${endpoints.realName.adminList.path}?status=1`, { headers: admin }), 'real-name queue');
  await ok(await request.post(endpointPath(endpoints.realName.approve, { id: realNames.data.find((r) => r.user.email === email)!.id }), { headers: admin, data: {} }), 'real name approved');
  await act(request, token, endpoints.loans.kycSubmit.path, { name: 'Chan', last_name: 'Tai Man', sex: 1, birthday: '1990-05-17', country: 'HK', mobile: '+852-91234567', id_card_type: 2, hand_pic: picture, signature: picture });
  const kycs = await ok<{ data: { id: number; user: { email: string } }[] }>(await request.get(`${endpoints.adminLoans.kyc.path}?status=1`, { headers: admin }), 'loan identity queue');
  await ok(await request.post(endpointPath(endpoints.adminLoans.approveKyc, { id: kycs.data.find((k) => k.user.email === email)!.id }), { headers: admin, data: {} }), 'loan identity approved');
  const loanConfigId = (await ok<{ id: number }[]>(await request.get(endpoints.loans.configs.path, { headers: auth }), 'loan terms'))[0]!.id;
  const loan = await act<{ id: number }>(request, token, endpoints.loans.submit.path, { amount: '500', config_id: loanConfigId, sign: picture, agreement: LOAN_AGREEMENT_VERSION });
  await ok(await request.post(endpointPath(endpoints.adminLoans.approveLoan, { id: loan.id }), { headers: admin, data: {} }), 'loan paid out');

  const fund = (await ok<{ data: { id: number; staring_sub_amount: string }[] }>(await request.get(endpoints.funds.list.path), 'funds')).data[0]!;
  const subscription = await act<{ id: number }>(request, token, endpoints.funds.buy.path, { id: fund.id, amount: fund.staring_sub_amount });
  const news = await ok<{ data: { id: number }[] }>(await request.get(endpoints.news.list.path, { headers: { lang: 'en' } }), 'news');
  const me = await ok<unknown>(await request.get(endpoints.users.info.path, { headers: auth }), 'user');
  await request.post(endpoints.admin.logout.path, { headers: admin });
  return {
    token,
    user: me,
    traderId: user.id,
    loanId: loan.id,
    loanConfigId,
    fundId: fund.id,
    subscriptionId: subscription.id,
    newsId: news.data[0]!.id,
    pendingPlacedAt: pending.data[0]!.CreateTimeHandler,
  };
}

/** A demo account (as the login screen's demo button makes one); the ids of the public things are the real account's. */
async function demoAccount(request: APIRequestContext, lang: Lang): Promise<{ token: string; user: unknown }> {
  return ok<{ token: string; user: unknown }>(await request.get(`${endpoints.users.demoLogin.path}?demo_id=walk-${lang}-${Date.now()}`), 'demo');
}

const LOADING = [
  '[data-testid="screen-loading"]',
  '[data-testid="part-loading"]',
  '[data-testid="loading"]',
  '[data-testid$="-loading"]',
  '[data-testid$="-skeleton"]',
  '[aria-busy="true"]',
  '.adm-skeleton',
  '.tp-sk',
].join(', ');

/** Requests of the page not yet answered: a screen has settled when none is open for a moment and nothing shows it loading. */
function trackRequests(page: Page): () => number {
  const open = new Set<unknown>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return () => open.size;
}

async function settle(page: Page, openRequests: () => number, route: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.location.hash), { message: `${route} opened` }).not.toBe('');
  const quietSince = { at: Date.now() };
  const deadline = Date.now() + 8_000;
  // Quiet: no request open for 300 ms (polls of live data can keep it from ever being silent: 8 s at most).
  while (Date.now() < deadline) {
    if (openRequests() > 0) quietSince.at = Date.now();
    else if (Date.now() - quietSince.at >= 300) break;
    await page.waitForTimeout(50);
  }
  await page.waitForFunction((sel) => Array.from(document.querySelectorAll(sel)).every((el) => !(el as HTMLElement).checkVisibility?.()), LOADING, { timeout: 10_000 }).catch(() => undefined);
  // two frames: what the last answer rendered is laid out
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

interface RouteReport { route: string; shownAt: string; findings: ScreenFindings; numbers: string[] }

/** Opens every route in one page of this account and language and reads each screen once. */
async function walk(page: Page, lang: Lang, session: { token: string; user: unknown }, made: Made, who: string): Promise<RouteReport[]> {
  const openRequests = trackRequests(page);
  await page.addInitScript(
    ({ l, token, user }) => {
      if (sessionStorage.getItem('walk.started')) return;
      sessionStorage.setItem('walk.started', '1');
      localStorage.setItem('tp.lang', l);
      localStorage.setItem('tp.theme', 'light');
      localStorage.setItem('tp.token', token);
      localStorage.setItem('tp.user', JSON.stringify(user));
    },
    { l: lang, token: session.token, user: session.user },
  );
  await page.goto('/#/');
  await expect(page.getByTestId('page-home')).toBeVisible();
  const options = inspectOptions(lang);
  const reports: RouteReport[] = [];
  for (const path of ALL_PATHS) {
    const hash = `#${path}${queryOf(path, made)}`;
    await page.evaluate((h) => {
      window.location.hash = h;
    }, hash);
    await settle(page, openRequests, path);
    const findings = await inspectScreen(page, options);
    const shownAt = pathOfHash(await page.evaluate(() => window.location.hash));
    reports.push({ route: hash, shownAt, findings, numbers: foreignNumbers(findings.text, lang) });
    // WALK_SHOTS=<dir>: a picture of each screen as it was read, to look at what the walk saw.
    if (process.env.WALK_SHOTS) await page.screenshot({ path: `${process.env.WALK_SHOTS}/${lang}-${who}-${path.slice(1).replace(/\//g, '_') || 'home'}.png` });
  }
  return reports;
}

function listProblems(reports: RouteReport[]): string[] {
  return reports.flatMap((r) => [
    ...r.findings.rawKeys.map((k) => `${r.route}: raw key ${k}`),
    ...r.findings.cutLabels.map((c) => `${r.route}: cut label ${c}`),
    ...r.findings.times.map((t) => `${r.route}: time ${t}`),
    ...(r.numbers.length > 0 ? [`${r.route}: numbers in another format than the language's: ${r.numbers.join(' ')}`] : []),
  ]);
}

const LANGS_WALKED: Lang[] = ['en', 'ar', 'de'];

/**
 * What a demo account's walk is given: the public things (a news item, a fund, a trader if there
 * is one) from the public lists; the real-only routes show a demo account their notice whatever id.
 */
async function publicIds(request: APIRequestContext): Promise<Made> {
  const news = await ok<{ data: { id: number }[] }>(await request.get(endpoints.news.list.path, { headers: { lang: 'en' } }), 'news');
  const fund = (await ok<{ data: { id: number }[] }>(await request.get(endpoints.funds.list.path), 'funds')).data[0]!;
  const traders = await ok<{ data: { user_id: number }[] }>(await request.get(endpoints.follow.traderList.path), 'traders');
  const trader = traders.data[0];
  return { token: '', user: null, traderId: trader?.user_id ?? 1, loanId: 1, loanConfigId: 1, fundId: fund.id, subscriptionId: 1, newsId: news.data[0]!.id, pendingPlacedAt: '' };
}

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGS_WALKED) {
  for (const who of ['real', 'demo'] as const) {
    test(`${lang}, ${who} account: every route shows whole labels, no raw key, device times and one number format`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const made = who === 'real' ? await realAccountWithHistory(request) : await publicIds(request);
      const session = who === 'real' ? made : await demoAccount(request, lang);
      const reports = await walk(page, lang, session, made, who);
      // Every route was walked and none sent this account back to home or to login.
      expect(reports.map((r) => r.route.split('?')[0])).toEqual(ALL_PATHS.map((p) => `#${p}`));
      const problems: string[] = [];
      for (const r of reports) {
        if (pathOfHash(r.route) !== r.shownAt && (r.shownAt === '/' || r.shownAt === '/login')) problems.push(`${r.route}: shown as ${r.shownAt}`);
      }
      problems.push(...listProblems(reports));
      expect(problems, problems.join('\n')).toEqual([]);
      if (who === 'real') {
        // A known server time: the pending order's placing time, in New York's clock, on /order.
        await page.evaluate(() => {
          window.location.hash = '#/order?source=0&type=0';
        });
        const placed = new Date(`${made.pendingPlacedAt.replace(' ', 'T')}Z`).toISOString();
        const shown = page.locator(`time[datetime="${placed}"]`).first();
        await expect(shown).toBeVisible();
        const clock = new Intl.DateTimeFormat('en', { timeZone: DEVICE_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(Date.parse(placed));
        await expect(shown).toContainText(clock);
      }
    });
  }
}

test('each check finds what it is there for on a page broken on purpose', async ({ page }) => {
  const at = Date.UTC(2026, 10, 24, 21, 56, 0);
  const iso = new Date(at).toISOString();
  await page.setContent(`
    <body style="width:375px;font:14px sans-serif">
      <h1>wallet.total_assets</h1>
      <p>Hello {{name}}</p>
      <input placeholder="withdraw.address_placeholder">
      <p>Contact support@example.com or see docs.example.com, version 1.2.3</p>
      <button style="width:60px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">Contract account</button>
      <div style="width:300px;overflow:hidden;white-space:normal">A long explanation that wraps onto a second line and is never cut because it wraps.</div>
      <span title="a.very.long.address.of.a.user@example.com" style="display:inline-block;width:60px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">a.very.long.address.of.a.user@example.com</span>
      <time datetime="${iso}">24.11.2026, 04:56:00</time>
      <time datetime="${iso}">24.11.2026, 16:56:00 <bdi class="tp-zone">GMT+7</bdi></time>
      <div data-document><time datetime="${iso}">24.11.2026, 16:56:00</time></div>
      <p>Opened 24.11.2026 04:56 GMT+7</p>
      <p>Balance 112,765.26 USDT · Volume 153.322,23</p>
      <p>Rate ١٢٫٥</p>
    </body>`);
  const options = { ...inspectOptions('de'), sections: ['wallet', 'withdraw'] };
  const found = await inspectScreen(page, options);
  expect(found.rawKeys).toEqual(['wallet.total_assets', '{{name}}', 'withdraw.address_placeholder']);
  expect(found.cutLabels).toHaveLength(1);
  expect(found.cutLabels[0]).toContain('Contract account');
  // New York: 21:56 UTC is 16:56 on the 24th; the first shows Bangkok's 04:56 (the 25th there), the
  // second names Bangkok's zone, the third stands alone in a document without a zone, and one line
  // writes GMT+7 outright.
  expect(found.times.filter((t) => t.includes('04:56:00') && t.includes("not the device's time"))).toHaveLength(1);
  expect(found.times.some((t) => t.includes('names the zone GMT+7'))).toBe(true);
  expect(found.times.some((t) => t.includes('in a document without its zone'))).toBe(true);
  expect(found.times.some((t) => t.includes("the chart's zone shown outside the chart"))).toBe(true);
  expect(foreignNumbers(found.text, 'de')).toEqual(['112,765.26', '١٢٫٥']);
  expect(foreignNumbers(found.text, 'en')).toEqual(['153.322,23', '١٢٫٥']);
  expect(foreignNumbers(found.text, 'ar')).toEqual(['153.322,23', '١٢٫٥']);

  // A whole page finds nothing.
  await page.setContent(`<body style="width:375px"><button style="white-space:nowrap;overflow:hidden;text-overflow:ellipsis">OK</button><time datetime="${iso}">24.11.2026, 16:56:00</time><p>112.765,26</p></body>`);
  const clean = await inspectScreen(page, options);
  expect([clean.rawKeys, clean.cutLabels, clean.times, foreignNumbers(clean.text, 'de')]).toEqual([[], [], [], []]);
});
