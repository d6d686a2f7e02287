import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { liabilityLeaf, sumTreeLevels, sumTreePath, type SumStep } from '@tp/domain';
import type { FairLiabilityProof, FairLiabilityRoot } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { baseCurrencyId } from '../ledger/index.js';
import { paged, pageWindow } from '../../lib/paging.js';

/**
 * Proof of liabilities: once a day, a Merkle sum tree of what the platform owes each real user
 * (available plus held, over all their accounts in the base currency). Demo accounts hold play
 * money and owe nothing. Each leaf carries a random nonce so a published hash does not reveal a
 * balance; each user's path is stored with the leaf so the proof answers without rebuilding.
 */

export const DAY_MS = 24 * 3_600_000;

export function dayLabel(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Publishes the tree of `day`; a day already published is left as it was. Returns its root. */
export async function publishLiabilities(trx: Executor, day: string): Promise<FairLiabilityRoot | undefined> {
  const exists = await trx.selectFrom('fair_liability_roots').select('day').where(sql<boolean>`day = ${day}::date`).executeTakeFirst();
  if (exists) return undefined;
  const currencyId = await baseCurrencyId(trx);
  const { rows } = await sql<{ user_id: number; owed: string }>`
    SELECT a.user_id, sum(a.balance + a.lock_balance)::numeric(36, 2)::text AS owed
    FROM ledger_accounts a JOIN users u ON u.id = a.user_id
    WHERE a.user_id IS NOT NULL AND a.currency_id = ${currencyId} AND NOT u.is_demo
    GROUP BY a.user_id ORDER BY a.user_id
  `.execute(trx);
  const nonces = rows.map(() => randomBytes(16).toString('hex'));
  const leaves = rows.map((r, i) => liabilityLeaf(day, r.user_id, nonces[i]!, r.owed));
  const levels = sumTreeLevels(leaves);
  const root = levels[levels.length - 1]![0]!;
  const published = await trx
    .insertInto('fair_liability_roots')
    .values({ day, root: Buffer.from(root.hash, 'hex'), total: root.sum, users: rows.length })
    .returning(['published_at'])
    .executeTakeFirstOrThrow();
  for (let i = 0; i < rows.length; i += 2000) {
    await trx
      .insertInto('fair_liability_leaves')
      .values(
        rows.slice(i, i + 2000).map((r, j) => ({
          day,
          user_id: r.user_id,
          position: i + j,
          balance: leaves[i + j]!.sum,
          nonce: nonces[i + j]!,
          path: JSON.stringify(sumTreePath(levels, i + j)),
        })),
      )
      .execute();
  }
  return { day, root: root.hash, total: root.sum, users: rows.length, publishedAtMs: published.published_at.getTime() };
}

export async function listLiabilityRoots(db: Executor, page: number, perPage?: number) {
  const { limit, offset } = pageWindow(page, perPage);
  const [rows, count] = await Promise.all([
    db.selectFrom('fair_liability_roots').select([sql<string>`day::text`.as('day'), 'root', 'total', 'users', 'published_at']).orderBy('day', 'desc').limit(limit).offset(offset).execute(),
    db.selectFrom('fair_liability_roots').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const data: FairLiabilityRoot[] = rows.map((r) => ({ day: r.day, root: r.root.toString('hex'), total: r.total, users: r.users, publishedAtMs: r.published_at.getTime() }));
  return paged(data, Number(count.n), page, perPage);
}

/** The caller's proof in the newest published tree; null when none includes them. */
export async function liabilityProof(db: Executor, userId: number): Promise<FairLiabilityProof> {
  const row = await db
    .selectFrom('fair_liability_leaves as l')
    .innerJoin('fair_liability_roots as r', 'r.day', 'l.day')
    .select([sql<string>`l.day::text`.as('day'), 'l.balance', 'l.nonce', 'l.path', 'r.root', 'r.total'])
    .where('l.user_id', '=', userId)
    .orderBy('l.day', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return { day: row.day, userId, nonce: row.nonce, balance: row.balance, path: row.path as SumStep[], root: row.root.toString('hex'), total: row.total };
}
