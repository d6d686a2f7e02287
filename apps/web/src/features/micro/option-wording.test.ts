import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGS } from '@tp/contracts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'locales');
type Texts = Record<string, Record<string, string>>;
const load = (lang: string) => JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as Texts;

/**
 * The fixed-seconds option (spec: "option mode", called future or micro in the code) has one name
 * on every screen: the trade screen's mode switch and the order screen's source switch say the same
 * word, and the options account and the result notices use that word too. English once said
 * "Options" on /trade and "Future" on /order for the same orders.
 */
describe.each(LANGS)('the option has one name in %s', (lang) => {
  const texts = load(lang);

  it('the order screen names the source as the trade screen names the mode', () => {
    expect(texts.order!.source_future).toBe(texts.market!.mode_future);
  });
});

describe('the English word', () => {
  const en = load('en');

  it('is "Options", the word of the options account and the notices, never "Future"', () => {
    expect(en.market!.mode_future).toBe('Options');
    expect(en.order!.source_future).toBe('Options');
    expect(en.wallet!.account_micro).toMatch(/^Options\b/);
    expect(en.micro!.settled_win).toMatch(/\boption\b/);
    const all = JSON.stringify(en).toLowerCase();
    expect(all).not.toMatch(/"futures?"/);
  });
});
