import crypto from 'node:crypto';
import { DEMO_START_BALANCE, type Session, type User } from '@tp/contracts';
import { accountsTotal, fixed, profitRatePercent } from '@tp/domain';
import type { Db, Executor } from '../../db/database.js';
import { pgErrorCode } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { utcDay, wireDateTime } from '../../lib/time.js';
import { Decimal } from '@tp/domain';
import {
  LEDGER_KINDS,
  SYSTEM_ACCOUNTS,
  TRADING_PROFIT_KINDS,
  baseCurrencyId,
  listUserAccounts,
  openUserAccounts,
  post,
  sumUserPostingsByKinds,
  systemAccountId,
  type Posting,
} from '../ledger/index.js';
import { WIRE_PLACES } from '../wallet/index.js';
import { markTrySucceeded, reserveLoginTry } from './login-lockout.js';
import * as sessions from './sessions.repository.js';
import type { SessionLifetime } from '../../http/session-lookup.js';
import * as repo from './users.repository.js';
import { hashToken, newToken } from '../../lib/tokens.js';

export function toUserDto(row: repo.UserRow): User {
  return {
    id: row.id,
    uid: row.uid,
    email: row.email,
    invite_code: row.invite_code,
    is_demo: row.is_demo ? 1 : 0,
    is_trader: row.is_trader ? 1 : 0,
    created_at: wireDateTime(row.created_at),
  };
}

async function newUid(db: Executor): Promise<string> {
  for (;;) {
    const uid = String(crypto.randomInt(10_000_000, 100_000_000));
    if (!(await repo.uidTaken(db, uid))) return uid;
  }
}

// No 0/O or 1/I: invite codes are read aloud and typed.
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
async function newInviteCode(db: Executor): Promise<string> {
  for (;;) {
    let code = '';
    for (let i = 0; i < 8; i++) code += INVITE_ALPHABET[crypto.randomInt(INVITE_ALPHABET.length)];
    if (!(await repo.inviteCodeTaken(db, code))) return code;
  }
}

async function startSession(trx: Executor, user: repo.UserRow, lifetime: SessionLifetime): Promise<Session> {
  const token = newToken();
  await sessions.insertSession(trx, user.id, hashToken(token), lifetime);
  return { token, user: toUserDto(user) };
}

export interface RegisterInput {
  account: string;
  password: string;
  re_password: string;
  invite_code?: string | undefined;
}

/** Refusals a registration can meet before its code is spent. Returns the inviter's id. */
export async function checkRegistration(db: Executor, input: RegisterInput): Promise<number | null> {
  if (!input.re_password) refuse('input_full');
  if (input.password !== input.re_password) refuse('password_not_equal');
  if (await repo.findUserByEmail(db, input.account)) refuse('account_exists');
  if (!input.invite_code) return null;
  const inviterId = await repo.findUserIdByInviteCode(db, input.invite_code);
  if (inviterId === undefined) refuse('invite_code_invalid');
  return inviterId;
}

