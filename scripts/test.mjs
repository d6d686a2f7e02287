// `npm test`: every test of the project, in order of cost, and one closing line
// `tests: N passed, M failed` that counts them all. Exits non-zero on any failure.
//   1. type check and lint          2. unit tests, then API integration tests (real PostgreSQL)
//   3. the cluster fault test       4. web and admin builds, then browser journeys (Playwright in
//                                      Debian's Chromium)
import { spawn, spawnSync } from 'node:child_process';
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
/** Test files vitest runs side by side in each pass (see below). */
const TEST_FILES_AT_ONCE = 2;

/**
 * Commands run side by side, each one's output printed whole when it ends (not interleaved).
 * For stages that each keep one core busy: on two cores they take the time of the longest.
 */
async function runSideBySide(stages) {
  const t0 = Date.now();
  const results = await Promise.all(
    stages.map(
      ([title, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (out += d));
          child.on('close', (code, signal) => {
            console.log(`\n=== ${title}: ${cmd} ${args.join(' ')}\n${out}`);
            if (code !== 0) problems.push(`${title} exited with ${code ?? signal}`);
            resolve(code === 0);
          });
        }),
    ),
  );
  stageTimes.push(`${stages.map(([title]) => title).join(' + ')} ${seconds(Date.now() - t0)}`);
  return results;
}

// A check (type check, lint) counts as one test each.
for (const ok of await runSideBySide([
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
])) {
  if (ok) passed += 1;
  else failed += 1;
}

// Two passes: the server suite (real PostgreSQL, engines) and the jsdom suites each get the
// machine to themselves, so timing inside one is not starved by the other. Within a pass two test
// files run at once (vitest's default on two cores is one): a server test file waits on its
// PostgreSQL much of the time, and each file has its own database, so they do not meet.
for (const [title, projects] of [
  ['unit tests (contracts, domain, web, admin)', ['contracts', 'domain', 'web', 'admin']],
  ['API integration tests (server, real PostgreSQL)', ['server']],
]) {
  const json = `${tmp}/vitest-${projects.join('-')}.json`;
  rmSync(json, { force: true });
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), `--maxWorkers=${TEST_FILES_AT_ONCE}`, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`];
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
