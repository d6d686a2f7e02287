import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** Serializes code requests for one address and purpose (the 60 s resend rule). */
export async function lockAddress(db: Executor, address: string, purpose: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`code:${purpose}:${address}`}))`.execute(db);
}

export async function lastCodeCreatedAt(db: Executor, address: string, purpose: number): Promise<Date | undefined> {
  const row = await db
    .selectFrom('verification_codes')
    .select('created_at')
    .where('address', '=', address)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

export async function insertCode(
  db: Executor,
  row: { channel: string; purpose: number; address: string; code_hash: string; created_at: Date; expires_at: Date },
): Promise<void> {
  await db.insertInto('verification_codes').values(row).execute();
}

/**
 * Takes one try of the newest code for an address and purpose, if it is live (unused, unexpired,
 * fewer than `maxTries` taken): counted in the same statement that finds it, so concurrent tries
 * serialize on its row and each sees the count of the others.
 */
export async function takeCodeTry(db: Executor, address: string, purpose: number, maxTries: number): Promise<{ id: number; code_hash: string } | undefined> {
  return db
    .updateTable('verification_codes')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', (eb) =>
      eb.selectFrom('verification_codes').select('id').where('address', '=', address).where('purpose', '=', purpose).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1),
    )
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('attempts', '<', maxTries)
    .returning(['id', 'code_hash'])
    .executeTakeFirst();
}

/** Marks a code used; false when another request used it first. */
export async function markCodeUsed(db: Executor, id: number): Promise<boolean> {
  const row = await db
    .updateTable('verification_codes')
    .set({ used_at: sql`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCaptcha(db: Executor, row: { id: string; answer_hash: string; created_at: Date; expires_at: Date }): Promise<void> {
  await db.insertInto('captchas').values(row).execute();
}

/** Uses a captcha up (right or wrong answer: one try each) and returns it if it was live. */
export async function takeCaptcha(db: Executor, id: string) {
  return db
    .updateTable('captchas')
    .set({ used_at: sql`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['answer_hash'])
    .executeTakeFirst();
}