/** Creates the user, its three accounts and a session in the caller's transaction. */
export async function registerUser(trx: Executor, input: RegisterInput & { inviterId: number | null }, lifetime: SessionLifetime): Promise<Session> {
  const passwordHash = await hashPassword(input.password);
  let user: repo.UserRow;
  try {
    user = await repo.insertUser(trx, {
      uid: await newUid(trx),
      email: input.account,
      password_hash: passwordHash,
      invite_code: await newInviteCode(trx),
      inviter_id: input.inviterId,
      is_demo: false,
      demo_id: null,
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') refuse('account_exists'); // a concurrent registration won
    throw err;
  }
  await openUserAccounts(trx, user.id);
  return startSession(trx, user, lifetime);
}

export interface LoginContext {
  ip: string;
  sessionLifetime: SessionLifetime;
  failLimit: number;
  failWindowMs: number;
}

/**
 * E-mail and password login. Wrong account or wrong password get the same answer (and take the
 * same time). Each account is throttled after `failLimit` failures in the window. Runs on the
 * database, not in one transaction: failed attempts must be recorded although the answer is a refusal.
 */
export async function login(db: Db, input: { account: string; password: string }, ctx: LoginContext): Promise<Session> {
  // The try is counted before the password is compared: a burst cannot outrun the lockout.
  const attempt = await reserveLoginTry(db, 'user', input.account, ctx.ip, { limit: ctx.failLimit, windowMs: ctx.failWindowMs });
  if (!attempt) refuse('too_many_requests');
  const user = await repo.findUserByEmail(db, input.account);
  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) refuse('invalid_credentials');
  await markTrySucceeded(db, attempt);
  if (user.status !== 1) refuse('account_disabled');
  return startSession(db, user, ctx.sessionLifetime);
}

/** Credits a new demo user's three accounts from the house, in one ledger transaction. */
async function fundDemo(trx: Executor, userId: number): Promise<void> {
  const currencyId = await baseCurrencyId(trx);
  const house = await systemAccountId(trx, SYSTEM_ACCOUNTS.houseDemoFunding, currencyId);
  const accounts = await listUserAccounts(trx, userId);
  const postings: Posting[] = accounts.map((a) => ({ accountId: a.id, bucket: 'available', amount: DEMO_START_BALANCE }));
  postings.push({ accountId: house, bucket: 'available', amount: new Decimal(DEMO_START_BALANCE).times(accounts.length).neg() });
  await post(trx, { kind: LEDGER_KINDS.demoFunding, memo: 'Demo account opening balance', reference: `user:${userId}`, postings });
}

/** Where a demo account is opened from, and how many one address may open per hour. */
export interface DemoSignup {
  ip: string;
  perIpPerHour: number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The demo account of a device id: created and funded on first use, the same one afterwards.
 * Logging into an existing demo account is free; opening a new one counts toward the address's
 * hourly limit (each comes with demo funding postings), checked under a per-address lock.
 */
export async function demoLogin(trx: Executor, demoId: string, signup: DemoSignup, lifetime: SessionLifetime): Promise<Session> {
  let user = await repo.findUserByDemoId(trx, demoId);
  if (!user) {
    await repo.lockDemoSignups(trx, signup.ip);
    // Another request may have opened this very account while we waited for the lock.
    user = await repo.findUserByDemoId(trx, demoId);
  }
  if (!user) {
    if ((await repo.countRecentDemoSignups(trx, signup.ip, HOUR_MS)) >= signup.perIpPerHour) refuse('demo_limit');
    const created = await repo.insertDemoUserIfAbsent(trx, {
      uid: await newUid(trx),
      email: null,
      password_hash: null,
      invite_code: await newInviteCode(trx),
      inviter_id: null,
      is_demo: true,
      demo_id: demoId,
      signup_ip: signup.ip,
    });
    if (created) {
      await openUserAccounts(trx, created.id);
      await fundDemo(trx, created.id);
      user = created;
    } else {
      user = await repo.findUserByDemoId(trx, demoId);
    }
  }
  if (!user) throw new Error('demo user vanished');
  if (user.status !== 1) refuse('account_disabled');
  return startSession(trx, user, lifetime);
}

export async function userInfo(db: Executor, userId: number): Promise<User> {
  const user = await repo.findUserById(db, userId);
  if (!user) refuse('not_logged_in');
  return toUserDto(user);
}

export async function changePassword(trx: Executor, userId: number, newPassword: string): Promise<void> {
  await repo.updatePasswordHash(trx, userId, await hashPassword(newPassword));
  // Every device must log in again with the new password.
  await sessions.revokeAllSessions(trx, userId);
}

export async function logout(trx: Executor, sessionId: number): Promise<void> {
  await sessions.revokeSession(trx, sessionId);
}

/** Today's (UTC) trading profit on the user's accounts and its percent of the day's starting assets. */
export async function todayProfits(db: Executor, userId: number, now: Date): Promise<{ today_profit: string; today_profit_rate: string }> {
  const { from, to } = utcDay(now);
  const profit = await sumUserPostingsByKinds(db, userId, TRADING_PROFIT_KINDS, from, to);
  const accounts = await listUserAccounts(db, userId);
  const total = accountsTotal(accounts.map((a) => ({ balance: a.balance, lockBalance: a.lock_balance })));
  return { today_profit: fixed(profit, WIRE_PLACES, 'down'), today_profit_rate: profitRatePercent(profit, total) };
}
