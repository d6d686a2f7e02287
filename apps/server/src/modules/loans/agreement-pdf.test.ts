import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LANGS, type Lang } from '@tp/contracts';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream, decodePDFRawStream, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDir } from '../uploads/index.js';
import { agreementHash, renderAgreement } from './agreement.js';
import { readSignature } from './agreement-document.js';
import { agreementPdf } from './agreement-pdf.js';
import type { LoanRow } from './loans.repository.js';
import { PdfText } from './pdf-text.js';

/*
 * The signed agreement's PDF in each of the 18 languages: a valid PDF, set in the fonts of the
 * language's script (and no other), whose text, read back through the fonts' ToUnicode maps as a
 * PDF reader extracts it, is the agreement as signed, under a size bound.
 */

/** A borrower's name in the language's script: the name is in the text, so in the PDF too. */
const NAMES: Partial<Record<Lang, string>> = {
  hk: '陳 大文', jp: '山田 太郎', kr: '김 민준', th: 'สมชาย ใจดี', ar: 'محمد أحمد', hi: 'राहुल शर्मा', ru: 'Иван Петров',
  vn: 'Nguyễn Văn Đức', tr: 'Şükrü Öztürk', cs: 'Jiří Dvořák', de: 'Jürgen Groß',
};

/** The fonts each language's PDF embeds (PostScript names): Noto Sans and its bold for the evidence, plus the script's. */
const SCRIPT_FONT: Partial<Record<Lang, string>> = {
  hk: 'NotoSansHK-Regular',
  jp: 'NotoSansJP-Regular',
  kr: 'NotoSansKR-Regular',
  th: 'NotoSansThai-Regular',
  ar: 'NotoNaskhArabic',
  hi: 'NotoSansDevanagari-Regular',
};

/**
 * Scripts whose glyphs are not in the text's order: right to left; Devanagari's vowel sign i before
 * its consonant; Thai's sara am drawn as two glyphs (nikhahit and sara aa).
 */
const REORDERED: readonly Lang[] = ['ar', 'hi', 'th'];
/**
 * Letters drawn with another letter's glyph plus a sign, which a ToUnicode map (one text per glyph)
 * cannot tell apart: Devanagari ई is इ with a reph. The ActualText carries them.
 */
const DRAWN_AS_ANOTHER: Partial<Record<Lang, string>> = { hi: 'ई' };

/** A 2x2 PNG: the drawn signature. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR4AWNgYGD4z8DAwMDAwMDAAAANAAEkXGN/AAAAAElFTkSuQmCC', 'base64');

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'agreement-pdf-'));
  await fs.mkdir(uploadsDir(dataDir), { recursive: true });
  await fs.writeFile(path.join(uploadsDir(dataDir), 'sig.png'), PNG);
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

function loanIn(lang: Lang): LoanRow {
  const terms = { loanPeriod: 15, freePeriod: 3, interestRate: '0.0008', penaltyRate: '0.0025' };
  const signedAt = new Date(Date.UTC(2026, 10, 20, 8, 0, 0));
  const text = renderAgreement(lang, { borrower: NAMES[lang] ?? 'Jane Doe', uid: '100234', currency: 'USDT' }, '1000', terms, signedAt.getTime());
  const row = {
    id: 7, user_id: 1, config_id: 1, amount: '1000', loan_period: 15, free_period: 3, interest_rate: '0.0008', penalty_rate: '0.0025',
    interest_amount: '9.60', penalty_amount: '0', penalty_days: 0, status: 2, remark: '',
    agreement_version: '1', agreement_language: lang, agreement_text: text, agreement_hash: agreementHash(text),
    sign_upload_id: 1, sign_name: 'sig.png', signed_at: signedAt, signed_ip: '203.0.113.9',
    signed_user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  };
  return row as unknown as LoanRow;
}

function bytesOf(stream: PDFStream): string {
  return Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1');
}

/** A font's ToUnicode map: glyph code (hex) -> the text it stands for. */
function toUnicode(font: PDFDict): Map<string, string> {
  const map = new Map<string, string>();
  const cmap = font.lookup(PDFName.of('ToUnicode'), PDFStream);
  // A glyph the shaper split off a letter (a mark of a decomposed letter) stands for no text: <>.
  for (const [, code, hex] of bytesOf(cmap).matchAll(/<([0-9a-f]{4})> <([0-9a-f]*)>/gi)) {
    const units = (hex as string).match(/.{4}/g)?.map((u) => parseInt(u, 16)) ?? [];
    map.set((code as string).toLowerCase(), String.fromCharCode(...units));
  }
  return map;
}

