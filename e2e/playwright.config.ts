import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

// The journeys run against the real server (`npm run serve`: embedded PostgreSQL, seeded) on a
// fresh data directory, in Debian's Chromium at a phone's size. Values go through the environment
// so that Playwright's worker processes, which load this file again, see the same server.
const here = fileURLToPath(new URL('.', import.meta.url));
process.env.E2E_PORT ??= String(freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tp-e2e-'));
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: here,
  testMatch: '**/*.spec.ts',
  // each pictured screen is also checked with axe-core in both themes (support.ts shot), a few seconds each
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? join(here, '..', '.tmp', 'playwright.json') }]],
  // The staff-management journey runs after all the others, alone: beside them it failed about one
  // run in four here - an invitation or a disable that did not show. The likely cause, found later
  // in the loan journey: a click on a dialog's button while the dialog still zoomed in, which a
  // busy machine makes likely (support.ts settledDialog, now used by every console dialog). It
  // stays alone until runs beside the others have shown it steady.
  projects: [
    { name: 'journeys', testIgnore: '**/admin-staff.spec.ts' },
    { name: 'staff management', testMatch: '**/admin-staff.spec.ts', dependencies: ['journeys'] },
  ],
  use: {
    baseURL,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Playwright adds --headless itself; the rest keeps Chromium off this machine's closed network.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  outputDir: join(here, 'test-results'),
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: resolve(here, '..'),
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'e2e-admin-password-1',
      LOG_LEVEL: 'warn',
    },
  },
});
