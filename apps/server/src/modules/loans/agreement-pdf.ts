import fs from 'node:fs/promises';
import path from 'node:path';
import { LANG_BCP47, LOAN_STATUS, isLang } from '@tp/contracts';
import { PDFDocument, StandardFonts, type PDFFont, type PDFImage } from 'pdf-lib';
import { wireDateTime } from '../../lib/time.js';
import { uploadsDir } from '../uploads/index.js';
import { renderAgreement } from './agreement.js';
import type { LoanRow } from './loans.repository.js';

/*
 * The signed agreement as a PDF (pdf-lib): the text as signed, the drawn signature, and the
 * evidence (time, IP, user agent, SHA-256 of the text). The PDF uses the standard Helvetica font,
 * which covers Latin-1 only: a text in another script (Chinese, Japanese, Korean, Thai, Arabic,
 * Russian, Hindi...) is printed in English instead, with a note; the text in the signed language
 * and its hash stay on record (loan_info, the console), and the hash printed is the signed text's.
 */

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const SIZE = 10;
const LEADING = 14;

function encodable(font: PDFFont, text: string): boolean {
  try {
    font.widthOfTextAtSize(text, SIZE); // measuring encodes every glyph: it throws on one the font lacks
    return true;
  } catch {
    return false;
  }
}

/** Words wrapped into lines that fit the page width. */
function wrap(font: PDFFont, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, SIZE) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

async function signatureImage(doc: PDFDocument, dataDir: string, storedName: string): Promise<PDFImage | null> {
  const bytes = await fs.readFile(path.join(uploadsDir(dataDir), storedName)).catch(() => null);
  if (!bytes) return null;
  if (storedName.endsWith('.png')) return doc.embedPng(bytes);
  if (storedName.endsWith('.jpg')) return doc.embedJpg(bytes);
  return null; // WebP: pdf-lib embeds PNG and JPEG only; the image stays in the record.
}

const STATUS_NAMES: Record<number, string> = {
  [LOAN_STATUS.waiting]: 'waiting for review',
  [LOAN_STATUS.repaying]: 'to repay',
  [LOAN_STATUS.rejected]: 'rejected',
  [LOAN_STATUS.repaymentReview]: 'repayment under review',
  [LOAN_STATUS.repaid]: 'repaid',
};

export async function agreementPdf(loan: LoanRow, dataDir: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Loan agreement #${loan.id}`);
  doc.setCreationDate(loan.signed_at);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;

  let body = loan.agreement_text;
  const notes: string[] = [];
  if (!encodable(font, body)) {
    const uidOnly = { borrower: `UID ${loan.uid}`, uid: loan.uid, currency: 'USDT' };
    body = renderAgreement('en', uidOnly, loan.amount, { loanPeriod: loan.loan_period, freePeriod: loan.free_period, interestRate: loan.interest_rate, penaltyRate: loan.penalty_rate }, loan.signed_at.getTime());
    // The language's English name (its own name may be in the very script the font lacks).
    const lang = loan.agreement_language;
    const language = (isLang(lang) && new Intl.DisplayNames(['en'], { type: 'language' }).of(LANG_BCP47[lang])) || lang;
    notes.push(`Note: this agreement was read and signed in ${language}. This PDF shows it in English because its font does not cover that script; the signed text is kept on record and its SHA-256 is given below.`);
  }

  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const line = (text: string, f: PDFFont = font) => {
    if (y < PAGE.margin + LEADING) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
    page.drawText(text, { x: PAGE.margin, y, size: SIZE, font: f });
    y -= LEADING;
  };
  for (const l of wrap(font, body, width)) line(l);
  y -= LEADING;
  for (const l of notes.flatMap((n) => wrap(font, n, width))) line(l);
  y -= LEADING / 2;
  line('Signature evidence', bold);
  const evidence = [
    `Loan #${loan.id}, status: ${STATUS_NAMES[loan.status] ?? String(loan.status)}`,
    `Signed at (UTC): ${wireDateTime(loan.signed_at)}`,
    `IP address: ${loan.signed_ip}`,
    `User agent: ${loan.signed_user_agent}`,
    `Agreement version ${loan.agreement_version}, language ${loan.agreement_language}`,
    `SHA-256 of the signed text: ${loan.agreement_hash}`,
  ].map((t) => (encodable(font, t) ? t : t.replace(/[^\x20-\x7e]/g, '?')));
  for (const l of evidence.flatMap((t) => wrap(font, t, width))) line(l);

  const image = await signatureImage(doc, dataDir, loan.sign_name);
  if (image) {
    const scaled = image.scaleToFit(220, 110);
    if (y - scaled.height < PAGE.margin) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
    line('Borrower signature:', bold);
    page.drawImage(image, { x: PAGE.margin, y: y - scaled.height + LEADING / 2, width: scaled.width, height: scaled.height });
  }
  return doc.save();
}
