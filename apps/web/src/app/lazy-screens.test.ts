import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The screens a feature lists in its `<feature>-screens.ts` are fetched when first shown; one
 * static import of them from outside the feature would pull the whole feature into the first load.
 */
const src = join(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'locales' || name === 'test' ? [] : sources(p);
    return /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p) ? [p] : [];
  });
}

/** Value imports and re-exports of a file, as absolute paths without extension. */
function valueImports(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const node of sf.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      const named = node.importClause?.namedBindings;
      const allTypes = !node.importClause?.name && named && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly);
      if (!allTypes) spec = node.moduleSpecifier;
    }
    if (ts.isExportDeclaration(node) && !node.isTypeOnly) spec = node.moduleSpecifier;
    if (spec && ts.isStringLiteral(spec) && spec.text.startsWith('.')) found.push(resolve(dirname(file), spec.text));
  }
  return found;
}

const screenFiles = readdirSync(join(src, 'features')).flatMap((feature) => {
  const file = join(src, 'features', feature, `${feature}-screens.ts`);
  try {
    statSync(file);
  } catch {
    return [];
  }
  return [{ feature, file, targets: valueImports(file) }];
});

describe('feature screens are lazy route chunks', () => {
  it('every feature but home lists its screens for lazy loading', () => {
    // read from the folders, so a new feature needs no edit here (and parallel work no merge)
    // (a folder of texts only - features/fair/locales, read by shared components - has no screens)
    const features = readdirSync(join(src, 'features')).filter((name) => statSync(join(src, 'features', name)).isDirectory() && sources(join(src, 'features', name)).length > 0);
    expect(features.filter((feature) => !screenFiles.some((s) => s.feature === feature))).toEqual(['home']);
  });

  it('nothing outside a feature imports its screens statically', () => {
    const offenders: string[] = [];
    for (const file of sources(src)) {
      // Parsed once per file, not once per feature: the check stays quick as features are added.
      const imports = valueImports(file);
      for (const { feature, file: screensFile, targets } of screenFiles) {
        if (file.startsWith(join(src, 'features', feature) + '/')) continue;
        for (const imported of imports) {
          if (imported === screensFile.replace(/\.ts$/, '') || targets.includes(imported)) offenders.push(`${relative(src, file)} -> ${relative(src, imported)}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
