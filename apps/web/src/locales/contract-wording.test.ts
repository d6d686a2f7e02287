import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGS } from '@tp/contracts';

const dir = dirname(fileURLToPath(import.meta.url));
type Texts = Record<string, Record<string, string>>;
const load = (lang: string) => JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as Texts;

/** The direction labels of a contract: the form's buttons and the orders' side. */
const LABELS = [
  ['forexForm', 'long'],
  ['forexForm', 'short'],
  ['forexForm', 'submit_buy'],
  ['forexForm', 'submit_sell'],
  ['forexOrders', 'long'],
  ['forexOrders', 'short'],
] as const;

/**
 * A contract is long or short; "buy up" / "buy down" is how an option (micro) is bought. Chinese,
 * Thai, Vietnamese and Arabic once labelled a contract long with the option's words.
 */
describe.each(LANGS)('contract wording in %s', (lang) => {
  const texts = load(lang);
  const option = texts.micro!;
  const has = (text: string, word: string) => text.toLocaleLowerCase().includes(word.toLocaleLowerCase());

  it('no contract text uses the option buttons "buy up" / "buy down"', () => {
    for (const ns of ['forexForm', 'forexOrders']) {
      for (const [key, text] of Object.entries(texts[ns]!)) {
        expect(has(text, option.buy_up!), `${ns}.${key}: ${text}`).toBe(false);
        expect(has(text, option.buy_down!), `${ns}.${key}: ${text}`).toBe(false);
      }
    }
  });

  it('the long and short labels do not say up or down', () => {
    for (const [ns, key] of LABELS) {
      const text = texts[ns]![key]!;
      expect(has(text, option.up!), `${ns}.${key}: ${text}`).toBe(false);
      expect(has(text, option.down!), `${ns}.${key}: ${text}`).toBe(false);
    }
  });
});
