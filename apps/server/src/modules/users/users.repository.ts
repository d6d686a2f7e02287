import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account's e-mail (null for a demo account): where its withdrawal codes go. */
export async function accountEmail(db: Executor, id: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst();
  return row?.email ?? null;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserByDemoId(db: Executor, demoId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('demo_id', '=', demoId).executeTakeFirst();
}

/** The inviter a code names. A demo account invites no one (spec): its code is unknown here. */
export async function findUserIdByInviteCode(db: Executor, inviteCode: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where('invite_code', '=', inviteCode).where('is_demo', '=', false).executeTakeFirst();
  return row?.id;
}

export async function uidTaken(db: Executor, uid: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirst()) !== undefined;
}

export async function inviteCodeTaken(db: Executor, code: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('invite_code', '=', code).executeTakeFirst()) !== undefined;
}

export interface NewUser {
  uid: string;
  email: string | null;
  password_hash: string | null;
  invite_code: string;
  inviter_id: number | null;
  is_demo: boolean;
  demo_id: string | null;
  /** A demo account's address (its addressKey), for the per-address limit. */
  signup_ip?: string | null;
}

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

/** Inserts a demo user unless that demo_id exists (a concurrent first login); undefined then. */
export async function insertDemoUserIfAbsent(db: Executor, user: NewUser): Promise<UserRow | undefined> {
  return db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.column('demo_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Serialises the opening of demo accounts from one address (until the transaction ends), so
 * parallel requests cannot all count the same number and slip past the limit together.
 */
export async function lockDemoSignups(trx: Executor, ip: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`demo-signup:${ip}`}))`.execute(trx);
}

/** Demo accounts opened from `ip` within the last `windowMs`. */
export async function countRecentDemoSignups(db: Executor, ip: string, windowMs: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('is_demo', '=', true)
    .where('signup_ip', '=', ip)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${windowMs / 1000})`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}


/** A user's invite code and how many accounts name the user as their inviter (users_inviter_idx). */
export async function inviteStats(db: Executor, userId: number): Promise<{ invite_code: string; invited: number }> {
  const row = await db
    .selectFrom('users as u')
    .select(['u.invite_code', sql<string>`(SELECT count(*) FROM users i WHERE i.inviter_id = u.id)`.as('invited')])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  return { invite_code: row.invite_code, invited: Number(row.invited) };
}
