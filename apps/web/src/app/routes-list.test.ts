import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_PATHS, PLACEHOLDERS, TABS } from './routes';

/*
 * ALL_PATHS is the list every-route journey (e2e/every-route.spec.ts) walks and the route tests
 * render. It must be the router's own list: a route added to router.tsx and not to routes.ts would
 * never be walked. The router's paths are read from its source, as it declares them.
 */
function routerPaths(): string[] {
  const source = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'router.tsx'), 'utf8');
  const declared = Array.from(source.matchAll(/<Route\s+path="([^"]+)"/g), (m) => m[1]!).filter((p) => p !== '*');
  // Tab routes and placeholders are declared from their lists (TABS.map, PLACEHOLDERS.map).
  expect(source).toContain('{TABS.map((t) => (');
  expect(source).toContain('{PLACEHOLDERS.map((p) => (');
  return [...TABS.map((t) => t.path), ...declared, ...PLACEHOLDERS.map((p) => p.path)];
}

describe('the route list', () => {
  it('is the router’s: every route the router declares is in ALL_PATHS and nothing else', () => {
    expect([...ALL_PATHS].sort()).toEqual(routerPaths().sort());
  });

  it('names each route once', () => {
    expect(new Set(ALL_PATHS).size).toBe(ALL_PATHS.length);
  });
});
