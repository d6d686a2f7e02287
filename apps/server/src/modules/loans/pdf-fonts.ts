import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Lang } from '@tp/contracts';

/*
 * The fonts the agreement PDF embeds, one per script (Noto, SIL Open Font License, from npm
 * packages that ship the font files): Noto Sans for Latin, Greek, Cyrillic and Vietnamese (and its
 * bold for the evidence headings); Noto Sans HK, JP and KR for Chinese, Japanese and Korean, each
 * drawing the Han characters the way its readers write them (Chinese text in any other language
 * takes HK, the default language's); Noto Sans Thai; Noto Naskh Arabic; Noto Sans Devanagari.
 * A file is read only when a PDF needs it and then kept in memory for the next one (per document
 * thread: the PDFs are drawn there, http/documents.ts). pdf-lib embeds a subset: only the glyphs
 * drawn (an agreement in Chinese is about 30 kB, in Latin script 11 kB).
 * The packages ship every weight; only Regular (and Latin Bold) are read.
 */

export type FontId = 'latin' | 'latinBold' | 'tc' | 'jp' | 'kr' | 'thai' | 'arabic' | 'devanagari';

const require = createRequire(import.meta.url);

/** A file inside a font package: the packages' own entry points tell where they are installed. */
function packageFile(pkg: string, entryToRoot: string, file: string): string {
  return path.join(path.dirname(require.resolve(pkg)), entryToRoot, file);
}

const FONT_FILES: Record<FontId, () => string> = {
  latin: () => packageFile('@embedpdf/fonts-latin', '..', 'fonts/NotoSans-Regular.ttf'),
  latinBold: () => packageFile('@embedpdf/fonts-latin', '..', 'fonts/NotoSans-Bold.ttf'),
  // TrueType outlines: fontkit 1.x cannot subset the CJK fonts' CID-keyed CFF (OpenType .otf)
  // outlines into a valid font, so the CJK fonts are the TrueType builds.
  tc: () => require.resolve('@expo-google-fonts/noto-sans-hk/400Regular/NotoSansHK_400Regular.ttf'),
  jp: () => require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
  kr: () => require.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf'),
  arabic: () => packageFile('@embedpdf/fonts-arabic', '..', 'fonts/NotoNaskhArabic-Regular.ttf'),
  thai: () => require.resolve('@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf'),
  devanagari: () => require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
};

const cache = new Map<FontId, Promise<Uint8Array>>();

/** The font file's bytes, read once per process (a failed read is tried again next time). */
export function fontBytes(id: FontId): Promise<Uint8Array> {
  let bytes = cache.get(id);
  if (!bytes) {
    bytes = fs.readFile(FONT_FILES[id]()).then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
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
