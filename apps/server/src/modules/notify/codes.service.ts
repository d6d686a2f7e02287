import crypto from 'node:crypto';
import type { Lang } from '@tp/contracts';
import type { Db, Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { text } from '../../http/messages/index.js';
import { sameDigest, sha256Hex } from '../../lib/tokens.js';
import * as repo from './codes.repository.js';
import type { OutboxMessage } from './outbox.js';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_RESEND_MS = 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const PURPOSE_NAMES: Record<number, string> = { 1: 'register', 2: 'forgot', 3: 'withdrawal' };
/** The mail of a withdrawal code says what it confirms: one not asked for is a warning to its owner. */
const WITHDRAWAL_PURPOSE = 3;

export type Channel = 'email' | 'sms';

function codeHash(purpose: number, address: string, code: string): string {
  // Bound to purpose and address so a code cannot be replayed elsewhere.
  return sha256Hex(`${purpose}:${address}:${code}`);
}

/**
 * Issues a 6-digit code for an address and purpose and returns the message to deliver (after
 * commit). Refuses 'code_too_soon' inside 60 s of the previous one. Run inside a transaction.
 */
export async function issueCode(trx: Executor, input: { channel: Channel; address: string; purpose: number; lang: Lang; now?: Date }): Promise<OutboxMessage> {
  const now = input.now ?? new Date();
  await repo.lockAddress(trx, input.address, input.purpose);
  const last = await repo.lastCodeCreatedAt(trx, input.address, input.purpose);
  if (last && now.getTime() - last.getTime() < CODE_RESEND_MS) refuse('code_too_soon');
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  await repo.insertCode(trx, {
    channel: input.channel,
    purpose: input.purpose,
    address: input.address,
    code_hash: codeHash(input.purpose, input.address, code),
    // Both times from one clock (this process), so the 60 s and 10 min rules agree with each other.
    created_at: now,
    expires_at: new Date(now.getTime() + CODE_TTL_MS),
  });
  return {
    channel: input.channel,
    to: input.address,
    type: PURPOSE_NAMES[input.purpose] ?? String(input.purpose),
    code,
    subject: text(input.lang, 'code_subject'),
    text: text(input.lang, input.purpose === WITHDRAWAL_PURPOSE ? 'withdraw_code_text' : 'code_text', { code }),
  };
}

/**
 * Checks and uses up a code: the newest for the address and purpose, unexpired, unused, with
 * fewer than 5 tries taken. Runs on the database itself, not the caller's transaction, so that a
 * try is counted even though the request is then refused (and rolled back).
 */
export async function consumeCode(db: Db, input: { address: string; purpose: number; code: string }): Promise<void> {
  // The try is taken (counted) in one statement before the code is compared, right or wrong: N
  // parallel guesses count N, and past the limit even the right code is refused.
  const row = await repo.takeCodeTry(db, input.address, input.purpose, CODE_MAX_ATTEMPTS);
  if (!row) refuse('code_invalid');
  if (!sameDigest(row.code_hash, codeHash(input.purpose, input.address, input.code))) refuse('code_invalid');
  if (!(await repo.markCodeUsed(db, row.id))) refuse('code_invalid');
}

/**
 * The first half of consumeCode, for an action that must use the code up in its own transaction:
 * a try is taken and the code compared (on the database itself, so a wrong try counts although
 * the request is then refused), and the live code's id is returned for useCheckedCode. Refuses
 * 'code_invalid'. Run it before the action's transaction, never inside one: it may wait for
 * another request's transaction that is using the same code.
 */
export async function checkCode(db: Db, input: { address: string; purpose: number; code: string }): Promise<number> {
  const row = await repo.takeCodeTry(db, input.address, input.purpose, CODE_MAX_ATTEMPTS);
  if (!row) refuse('code_invalid');
  if (!sameDigest(row.code_hash, codeHash(input.purpose, input.address, input.code))) refuse('code_invalid');
  return row.id;
}

/**
 * The second half: uses the checked code up inside the action's transaction, so the code is
 * spent if and only if the action commits. Two requests with one code: the second waits for the
 * first's transaction and is then refused 'code_invalid'.
 */
export async function useCheckedCode(trx: Executor, id: number): Promise<void> {
  if (!(await repo.markCodeUsed(trx, id))) refuse('code_invalid');
}
