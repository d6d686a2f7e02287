import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/*
 * React Router 7's package exports name only its development build (an open upstream issue,
 * remix-run/react-router#14102), so a production bundle carries the router's development warnings
 * and the checks that feed them (ENABLE_DEV_WARNINGS is true there). The production build ships
 * beside it in the same package and differs in exactly that constant. In a build, `react-router`
 * resolves to it.
 */
export function reactRouterProduction(): Plugin {
  const require = createRequire(import.meta.url);
  const production = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');
  return {
    name: 'tp-react-router-production',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }),
  };
}
