// Screenshots of the main screens in a phone viewport (light, dark, Arabic RTL).
// Usage: node apps/web/scripts/screenshots.mjs [baseUrl] [outDir]
// Needs a running `vite preview` (or the server) at baseUrl; drives Debian's chromium.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const base = process.argv[2] ?? 'http://localhost:4173/';
const out = process.argv[3] ?? '/tmp/web-shots';
const session = process.env.SESSION_JSON ? JSON.parse(process.env.SESSION_JSON) : null;
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const screens = (process.env.SCREENS ?? 'login,register,forgot,user,home,language,mine/password,trade').split(',');
const variants = (process.env.VARIANTS ?? 'light-hk,dark-en,light-ar').split(',');
for (const variant of variants) {
  const [theme, lang] = variant.split('-');
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.addInitScript(([t, l, s]) => {
    localStorage.setItem('tp.theme', t);
    localStorage.setItem('tp.lang', l);
    if (s) {
      localStorage.setItem('tp.token', s.token);
      localStorage.setItem('tp.user', JSON.stringify(s.user));
    }
  }, [theme, lang, session]);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`[${variant}] pageerror`, e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') console.log(`[${variant}] console.error`, m.text().slice(0, 200));
  });
  for (const screen of screens) {
    const path = screen === 'home' ? '' : screen;
    await page.goto(`${base}#/${path}`);
    await page.waitForTimeout(1200);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (scroll > 0) console.log(`[${variant}] ${screen}: horizontal overflow ${scroll}px`);
    const file = `${out}/${screen.replace(/\//g, '-')}-${variant}.png`;
    await page.screenshot({ path: file });
    console.log('saved', file, 'url', page.url());
  }
  await context.close();
}
await browser.close();
