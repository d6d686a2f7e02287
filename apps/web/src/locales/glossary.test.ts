import { describe, expect, it } from 'vitest';
import { LANGS } from '@tp/contracts';
import glossary from './checks/glossary.json';
import { type FlatTexts, loadTexts, localeFolders } from './locale-files';

/*
 * One word per trading term and language (issue "fast on a phone", translations): the machine-made
 * translations once called the same thing by two names on two screens (a pending order a "price",
 * floating P/L "open" here and "unrealised" there, a trader an "investor" in one title), and in one
 * language the Follow button said "copy". checks/glossary.json lists each term's accepted word(s) per
 * language; every text whose English names the term must use one of them.
 */

type Term = { en: string; keys?: string; except?: string; words: Record<string, string[]> };
const terms = (glossary as unknown as { terms: Record<string, Term> }).terms;

/** Every text of every locale folder, keyed `<folder>:<key>` (common:forexForm.margin, follow:max_amount). */
function allTexts(lang: string): FlatTexts {
  const out: FlatTexts = {};
  for (const { name, folder } of localeFolders()) {
    for (const [key, text] of Object.entries(loadTexts(folder, lang))) out[`${name}:${key}`] = text;
  }
  return out;
}

/** The keys whose English text names the term, narrowed by `keys` and `except` (both over the full key). */
function keysOf(term: Term, en: FlatTexts): string[] {
  const says = new RegExp(term.en, 'i');
  const only = term.keys ? new RegExp(term.keys) : null;
  const except = term.except ? new RegExp(term.except) : null;
  return Object.keys(en).filter((k) => says.test(en[k]!) && (!only || only.test(k)) && !except?.test(k));
}

/** Texts of `lang` that name a term without its glossary word, as `term key: text`. */
function offTerm(lang: string, texts: FlatTexts, en: FlatTexts): string[] {
  const found: string[] = [];
  for (const [name, term] of Object.entries(terms)) {
    const words = (term.words[lang] ?? []).map((w) => w.toLowerCase());
    for (const key of keysOf(term, en)) {
      const text = (texts[key] ?? '').toLowerCase();
      if (!words.some((w) => text.includes(w))) found.push(`${name} ${key}: ${texts[key]}`);
    }
  }
  return found;
}

const en = allTexts('en');

describe('trading terms use the glossary word', () => {
  it.each([...LANGS])('%s', (lang) => {
    expect(offTerm(lang, allTexts(lang), en)).toEqual([]);
  });

  it('every term has words for every language and names at least one text (the glossary does not rot)', () => {
    for (const [name, term] of Object.entries(terms)) {
      expect(Object.keys(term.words).sort(), name).toEqual([...LANGS].sort());
      for (const lang of LANGS) expect(term.words[lang]!.length, `${name} ${lang}`).toBeGreaterThan(0);
      expect(keysOf(term, en).length, name).toBeGreaterThan(0);
    }
  });

  it('catches a text that uses another word for a term', () => {
    const de = allTexts('de');
    expect(offTerm('de', de, en)).toEqual([]);
    const wrong = { ...de, 'common:forexOrders.margin': 'Sicherheitsleistung' };
    expect(offTerm('de', wrong, en)).toEqual(['margin common:forexOrders.margin: Sicherheitsleistung']);
    const ar = allTexts('ar');
    const mixedUp = { ...ar, 'follow:follow': 'نسخ', 'follow:floating': 'الربح العائم' };
    expect(offTerm('ar', mixedUp, en)).toEqual(['floating_pl follow:floating: الربح العائم', 'follow follow:follow: نسخ']);
  });
});
