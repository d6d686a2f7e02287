import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
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

export async function recordLoginAttempt(db: Executor, realm: LoginRealm, account: string, ip: string, success: boolean): Promise<void> {
  await db.insertInto('login_attempts').values({ realm, account, ip, success }).execute();
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

/** True while the account is locked out. */
export async function isLockedOut(db: Executor, realm: LoginRealm, account: string, rule: LockoutRule): Promise<boolean> {
  return (await countRecentFailures(db, realm, account, rule.windowMs)) >= rule.limit;
}
