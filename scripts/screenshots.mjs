// The README's pictures, made from a running server so they can be refreshed after a change to
// the screens: `npm run screenshots` (which runs `node --import tsx scripts/screenshots.mjs`).
//
// It builds the web app and the console (`--no-build` keeps the builds there are), starts the
// server from this checkout as `npm start` does, on a free port and a temporary DATA_DIR (embedded
// PostgreSQL, seeded), makes a few copy traders and a waiting deposit through the API, and takes
// in Debian's Chromium (CHROMIUM_PATH elsewhere):
//   docs/images/phone-home.png          home, a 375x812 phone (device scale 1), a demo account
//   docs/images/phone-trade.png         the trade screen on BTCUSDT (open around the clock)
//   docs/images/phone-copy-trading.png  copy trading: the traders to follow
//   docs/images/console-dashboard.png   the staff console's dashboard, 1280x800
// in English and the light theme. The server and its data directory are gone afterwards.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { endpoints, endpointPath } from '@tp/contracts';
import { CHROMIUM_ARGS, ensureChromium } from './chromium.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(repo, 'docs/images');
const ADMIN = { email: 'admin@example.com', password: `shots-${randomBytes(9).toString('base64url')}` };
const PASSWORD = 'Secret-pass-42';
/** A valid 1x1 PNG: the server takes a deposit's proof image by its content. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PHONE = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale: 'en-US', timezoneId: 'UTC' };
const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, locale: 'en-US', timezoneId: 'UTC' };

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The server as `npm start` runs it, in its own process group (node and its PostgreSQL stop together). */
function startServer(dataDir, port) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server printed no URL in 180 s:\n${output}`)), 180_000);
    const onData = (chunk) => {
      output += chunk.toString();
      const m = output.match(/ready: (https?:\/\/\S+?)\/?\s/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    const late = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 30_000);
    await exited;
    clearTimeout(late);
  };
  return { ready, stop };
}

/** An API call through the endpoint objects; refuses anything but the envelope's code 1. */
function api(base) {
  return async (endpoint, { data, token, params, query, idempotent } = {}) => {
    let url = base + (params ? endpointPath(endpoint, params) : endpoint.path);
    if (query) url += `?${new URLSearchParams(query)}`;
    const method = endpoint.methods[0];
    const headers = { lang: 'en' };
    if (token) headers.authorization = token;
    if (idempotent) headers['idempotency-key'] = randomBytes(12).toString('hex');
    let body;
    if (data instanceof FormData) body = data;
    else if (data !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(data);
    }
    const res = await fetch(url, { method, headers, body });
    const json = await res.json();
    if (json.code !== 1) throw new Error(`${method} ${endpoint.path}: ${json.code} ${json.msg}`);
    return json.data;
  };
}

/** The newest code the server "e-mailed" to `to` (DATA_DIR/outbox.jsonl). */
async function codeFor(dataDir, to) {
  const file = path.join(dataDir, 'outbox.jsonl');
  for (let i = 0; i < 100; i++) {
    if (existsSync(file)) {
      const lines = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
      const code = lines.filter((l) => l.to === to).at(-1)?.code;
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code e-mailed to ${to}`);
}

/** A real user with a confirmed deposit of `amount`, moved to the contract account. */
async function fundedUser(call, dataDir, name, amount, adminToken) {
  const email = `${name}@example.com`;
  await call(endpoints.notify.sendEmail, { data: { to: email, type: 1 } });
  const code = await codeFor(dataDir, email);
  const reg = await call(endpoints.users.register, { data: { type: 1, account: email, password: PASSWORD, re_password: PASSWORD, sms_code: code } });
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'proof.png');
  const proof = await call(endpoints.uploads.image, { token: reg.token, data: form });
  const charge = await call(endpoints.deposits.coinSubmit, { token: reg.token, data: { number: String(amount), proofImg: proof.url, charge_id: 1 }, idempotent: true });
  await call(endpoints.admin.approveDeposit, { token: adminToken, params: { id: charge.id }, data: {} });
  await call(endpoints.wallet.transfer, { token: reg.token, data: { balance: String(amount), from: 1, to: 3, currency_id: 1 }, idempotent: true });
  return { token: reg.token, id: reg.user.id, proof: proof.url };
}

