import { sql } from 'kysely';
import { Decimal } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import * as repo from './ledger.repository.js';
import { InsufficientFundsError, LedgerError, type PostInput } from './ledger.service.js';

const MAX_ABS = new Decimal('1e18');

/**
 * Many ledger transactions at once, each still its own zero-sum transaction with its own kind,
 * memo and reference (so every order keeps its own entry), written with set-based statements: one
 * lock query, one projection update, one insert of transactions and one of postings, however many
 * there are. For engines that settle thousands of orders on one tick (option expiry); post() stays
 * the way for one business change.
 *
 * Same guarantees as post(): runs inside the caller's transaction, locks the accounts in ascending
 * id order, and refuses a user account going below zero at any point in the sequence (checked
 * transaction by transaction, in order, before anything is written). Returns the transaction ids
 * in input order.
 */
export async function postBatch(trx: Executor, inputs: readonly PostInput[]): Promise<string[]> {
  if (!trx.isTransaction) throw new LedgerError('postBatch() must run inside a database transaction');
  if (inputs.length === 0) return [];
  const parsed = inputs.map((input) => {
    if (input.postings.length < 2) throw new LedgerError('a ledger transaction needs at least two postings');
    return input.postings.map((p) => {
      const amount = new Decimal(p.amount.toString());
      if (!amount.isFinite() || amount.abs().gte(MAX_ABS) || amount.decimalPlaces() > 18) {
        throw new LedgerError(`posting amount out of range: ${String(p.amount)}`);
      }
      if (p.bucket !== 'available' && p.bucket !== 'held') throw new LedgerError(`unknown bucket ${String(p.bucket)}`);
      return { accountId: p.accountId, bucket: p.bucket, amount };
    });
  });

  const ids = [...new Set(parsed.flatMap((ps) => ps.map((p) => p.accountId)))].sort((a, b) => a - b);
  const accounts = await repo.lockAccounts(trx, ids);
  if (accounts.length !== ids.length) throw new LedgerError('posting to an unknown ledger account');
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const running = new Map(accounts.map((a) => [a.id, { available: new Decimal(a.balance), held: new Decimal(a.lock_balance) }]));

  for (const postings of parsed) {
    const sumByCurrency = new Map<number, Decimal>();
    for (const p of postings) {
      const currency = byId.get(p.accountId)!.currency_id;
      sumByCurrency.set(currency, (sumByCurrency.get(currency) ?? new Decimal(0)).plus(p.amount));
      const r = running.get(p.accountId)!;
      r[p.bucket] = r[p.bucket].plus(p.amount);
    }
    for (const [currencyId, total] of sumByCurrency) {
      if (!total.isZero()) throw new LedgerError(`postings do not sum to zero in currency ${currencyId}: ${total.toFixed()}`);
    }
    for (const p of postings) {
      const account = byId.get(p.accountId)!;
      const r = running.get(p.accountId)!;
      if (account.user_id !== null && r[p.bucket].isNegative()) throw new InsufficientFundsError(p.accountId, p.bucket);
    }
  }

  const changed = accounts.filter((a) => {
    const r = running.get(a.id)!;
    return !r.available.eq(a.balance) || !r.held.eq(a.lock_balance);
  });
  if (changed.length > 0) {
    const deltaAvailable = changed.map((a) => running.get(a.id)!.available.minus(a.balance).toFixed());
    const deltaHeld = changed.map((a) => running.get(a.id)!.held.minus(a.lock_balance).toFixed());
    await sql`
      UPDATE ledger_accounts a
      SET balance = a.balance + d.available, lock_balance = a.lock_balance + d.held
      FROM unnest(${changed.map((a) => a.id)}::int[], ${deltaAvailable}::numeric[], ${deltaHeld}::numeric[]) AS d(id, available, held)
      WHERE a.id = d.id
    `.execute(trx);
  }

  // Ids are drawn from the identity's sequence first, so each posting knows its transaction
  // without relying on the order RETURNING happens to answer in.
  const { rows: idRows } = await sql<{ id: string }>`
    SELECT nextval(pg_get_serial_sequence('ledger_transactions', 'id'))::text AS id FROM generate_series(1, ${inputs.length}::int)
  `.execute(trx);
  const txIds = idRows.map((r) => r.id);
  await sql`
    INSERT INTO ledger_transactions (id, kind, memo, reference) OVERRIDING SYSTEM VALUE
    SELECT * FROM unnest(${txIds}::bigint[], ${inputs.map((i) => i.kind)}::text[], ${inputs.map((i) => i.memo ?? '')}::text[], ${inputs.map((i) => i.reference ?? null)}::text[])
  `.execute(trx);
  const postingTx: string[] = [];
  const postingAccount: number[] = [];
  const postingBucket: string[] = [];
  const postingAmount: string[] = [];
  parsed.forEach((postings, i) => {
    for (const p of postings) {
      postingTx.push(txIds[i]!);
      postingAccount.push(p.accountId);
      postingBucket.push(p.bucket);
      postingAmount.push(p.amount.toFixed());
    }
  });
  await sql`
    INSERT INTO ledger_postings (transaction_id, account_id, bucket, amount)
    SELECT * FROM unnest(${postingTx}::bigint[], ${postingAccount}::int[], ${postingBucket}::text[], ${postingAmount}::numeric[])
  `.execute(trx);
  return txIds;
}
