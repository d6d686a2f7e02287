import { sql } from 'kysely';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { Decimal } from '@tp/domain';
import type { Executor } from '../../db/database.js';

/**
 * A user's ledger statement for a date range (UTC days, both included): every posting on each of
 * their accounts with the account's running balance (available plus held) after it, as CSV or PDF.
 * The opening balance of each account is the sum of its postings before the range, so the
 * statement is derived from the entries alone, like the ledger's own check.
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

const ACCOUNT_NAMES: Record<number, string> = { 1: 'wallet', 2: 'options', 3: 'contracts' };
/** A statement answers at most this many postings: a longer range is asked for in parts. */
export const STATEMENT_MAX_LINES = 5000;

/**
 * The statement's lines, or `'too_long'` when the range holds more than STATEMENT_MAX_LINES
 * postings: a statement is whole or refused, never silently cut short.
 */
export async function statementLines(db: Executor, userId: number, fromDay: string, toDay: string, maxLines = STATEMENT_MAX_LINES): Promise<StatementLine[] | 'too_long'> {
  const from = new Date(`${fromDay}T00:00:00Z`);
  const to = new Date(new Date(`${toDay}T00:00:00Z`).getTime() + 86_400_000);
  const { rows } = await sql<{ account_id: number; account_type: number; at: Date; kind: string; reference: string | null; bucket: string; amount: string }>`
    SELECT p.account_id, a.account_type, t.created_at AS at, t.kind, t.reference, p.bucket, p.amount::text AS amount
    FROM ledger_postings p
    JOIN ledger_transactions t ON t.id = p.transaction_id
    JOIN ledger_accounts a ON a.id = p.account_id
    WHERE a.user_id = ${userId} AND t.created_at >= ${from} AND t.created_at < ${to}
    ORDER BY t.created_at, p.id
    LIMIT ${maxLines + 1}
  `.execute(db);
  if (rows.length > maxLines) return 'too_long';
  // Each account's opening balance once: the sum of its postings before the range.
  const { rows: openings } = await sql<{ account_id: number; opening: string }>`
    SELECT q.account_id, coalesce(sum(q.amount), 0)::text AS opening
    FROM ledger_postings q
    JOIN ledger_transactions u ON u.id = q.transaction_id
    JOIN ledger_accounts a ON a.id = q.account_id
    WHERE a.user_id = ${userId} AND u.created_at < ${from}
    GROUP BY q.account_id
  `.execute(db);
  const running = new Map<number, Decimal>(openings.map((o) => [o.account_id, new Decimal(o.opening)]));
  return rows.map((r) => {
    const balance = (running.get(r.account_id) ?? new Decimal(0)).plus(new Decimal(r.amount));
    running.set(r.account_id, balance);
    return {
      at: r.at.toISOString(),
      account: ACCOUNT_NAMES[r.account_type] ?? String(r.account_type),
      kind: r.kind,
      reference: r.reference ?? '',
      bucket: r.bucket,
      amount: new Decimal(r.amount).toFixed(2),
      balance: balance.toFixed(2),
    };
  });
}

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
