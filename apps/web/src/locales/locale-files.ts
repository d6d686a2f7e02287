import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The web app's locale files as the checks read them: the common file per language
 * (locales/<lang>.json) and each feature's namespace (features/<feature>/locales/<lang>.json,
 * see lib/i18n), flattened to dotted keys.
 */

export type FlatTexts = Record<string, string>;
type Tree = { [k: string]: string | Tree };

export const commonLocalesDir = dirname(fileURLToPath(import.meta.url));
const featuresDir = join(commonLocalesDir, '..', 'features');

function flatten(tree: Tree, prefix = ''): FlatTexts {
  const out: FlatTexts = {};
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out[prefix + k] = v;
    else Object.assign(out, flatten(v, `${prefix}${k}.`));
  }
  return out;
}

export function loadTexts(folder: string, lang: string): FlatTexts {
  return flatten(JSON.parse(readFileSync(join(folder, `${lang}.json`), 'utf8')) as Tree);
}

/** Every folder of locale files: the common one first, then one per feature that has texts. */
export function localeFolders(): { name: string; folder: string }[] {
  const features = readdirSync(featuresDir)
    .filter((feature) => existsSync(join(featuresDir, feature, 'locales')))
    .map((feature) => ({ name: feature, folder: join(featuresDir, feature, 'locales') }));
  return [{ name: 'common', folder: commonLocalesDir }, ...features];
}

export function languagesIn(folder: string): string[] {
  return readdirSync(folder).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
}
