import { describe, expect, it } from 'vitest';
import { LANG_BCP47, LANGS } from '@tp/contracts';
import { commonLocalesDir, languagesIn, loadTexts, localeFolders } from './locale-files';

const dir = commonLocalesDir;
const load = (lang: string) => loadTexts(dir, lang);
const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

const en = load('en');

/** features/<feature>/locales: a feature's own namespace (lib/i18n), held to the same rules as the common file. */
const featureLocaleDirs = localeFolders().filter((f) => f.folder !== dir);

function differences(folder: string, lang: string, reference: Record<string, string>) {
  const other = loadTexts(folder, lang);
  const missing = Object.keys(reference).filter((k) => !(k in other));
  const empty = Object.keys(reference).filter((k) => k in other && !other[k]!.trim());
  const extra = Object.keys(other).filter((k) => !(k in reference));
  const badPlaceholders = Object.keys(reference).filter((k) => k in other && placeholders(reference[k]!).join() !== placeholders(other[k]!).join());
  return { missing, empty, extra, badPlaceholders };
}
const none = { missing: [], empty: [], extra: [], badPlaceholders: [] };

describe.each(featureLocaleDirs.map((f) => [f.name, f.folder] as const))('feature texts %s', (_feature, folder) => {
  const reference = loadTexts(folder, 'en');

  it('has exactly one file per language', () => {
    expect(languagesIn(folder)).toEqual([...LANGS].sort());
  });

  it('en has no empty values', () => {
    expect(Object.entries(reference).filter(([, v]) => !v.trim())).toEqual([]);
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s has every key of en, non-empty, with the same placeholders and no stray keys', (lang) => {
    expect(differences(folder, lang, reference)).toEqual(none);
  });
});

describe('locale files', () => {
  it('there is exactly one file per language of contracts LANGS', () => {
    expect(languagesIn(dir)).toEqual([...LANGS].sort());
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s has every key of en.json, non-empty, with the same placeholders and no stray keys', (lang) => {
    expect(differences(dir, lang, en)).toEqual(none);
  });

  it('en.json has no empty values', () => {
    expect(Object.entries(en).filter(([, v]) => !v.trim())).toEqual([]);
  });
});

/** i18next's plural suffixes: the forms Intl.PluralRules names (Arabic uses all six). */
const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const PLURAL_KEY = new RegExp(`^(.+)_(${PLURAL_FORMS.join('|')})$`);

describe('counted texts ("{{n}} trades")', () => {
  it('no language needs a form i18next has no suffix for', () => {
    for (const lang of LANGS) {
      const categories = new Intl.PluralRules(LANG_BCP47[lang]).resolvedOptions().pluralCategories as string[];
      expect(categories.filter((c) => !(PLURAL_FORMS as readonly string[]).includes(c)), lang).toEqual([]);
    }
  });

  it.each(localeFolders().map((f) => [f.name, f.folder] as const))('%s: each counted text has every plural form, and no plain key beside them', (_name, folder) => {
    const texts = loadTexts(folder, 'en');
    const bases = new Set(Object.keys(texts).flatMap((k) => PLURAL_KEY.exec(k)?.[1] ?? []));
    for (const base of bases) {
      expect(PLURAL_FORMS.filter((f) => !(`${base}_${f}` in texts)), `${base}: missing forms`).toEqual([]);
      expect(base in texts, `${base}: a plain key would hide the forms`).toBe(false);
    }
  });
});
