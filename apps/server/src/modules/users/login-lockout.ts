import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import type { LoginRealm } from '../../db/schema.js';

/*
 * The per-account login lockout, one rule for users and staff: an account with `limit` failed
 * logins since its last success inside the window is refused until the window passes. Users and
 * staff are counted apart (realm): the same e-mail may be both.
 */

export interface LockoutRule {
  limit: number;
  windowMs: number;
}

/** Failed logins for an account since its last success, inside the window. */
export async function countRecentFailures(db: Executor, realm: LoginRealm, account: string, windowMs: number): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const row = await db
    .selectFrom('login_attempts')
    .select(sql<string>`count(*)`.as('n'))
    .where('realm', '=', realm)
    .where('account', '=', account)
    .where('success', '=', false)
    .where('created_at', '>', since)
    .where(({ eb, selectFrom }) =>
      eb(
        'created_at',
        '>',
        selectFrom('login_attempts')
          .select(sql<Date>`coalesce(max(created_at), '-infinity'::timestamptz)`.as('t'))
          .where('realm', '=', realm)
          .where('account', '=', account)
          .where('success', '=', true),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One reserved guess: recorded as failed until the secret proves right (markTrySucceeded). */
export interface LoginTry {
  id: number;
}

/**
 * Reserves one guess of an account BEFORE its secret (password, TOTP code) is compared: under a
 * per-account transaction lock, counts the failures since the last success in the window and,
 * under the limit, records this try as a failure at once. Undefined: the account is locked out,
 * and nothing is compared. N parallel tries therefore count N, and the (limit+1)-th is refused
 * whatever it holds; checking first and recording after the comparison let a burst of guesses
 * all be compared (and the right one among them reset the count).
 */
export async function reserveLoginTry(db: Db, realm: LoginRealm, account: string, ip: string, rule: LockoutRule): Promise<LoginTry | undefined> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`login:${realm}:${account}`}))`.execute(trx);
    if ((await countRecentFailures(trx, realm, account, rule.windowMs)) >= rule.limit) return undefined;
    // clock_timestamp(), not the transaction's start: tries are ordered as the lock admitted them.
    return trx.insertInto('login_attempts').values({ realm, account, ip, success: false, created_at: sql<Date>`clock_timestamp()` }).returning('id').executeTakeFirstOrThrow();
  });
}

/** The reserved try proved right: it is a success (failures before it no longer count). */
export async function markTrySucceeded(db: Executor, t: LoginTry): Promise<void> {
  await db.updateTable('login_attempts').set({ success: true }).where('id', '=', t.id).execute();
}
