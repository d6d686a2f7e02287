import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { componentFiles, jsxLiterals, type LiteralRules } from '@tp/client/testing';

/**
 * Text staff read comes from the locale files. Every component of the console is parsed and JSX
 * text and text-bearing attributes written as string literals are flagged; an i18n key
 * (`account:nav`, `login.title`) handed to a component that translates it is allowed.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const rules: LiteralRules = {
  textAttrs: new Set(['placeholder', 'title', 'alt', 'aria-label', 'label', 'content', 'text', 'okText', 'cancelText', 'description', 'tooltip', 'subTitle', 'extra', 'message']),
  i18nKey: /^([a-z_]+:)?[a-z_]+(\.[a-z_]+)*$/,
};
const all = componentFiles(root);

describe('no hard-coded user-visible text in the console', () => {
  it('finds the components, and would catch text, a labelled attribute and a literal child', () => {
    expect(all.length).toBeGreaterThan(4);
    const bad = `export const X = () => <div title="Approve all"><b>Reject</b>{'Hello'}<i title="queues:nav" /></div>;`;
    expect(jsxLiterals('x.tsx', rules, bad)).toEqual(['title="Approve all"', 'Reject', 'Hello']);
  });
  it.each(all.map((f) => [relative(root, f), f]))('%s', (_name, file) => {
    expect(jsxLiterals(file, rules)).toEqual([]);
  });
});
