// fontkit's Indic shaper (Devanagari) is compiled to generators that need this runtime as a global.
import 'regenerator-runtime/runtime.js';
import * as fontkitModule from '@pdf-lib/fontkit';
import type { Lang } from '@tp/contracts';
import bidiFactory from 'bidi-js';
import {
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  beginText,
  endText,
  setFontAndSize,
  setTextMatrix,
  type PDFDocument,
  type PDFFont,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';
import { fontBytes, fontsNeeded, scriptFont, type FontId } from './pdf-fonts.js';

/*
 * Text in any script on a pdf-lib page. pdf-lib's own drawText maps characters to glyphs one by one
 * and sets them side by side, which is right for Latin but not for scripts whose glyphs depend on
 * their neighbours: Arabic letters join (each takes its initial, medial, final or isolated form) and
 * read right to left; Thai and Devanagari stack and place marks above and below, and Devanagari
 * reorders vowel signs and forms conjuncts. So each run of text is shaped here with fontkit's
 * OpenType layout (GSUB substitutions, GPOS positions, its Arabic and Indic shapers), ordered by the
 * Unicode bidirectional algorithm (bidi-js), and its glyphs are written at the positions the layout
 * gives, in the embedded (subset) font. Lines wrap at the break opportunities Intl.Segmenter finds,
 * so Chinese, Japanese and Thai, written without spaces, wrap between words or characters too.
 */

/** What fontkit gives and this file uses (its bundled type declarations are incomplete). */
interface FkGlyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}
interface FkPosition {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}
interface FkFont {
  unitsPerEm: number;
  postscriptName: string | null;
  hasGlyphForCodePoint(cp: number): boolean;
  layout(text: string, features?: string[], script?: string, language?: string, direction?: 'ltr' | 'rtl'): { glyphs: FkGlyph[]; positions: FkPosition[] };
}
/** pdf-lib 1.17.1's subset embedder behind a PDFFont made with `{ subset: true }`. */
interface SubsetEmbedder {
  font: FkFont;
  subset: { includeGlyph(glyph: FkGlyph): number };
  glyphs: FkGlyph[];
  glyphIdMap: Map<number, number>;
  glyphCache: { invalidate(): void };
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
const fontkit = ((fontkitModule as unknown as { default?: unknown }).default ?? fontkitModule) as Fontkit;
/**
 * fontkit as pdf-lib sees it, but one parsed font per file for the whole process: the tables a
 * layout reads (cmap, GSUB, GPOS) and the glyphs it met are parsed once, not once per PDF. Each PDF
 * still has its own subset of it.
 */
const parsed = new WeakMap<Uint8Array, ReturnType<Fontkit['create']>>();
const cachingFontkit: Fontkit = {
  create(bytes: Uint8Array) {
    let font = parsed.get(bytes);
    if (!font) {
      font = fontkit.create(bytes);
      parsed.set(bytes, font);
    }
    return font;
  },
};
const bidi = bidiFactory();

interface Face {
  id: FontId;
  pdf: PDFFont;
  fk: FkFont;
  embedder: SubsetEmbedder;
}

interface ShapedRun {
  face: Face;
  glyphs: FkGlyph[];
  positions: FkPosition[];
  /** Width in font units. */
  advance: number;
  rtl: boolean;
}

export interface TextStyle {
  size: number;
  /** Bold: Latin text only (the evidence headings); other scripts keep their regular face. */
  bold?: boolean;
}

/** The fonts of one PDF, embedded as subsets, and the means to measure, wrap and draw text with them. */
export class PdfText {
  private readonly faces = new Map<FontId, Face>();
  /** Widths measured, by size, weight, direction and text: wrapping measures the same words often. */
  private readonly widths = new Map<string, number>();
  private readonly segmenter: Intl.Segmenter;
  private readonly graphemes: Intl.Segmenter;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly lang: Lang | null,
    locale: string,
  ) {
    this.segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    this.graphemes = new Intl.Segmenter(locale, { granularity: 'grapheme' });
  }

