// `npm test`: every test of the project, in order of cost, and one closing line
// `tests: N passed, M failed` that counts them all. Exits non-zero on any failure.
//   1. type check and lint          2. unit tests, then API integration tests (real PostgreSQL)
//   3. the cluster fault test       4. web and admin builds, then browser journeys (Playwright in
//                                      Debian's Chromium)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { ensureChromium } from './chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const tmp = `${root}.tmp`;
mkdirSync(tmp, { recursive: true });
let passed = 0;
let failed = 0;
const problems = [];

/** How long each stage took, printed with the closing line so growth shows. */
const stageTimes = [];
const startedAt = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  stageTimes.push(`${title} ${seconds(Date.now() - t0)}`);
  if (r.status !== 0) problems.push(`${title} exited with ${r.status ?? r.signal}`);
  return r.status === 0;
}

function countJson(file, pick) {
  if (!existsSync(file)) return false;
  const { ok, bad } = pick(JSON.parse(readFileSync(file, 'utf8')));
  passed += ok;
  failed += bad;
  return true;
}

const chromium = ensureChromium();

// A check (type check, lint) counts as one test each.
for (const [title, cmd, args] of [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
]) {
  if (run(title, cmd, args)) passed += 1;
  else failed += 1;
}

// Two passes: the server suite (real PostgreSQL, engines) and the jsdom suites each get the
// machine to themselves, so timing inside one is not starved by the other.
for (const [title, projects] of [
  ['unit tests (contracts, domain, web, admin)', ['contracts', 'domain', 'web', 'admin']],
  ['API integration tests (server, real PostgreSQL)', ['server']],
]) {
  const json = `${tmp}/vitest-${projects.join('-')}.json`;
  rmSync(json, { force: true });
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${json}`];
  run(title, 'npx', args);
  if (!countJson(json, (j) => ({ ok: j.numPassedTests, bad: j.numFailedTests }))) {
    failed += 1;
    problems.push(`${title}: vitest wrote no report`);
  }
}

// Three server processes under faults (the leader killed, paused and stopped; Redis and
// PostgreSQL taken away): a pass of its own, about two minutes, with the machine to itself.
{
  const title = 'cluster fault test (three nodes, own PostgreSQL and Redis)';
  const json = `${tmp}/vitest-faults.json`;
  rmSync(json, { force: true });
  run(title, 'npx', ['vitest', 'run', '-c', 'apps/server/vitest.faults.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`]);
  if (!countJson(json, (j) => ({ ok: j.numPassedTests, bad: j.numFailedTests }))) {
    failed += 1;
    problems.push(`${title}: vitest wrote no report`);
  }
}

// The journeys use both front ends: the web app and the admin console (npm run build makes both).
if (run('web and admin build', 'npm', ['run', 'build'])) {
  const pwJson = `${tmp}/playwright.json`;
  rmSync(pwJson, { force: true });
  run('browser journeys', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  });
  if (!countJson(pwJson, (j) => ({ ok: j.stats.expected, bad: j.stats.unexpected + j.stats.flaky }))) {
    failed += 1;
    problems.push('playwright wrote no report');
  }
} else {
  failed += 1;
}

if (problems.length) console.log(`\nProblems:\n- ${problems.join('\n- ')}`);
console.log(`\nstages: ${stageTimes.join('; ')}; total ${seconds(Date.now() - startedAt)}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && problems.length === 0 ? 0 : 1);
