import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // A screen test renders the whole component library in jsdom: seconds on a loaded 2-core
    // machine. The default 5 s fails such a test for the machine's load, not for its behaviour.
    testTimeout: 20_000,
  },
});
