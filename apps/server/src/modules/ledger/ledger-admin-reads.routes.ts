import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, type AdminStatementRow } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { requireUserForStaff } from '../../http/admin-user-lookup.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';

/**
 * A user's ledger statement for staff: every posting on the user's accounts, newest first, with
 * the balance of that account's bucket right after it. The balance is the running sum of the
 * bucket's postings in id order: an account starts at zero and changes only by postings, and
 * postings on one account are written under its row lock, so id order is the order they applied.
 */
export async function userStatement(db: Executor, userId: number, limit: number, offset: number): Promise<{ rows: AdminStatementRow[]; total: number }> {
  const { rows } = await sql<{
    posting_id: string;
    transaction_id: string;
    kind: string;
    memo: string;
    reference: string | null;
    account_type: number;
    bucket: string;
    amount: string;
    balance_after: string;
    created_at: Date;
    total: string;
  }>`
    WITH mine AS (
      SELECT p.id, p.transaction_id, p.account_id, p.bucket, p.amount,
        sum(p.amount) OVER (PARTITION BY p.account_id, p.bucket ORDER BY p.id) AS balance_after
      FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
      WHERE a.user_id = ${userId}
    )
    SELECT m.id::text AS posting_id, m.transaction_id::text AS transaction_id, t.kind, t.memo, t.reference,
      a.account_type, m.bucket, m.amount::text AS amount, m.balance_after::text AS balance_after, t.created_at,
      count(*) OVER ()::text AS total
    FROM mine m
    JOIN ledger_transactions t ON t.id = m.transaction_id
    JOIN ledger_accounts a ON a.id = m.account_id
    ORDER BY m.id DESC
    LIMIT ${limit} OFFSET ${offset}
  `.execute(db);
  const total = rows[0] ? Number(rows[0].total) : offset > 0 ? await countUserPostings(db, userId) : 0;
  return {
    total,
    rows: rows.map((r) => ({
      posting_id: r.posting_id,
      transaction_id: r.transaction_id,
      kind: r.kind,
      memo: r.memo,
      reference: r.reference,
      account_type_id: r.account_type,
      bucket: r.bucket,
      amount: r.amount,
      balance_after: r.balance_after,
      created_at: wireDateTime(r.created_at),
    })),
  };
}

/** The total when the asked page is past the end (the page query then has no row to carry it). */
async function countUserPostings(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('a.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const ledgerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.adminUsers.statement, async ({ req, params, input }) => {
    await requireUserForStaff(app.db, params.id);
    const { limit, offset } = pageWindow(input.page, input.per_page);
    const { rows, total } = await userStatement(app.db, params.id, limit, offset);
    return okEnvelope(req.lang, paged(rows, total, input.page, input.per_page));
  });
};
