import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Text staff read comes from the locale files. Parse every component of the console and flag JSX
 * text and text-bearing attributes written as string literals ({t('...')} is the way). A literal
 * that is an i18n key (`account:nav`, `login.title`) handed to a component that translates it is
 * allowed.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TEXT_ATTRS = new Set(['placeholder', 'title', 'alt', 'aria-label', 'label', 'content', 'text', 'okText', 'cancelText', 'description', 'tooltip', 'subTitle', 'extra', 'message']);
const LETTER = /\p{L}/u;
const I18N_KEY = /^([a-z_]+:)?[a-z_]+(\.[a-z_]+)*$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'locales' || name === 'test' ? [] : files(p);
    return p.endsWith('.tsx') && !p.endsWith('.test.tsx') ? [p] : [];
  });
}

/** The user-visible literals of one file (its text, or the given source). */
function literals(file: string, source = readFileSync(file, 'utf8')): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      const name = node.name.getText(sf);
      const value = node.initializer.text;
      if (TEXT_ATTRS.has(name) && LETTER.test(value) && !I18N_KEY.test(value)) found.push(`${name}="${value}"`);
    }
    // string literals directly inside JSX: <p>{'Hello'}</p>
    if (ts.isJsxExpression(node) && node.expression && ts.isStringLiteral(node.expression) && LETTER.test(node.expression.text) && ts.isJsxElement(node.parent)) {
      found.push(node.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const all = files(root);

describe('no hard-coded user-visible text in the console', () => {
  it('finds the components, and would catch text, a labelled attribute and a literal child', () => {
    expect(all.length).toBeGreaterThan(4);
    const bad = `export const X = () => <div title="Approve all"><b>Reject</b>{'Hello'}<i title="queues:nav" /></div>;`;
    expect(literals('x.tsx', bad)).toEqual(['title="Approve all"', 'Reject', 'Hello']);
  });
  it.each(all.map((f) => [relative(root, f), f]))('%s', (_name, file) => {
    expect(literals(file)).toEqual([]);
  });
});
