// Finds Debian's Chromium for the browser tests, installing it with apt when run as root.
// Never downloads a browser build of its own (there is no browser download on these machines).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

function found() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => existsSync(p));
}

export function ensureChromium({ install = true } = {}) {
  const path = found();
  if (path) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!install || !isRoot) {
    throw new Error(
      'Chromium not found. Install Debian\'s package (`sudo apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  console.log('Installing Debian\'s chromium for the browser tests (apt-get)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-core', 'fonts-noto-cjk'], { stdio: 'inherit', env });
  const installed = found();
  if (!installed) throw new Error('apt-get installed chromium but no binary was found at ' + CANDIDATES.join(', '));
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
