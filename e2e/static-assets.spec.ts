import { expect, test, type APIRequestContext, type Response } from '@playwright/test';

// The real build (`npm run build`) as the started server sends it: the compression plugin's
// brotli and gzip copies chosen by Accept-Encoding, and the cache headers of hashed assets and
// pages. The fake-dist unit test (apps/server/src/http/static-assets.test.ts) covers the rules;
// this checks that the build really wrote the copies and that they reach a client.

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The first hashed script the page at `url` loads (its src, resolved against the page). */
async function firstScript(request: APIRequestContext, url: string): Promise<string> {
  const page = await request.get(url, { headers: { 'accept-encoding': 'identity' } });
  expect(page.headers()['content-encoding']).toBeUndefined();
  const src = /<script[^>]+src="([^"]+\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect(src, `a hashed script in ${url}`).toBeTruthy();
  return new URL(src!, new URL(url, 'http://x')).pathname;
}

for (const { name, page } of [
  { name: 'web app', page: '/' },
  { name: 'admin console', page: '/admin/' },
]) {
  test(`the ${name}'s page and hashed script are sent brotli-compressed and cached right`, async ({ request }) => {
    const html = await request.get(page, { headers: { 'accept-encoding': 'br' } });
    expect(html.status()).toBe(200);
    expect(html.headers()['content-encoding']).toBe('br');
    expect(html.headers()['cache-control']).toBe('no-cache');
    expect(html.headers().vary).toMatch(/accept-encoding/i);
    expect(html.headers()['content-security-policy']).toContain("default-src 'self'");

    const script = await firstScript(request, page);
    const br = await request.get(script, { headers: { 'accept-encoding': 'br' } });
    expect(br.status()).toBe(200);
    expect(br.headers()['content-encoding']).toBe('br');
    expect(br.headers()['cache-control']).toBe(IMMUTABLE);
    expect(br.headers().vary).toMatch(/accept-encoding/i);
    // Decoded by the client, the brotli body is the very script sent uncompressed.
    const plain = await request.get(script, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(plain.headers()['cache-control']).toBe(IMMUTABLE);
    expect((await br.body()).equals(await plain.body())).toBe(true);
    expect(Number(br.headers()['content-length'] ?? Number.MAX_SAFE_INTEGER)).toBeLessThan((await plain.body()).length);

    const gz = await request.get(script, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers()['content-encoding']).toBe('gzip');
  });
}

test('the web page allows zoom and the browser loads the compressed build', async ({ page }) => {
  const scripts: Promise<{ encoding: string; bytes: number }>[] = [];
  const onScript = (r: Response) => {
    if (!/\/assets\/.+\.js$/.test(new URL(r.url()).pathname)) return;
    scripts.push(r.body().then((body) => ({ encoding: r.headers()['content-encoding'] ?? 'identity', bytes: body.length })));
  };
  page.on('response', onScript);
  await page.goto('/');
  // the app itself, not the mark the html shows until the scripts have run
  await expect(page.locator('#root > :not(.tp-boot)').first()).toBeVisible();
  const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
  expect(viewport).not.toMatch(/maximum-scale|user-scalable\s*=\s*no/);
  // The tab screens are preloaded once the first screen is answered, possibly after this test has
  // ended: stop listening first, so no late body is read from a closed page.
  page.off('response', onScript);
  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(0);
  // Chromium asks for brotli: every script comes as brotli, except a chunk so small that the
  // build kept no compressed copy of it (a copy must be smaller than the file).
  for (const { encoding, bytes } of loaded) {
    if (encoding !== 'br') expect(bytes, `an uncompressed script of ${bytes} bytes`).toBeLessThan(200);
  }
});

// Once the first screen has settled, the tab screens' code is fetched so a tab opens without the
// network - fetched only: their modules run (and their stylesheets apply) when a tab is opened,
// not as long tasks while the user reads the first screen.
test('the tab screens are fetched after the first screen, and run only when a tab opens', async ({ page }) => {
  const fetched = new Set<string>();
  page.on('response', (r) => {
    const m = /\/assets\/(micro-screens|account-screens)-[\w-]{8}\.js$/.exec(new URL(r.url()).pathname);
    if (m) fetched.add(m[1]!);
  });
  await page.goto('/');
  await expect(page.getByTestId('home-market-row').first()).toBeVisible();
  await expect.poll(() => [...fetched].sort(), { timeout: 20_000 }).toEqual(['account-screens', 'micro-screens']);
  // Fetched, not run: no stylesheet of theirs is applied yet.
  const applied = () => page.evaluate(() => Array.from(document.querySelectorAll('link[rel=stylesheet]'), (l) => l.getAttribute('href') ?? ''));
  expect((await applied()).filter((href) => /(account-screens|forex-screens)-/.test(href))).toEqual([]);
  // The trade tab opens on the fetched code.
  // (the second tab is trade: routes.ts TABS)
  await page.locator('.tp-tabbar .adm-tab-bar-item').nth(1).click();
  // The screen's head, whatever the hour: on a weekend the first symbol (a currency) shows its
  // market closed in place of a price.
  await expect(page.getByTestId('trade-symbol-header')).toBeVisible();
  // The header may draw a moment before the order form's module runs (it is not in that chunk):
  // the form's stylesheet applies as the form's code runs, which is waited for, not raced.
  await expect.poll(async () => (await applied()).some((href) => /forex-screens-/.test(href)), { timeout: 10_000 }).toBe(true);
});
