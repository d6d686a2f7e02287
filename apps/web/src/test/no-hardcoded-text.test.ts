import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { componentFiles, jsxLiterals, type LiteralRules } from '@tp/client/testing';

/**
 * User-visible text comes from the locale files. Every component is parsed and JSX text and
 * text-bearing attributes written as string literals are flagged; an i18n key (e.g.
 * title="nav.trade" handed to a component that translates it) is allowed.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const rules: LiteralRules = {
  textAttrs: new Set(['placeholder', 'title', 'alt', 'aria-label', 'label', 'content', 'text', 'confirmText', 'cancelText', 'description']),
  i18nKey: /^[a-z_]+(\.[a-z_]+)+$/,
};
const all = componentFiles(root);

describe('no hard-coded user-visible text', () => {
  it('scans the components, and would catch text, a labelled attribute and a literal child', () => {
    expect(all.length).toBeGreaterThan(10);
    const bad = `export const X = () => <div title="Buy now"><b>Sell</b>{'Hello'}<i title="nav.trade" /></div>;`;
    expect(jsxLiterals('x.tsx', rules, bad)).toEqual(['title="Buy now"', 'Sell', 'Hello']);
  });
  it.each(all.map((f) => [relative(root, f), f]))('%s', (_name, file) => {
    expect(jsxLiterals(file, rules)).toEqual([]);
  });
});
