/**
 * Lighthouse (mobile) on the web app's screens: home, trade, orders, user, follow, loan and mining,
 * each loaded cold three times (a fresh browser profile per run: no HTTP cache, no service worker),
 * against the real server (`node --import tsx apps/server/src/main.ts`, embedded PostgreSQL, seeded)
 * on a temp DATA_DIR and a free port. Screens that need an account are measured logged in: a user
 * is registered through the API (the code read from DATA_DIR/outbox.jsonl) and its session put in
 * localStorage the way the web app keeps it (`tp.token`, `tp.user`) before Lighthouse navigates.
 *
 * Lighthouse's default config: mobile form factor and screen, simulated throttling (slow 4G, 4x
 * CPU). Chromium is Debian's, with background networking off (the network here is closed).
 *
 * The server speaks HTTPS with HTTP/2 (TLS_CERT_FILE / TLS_KEY_FILE), as a phone reaches it in
 * production: an installable app with a service worker needs a secure origin anyway, and over
 * plain HTTP/1.1 the simulation opens six connections, each with its own slow start, which no
 * deployment does. The certificate is a throwaway self-signed one made for the run, and Chromium
 * accepts exactly that key (--ignore-certificate-errors-spki-list). --http1 measures over plain
 * http instead, for comparison.
 * The median of each figure over the runs goes to bench/results/lighthouse.md and .json, with what
 * Lighthouse lists as holding the score down (opportunities, failed accessibility audits); a run
 * over every screen also puts the median table into docs/performance.md (between its lighthouse markers;
 * --no-readme leaves it).
 *
 *   npm run bench:lighthouse                   (builds the web app first)
 *   node --import tsx bench/lighthouse/run.ts [--runs 3] [--screens home,trade] [--keep-reports] [--no-readme] [--http1]
 *     [--cpu-slowdown N]
 *
 * The build must exist (apps/web/dist); the npm script builds it. Target: performance and
 * accessibility at least 95 on every screen.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import type { Result as LhResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { MARKET_OPEN } from '@tp/contracts';
import { localCertificate } from '../../apps/server/src/test/local-certificate.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const resultsDir = path.resolve(here, '../results');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i !== -1 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const RUNS = Number(arg('runs', '3'));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KEEP_REPORTS = process.argv.includes('--keep-reports');
const HTTP1 = process.argv.includes('--http1');
/**
 * --cpu-slowdown N: simulated throttling's CPU multiplier instead of the preset's 4 - a check of the
 * margin, not the table: on a machine faster than the one the 4x is meant for, a larger N measures
 * as that machine would (N = 4 x this machine's benchmark index / the index wanted).
 */
const CPU_SLOWDOWN = process.argv.includes('--cpu-slowdown') ? Number(arg('cpu-slowdown', '4')) : undefined;
if (CPU_SLOWDOWN !== undefined && !(CPU_SLOWDOWN >= 1)) throw new Error(`--cpu-slowdown takes a multiplier of 1 or more, not ${arg('cpu-slowdown', '')}`);
/** Debian's Chromium on a closed network: nothing may try to reach outside. */
const BASE_CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * `openMarket`: the screen shows the price of the symbol it opens on, which a closed market has
 * not: measured on a symbol whose market is open (see symbolToOpen).
 */
interface Screen { key: string; name: string; hash: string; auth: boolean; openMarket?: boolean }
/** Paths from apps/web/src/app/routes.ts; `auth` as the routes say (orders, user and loan need an account). */
const ALL_SCREENS: Screen[] = [
  { key: 'home', name: 'home', hash: '', auth: false },
  { key: 'trade', name: 'trade', hash: '#/trade', auth: false, openMarket: true },
  { key: 'order', name: 'orders', hash: '#/order', auth: true },
  { key: 'user', name: 'user', hash: '#/user', auth: true },
  { key: 'follow', name: 'follow', hash: '#/follow', auth: false },
  { key: 'loan', name: 'loan', hash: '#/loan', auth: true },
  { key: 'mining', name: 'mining', hash: '#/mining', auth: false },
];
const wanted = arg('screens', '').split(',').filter(Boolean);
const SCREENS = wanted.length ? ALL_SCREENS.filter((s) => wanted.includes(s.key) || wanted.includes(s.name)) : ALL_SCREENS;

