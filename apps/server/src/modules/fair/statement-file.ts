import { PDFDocument, StandardFonts } from 'pdf-lib';

/*
 * The statement as a file, CSV or PDF, from its lines as the database wrote them (statement.ts).
 * Pure CPU work on plain data: it runs on a document thread (http/documents.ts), so the request
 * thread, which also runs the engine, neither parses a year of lines nor draws them. This file
 * imports nothing but pdf-lib.
 */

export interface StatementLine {
  at: string;
  account: string;
  kind: string;
  reference: string;
  bucket: string;
  amount: string;
  balance: string;
}

export type StatementFormat = 'csv' | 'pdf';

const COLUMNS: (keyof StatementLine)[] = ['at', 'account', 'kind', 'reference', 'bucket', 'amount', 'balance'];
/**
 * The statement's times are UTC (its days are UTC days too): a time standing alone in a document
 * names its zone (decisions.md, "Times on screens"), so the time column says so, and so does each
 * time in the PDF. The CSV keeps ISO 8601 with its "Z" for the programs that read it.
 */
const HEADINGS: Record<keyof StatementLine, string> = { at: 'at (UTC)', account: 'account', kind: 'kind', reference: 'reference', bucket: 'bucket', amount: 'amount', balance: 'balance' };
const headings = COLUMNS.map((c) => HEADINGS[c]);

/** A line's time as the PDF writes it: "2026-11-24 08:07:30 UTC". */
export function pdfTime(at: string): string {
  return `${at.slice(0, 19).replace('T', ' ')} UTC`;
}

/** RFC 4180 CSV; a cell that a spreadsheet would run as a formula is prefixed with a quote. */
export function statementCsv(lines: readonly StatementLine[]): string {
  const cell = (v: string) => {
    const safe = /^[=+\-@]/.test(v) && !/^-?\d/.test(v) ? `'${v}` : v;
    return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [headings.join(','), ...lines.map((l) => COLUMNS.map((c) => cell(l[c])).join(','))].join('\r\n') + '\r\n';
}

/** The same lines as a plain A4 PDF (Helvetica; every text here is ASCII). */
export async function statementPdf(lines: readonly StatementLine[], title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const size = 8;
  // The time column is wide enough for "2026-11-24 08:07:30 UTC" at this size (about 93 pt).
  const x = [30, 136, 184, 288, 420, 460, 515];
  let page = doc.addPage([595, 842]);
  let y = 800;
  const row = (cells: string[]) => {
    if (y < 40) {
      page = doc.addPage([595, 842]);
      y = 800;
    }
    cells.forEach((c, i) => page.drawText(c.slice(0, i === 3 ? 26 : 24), { x: x[i]!, y, size, font }));
    y -= 12;
  };
  page.drawText(title, { x: 30, y: 815, size: 11, font });
  row(headings);
  for (const l of lines) row([pdfTime(l.at), l.account, l.kind, l.reference, l.bucket, l.amount, l.balance]);
  return doc.save();
}

/** The file's bytes from the lines' JSON text (statement.ts statementLinesJson), as the document thread makes it. */
export async function statementFile(format: StatementFormat, linesJson: string, title: string): Promise<Uint8Array> {
  const lines = JSON.parse(linesJson) as StatementLine[];
  return format === 'csv' ? new TextEncoder().encode(statementCsv(lines)) : statementPdf(lines, title);
}