/**
 * The page's text two ways: `glyphs`, each shown glyph's text through its font's ToUnicode map in
 * drawing order; `actual`, as a reader extracts it, which takes a marked span's ActualText in place
 * of the glyphs inside it.
 */
function pageText(page: PDFPage): { glyphs: string; actual: string } {
  const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  const maps = new Map<string, Map<string, string>>();
  for (const [name, ref] of fonts?.entries() ?? []) maps.set(name.asString(), toUnicode(page.doc.context.lookup(ref as PDFRef, PDFDict)));
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => page.doc.context.lookup(r, PDFStream)) : contents ? [contents] : [];
  let glyphs = '';
  let actual = '';
  let inSpan = false;
  let current = new Map<string, string>();
  for (const stream of streams) {
    const tokens = bytesOf(stream).matchAll(/\/ActualText <([0-9a-f]+)>|(EMC)|(\/[^\s/]+) [\d.]+ Tf|<([0-9a-f]+)>/gi);
    for (const [, actualText, emc, font, hex] of tokens) {
      if (actualText) {
        actual += Buffer.from(actualText, 'hex').swap16().toString('utf16le').replace(/^\uFEFF/, '');
        inSpan = true;
      } else if (emc) inSpan = false;
      else if (font) current = maps.get(font) ?? new Map();
      else {
        for (const code of (hex as string).match(/.{4}/g) ?? []) {
          const t = current.get(code.toLowerCase()) ?? '\uFFFD';
          glyphs += t;
          if (!inSpan) actual += t;
        }
      }
    }
  }
  return { glyphs, actual };
}

