// Renders the installable app's icons (apps/web/public/icons/*.png) from the logo, apps/web/public/logo.svg,
// in Debian's Chromium. Run again after a change of the logo: `node scripts/render-icons.mjs`.
// The PNGs are committed; the build only copies them.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, ensureChromium } from './chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const logo = readFileSync(`${root}apps/web/public/logo.svg`, 'utf8');
const out = `${root}apps/web/public/icons`;

// A maskable icon is cropped to a circle or squircle by the launcher: the logo keeps to the inner
// 70 % (the safe zone is 80 %) on a full background of the logo's own blue.
const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS.filter((a) => a !== '--headless') });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const inner = icon.maskable ? Math.round(icon.size * 0.7) : icon.size;
    const svg = logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `);
    await page.setContent(
      `<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.maskable ? '#1677ff' : 'transparent'}">${svg}</body></html>`,
    );
    await page.screenshot({ path: `${out}/${icon.file}`, omitBackground: !icon.maskable });
    await page.close();
    console.log(`${icon.file} ${icon.size}x${icon.size}`);
  }
} finally {
  await browser.close();
}
