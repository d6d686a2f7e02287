import * as fontkitModule from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { fontBytes, type FontId } from './pdf-fonts.js';

/*
 * The agreement's fonts as files: each one TrueType (what fontkit 1.x subsets), and whole for its
 * script, not cut down to the agreement's glyphs, since the borrower's name can hold any letter.
 */

interface Font {
  postscriptName: string;
  directory: { tables: Record<string, unknown> };
  hasGlyphForCodePoint(cp: number): boolean;
}
const fontkit = ((fontkitModule as unknown as { default?: unknown }).default ?? fontkitModule) as { create(bytes: Uint8Array): Font };

const POSTSCRIPT_NAMES: Record<FontId, string> = {
  latin: 'NotoSans-Regular',
  latinBold: 'NotoSans-Bold',
  tc: 'NotoSansHK-Regular',
  jp: 'NotoSansJP-Regular',
  kr: 'NotoSansKR-Regular',
  thai: 'NotoSansThai-Regular',
  arabic: 'NotoNaskhArabic',
  devanagari: 'NotoSansDevanagari-Regular',
};

const fonts = new Map<FontId, Font>();
async function font(id: FontId): Promise<Font> {
  let f = fonts.get(id);
  if (!f) {
    f = fontkit.create(await fontBytes(id));
    fonts.set(id, f);
  }
  return f;
}

function codePoints(from: number, to: number, only: RegExp = /\p{Assigned}/u): number[] {
  const cps: number[] = [];
  for (let cp = from; cp <= to; cp++) if (only.test(String.fromCodePoint(cp))) cps.push(cp);
  return cps;
}

function missing(f: Font, cps: number[]): string[] {
  return cps.filter((cp) => !f.hasGlyphForCodePoint(cp)).map((cp) => `U+${cp.toString(16).toUpperCase()}`);
}

const ideographs = codePoints(0x4e00, 0x9fff);

describe('the fonts of the agreement PDF', () => {
  it.each(Object.entries(POSTSCRIPT_NAMES) as [FontId, string][])('%s is %s with TrueType outlines', async (id, name) => {
    const f = await font(id);
    expect(f.postscriptName).toBe(name);
    expect(f.directory.tables).toHaveProperty('glyf');
    expect(f.directory.tables).not.toHaveProperty('CFF ');
  });

  it('Hangul: every syllable, and the Hanja of Korean names', async () => {
    const kr = await font('kr');
    expect(missing(kr, codePoints(0xac00, 0xd7a3))).toEqual([]);
    expect(ideographs.filter((cp) => kr.hasGlyphForCodePoint(cp)).length).toBeGreaterThan(8_000);
  });

  it('Chinese as written in Hong Kong, Cantonese characters included', async () => {
    const tc = await font('tc');
    expect(missing(tc, [...'陳嘅咗佢哋啲嚟喺冇嘢睇諗瞓餸噉搵鰂峯㗎々ー'].map((ch) => ch.codePointAt(0) as number))).toEqual([]);
    // Big5 and the Hong Kong supplement: some 15,000 of the basic block's ideographs.
    expect(ideographs.filter((cp) => tc.hasGlyphForCodePoint(cp)).length).toBeGreaterThan(15_000);
  });

  it('Japanese: kana and the kanji of names', async () => {
    const jp = await font('jp');
    expect(missing(jp, [...codePoints(0x3041, 0x3096), ...codePoints(0x30a1, 0x30fa), ...[...'髙𠮷々ヶ'].map((ch) => ch.codePointAt(0) as number)])).toEqual([]);
    expect(ideographs.filter((cp) => jp.hasGlyphForCodePoint(cp)).length).toBeGreaterThan(12_000);
  });

  it('Thai and Devanagari: every letter, sign and digit of the script', async () => {
    expect(missing(await font('thai'), codePoints(0x0e00, 0x0e7f, /\p{Script=Thai}/u))).toEqual([]);
    expect(missing(await font('devanagari'), codePoints(0x0900, 0x097f, /\p{Script=Devanagari}/u))).toEqual([]);
  });
});
