import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The cluster fault test: server processes, PostgreSQL and Redis of its own. `npm test` runs it in
// a pass of its own, after the API tests, so its timing is not starved by them.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'faults',
    include: ['src/faults/**/*.fault.ts'],
    testTimeout: 420_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});