/** What the screens show: copy traders with a closed trade each, and one deposit waiting for review. */
async function seed(base, dataDir) {
  const call = api(base);
  const admin = (await call(endpoints.admin.login, { data: ADMIN })).token;
  const btc = (await call(endpoints.market.tradeList)).find((s) => s.Code === 'BTCUSDT');
  const traders = [['lena.park', '0.05'], ['marco.rossi', '0.02'], ['aiko.tanaka', '0.01']];
  for (const [i, [name, lots]] of traders.entries()) {
    const t = await fundedUser(call, dataDir, name, 5000 + 2500 * i, admin);
    await call(endpoints.follow.applyTrader, { token: t.token, data: {} });
    const queue = await call(endpoints.follow.adminApplications, { token: admin, query: { status: 0 } });
    const mine = queue.data.find((a) => a.user.id === t.id);
    await call(endpoints.follow.approveApplication, { token: admin, params: { id: mine.id }, data: {} });
    const opened = await call(endpoints.forex.submit, { token: t.token, data: { type: 1 + (i % 2), cont: lots, forex_id: btc.Id, multiple: 10 }, idempotent: true });
    // Held a few seconds, so the price moves and each trader's figures differ.
    await new Promise((r) => setTimeout(r, 3000));
    await call(endpoints.forex.close, { token: t.token, data: { id: opened.Id }, idempotent: true });
    if (i === 0) await call(endpoints.deposits.coinSubmit, { token: t.token, data: { number: '1200', proofImg: t.proof, charge_id: 1 }, idempotent: true });
  }
  return btc;
}

/** Waits until no screen or part of one is still loading, then lets charts and fades settle. */
async function settled(page) {
  const loading = '[data-testid="screen-loading"], [data-testid="part-loading"], .adm-skeleton, .ant-skeleton';
  // Frames in hidden tab panes do not count: only what is on the screen.
  await page.waitForFunction((sel) => ![...document.querySelectorAll(sel)].some((el) => el.getClientRects().length > 0), loading, { timeout: 30_000 });
  // A toast ("Login successful") lives 2 s; the picture is of the screen under it.
  await page.waitForFunction(() => !document.querySelector('.adm-toast-mask, .ant-message-notice'), undefined, { timeout: 10_000 });
  await page.waitForTimeout(1500);
}

async function shoot(page, name) {
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`wrote ${path.relative(repo, file)}`);
}

async function main() {
  const build = !process.argv.includes('--no-build');
  if (build) {
    const r = spawnSync('npm', ['run', 'build'], { cwd: repo, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('npm run build failed');
  }
  if (!existsSync(path.join(repo, 'apps/web/dist/index.html')) || !existsSync(path.join(repo, 'apps/admin/dist/index.html'))) {
    throw new Error('no build of the web app or the console: run without --no-build');
  }
  mkdirSync(outDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tp-screenshots-'));
  const server = startServer(dataDir, await freePort());
  let browser;
  try {
    const base = await server.ready;
    console.log(`server at ${base}, data in ${dataDir}`);
    const btc = await seed(base, dataDir);

    browser = await chromium.launch({ executablePath: ensureChromium({ install: false }), args: CHROMIUM_ARGS.filter((a) => a !== '--headless') });

    const phone = await browser.newContext({ ...PHONE, baseURL: base });
    await phone.addInitScript((symbolId) => {
      localStorage.setItem('tp.lang', 'en');
      localStorage.setItem('tp.theme', 'light');
      localStorage.setItem('tp.symbol', String(symbolId));
    }, btc.Id);
    const page = await phone.newPage();
    await page.goto('/#/login');
    await page.getByTestId('login-demo').click();
    await page.waitForFunction(() => !location.hash.startsWith('#/login'));
    await page.goto('/#/');
    await page.getByTestId('home-market-row').first().waitFor();
    await settled(page);
    await shoot(page, 'phone-home');

    await page.goto('/#/trade');
    await page.getByTestId('trade-price').waitFor();
    await page.getByTestId('trade-chart').waitFor();
    // The pointer still rests where the demo button was tapped: off the chart, or it draws its crosshair.
    await page.mouse.move(0, 0);
    await settled(page);
    await shoot(page, 'phone-trade');

    await page.goto('/#/follow');
    await page.getByTestId('page-follow').waitFor();
    await page.getByTestId('follow-trader').first().waitFor();
    await settled(page);
    await shoot(page, 'phone-copy-trading');

    const desktop = await browser.newContext({ ...DESKTOP, baseURL: base });
    await desktop.addInitScript(() => {
      localStorage.setItem('tp.admin.lang', 'en');
      localStorage.setItem('tp.admin.theme', 'light');
    });
    const staff = await desktop.newPage();
    await staff.goto('/admin/');
    await staff.getByTestId('login-email').fill(ADMIN.email);
    await staff.getByTestId('login-password').fill(ADMIN.password);
    await staff.getByTestId('login-submit').click();
    await staff.getByTestId('dashboard-page').waitFor();
    await staff.getByTestId('symbols-table').waitFor();
    await settled(staff);
    await shoot(staff, 'console-dashboard');
  } finally {
    await browser?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