function baseFonts(doc: PDFDocument): string[] {
  const names: string[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFDict && obj.get(PDFName.of('Subtype'))?.toString() === '/Type0') {
      // pdf-lib names an embedded font <PostScript name>-<random number>
      names.push((obj.get(PDFName.of('BaseFont'))?.toString() ?? '').replace(/^\//, '').replace(/-\d+$/, ''));
    }
  }
  return names.sort();
}

const squeeze = (s: string) => s.replace(/\s+/gu, '');

describe('the signed agreement as a PDF, in the language it was signed in', () => {
  it.each(LANGS.map((lang) => [lang]))('%s', async (lang) => {
    const loan = loanIn(lang);
    const bytes = await agreementPdf(loan, await readSignature(dataDir, loan.sign_name));
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);

    const script = SCRIPT_FONT[lang];
    expect(baseFonts(doc)).toEqual(['NotoSans-Bold', 'NotoSans-Regular', ...(script ? [script] : [])].sort());

    const { glyphs, actual } = pageText(doc.getPage(0));
    // Extracted as a reader does, the page holds the agreement as signed (wrapped into lines), then
    // the evidence; no English stand-in, no note.
    if (lang === 'ar') {
      // Right to left: glyphs in visual order, as readers expect (they turn them around); each
      // Arabic word of the agreement is there, letter for letter, last to first.
      const visual = squeeze(glyphs).replace(/\p{M}/gu, '');
      const words = loan.agreement_text.replace(/\p{M}/gu, '').match(/\p{Script=Arabic}+/gu) ?? [];
      expect(words.length).toBeGreaterThan(50);
      expect(words.filter((w) => !visual.includes([...w].reverse().join('')))).toEqual([]);
    } else expect(squeeze(actual)).toContain(squeeze(loan.agreement_text));
    expect(squeeze(actual)).toContain(squeeze(`SHA-256 of the signed text: ${loan.agreement_hash}`));
    expect(actual).not.toMatch(/in English|Note:/);
    // The glyphs drawn are those of the text: every letter of it (less combining marks, which
    // fonts may draw composed with their letter) has a glyph on the page that stands for it...
    expect(glyphs).not.toContain('\uFFFD');
    const drawn = new Set(squeeze(glyphs).normalize('NFD').replace(/\p{M}/gu, ''));
    const letters = new Set(squeeze(loan.agreement_text).normalize('NFD').replace(/\p{M}/gu, ''));
    expect([...letters].filter((ch) => !drawn.has(ch) && !DRAWN_AS_ANOTHER[lang]?.includes(ch))).toEqual([]);
    // ...and where glyphs keep the text's order, the glyphs alone read as the text.
    if (!REORDERED.includes(lang)) expect(squeeze(glyphs).normalize('NFD').replace(/\p{M}/gu, '')).toContain(squeeze(loan.agreement_text).normalize('NFD').replace(/\p{M}/gu, ''));
    // Subsets: a few thousand bytes per script, not the font files (up to 7 MB each).
    expect(bytes.length).toBeLessThan(script ? 60_000 : 20_000);
  }, 30_000);

  it('a name in a script none of the fonts covers (Hebrew, emoji) still makes a PDF, its other text intact', async () => {
    const loan = loanIn('en');
    const text = loan.agreement_text.replace('Jane Doe', 'שרה כהן 😀 陳大文');
    const bytes = await agreementPdf({ ...loan, agreement_text: text, agreement_hash: agreementHash(text) }, await readSignature(dataDir, loan.sign_name));
    const { actual } = pageText((await PDFDocument.load(bytes)).getPage(0));
    // The Hebrew and the emoji are missing glyphs (the fonts' .notdef); the Chinese has its font.
    expect(actual).toContain('\uFFFD');
    expect(squeeze(actual).replace(/\uFFFD/gu, '')).toContain(squeeze(text).replace(/[\p{Script=Hebrew}\p{Extended_Pictographic}]/gu, ''));
  }, 30_000);

  it('draws Arabic in joined forms, right to left', async () => {
    const bytes = await agreementPdf(loanIn('ar'), await readSignature(dataDir, 'sig.png'));
    const page = (await PDFDocument.load(bytes)).getPage(0);
    const text = pageText(page).glyphs;
    // Glyphs go out left to right: a right-to-left word's letters come last to first.
    expect(text).toContain('ضرق'); // قرض, "loan"
    expect(text).not.toContain('قرض');
    // Joining: one letter, several glyphs (its initial, medial, final forms): ق in قرض and in اتفاقية.
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    const arabic = [...(fonts?.entries() ?? [])].map(([, ref]) => page.doc.context.lookup(ref as PDFRef, PDFDict)).find((f) => f.get(PDFName.of('BaseFont'))?.toString().startsWith('/NotoNaskhArabic'));
    expect(arabic).toBeDefined();
    const forms = [...toUnicode(arabic as PDFDict).values()].filter((t) => t === 'ق');
    expect(forms.length).toBeGreaterThan(1);
  }, 30_000);
});

describe('lines wrap in scripts written without spaces', () => {
  const style = { size: 10 };
  const width = 120;

  async function wrapped(lang: Lang, locale: string, text: string) {
    const pdfText = await PdfText.create(await PDFDocument.create(), lang, locale, [text]);
    const lines = pdfText.wrap(text, width, style);
    for (const line of lines) expect(pdfText.widthOf(line, style), line).toBeLessThanOrEqual(width);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('')).toBe(text); // nothing lost, nothing added (there are no spaces to drop)
    return lines;
  }

  it('Chinese between characters, punctuation kept off the start of a line', async () => {
    const text = loanIn('hk').agreement_text.split('\n').find((l) => l.startsWith('6.')) ?? ''; // the longest clause
    expect(text).not.toMatch(/\s{2}/);
    const lines = await wrapped('hk', 'zh-HK', text.replace(/\s/g, ''));
    for (const line of lines) expect(line).not.toMatch(/^[，。；、：」）]/u);
  }, 30_000);

  it('Thai between words, as the segmenter finds them', async () => {
    const text = 'ผู้กู้ยืนยันว่าข้อมูลประจำตัวที่ให้ไว้เป็นความจริงและลงนามในสัญญานี้ทางอิเล็กทรอนิกส์ลายมือชื่อเวลาที่อยู่และอุปกรณ์จะถูกบันทึกเป็นหลักฐาน';
    const lines = await wrapped('th', 'th', text);
    const boundaries = new Set([...new Intl.Segmenter('th', { granularity: 'word' }).segment(text)].map((s) => s.index));
    let at = 0;
    for (const line of lines.slice(0, -1)) {
      at += line.length;
      expect(boundaries.has(at), `a break inside a word after "${line}"`).toBe(true);
    }
  }, 30_000);
});
