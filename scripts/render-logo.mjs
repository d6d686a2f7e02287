// Renders the app's logo (apps/web/public/logo.svg) to logo.png beside it, 256 x 256 with a
// transparent corner: companies point at /logo.png (the seeded main company does), and some
// places that show a company logo take raster images only. Run again after changing the SVG:
//   node scripts/render-logo.mjs
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureChromium, CHROMIUM_ARGS } from './chromium.mjs';

const dir = fileURLToPath(new URL('../apps/web/public/', import.meta.url));
const svg = readFileSync(`${dir}logo.svg`, 'utf8');
const browser = await chromium.launch({ executablePath: ensureChromium({ install: false }), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 256, height: 256 }, deviceScaleFactor: 1 });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', '<svg width="256" height="256" ')}</body></html>`);
  await page.locator('svg').screenshot({ path: `${dir}logo.png`, omitBackground: true });
} finally {
  await browser.close();
}
console.log(`wrote ${dir}logo.png`);
