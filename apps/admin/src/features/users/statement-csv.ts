import { endpoints, STATEMENT_MAX_PER_PAGE, type AdminStatementRow } from '@tp/contracts';
import { call } from '../../lib/api';

/**
 * A cell of the CSV. Quotes are doubled; a text cell that a spreadsheet would run as a formula
 * (starting with = + - @ or a tab) gets a leading apostrophe. Amounts are written as they are:
 * a minus sign there is a number, not a formula.
 */
export function csvCell(value: string | number | null, text = true): string {
  let s = value === null ? '' : String(value);
  if (text && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

export const STATEMENT_CSV_COLUMNS = ['time_utc', 'kind', 'memo', 'reference', 'account_type_id', 'bucket', 'amount', 'balance_after', 'transaction_id', 'posting_id'] as const;

export function statementCsv(rows: readonly AdminStatementRow[]): string {
  const lines = rows.map((r) =>
    [
      csvCell(r.created_at, false),
      csvCell(r.kind),
      csvCell(r.memo),
      csvCell(r.reference),
      csvCell(r.account_type_id, false),
      csvCell(r.bucket),
      csvCell(r.amount, false),
      csvCell(r.balance_after, false),
      csvCell(r.transaction_id, false),
      csvCell(r.posting_id, false),
    ].join(','),
  );
  return [STATEMENT_CSV_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}

/** Every posting of the user's statement, newest first, fetched in pages of the largest size the server allows. */
export async function fetchWholeStatement(userId: number, onProgress?: (done: number, total: number) => void): Promise<AdminStatementRow[]> {
  const rows: AdminStatementRow[] = [];
  for (let page = 1; ; page++) {
    const answer = await call(endpoints.adminUsers.statement, { page, per_page: STATEMENT_MAX_PER_PAGE }, { pathParams: { id: userId } });
    rows.push(...answer.data);
    onProgress?.(rows.length, answer.total);
    if (page >= answer.last_page || answer.data.length === 0) return rows;
  }
}

/** Hands the text to the browser as a download. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A byte-order mark so spreadsheet programs read the UTF-8 memos right.
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
