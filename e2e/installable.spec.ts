import { expect, test } from '@playwright/test';
import { screenLoaded } from './support.js';

/*
 * The app is installable (issue "fast on a phone", item 4): the manifest the browser reads, its
 * icons, and a service worker that keeps the app shell for a bad network but never an API answer,
 * a price or an upload.
 */

test('the manifest names the app, its start and its icons, and every icon is a real PNG', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as { name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; purpose?: string }[] };
  expect(manifest).toMatchObject({ name: 'TradePlatform', start_url: './', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const png = await request.get(`/${icon.src}`);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    expect((await png.body()).subarray(1, 4).toString('latin1'), icon.src).toBe('PNG');
  }
});

test('the service worker keeps the app shell, opens offline, and holds no API answer or price', async ({ page, context }) => {
  await page.goto('/');
  await screenLoaded(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', './manifest.webmanifest');
  // It installs after the first load and takes over the open page (clientsClaim).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);

  // Use the app as a visitor would: prices stream and the API answers while it is in control.
  await page.reload();
  await screenLoaded(page);
  await page.goto('/#/trade');
  await screenLoaded(page);

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((u) => u.startsWith('/assets/') && u.endsWith('.js'))).toBe(true);
  expect(cached.filter((u) => /^\/(api|v2|uploads|admin|healthz)(\/|$)/.test(u))).toEqual([]);

  // On no network at all the app still opens: the shell comes from the cache.
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByTestId('tab-home')).toBeVisible();
  await context.setOffline(false);
});
