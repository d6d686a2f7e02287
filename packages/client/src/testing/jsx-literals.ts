import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * The check both front ends run so that user-visible text comes from the locale files only: parse
 * every component and list JSX text and text-bearing attributes written as string literals
 * ({t('...')} is the way). A literal that is an i18n key handed to a component that translates it
 * is allowed; what counts as a key, and which attributes bear text, each app says.
 */
export interface LiteralRules {
  /** Attributes whose value users read (placeholder, title, aria-label...). */
  textAttrs: ReadonlySet<string>;
  /** A literal that is an i18n key, not text. */
  i18nKey: RegExp;
}

const LETTER = /\p{L}/u;

/** Every component (.tsx, tests left out) below `dir`, skipping the locale and test folders. */
export function componentFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'locales' || name === 'test' ? [] : componentFiles(p);
    return p.endsWith('.tsx') && !p.endsWith('.test.tsx') ? [p] : [];
  });
}

/** The user-visible literals of one file (its text, or the given source). */
export function jsxLiterals(file: string, rules: LiteralRules, source = readFileSync(file, 'utf8')): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      const name = node.name.getText(sf);
      const value = node.initializer.text;
      if (rules.textAttrs.has(name) && LETTER.test(value) && !rules.i18nKey.test(value)) found.push(`${name}="${value}"`);
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
