import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGS } from '@tp/contracts';

/**
 * The console's texts: `locales/<lang>/<namespace>.json`. English is complete and the reference;
 * every other language folder (hk now, the rest of contracts' LANGS later) has the same
 * namespaces and exactly the same keys, none empty, with the same {{placeholders}}.
 */
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
const langDirs = readdirSync(dir).filter((f) => statSync(join(dir, f)).isDirectory()).sort();
const namespaces = (lang: string) => readdirSync(join(dir, lang)).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
const load = (lang: string, ns: string) => flatten(JSON.parse(readFileSync(join(dir, lang, `${ns}.json`), 'utf8')) as Tree);
const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

describe('console locale files', () => {
  it('are English and Chinese at least, in folders named by contracts LANGS', () => {
    expect(langDirs).toEqual(expect.arrayContaining(['en', 'hk']));
    expect(langDirs.filter((l) => !(LANGS as readonly string[]).includes(l))).toEqual([]);
  });

  it('English has the shell namespace and no empty text', () => {
    expect(namespaces('en')).toContain('common');
    for (const ns of namespaces('en')) expect(Object.entries(load('en', ns)).filter(([, v]) => !v.trim())).toEqual([]);
  });

  it.each(langDirs.filter((l) => l !== 'en'))('%s has the namespaces of en and every key, non-empty, same placeholders, none extra', (lang) => {
    expect(namespaces(lang)).toEqual(namespaces('en'));
    for (const ns of namespaces('en')) {
      const en = load('en', ns);
      const other = existsSync(join(dir, lang, `${ns}.json`)) ? load(lang, ns) : {};
      const missing = Object.keys(en).filter((k) => !(k in other));
      const empty = Object.keys(en).filter((k) => k in other && !other[k]!.trim());
      const extra = Object.keys(other).filter((k) => !(k in en));
      const badPlaceholders = Object.keys(en).filter((k) => k in other && placeholders(en[k]!).join() !== placeholders(other[k]!).join());
      expect({ ns, missing, empty, extra, badPlaceholders }).toEqual({ ns, missing: [], empty: [], extra: [], badPlaceholders: [] });
    }
  });
});
