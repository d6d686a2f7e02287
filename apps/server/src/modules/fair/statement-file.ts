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

/** RFC 4180 CSV; a cell that a spreadsheet would run as a formula is prefixed with a quote. */
export function statementCsv(lines: readonly StatementLine[]): string {
  const cell = (v: string) => {
    const safe = /^[=+\-@]/.test(v) && !/^-?\d/.test(v) ? `'${v}` : v;
    return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [COLUMNS.join(','), ...lines.map((l) => COLUMNS.map((c) => cell(l[c])).join(','))].join('\r\n') + '\r\n';
}

/** The same lines as a plain A4 PDF (Helvetica; every text here is ASCII). */
export async function statementPdf(lines: readonly StatementLine[], title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const size = 8;
  const x = [30, 130, 185, 290, 420, 460, 515];
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
  row(COLUMNS.map(String));
  for (const l of lines) row([l.at.slice(0, 19).replace('T', ' '), l.account, l.kind, l.reference, l.bucket, l.amount, l.balance]);
  return doc.save();
}

/** The file's bytes from the lines' JSON text (statement.ts statementLinesJson), as the document thread makes it. */
export async function statementFile(format: StatementFormat, linesJson: string, title: string): Promise<Uint8Array> {
  const lines = JSON.parse(linesJson) as StatementLine[];
  return format === 'csv' ? new TextEncoder().encode(statementCsv(lines)) : statementPdf(lines, title);
}
