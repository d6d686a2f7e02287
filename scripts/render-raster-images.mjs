// Renders the shipped SVG images that lists show many of at once - the symbols' logos
// (apps/server/assets/logos) and the funds' pictures (apps/web/public/funds) - to WebP twins beside
// them, at three times the size they are shown. Why: an SVG in an <img> is a whole document that
// the browser builds on the page's main thread (8-37 ms each on this machine, its text laid out
// with its own font lookups), and home shows two dozen logos while it loads; a raster image is
// decoded off the main thread. The SVGs stay the sources (and are still served); the WebPs are
// committed, and a test fails when an SVG has no twin. Run again after changing or adding an SVG:
//   node scripts/render-raster-images.mjs
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, ensureChromium } from './chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
// Shown at 32 px (market rows) and 48 px (fund cards); three device pixels per CSS pixel.
const SETS = [
  { dir: `${root}apps/server/assets/logos`, size: 96 },
  { dir: `${root}apps/web/public/funds`, size: 144 },
];
const QUALITY = 0.9;

const browser = await chromium.launch({ executablePath: ensureChromium({ install: false }), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await page.setContent('<html><body></body></html>');
  for (const { dir, size } of SETS) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.svg'))) {
      const svg = readFileSync(`${dir}/${file}`, 'utf8');
      const dataUrl = await page.evaluate(
        async ({ svg, size, quality }) => {
          const img = new Image();
          img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = size;
          canvas.height = size;
          canvas.getContext('2d').drawImage(img, 0, 0, size, size);
          return canvas.toDataURL('image/webp', quality);
        },
        { svg, size, quality: QUALITY },
      );
      if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error(`this Chromium did not encode WebP for ${file}`);
      const out = `${dir}/${file.replace(/\.svg$/, '.webp')}`;
      writeFileSync(out, Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
      console.log(`wrote ${out.slice(root.length)}`);
    }
  }
} finally {
  await browser.close();
}