/** Chromium's flags for the run: the base ones, and trust in the run's own certificate when there is one. */
let chromiumFlags = BASE_CHROMIUM_FLAGS;

/** A self-signed certificate for 127.0.0.1, for this run only, written where the server reads it. */
async function throwawayCertificate(dir: string): Promise<{ certFile: string; keyFile: string; cert: string; spkiHash: string }> {
  const { cert, key, spkiHash } = await localCertificate();
  const certFile = path.join(dir, 'tls-cert.pem');
  const keyFile = path.join(dir, 'tls-key.pem');
  await fs.writeFile(certFile, cert);
  await fs.writeFile(keyFile, key, { mode: 0o600 });
  return { certFile, keyFile, cert, spkiHash };
}

/** The run's certificate, trusted by the bench's own API calls (undefined over plain http). */
let trustedCert: string | undefined;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = net.createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => done(port));
    });
  });
}

/** The platform's server as `npm start` runs it; resolves with the URL it prints once ready. */
function startServer(dataDir: string, port: number, tls?: { certFile: string; keyFile: string }): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repo,
    env: { ...process.env, ...(tls ? { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile } : {}), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'bench-admin-password-1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`server printed no URL in 180 s:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/ready: (https?:\/\/\S+:\d+)\/?/);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        child.stdout?.resume();
        child.stderr?.resume();
        done({ child, url: match[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/**
 * The symbol the trade screen is to open on: none (its default, the list's first symbol) while that
 * symbol's market is open; else the first symbol whose market is (from Friday 22:00 to Sunday
 * 22:00 UTC the forex symbols are closed and the screen shows no price, so a weekend's run would
 * measure another screen than a weekday's). The app keeps the choice in localStorage `tp.symbol`.
 */
async function symbolToOpen(origin: string): Promise<{ id: number; note: string } | undefined> {
  const symbols = await api<{ Id: number; Code: string; MarketStatus: number }[]>(origin, '/v2/api/forex/trade_list');
  const first = symbols[0];
  if (!first) throw new Error('the trade list is empty');
  if (first.MarketStatus === MARKET_OPEN) return undefined;
  const open = symbols.find((s) => s.MarketStatus === MARKET_OPEN);
  if (!open) throw new Error('no symbol of the trade list is open: the trade screen would show no price');
  return { id: open.Id, note: `${first.Code}'s market was closed: measured on ${open.Code}` };
}

/** An API call's data, or an error with the answer: a POST of `body`, or a GET without one. */
async function api<T>(origin: string, apiPath: string, body?: unknown): Promise<T> {
  const url = new URL(apiPath, origin);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  // node:http(s) rather than fetch: it takes the run's certificate as the one trusted authority.
  const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const options = { method: payload === undefined ? 'GET' : 'POST', headers: payload === undefined ? {} : { 'content-type': 'application/json' }, ...(trustedCert ? { ca: trustedCert } : {}) };
    const req = (url.protocol === 'https:' ? https : http).request(url, options, (r) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (text += chunk));
      r.on('end', () => resolve({ status: r.statusCode ?? 0, text }));
      r.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
  const json = JSON.parse(res.text) as { code: number; msg?: string; data: T };
  if (json.code !== 1) throw new Error(`${apiPath}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A new user, registered as the web app does it: an e-mailed code (the outbox file), then register. */
async function registerUser(origin: string, dataDir: string): Promise<{ token: string; user: unknown }> {
  const email = `lighthouse.${Date.now()}@example.com`;
  const password = 'Lighthouse-pass-42';
  await api(origin, '/api/notify/send_email', { to: email, type: 1 });
  const outbox = path.join(dataDir, 'outbox.jsonl');
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    if (existsSync(outbox)) {
      const lines = readFileSync(outbox, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { to: string; code: string });
      code = lines.filter((l) => l.to === email).at(-1)?.code;
    }
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error(`no code for ${email} in ${outbox}`);
  return api(origin, '/api/user/register', { type: 1, account: email, password, re_password: password, sms_code: code });
}

interface RunFigures { performance: number; accessibility: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number; benchmarkIndex: number }

/**
 * A run that Lighthouse itself could not record (its `runtimeError`, e.g. NO_NAVSTART when the
 * trace missed the navigation, or NO_FCP) says nothing about the page: it is tried again, at most
 * MAX_TRIES times in all, and the retries are counted in the output.
 */
const MAX_TRIES = 3;
class LighthouseRuntimeError extends Error {}
interface Finding { id: string; title: string; detail: string }
interface ScreenResult {
  screen: string;
  url: string;
  loggedIn: boolean;
  runs: RunFigures[];
  /** Runs that Lighthouse could not record and that were tried again (see MAX_TRIES). */
  retries: number;
  median: RunFigures;
  /** What differs from the screen as it opens by default (a symbol whose market is open). */
  note?: string;
  /** From the run whose performance score is the median: what Lighthouse says costs time or bytes. */
  opportunities: Finding[];
  /** Accessibility audits that failed in the median run. */
  accessibilityFailures: Finding[];
  /** Other performance diagnostics that failed (main-thread work, unused JS without an estimate...). */
  diagnostics: Finding[];
}

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

function findings(lhr: LhResult): Pick<ScreenResult, 'opportunities' | 'accessibilityFailures' | 'diagnostics'> {
  const perfRefs = lhr.categories.performance?.auditRefs ?? [];
  const opportunities: Finding[] = [];
  const diagnostics: Finding[] = [];
  for (const ref of perfRefs) {
    const a = lhr.audits[ref.id];
    if (!a || a.score === null || a.score >= 0.9 || a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'manual') continue;
    // metrics are the table; hidden ones repeat them or the insights that the audits below list
    if (ref.group === 'metrics' || ref.group === 'hidden' || a.id === 'largest-contentful-paint-element') continue;
    const d = a.details as { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number } | undefined;
    const parts: string[] = [];
    if (d?.overallSavingsMs) parts.push(`~${Math.round(d.overallSavingsMs)} ms`);
    if (d?.overallSavingsBytes) parts.push(kib(d.overallSavingsBytes));
    if (!parts.length && a.displayValue) parts.push(a.displayValue);
    // an opportunity Lighthouse rates low but puts at nothing (0 ms, under 1 KiB) is noise here
    if (d?.type === 'opportunity' && (d.overallSavingsMs ?? 0) < 10 && (d.overallSavingsBytes ?? 0) < 1024) continue;
    const item = { id: a.id, title: a.title, detail: parts.join(', ') };
    if (d?.type === 'opportunity') opportunities.push(item);
    else diagnostics.push(item);
  }
  const accessibilityFailures: Finding[] = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const a = lhr.audits[ref.id];
    if (!a || ref.weight === 0 || a.score === null || a.score === 1) continue;
    const items = (a.details as { items?: { node?: { selector?: string; snippet?: string } }[] } | undefined)?.items ?? [];
    const nodes = items.slice(0, 3).map((i) => i.node?.selector ?? i.node?.snippet ?? '').filter(Boolean);
    accessibilityFailures.push({ id: a.id, title: a.title, detail: `${items.length} element${items.length === 1 ? '' : 's'}${nodes.length ? `: ${nodes.join(' | ')}` : ''}` });
  }
  return { opportunities, accessibilityFailures, diagnostics };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** One cold load of `url` by Lighthouse in a fresh profile; `stored` is put in its localStorage first (a session, a symbol). */
async function measure(origin: string, url: string, stored: Record<string, string>, reportDir: string, label: string): Promise<LhResult> {
  const userDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-lh-profile-'));
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: false, args: chromiumFlags, userDataDir, defaultViewport: null });
  try {
    const page = await browser.newPage();
    if (Object.keys(stored).length) {
      // Any page of the origin gives its localStorage; /healthz loads nothing the app would cache.
      await page.goto(`${origin}/healthz`);
      await page.evaluate((items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, stored);
      await page.goto('about:blank');
    }
    // The profile is new (nothing cached, no service worker), so Lighthouse's own storage reset,
    // which would also wipe the session, is not needed.
    const flags = {
      logLevel: 'error' as const,
      output: 'json' as const,
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
      ...(CPU_SLOWDOWN === undefined ? {} : { throttling: { ...defaultSettings.throttling, cpuSlowdownMultiplier: CPU_SLOWDOWN } }),
    };
    const result = await lighthouse(url, flags, undefined, page).catch((err: unknown) => {
      // the same failures may also be thrown rather than reported (a LighthouseError has a code)
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) throw new LighthouseRuntimeError(`${url}: ${code} ${(err as Error).message}`);
      throw err;
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (lhr.runWarnings.length) console.log(`    warnings: ${lhr.runWarnings.join(' / ')}`);
    if (lhr.finalDisplayedUrl.includes('#/login')) throw new Error(`${url} was sent to the login screen: the session did not take`);
    if (KEEP_REPORTS) {
      await fs.writeFile(path.join(reportDir, `${label}.json`), typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
      // the page's trace as Lighthouse recorded it (unthrottled), for a look at its tasks in DevTools
      const trace = (result.artifacts as { Trace?: unknown } | undefined)?.Trace;
      if (trace) await fs.writeFile(path.join(reportDir, `${label}.trace.json`), JSON.stringify(trace));
    }
    return lhr;
  } finally {
    await browser.close();
    await fs.rm(userDataDir, { recursive: true, force: true });
  }
}

function figures(lhr: LhResult): RunFigures {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: Math.round(num('first-contentful-paint')),
    lcpMs: Math.round(num('largest-contentful-paint')),
    tbtMs: Math.round(num('total-blocking-time')),
    cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The footnote of the rows measured otherwise than the screen opens by default: none, or one. */
function notesOf(rows: ScreenResult[]): string[] {
  const notes = rows.filter((r) => r.note).map((r) => `${r.screen}: ${r.note}`);
  return notes.length ? ['', `(1) ${notes.join('; ')}.`] : [];
}

function markdown(meta: { at: string; lighthouse: string; chromium: string; cpu: string; cpus: number; loadBefore: number[]; loadAfter: number[]; runs: number; transport: string }, rows: ScreenResult[]): string {
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
  const ok = (v: number) => (v >= 95 ? `${v}` : `**${v}**`);
  const lines = [
    `# Lighthouse (mobile) (${meta.at.slice(0, 10)}, Lighthouse ${meta.lighthouse}, ${meta.chromium}, ${meta.cpus} CPUs ${meta.cpu})`,
    '',
    `Median of ${meta.runs} cold runs per screen (fresh profile each), mobile preset with simulated throttling, against the real server over ${meta.transport}.`,
    `Load average before ${load(meta.loadBefore)}, after ${load(meta.loadAfter)}. Target: performance and accessibility at least 95 (below it in bold).`,
    `Simulated throttling multiplies the main-thread time it observes by 4, so total blocking time (30 % of the performance score) grows with the machine's other load: the 4x is meant for a desktop-class CPU (Lighthouse's guidance: a benchmark index of 1500-2000; machines of this kind have read from 750 to 3500); at an index far below that the figures are those of a slow or busy machine rather than of a phone.`,
    '',
    '| screen | logged in | performance | accessibility | first contentful paint | largest contentful paint | total blocking time | cumulative layout shift | runs (performance) | CPU benchmark index |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
    ...rows.map((r) => `| ${r.screen}${r.note ? ' (1)' : ''} \`${r.url}\` | ${r.loggedIn ? 'yes' : 'no'} | ${ok(r.median.performance)} | ${ok(r.median.accessibility)} | ${seconds(r.median.fcpMs)} | ${seconds(r.median.lcpMs)} | ${Math.round(r.median.tbtMs)} ms | ${r.median.cls} | ${r.runs.map((x) => x.performance).join(' / ')}${r.retries ? ` (${r.retries} retried)` : ''} | ${Math.round(r.median.benchmarkIndex)} |`),
    ...notesOf(rows),
    '',
    '## What Lighthouse lists (median run of each screen)',
    '',
  ];
  for (const r of rows) {
    lines.push(`### ${r.screen}`, '');
    const list = (title: string, items: Finding[]) => {
      if (!items.length) return;
      lines.push(`${title}:`, '');
      for (const f of items) lines.push(`- ${f.title} (\`${f.id}\`)${f.detail ? `: ${f.detail}` : ''}`);
      lines.push('');
    };
    list('Opportunities', r.opportunities);
    list('Diagnostics', r.diagnostics);
    list('Accessibility failures', r.accessibilityFailures);
    if (!r.opportunities.length && !r.diagnostics.length && !r.accessibilityFailures.length) lines.push('Nothing listed.', '');
  }
  return lines.join('\n');
}

const TABLE_START = '<!-- lighthouse:start -->';
const TABLE_END = '<!-- lighthouse:end -->';

/** The median table in docs/performance.md, between its markers (a run over every screen only). */
async function writeReadme(meta: { at: string; lighthouse: string; chromium: string; cpus: number; loadBefore: number[]; runs: number; transport: string }, rows: ScreenResult[]): Promise<void> {
  const file = path.join(repo, 'docs/performance.md');
  const readme = await fs.readFile(file, 'utf8');
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start === -1 || end < start) {
    console.log(`docs/performance.md has no ${TABLE_START} ... ${TABLE_END} section: table not written there`);
    return;
  }
  const ok = (v: number) => (v >= 95 ? `${v}` : `**${v}**`);
  const table = [
    TABLE_START,
    `Median of ${meta.runs} runs, ${meta.at.slice(0, 10)}, Lighthouse ${meta.lighthouse}, ${meta.chromium}, server over ${meta.transport}, ${meta.cpus} CPUs at a load average of ${meta.loadBefore[0]!.toFixed(1)} (below the target in bold):`,
    '',
    '| screen | performance | accessibility | first contentful paint | largest contentful paint | total blocking time | cumulative layout shift | CPU benchmark index |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.screen}${r.note ? ' (1)' : ''} \`${r.url}\`${r.loggedIn ? ' (logged in)' : ''} | ${ok(r.median.performance)} | ${ok(r.median.accessibility)} | ${seconds(r.median.fcpMs)} | ${seconds(r.median.lcpMs)} | ${Math.round(r.median.tbtMs)} ms | ${r.median.cls} | ${Math.round(r.median.benchmarkIndex)} |`),
    ...notesOf(rows),
    TABLE_END,
  ].join('\n');
  await fs.writeFile(file, readme.slice(0, start) + table + readme.slice(end + TABLE_END.length));
}

async function main(): Promise<void> {
  const index = path.join(repo, 'apps/web/dist/index.html');
  if (!existsSync(index)) throw new Error('apps/web/dist is missing: run `npm run build` first (`npm run bench:lighthouse` does)');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-lh-data-'));
  const reportDir = path.join(repo, '.tmp', 'lighthouse');
  if (KEEP_REPORTS) await fs.mkdir(reportDir, { recursive: true });
  const loadBefore = os.loadavg();
  const tls = HTTP1 ? undefined : await throwawayCertificate(dataDir);
  if (tls) {
    trustedCert = tls.cert;
    chromiumFlags = [...BASE_CHROMIUM_FLAGS, `--ignore-certificate-errors-spki-list=${tls.spkiHash}`];
  }
  const server = await startServer(dataDir, await freePort(), tls);
  const origin = server.url.replace(/\/$/, '');
  const lhVersion = (JSON.parse(readFileSync(path.join(repo, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
  let chromium = '';
  const rows: ScreenResult[] = [];
  try {
    const session = SCREENS.some((s) => s.auth) ? await registerUser(origin, dataDir) : undefined;
    const symbol = SCREENS.some((s) => s.openMarket) ? await symbolToOpen(origin) : undefined;
    {
      const b = await puppeteer.launch({ executablePath: CHROMIUM, headless: false, args: chromiumFlags });
      chromium = (await b.version()).replace(/^(Headless)?Chrome\//, 'Chromium ');
      await b.close();
    }
    console.log(`lighthouse ${lhVersion} (mobile, simulated throttling${CPU_SLOWDOWN === undefined ? '' : `, CPU multiplier ${CPU_SLOWDOWN}`}) on ${chromium}, server ${origin} (${tls ? 'HTTPS, HTTP/2' : 'plain http, HTTP/1.1'}), ${RUNS} runs per screen`);
    for (const screen of SCREENS) {
      const url = `${origin}/${screen.hash}`;
      const stored: Record<string, string> = {};
      if (screen.auth && session) Object.assign(stored, { 'tp.token': session.token, 'tp.user': JSON.stringify(session.user) });
      if (screen.openMarket && symbol) stored['tp.symbol'] = String(symbol.id);
      const note = screen.openMarket ? symbol?.note : undefined;
      if (note) console.log(`  ${screen.name}: ${note}`);
      const lhrs: LhResult[] = [];
      let retries = 0;
      for (let i = 0; i < RUNS; i++) {
        let lhr: LhResult | undefined;
        for (let tries = 1; !lhr; tries++) {
          try {
            lhr = await measure(origin, url, stored, reportDir, `${screen.key}-${i + 1}`);
          } catch (err) {
            if (!(err instanceof LighthouseRuntimeError) || tries >= MAX_TRIES) throw err;
            retries++;
            console.log(`  ${screen.name} run ${i + 1}, try ${tries} of ${MAX_TRIES} failed (${err.message}): trying again`);
          }
        }
        lhrs.push(lhr);
        const f = figures(lhr);
        console.log(`  ${screen.name} run ${i + 1}: performance ${f.performance}, accessibility ${f.accessibility}, FCP ${seconds(f.fcpMs)}, LCP ${seconds(f.lcpMs)}, TBT ${f.tbtMs} ms, CLS ${f.cls}, benchmark index ${f.benchmarkIndex}`);
        if (f.benchmarkIndex < 1000) console.log(`    the CPU benchmark index is ${f.benchmarkIndex}: the machine is slow or busy (Lighthouse expects 1500-2000 for its 4x), total blocking time is inflated`);
      }
      const runs = lhrs.map(figures);
      const med: RunFigures = {
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
      };
      // The run whose performance score is the median one speaks for the screen's findings.
      const order = runs.map((r, i) => [r.performance, i] as const).sort((a, b) => a[0] - b[0]);
      const medianRun = lhrs[order[Math.floor(order.length / 2)]![1]]!;
      rows.push({ screen: screen.name, url: `/${screen.hash}`, loggedIn: screen.auth, runs, retries, median: med, ...(note ? { note } : {}), ...findings(medianRun) });
      console.log(`  ${screen.name} median: performance ${med.performance}, accessibility ${med.accessibility}, FCP ${seconds(med.fcpMs)}, LCP ${seconds(med.lcpMs)}, TBT ${med.tbtMs} ms, CLS ${med.cls}${retries ? `, ${retries} run${retries === 1 ? '' : 's'} retried after a Lighthouse runtime error` : ''}`);
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => {
      if (server.child.exitCode !== null) r(undefined);
      else server.child.once('exit', r);
    });
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  const loadAfter = os.loadavg();
  const at = new Date().toISOString();
  const meta = { at, lighthouse: lhVersion, chromium, cpu: os.cpus()[0]?.model.trim() ?? '', cpus: os.cpus().length, loadBefore, loadAfter, runs: RUNS, transport: tls ? 'HTTPS with HTTP/2' : 'plain http (HTTP/1.1)' };
  // a run at another CPU multiplier is a check, printed only: the results are the preset's
  if (CPU_SLOWDOWN === undefined) {
    await fs.mkdir(resultsDir, { recursive: true });
    await fs.writeFile(path.join(resultsDir, 'lighthouse.json'), `${JSON.stringify({ ...meta, target: { performance: 95, accessibility: 95 }, screens: rows }, null, 2)}\n`);
    await fs.writeFile(path.join(resultsDir, 'lighthouse.md'), markdown(meta, rows));
    if (SCREENS.length === ALL_SCREENS.length && !process.argv.includes('--no-readme')) await writeReadme(meta, rows);
  }
  const below = rows.filter((r) => r.median.performance < 95 || r.median.accessibility < 95).map((r) => r.screen);
  console.log(below.length ? `below the target (95/95): ${below.join(', ')}` : 'every screen meets the target (95/95)');
  if (CPU_SLOWDOWN === undefined) console.log(`results: ${path.relative(repo, path.join(resultsDir, 'lighthouse.md'))}`);
}

await main();
