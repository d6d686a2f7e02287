import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Lang } from '@tp/contracts';

/*
 * The fonts the agreement PDF embeds, one per script (Noto, SIL Open Font License): Noto Sans for
 * Latin, Greek, Cyrillic and Vietnamese (and its bold for the evidence headings); Noto Sans HK, JP
 * and KR for Chinese, Japanese and Korean, each drawing the Han characters the way its readers write
 * them (Chinese text in any other language takes HK, the default language's); Noto Sans Thai; Noto
 * Naskh Arabic; Noto Sans Devanagari.
 * Latin and Arabic come from the npm packages made to ship fonts for PDF (@embedpdf/fonts-*). Their
 * CJK packages hold only CID-keyed CFF (OpenType .otf) outlines, which fontkit 1.x cannot subset into
 * a valid font, and there is none for Thai or Devanagari, so those five TrueType files are kept in
 * the repository (apps/server/assets/fonts, with their licences), whole and Brotli-compressed:
 * less than half the size, decompressed here in under 0.1 s each.
 * A file is read only when a PDF needs it and then kept in memory for the next one (per document
 * thread: the PDFs are drawn there, http/documents.ts). pdf-lib embeds a subset: only the glyphs
 * drawn (an agreement in Chinese is about 30 kB, in Latin script 11 kB).
 */

export type FontId = 'latin' | 'latinBold' | 'tc' | 'jp' | 'kr' | 'thai' | 'arabic' | 'devanagari';

const require = createRequire(import.meta.url);
const brotliDecompress = promisify(zlib.brotliDecompress);

const FONT_DIR = fileURLToPath(new URL('../../../assets/fonts/', import.meta.url));

interface FontFile {
  path: () => string;
  /** Stored Brotli-compressed (the repository's own files). */
  brotli?: true;
}

/** A file inside a font package: the package's own entry point tells where it is installed. */
function packageFont(pkg: string, file: string): FontFile {
  return { path: () => path.join(path.dirname(require.resolve(pkg)), '..', 'fonts', file) };
}

function repositoryFont(file: string): FontFile {
  return { path: () => path.join(FONT_DIR, file), brotli: true };
}

const FONT_FILES: Record<FontId, FontFile> = {
  latin: packageFont('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'),
  latinBold: packageFont('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'),
  arabic: packageFont('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf'),
  tc: repositoryFont('NotoSansHK-Regular.ttf.br'),
  jp: repositoryFont('NotoSansJP-Regular.ttf.br'),
  kr: repositoryFont('NotoSansKR-Regular.ttf.br'),
  thai: repositoryFont('NotoSansThai-Regular.ttf.br'),
  devanagari: repositoryFont('NotoSansDevanagari-Regular.ttf.br'),
};

async function readFont(file: FontFile): Promise<Uint8Array> {
  const stored = await fs.readFile(file.path());
  const b = file.brotli ? await brotliDecompress(stored) : stored;
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

const cache = new Map<FontId, Promise<Uint8Array>>();

/** The font file's bytes, read once per process (a failed read is tried again next time). */
export function fontBytes(id: FontId): Promise<Uint8Array> {
  let bytes = cache.get(id);
  if (!bytes) {
    bytes = readFont(FONT_FILES[id]);
    bytes.catch(() => cache.delete(id));
    cache.set(id, bytes);
  }
  return bytes;
}

/** The CJK edition for a language: Japanese and Korean readers get their own, everyone else Traditional. */
function cjkFor(lang: Lang | null): FontId {
  return lang === 'jp' ? 'jp' : lang === 'kr' ? 'kr' : 'tc';
}

/**
 * The font a character's script asks for, or null for characters of no script of their own (digits,
 * spaces, punctuation, combining marks): those take the font of the text around them.
 */
export function scriptFont(ch: string, lang: Lang | null): FontId | null {
  if (/[\p{Script=Hangul}]/u.test(ch)) return 'kr';
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]/u.test(ch)) return cjkFor(lang);
  if (/[\u3000-\u303f\uff00-\uffef]/u.test(ch)) return cjkFor(lang); // CJK and full-width punctuation
  if (/\p{Script=Thai}/u.test(ch)) return 'thai';
  if (/\p{Script=Arabic}/u.test(ch)) return 'arabic';
  if (/\p{Script=Devanagari}/u.test(ch)) return 'devanagari';
  if (/[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u.test(ch)) return 'latin';
  return null;
}

/** The fonts a text needs: Latin always (the evidence is in English), plus each script's it uses. */
export function fontsNeeded(texts: string[], lang: Lang | null): Set<FontId> {
  const ids = new Set<FontId>(['latin', 'latinBold']);
  for (const text of texts) {
    for (const ch of text) {
      const id = scriptFont(ch, lang);
      if (id) ids.add(id);
    }
  }
  return ids;
}
