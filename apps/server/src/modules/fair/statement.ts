import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { StatementLine } from './statement-file.js';

/**
 * A user's ledger statement for a date range (UTC days, both included): every posting on each of
 * their accounts with the account's running balance (available plus held) after it, as CSV or PDF.
 * The opening balance of each account is the sum of its postings before the range, so the
 * statement is derived from the entries alone, like the ledger's own check. This file reads; the
 * file (CSV or PDF) is made on a document thread (statement-file.ts).
 */

export type { StatementLine } from './statement-file.js';

/** A statement answers at most this many postings: a longer range is asked for in parts. */
export const STATEMENT_MAX_LINES = 5000;

/** The lines of a statement as JSON text (an array of StatementLine), and how many there are. */
export interface StatementLinesJson {
  count: number;
  json: string;
}

/**
 * The statement's lines as JSON text, or `'too_long'` when the range holds more than
 * STATEMENT_MAX_LINES postings: a statement is whole or refused, never silently cut short.
 *
 * The database writes the lines whole: each account's running balance (its opening, the sum of its
 * postings before the range, plus its postings so far), the amounts rounded to cents, the times
 * in ISO form, all in one JSON value. So a year of postings costs the request thread, which also
 * runs the engine, one text column to read; the document thread parses it (statement-file.ts).
 */
export async function statementLinesJson(db: Executor, userId: number, fromDay: string, toDay: string, maxLines = STATEMENT_MAX_LINES): Promise<StatementLinesJson | 'too_long'> {
  const from = new Date(`${fromDay}T00:00:00Z`);
  const to = new Date(new Date(`${toDay}T00:00:00Z`).getTime() + 86_400_000);
  const { rows } = await sql<{ count: number; json: string }>`
    WITH range AS (
      SELECT p.id, p.account_id, a.account_type, t.created_at, t.kind, t.reference, p.bucket, p.amount
      FROM ledger_postings p
      JOIN ledger_transactions t ON t.id = p.transaction_id
      JOIN ledger_accounts a ON a.id = p.account_id
      WHERE a.user_id = ${userId} AND t.created_at >= ${from} AND t.created_at < ${to}
      ORDER BY t.created_at, p.id
      LIMIT ${maxLines + 1}
    ), opening AS (
      SELECT q.account_id, sum(q.amount) AS opening
      FROM ledger_postings q
      JOIN ledger_transactions u ON u.id = q.transaction_id
      JOIN ledger_accounts a ON a.id = q.account_id
      WHERE a.user_id = ${userId} AND u.created_at < ${from}
      GROUP BY q.account_id
    ), line AS (
      SELECT
        r.created_at,
        r.id,
        to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
        CASE r.account_type WHEN 1 THEN 'wallet' WHEN 2 THEN 'options' WHEN 3 THEN 'contracts' ELSE r.account_type::text END AS account,
        r.kind,
        coalesce(r.reference, '') AS reference,
        r.bucket,
        -- A debit of less than a cent keeps its sign (-0.00), as the ledger's amount does.
        CASE WHEN r.amount < 0 AND round(r.amount, 2) = 0 THEN '-0.00' ELSE r.amount::numeric(36, 2)::text END AS amount,
        (coalesce(o.opening, 0) + sum(r.amount) OVER (PARTITION BY r.account_id ORDER BY r.created_at, r.id ROWS UNBOUNDED PRECEDING))::numeric(36, 2)::text AS balance
      FROM range r
      LEFT JOIN opening o ON o.account_id = r.account_id
    )
    SELECT
      count(*)::int AS count,
      coalesce(json_agg(json_build_object('at', at, 'account', account, 'kind', kind, 'reference', reference, 'bucket', bucket, 'amount', amount, 'balance', balance) ORDER BY created_at, id), '[]')::text AS json
    FROM line
  `.execute(db);
  const found = rows[0] ?? { count: 0, json: '[]' };
  return found.count > maxLines ? 'too_long' : found;
}

/** The statement's lines (parsed here: for a caller that needs them as values, not a file). */
export async function statementLines(db: Executor, userId: number, fromDay: string, toDay: string, maxLines = STATEMENT_MAX_LINES): Promise<StatementLine[] | 'too_long'> {
  const found = await statementLinesJson(db, userId, fromDay, toDay, maxLines);
  return found === 'too_long' ? found : (JSON.parse(found.json) as StatementLine[]);
}
