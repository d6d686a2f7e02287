// `npm start`: builds the app and the console, then starts the server - quietly. Each build is
// one line (its full output is printed when it fails, or always at LOG_LEVEL=debug); the server
// then prints its ready block (the URLs, the admin password on first start, where codes go).
// The server's own log runs at `warn` here unless LOG_LEVEL is set: a newcomer's terminal shows
// what they need, not a JSON line per request. `npm run serve` (what a deployment runs) keeps
// the `info` default.
import { spawn, spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const verbose = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');

for (const [name, workspace] of [
  ['the app', 'apps/web'],
  ['the console', 'apps/admin'],
]) {
  const t0 = Date.now();
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: verbose ? 'inherit' : 'pipe', encoding: 'utf8' });
  if (r.status !== 0) {
    if (!verbose) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
    console.error(`Building ${name} failed (${workspace}).`);
    process.exit(r.status ?? 1);
  }
  console.log(`Built ${name} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || 'warn' },
});
// Ctrl-C reaches the server through the terminal's process group; a signal sent to this process
// alone (a supervisor's SIGTERM) is passed on, so the server stops in order either way.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