  /** Embeds (as subsets) the fonts the given texts need. `lang` picks the CJK edition. */
  static async create(doc: PDFDocument, lang: Lang | null, locale: string, texts: string[]): Promise<PdfText> {
    doc.registerFontkit(cachingFontkit);
    const t = new PdfText(doc, lang, locale);
    for (const id of fontsNeeded(texts, lang)) {
      const pdf = await doc.embedFont(await fontBytes(id), { subset: true });
      const embedder = (pdf as unknown as { embedder: SubsetEmbedder }).embedder;
      padGlyphsOf(embedder.subset);
      t.faces.set(id, { id, pdf, fk: embedder.font, embedder });
    }
    return t;
  }

  private face(id: FontId): Face {
    const face = this.faces.get(id) ?? this.faces.get('latin');
    if (!face) throw new Error('fonts not embedded');
    return face;
  }

  /**
   * The face for each UTF-16 unit of a text: by script; characters of no script (digits, spaces,
   * punctuation, marks) take the face of the text before them (or after, at the start), if it has
   * the glyph; otherwise the first embedded face that has it.
   */
  private facesOf(text: string, bold: boolean): Face[] {
    const chars = Array.from(text);
    const ids: (FontId | null)[] = chars.map((ch) => scriptFont(ch, this.lang));
    let prev: FontId | null = null;
    for (let i = 0; i < ids.length; i++) {
      if (ids[i]) prev = ids[i] ?? null;
      else if (prev) ids[i] = prev;
    }
    let next: FontId | null = null;
    for (let i = ids.length - 1; i >= 0; i--) {
      if (ids[i]) next = ids[i] ?? null;
      else ids[i] = next;
    }
    const out: Face[] = [];
    chars.forEach((ch, i) => {
      const cp = ch.codePointAt(0) ?? 0;
      let id: FontId = ids[i] ?? 'latin';
      if (id === 'latin' && bold) id = 'latinBold';
      let face = this.face(id);
      if (!face.fk.hasGlyphForCodePoint(cp)) {
        face = [this.face(bold ? 'latinBold' : 'latin'), ...this.faces.values()].find((f) => f.fk.hasGlyphForCodePoint(cp)) ?? face;
      }
      for (let u = 0; u < ch.length; u++) out.push(face);
    });
    return out;
  }

  /** Shapes a text into runs of one face and one direction, in visual order (left to right). */
  private shapeLine(text: string, dir: 'ltr' | 'rtl', bold: boolean, forDrawing = true): ShapedRun[] {
    if (!text) return [];
    const faces = this.facesOf(text, bold);
    const { levels } = bidi.getEmbeddingLevels(text, dir);
    const runs: { start: number; end: number; face: Face; level: number }[] = [];
    for (let i = 0; i < text.length; i++) {
      const level = levels[i] ?? 0;
      const face = faces[i] as Face;
      const last = runs[runs.length - 1];
      if (last && last.face === face && last.level === level) last.end = i + 1;
      else runs.push({ start: i, end: i + 1, face, level });
    }
    // Unicode bidi rule L2: from the highest level down to the lowest odd one, reverse every
    // sequence of runs at that level or above.
    const maxLevel = Math.max(...runs.map((r) => r.level));
    const minOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
    for (let level = maxLevel; level >= minOdd; level--) {
      for (let i = 0; i < runs.length; ) {
        if (runs[i]!.level < level) {
          i++;
          continue;
        }
        let j = i;
        while (j < runs.length && runs[j]!.level >= level) j++;
        const reversed = runs.slice(i, j).reverse();
        runs.splice(i, j - i, ...reversed);
        i = j;
      }
    }
    return runs.map((r) => {
      const rtl = r.level % 2 === 1;
      let s = text.slice(r.start, r.end);
      if (rtl) s = Array.from(s, (ch) => bidi.getMirroredCharacter(ch) ?? ch).join('');
      // fontkit returns a right-to-left run's glyphs already in visual order. It keeps one glyph
      // object per glyph id, with the characters of the first text it met it in; the PDF's
      // ToUnicode map reads them, so each layout gets fresh glyph objects with this text's.
      // (Measuring needs no characters: it keeps the cached glyphs.)
      const fk = r.face.fk as FkFont & { _glyphs: Record<number, unknown> };
      const kept = fk._glyphs;
      if (forDrawing) fk._glyphs = {};
      let shaped: { glyphs: FkGlyph[]; positions: FkPosition[] };
      try {
        shaped = fk.layout(s, undefined, undefined, undefined, rtl ? 'rtl' : 'ltr');
      } finally {
        fk._glyphs = kept;
      }
      const { glyphs, positions } = shaped;
      // What each glyph stands for, as readers read a right-to-left run: they turn its text around,
      // so a ligature (lam-alef) lists its letters last to first, and a mirrored bracket stands for
      // the bracket written (mirroring is its own inverse).
      if (rtl) {
        for (const g of glyphs) {
          g.codePoints = [...g.codePoints].reverse().map((cp) => bidi.getMirroredCharacter(String.fromCodePoint(cp))?.codePointAt(0) ?? cp);
        }
      }
      const advance = positions.reduce((sum, p) => sum + p.xAdvance, 0);
      return { face: r.face, glyphs, positions, advance, rtl };
    });
  }

