import { sql, type Kysely } from 'kysely';

/**
 * A ledger reference names the business event that moved the money: `charge:<id>` (a deposit
 * approved), `withdrawal:<id>` (paid or released), `micro:<id>` (stake, settlement),
 * `forex_order:<id>` (open, close, cancel, negative balance protection), `user:<id>` (demo
 * funding). (kind, reference) is unique, so an event delivered or retried twice can never post
 * twice: the second insert fails and its whole transaction with it.
 *
 * Entries without a reference (a transfer, a withdrawal hold: user requests guarded by their
 * Idempotency-Key) are not constrained. Neither is demo_reset: resetting a demo account is a
 * request a user repeats at will, each one a new reset of the same account (`user:<id>`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNIQUE INDEX ledger_transactions_kind_reference_key ON ledger_transactions (kind, reference)
    WHERE reference IS NOT NULL AND kind <> 'demo_reset'
  `.execute(db);
}
