import { defineConfig } from 'vitest/config';

// One embedded PostgreSQL for the whole run (globalSetup); each test file makes its own database.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup-ledger-check.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