  /** The width of a text at a size, shaped. */
  widthOf(text: string, style: TextStyle, dir: 'ltr' | 'rtl' = 'ltr'): number {
    const key = `${style.size}|${style.bold ? 1 : 0}|${dir}|${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.shapeLine(text, dir, !!style.bold, false).reduce((w, r) => w + (r.advance * style.size) / r.face.fk.unitsPerEm, 0);
      this.widths.set(key, width);
    }
    return width;
  }

  /**
   * A text wrapped into lines no wider than `width`: paragraphs at '\n', lines at the break
   * opportunities between the segmenter's words (spaces in most scripts, between words or
   * characters in Chinese, Japanese and Thai); punctuation stays with the word before it, and a
   * word wider than the line is cut between characters.
   */
  wrap(text: string, width: number, style: TextStyle, dir: 'ltr' | 'rtl' = 'ltr'): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      const pieces: string[] = [];
      for (const { segment, isWordLike } of this.segmenter.segment(paragraph)) {
        const last = pieces.length - 1;
        const glue = !isWordLike && !/^\s+$/u.test(segment) && !/^[\p{Ps}\p{Pi}]/u.test(segment);
        const opensNext = last >= 0 && /[\p{Ps}\p{Pi}]$/u.test(pieces[last]!) && !/^\s+$/u.test(pieces[last]!);
        if (last >= 0 && (glue || opensNext) && !/^\s+$/u.test(pieces[last]!)) pieces[last] += segment;
        else pieces.push(segment);
      }
      // Each piece is measured once, alone (words do not join across a break opportunity).
      let line = '';
      let lineWidth = 0;
      const push = () => {
        lines.push(line.trim());
        line = '';
        lineWidth = 0;
      };
      for (const piece of pieces) {
        const space = /^\s+$/u.test(piece);
        const w = this.widthOf(piece, style, dir);
        if (!line.trim() || lineWidth + (space ? 0 : w) <= width) {
          line += piece;
          lineWidth += w;
        } else {
          push();
          if (!space) {
            line = piece;
            lineWidth = w;
          }
        }
        // A piece wider than a whole line (a hash, a long user agent): cut between characters.
        while (lineWidth > width && Array.from(this.graphemes.segment(line.trim())).length > 1) {
          let cut = '';
          let cutWidth = 0;
          for (const { segment } of this.graphemes.segment(line.trimStart())) {
            const sw = this.widthOf(segment, style, dir);
            if (cut && cutWidth + sw > width) break;
            cut += segment;
            cutWidth += sw;
          }
          const rest = line.trimStart().slice(cut.length);
          line = cut;
          push();
          line = rest;
          lineWidth = this.widthOf(rest, style, dir);
        }
      }
      lines.push(line.trim());
    }
    return lines;
  }

  /**
   * Draws one line (already wrapped) with its baseline at y: from x for a left-to-right line,
   * ending at x + width for a right-to-left one.
   */
  drawLine(page: PDFPage, text: string, x: number, y: number, width: number, style: TextStyle, dir: 'ltr' | 'rtl' = 'ltr'): void {
    const runs = this.shapeLine(text, dir, !!style.bold);
    const total = runs.reduce((w, r) => w + (r.advance * style.size) / r.face.fk.unitsPerEm, 0);
    let pen = dir === 'rtl' ? x + width - total : x;
    // The line's text as written, for copying and search: where glyphs are not in the text's order
    // (Devanagari's reordered vowel signs, Thai's split sara am, letters drawn with a separate mark),
    // readers take the marked content's ActualText instead.
    // Not for right-to-left text: readers (poppler, pdf.js) take glyphs as visual order and put
    // them back into reading order themselves, and they would turn an ActualText around as well.
    const span = !runs.some((r) => r.rtl);
    const actual = `<</ActualText ${PDFHexString.fromText(text).toString()}>>`; // an operand is written as given
    const ops: PDFOperator[] = span ? [PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), actual]), beginText()] : [beginText()];
    const keys = new Map<Face, PDFName>();
    for (const run of runs) {
      const scale = style.size / run.face.fk.unitsPerEm;
      let key = keys.get(run.face);
      if (!key) {
        key = page.node.newFontDictionary(run.face.pdf.name, run.face.pdf.ref);
        keys.set(run.face, key);
      }
      ops.push(setFontAndSize(key, style.size));
      // Glyphs that sit at their pen position go out together in one TJ, with the layout's
      // spacing (kerning) as adjustments; a glyph moved off it (a mark above or below) on its own.
      let chunk: PDFObject[] = [];
      const flush = () => {
        if (chunk.length) ops.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [this.doc.context.obj(chunk)]));
        chunk = [];
      };
      let expected = Number.NaN; // where the viewer puts the next glyph of the current TJ
      run.glyphs.forEach((glyph, i) => {
        const p = run.positions[i] as FkPosition;
        const gx = pen + p.xOffset * scale;
        const raised = p.yOffset !== 0;
        if (raised || !(Math.abs(gx - expected) < 1e-3)) {
          flush();
          ops.push(setTextMatrix(1, 0, 0, 1, round(gx), round(y + p.yOffset * scale)));
        }
        chunk.push(PDFHexString.of(this.glyphHex(run.face, glyph)));
        // The viewer advances by the glyph's own width; the difference to the layout's advance is
        // an adjustment in thousandths of the font size (positive moves back).
        const adjust = ((glyph.advanceWidth - p.xAdvance) * 1000) / run.face.fk.unitsPerEm;
        if (Math.abs(adjust) > 1e-3) chunk.push(PDFNumber.of(round(adjust)));
        expected = raised ? Number.NaN : gx + p.xAdvance * scale;
        if (raised) flush();
        pen += p.xAdvance * scale;
      });
      flush();
    }
    ops.push(endText());
    if (span) ops.push(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    page.pushOperators(...ops);
  }

  /** The glyph's code in the subset font (as pdf-lib's own encodeText does it, glyph by glyph). */
  private glyphHex(face: Face, glyph: FkGlyph): string {
    const e = face.embedder;
    const id = e.subset.includeGlyph(glyph);
    e.glyphs[id - 1] = glyph;
    e.glyphIdMap.set(glyph.id, id);
    e.glyphCache.invalidate();
    return id.toString(16).padStart(4, '0');
  }
}

/**
 * fontkit 1.x writes a TrueType subset's glyphs back to back, but a 'loca' table in its short form
 * (chosen when the subset is small) stores offsets halved: a glyph of odd length shifts every glyph
 * after it by a byte, and viewers then draw them blank or broken. Each glyph is padded here to a
 * multiple of 4 bytes, as the TrueType specification recommends (later fontkit versions do the same).
 */
function padGlyphsOf(subset: object): void {
  const proto = Object.getPrototypeOf(subset) as { _addGlyph?: (gid: number) => number; padded?: boolean };
  if (proto.padded || typeof proto._addGlyph !== 'function') return; // not a TrueType subset
  const addGlyph = proto._addGlyph;
  proto._addGlyph = function padded(this: { glyf: Uint8Array[]; offset: number }, gid: number) {
    const index = addGlyph.call(this, gid);
    const glyph = this.glyf[index] as Uint8Array;
    const pad = (4 - (glyph.length % 4)) % 4;
    if (pad) {
      // fontkit's own Buffer class (a bundled one), which its encoder accepts
      const bytes = (glyph.constructor as unknown as { alloc(size: number): Uint8Array }).alloc(glyph.length + pad);
      bytes.set(glyph);
      this.glyf[index] = bytes;
      this.offset += pad;
    }
    return index;
  };
  proto.padded = true;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
