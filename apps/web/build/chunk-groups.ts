import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/*
 * How the build cuts the web app into files. Left to itself the bundler makes a file for every
 * set of modules that the same screens share: the first load was 22 files (several under 1 KB),
 * and the trade screen fetched 34 more. On a phone's network each file is a request, and
 * Lighthouse's slow-4G simulation counts each as more time on six HTTP/1.1 connections. So:
 *
 * - `boot`: every module the first render imports statically (the bundler's `$initial` tag: the
 *   entry's static imports and theirs) goes into the entry file, one file. It is exact because
 *   the UI kit is imported component by component (build/direct-imports.ts);
 * - `ui`: the rest of the UI kit that at least three chunks use, in one file the later screens
 *   share (cached after the first of them), instead of a file per set of components; a component
 *   fewer screens use stays with them, so a screen does not download it for nothing (measured:
 *   taking every component, mining's code was 83 KB brotli, taking those of three or more 50 KB,
 *   in as many files; trade 121 and 98 KB).
 *
 * The chart library, zod, the locales and each screen's own code keep their own files.
 */
const require = createRequire(import.meta.url);
const kit = JSON.parse(readFileSync(require.resolve('antd-mobile/package.json'), 'utf8')) as { dependencies: Record<string, string> };
const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** antd-mobile and the packages it depends on (read from its package.json, so an upgrade keeps the list right). */
const UI_KIT = new RegExp(`node_modules[\\\\/](${['antd-mobile', ...Object.keys(kit.dependencies)].map(escape).join('|')})[\\\\/]`);

export const chunkGroups = [
  { name: 'boot', tags: ['$initial' as const], priority: 20 },
  { name: 'ui', test: UI_KIT, priority: 10, minShareCount: 3 },
];
