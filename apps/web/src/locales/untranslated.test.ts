import { describe, expect, it } from 'vitest';
import { LANGS } from '@tp/contracts';
import loanwords from './checks/loanwords.json';
import { loadTexts, localeFolders } from './locale-files';

/*
 * No English left in another language's texts (issue "fast on a phone", translations): a text of a
 * Latin-script language that is identical to the English one, or a Latin word inside a text of
 * another script, fails unless it is a universal token or a loanword listed in loanwords.json.
 */

const LATIN_SCRIPT = new Set(['cs', 'de', 'fr', 'id', 'it', 'my', 'pt', 'spa', 'tr', 'vn']);

/** Tokens no language translates: placeholders, abbreviations (USDT, SWIFT, SL/TP), numbers with units, minutes (min), file formats, the brand. */
const UNIVERSAL = /\{\{\s*\w+\s*\}\}|\b(?:TradePlatform|WebP|[A-Z]{2,}\d*|\d+[A-Za-z]{0,2}|x|s|min)\b/g;

function latinWords(text: string): string[] {
  return text.replace(UNIVERSAL, ' ').match(/[A-Za-z]{2,}/g) ?? [];
}

const allowed = loanwords as unknown as Record<string, string[] | string>;
const others = LANGS.filter((l) => l !== 'en');

function untranslated(lang: string): string[] {
  const allow = new Set(Array.isArray(allowed[lang]) ? allowed[lang] : []);
  const found: string[] = [];
  for (const { name, folder } of localeFolders()) {
    const en = loadTexts(folder, 'en');
    const texts = loadTexts(folder, lang);
    for (const [key, text] of Object.entries(texts)) {
      if (allow.has(text) || latinWords(text).length === 0) continue;
      const suspicious = LATIN_SCRIPT.has(lang) ? text === en[key] : true;
      if (suspicious) found.push(`${name}:${key} = ${text}`);
    }
  }
  return found;
}

describe('no English left in other languages', () => {
  it.each(others)('%s', (lang) => {
    expect(untranslated(lang)).toEqual([]);
  });

  it('every listed loanword is still in use (the list does not rot)', () => {
    const unused: string[] = [];
    for (const lang of others) {
      const words = allowed[lang];
      if (!Array.isArray(words)) continue;
      const used = new Set(localeFolders().flatMap(({ folder }) => Object.values(loadTexts(folder, lang))));
      unused.push(...words.filter((w) => !used.has(w)).map((w) => `${lang}: ${w}`));
    }
    expect(unused).toEqual([]);
  });

  it('catches an English text in a Latin-script language and a Latin word in another script', () => {
    expect(latinWords('Stop loss')).toEqual(['Stop', 'loss']);
    expect(latinWords('{{side}} x{{multiple}} · SL/TP 5 MB WebP 15M')).toEqual([]);
    expect(latinWords('止損 Stop')).toEqual(['Stop']);
  });
});
