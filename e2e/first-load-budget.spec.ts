import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLoadJs, laterJs, table } from './first-load';

// The web app's first load on a phone: the scripts the browser fetches before the first screen
// can render (e2e/first-load.ts says which), counted as the brotli copies the server sends. It
// reads the build in apps/web/dist, which `npm test` makes before the journeys.
const BUDGET_KB = 170;
const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

test(`the web app's initial JavaScript is at most ${BUDGET_KB} KB brotli`, () => {
  const files = firstLoadJs(dist);
  const sizes = table(files);
  console.log(`first load of the web app (${dist}):\n${sizes}`);
  expect(files.some((f) => f.via === 'script' && f.file.startsWith('assets/')), `an entry script in index.html\n${sizes}`).toBe(true);
  const brotli = files.reduce((sum, f) => sum + f.brotli, 0);
  expect(brotli / 1024, `initial JS over ${BUDGET_KB} KB brotli:\n${sizes}`).toBeLessThanOrEqual(BUDGET_KB);
});

test('the first load carries no chart library, no zod, no staff endpoint and no other language', () => {
  const files = firstLoadJs(dist);
  // Markers of what belongs to later screens or to the admin console: a regression that pulls one
  // in is named here even while the total still fits.
  const markers: [string, RegExp][] = [
    ['the chart library', /TradingView|lightweight-charts/],
    ['zod (schemas ship with the forms that validate)', /ZodError|\$ZodType/],
    ['a staff endpoint of the admin console', /\/admin\/api\//],
  ];
  // The texts of other languages are chunks named after their file (assets/de-<hash>.js).
  const languages = /^assets\/(ar|cs|de|fr|hi|id|it|jp|kr|my|pt|ru|spa|th|tr|vn)-[\w-]{8}\.js$/;
  expect(files.map((f) => f.file).filter((f) => languages.test(f)), 'texts of another language').toEqual([]);
  for (const { file } of files) {
    const text = readFileSync(join(dist, file), 'utf8');
    for (const [what, marker] of markers) expect(marker.test(text), `${file} carries ${what}`).toBe(false);
  }
});

// Zod (a long task to evaluate on a phone) comes with the forms that validate and with the first
// websocket push a screen reads by its schema, never with the trade, order or copy trading screens'
// code: most of their visits get no push at all (a visitor, or nothing held).
test('the trade, order and copy trading screens load no zod until a push arrives', () => {
  const zod = /ZodError|\$ZodType/;
  for (const screen of ['market-screens', 'forex-screens', 'order-page', 'follow-screens']) {
    for (const file of laterJs(dist, screen)) expect(zod.test(readFileSync(join(dist, file), 'utf8')), `${screen} loads ${file}, which carries zod`).toBe(false);
  }
});

// Each file is a request on a phone's network: the first screen comes in a few files, and a later
// screen's code in a dozen or so, not the dozens the bundler makes on its own (build/chunk-groups.ts).
test('the first load is at most 4 script files, and the trade screen at most 15 more', () => {
  const files = firstLoadJs(dist);
  expect(files.length, table(files)).toBeLessThanOrEqual(4);
  const trade = laterJs(dist, 'forex-screens');
  expect(trade.length, trade.join('\n')).toBeLessThanOrEqual(15);
});

// A screen opened directly (a tab, a link, a reload) has its code asked for by index.html's
// first-screen script, beside the entry file rather than after it has arrived and run.
test('index.html asks at once for the code of the screen in the address', () => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const src = /<script async src="\.\/(assets\/first-screen-[\w-]{8}\.js)"><\/script>/.exec(html)?.[1];
  expect(src, 'the first-screen script in index.html').toBeTruthy();
  const script = readFileSync(join(dist, src!), 'utf8');
  for (const file of laterJs(dist, 'forex-screens')) expect(script, `the trade screen's ${file}`).toContain(`"${file}"`);
  for (const file of laterJs(dist, 'mining-screens')) expect(script).toContain(`"${file}"`);
  for (const { file } of firstLoadJs(dist)) expect(script, `${file} is in the first load already`).not.toContain(`"${file}"`);
});

// React Router's package exports resolve to its development build, whose warnings (and the checks
// feeding them) would ship in production; the builds take its production build instead
// (apps/web/build/react-router-production.ts). Its warning texts mark the development build.
test('neither build carries the router of development', () => {
  for (const app of ['web', 'admin']) {
    const assets = fileURLToPath(new URL(`../apps/${app}/dist/assets`, import.meta.url));
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length, `${app} has built scripts`).toBeGreaterThan(0);
    for (const file of scripts) expect(readFileSync(join(assets, file), 'utf8').includes('No routes matched location'), `${app}/${file}`).toBe(false);
  }
});

// antd-mobile's ErrorBlock carries four pictures; the app shows two (components/ui/error-block.tsx).
// Each picture is a component naming its gradients `error-block-image-<id>`.
test('the first load carries only the two ErrorBlock pictures the app shows', () => {
  const pictures = firstLoadJs(dist).reduce((n, { file }) => n + (readFileSync(join(dist, file), 'utf8').match(/error-block-image-/g)?.length ?? 0), 0);
  expect(pictures).toBe(2);
});
