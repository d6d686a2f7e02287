import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGS } from '@tp/contracts';

const dir = dirname(fileURLToPath(import.meta.url));
type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out[prefix + k] = v;
    else Object.assign(out, flatten(v, `${prefix}${k}.`));
  }
  return out;
}
const load = (lang: string) => flatten(JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as Tree);
const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

const en = load('en');

describe('locale files', () => {
  it('there is exactly one file per language of contracts LANGS', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
    expect(files).toEqual([...LANGS].sort());
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s has every key of en.json, non-empty, with the same placeholders and no stray keys', (lang) => {
    const other = load(lang);
    const missing = Object.keys(en).filter((k) => !(k in other));
    const empty = Object.keys(en).filter((k) => k in other && !other[k]!.trim());
    const extra = Object.keys(other).filter((k) => !(k in en));
    const badPlaceholders = Object.keys(en).filter((k) => k in other && placeholders(en[k]!).join() !== placeholders(other[k]!).join());
    expect({ missing, empty, extra, badPlaceholders }).toEqual({ missing: [], empty: [], extra: [], badPlaceholders: [] });
  });

  it('en.json has no empty values', () => {
    expect(Object.entries(en).filter(([, v]) => !v.trim())).toEqual([]);
  });
});
