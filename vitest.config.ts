import { defineConfig } from 'vitest/config';

// Each workspace owns its own vitest config; `npm test` runs them all (see scripts/test.mjs).
export default defineConfig({
  test: { projects: ['packages/contracts', 'packages/domain', 'apps/server', 'apps/web', 'apps/admin'] },
});
