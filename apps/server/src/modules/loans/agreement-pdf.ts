import { LANG_BCP47, LOAN_STATUS, RTL_LANGS, isLang } from '@tp/contracts';
import { PDFDocument, type PDFImage, type PDFPage } from 'pdf-lib';
import { wireDateTime } from '../../lib/time.js';
import type { LoanRow } from './loans.repository.js';
import { PdfText, type TextStyle } from './pdf-text.js';

/*
 * The signed agreement as a PDF (pdf-lib): the text as signed, in the language and script it was
 * signed in, the drawn signature, and the evidence (time, IP, user agent, SHA-256 of the text).
 * The text is set in Noto fonts embedded as subsets (pdf-fonts.ts: one per script, read once per
 * document thread and kept in its memory) and shaped (pdf-text.ts: Arabic joined and right to left, Thai and Devanagari
 * marks and conjuncts placed by the fonts' OpenType tables); an Arabic agreement is right-aligned.
 * The evidence block is in English, as the record's fields are.
 *
 * Drawing is pure CPU work on plain data (tens to hundreds of milliseconds: fonts parsed, text
 * shaped, subsets built): it runs on a document thread (agreement-document.ts reads the loan and the signature
 * and hands them over), so this file reads no database and no upload.
 */

/** What the PDF shows of a loan. */
export type AgreementPdfLoan = Pick<LoanRow, 'id' | 'status' | 'signed_at' | 'signed_ip' | 'signed_user_agent' | 'agreement_version' | 'agreement_language' | 'agreement_text' | 'agreement_hash'>;

/** The drawn signature as stored, if pdf-lib can embed it (PNG or JPEG). */
export interface SignatureImage {
  type: 'png' | 'jpg';
  bytes: Uint8Array;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const BODY: TextStyle = { size: 10 };
const TITLE: TextStyle = { size: 13 };
const HEADING: TextStyle = { size: 10, bold: true };
const LEADING = 16;

function signatureImage(doc: PDFDocument, signature: SignatureImage | null): Promise<PDFImage> | null {
  if (!signature) return null;
  return signature.type === 'png' ? doc.embedPng(signature.bytes) : doc.embedJpg(signature.bytes);
}

const STATUS_NAMES: Record<number, string> = {
  [LOAN_STATUS.waiting]: 'waiting for review',
  [LOAN_STATUS.repaying]: 'to repay',
  [LOAN_STATUS.rejected]: 'rejected',
  [LOAN_STATUS.repaymentReview]: 'repayment under review',
  [LOAN_STATUS.repaid]: 'repaid',
};

export async function agreementPdf(loan: AgreementPdfLoan, signature: SignatureImage | null): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Loan agreement #${loan.id}`);
  doc.setCreationDate(loan.signed_at);
  const lang = isLang(loan.agreement_language) ? loan.agreement_language : null;
  doc.setLanguage(lang ? LANG_BCP47[lang] : 'en');
  const dir = lang && RTL_LANGS.includes(lang) ? 'rtl' : 'ltr';
  const width = PAGE.width - 2 * PAGE.margin;

  const evidence = [
    `Loan #${loan.id}, status: ${STATUS_NAMES[loan.status] ?? String(loan.status)}`,
    `Signed at (UTC): ${wireDateTime(loan.signed_at)}`,
    `IP address: ${loan.signed_ip}`,
    `User agent: ${loan.signed_user_agent}`,
    `Agreement version ${loan.agreement_version}, language ${loan.agreement_language}`,
    `SHA-256 of the signed text: ${loan.agreement_hash}`,
  ];
  const text = await PdfText.create(doc, lang, lang ? LANG_BCP47[lang] : 'en', [loan.agreement_text, ...evidence]);

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const room = (height: number) => {
    if (y - height < PAGE.margin) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  };
  const paragraph = (body: string, style: TextStyle, d: 'ltr' | 'rtl', leading = LEADING) => {
    for (const l of text.wrap(body, width, style, d)) {
      room(leading);
      y -= leading - LEADING / 2; // baseline: the line's height below the previous one
      text.drawLine(page, l, PAGE.margin, y, width, style, d);
      y -= LEADING / 2;
    }
  };
  const [title = '', ...rest] = loan.agreement_text.split('\n');
  paragraph(title, TITLE, dir, LEADING + 6);
  paragraph(rest.join('\n'), BODY, dir);
  y -= LEADING;
  paragraph('Signature evidence', HEADING, 'ltr');
  for (const t of evidence) paragraph(t, BODY, 'ltr');

  const image = await signatureImage(doc, signature);
  if (image) {
    const scaled = image.scaleToFit(220, 110);
    room(LEADING + scaled.height + 4);
    y -= LEADING / 2;
    paragraph('Borrower signature:', HEADING, 'ltr');
    page.drawImage(image, { x: PAGE.margin, y: y - scaled.height, width: scaled.width, height: scaled.height });
  }
  return doc.save();
}
