import crypto from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'kysely';
import { CODE_PURPOSE, endpoints } from '@tp/contracts';
import { call, type Answer } from './http-helpers.js';
import { lastCode, type TestApp } from './test-app.js';
import { issueCode } from '../modules/notify/index.js';

/**
 * Withdrawal safety in tests: binding a method and withdrawing each need a code e-mailed to the
 * account (send_email type 3), and a method can be withdrawn to only after its waiting time.
 */

interface Account {
  token: string;
  email: string;
}

/** Dates the account's withdrawal codes a minute back, so the next send is not refused as too soon. */
async function ageWithdrawCodes(t: TestApp, account: Account): Promise<void> {
  await t.db
    .updateTable('verification_codes')
    .set({ created_at: sql`created_at - interval '61 seconds'` })
    .where('address', '=', account.email)
    .where('purpose', '=', CODE_PURPOSE.withdrawal)
    .execute();
}

/**
 * A fresh withdrawal code for the account, issued as send_email type 3 issues it (the endpoint
 * itself, its per-address minute and its per-IP limit are tested in withdrawals.test.ts: a suite
 * that binds and withdraws often would meet the 20 sends a minute of one test address). The
 * account's previous code is dated a minute back first, so a test need not wait out the 60 s.
 */
export async function withdrawCode(t: TestApp, account: Account): Promise<string> {
  await ageWithdrawCodes(t, account);
  const message = await t.db.transaction().execute((trx) => issueCode(trx, { channel: 'email', address: account.email, purpose: CODE_PURPOSE.withdrawal, lang: 'en' }));
  if (!message.code) throw new Error('no withdrawal code issued');
  return message.code;
}

/** A withdrawal code asked for through send_email type 3 and read from the outbox, as the user does. */
export async function withdrawCodeByMail(t: TestApp, account: Account): Promise<string> {
  await ageWithdrawCodes(t, account);
  const sent = await call(t.app, { method: 'POST', url: endpoints.notify.sendEmail.path, headers: { authorization: account.token }, payload: { type: CODE_PURPOSE.withdrawal } });
  expect(sent.body.code, sent.body.msg).toBe(1);
  return lastCode(t.dataDir, account.email);
}

/** Binds a method with a fresh code (the payload's own auth_code wins when it has one). */
export async function bindWithCode<T = { id: number }>(t: TestApp, account: Account, payload: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const auth_code = 'auth_code' in payload ? payload.auth_code : await withdrawCode(t, account);
  return call<T>(t.app, { method: 'POST', url: endpoints.withdrawals.bindMethod.path, headers: { authorization: account.token, ...headers }, payload: { ...payload, auth_code } });
}

/** Withdraws with a fresh code (the payload's own auth_code wins when it has one). */
export async function drawWithCode<T = { id: number }>(t: TestApp, account: Account, payload: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const auth_code = 'auth_code' in payload ? payload.auth_code : await withdrawCode(t, account);
  return call<T>(t.app, { method: 'POST', url: endpoints.withdrawals.draw.path, headers: { authorization: account.token, ...headers }, payload: { ...payload, auth_code } });
}

/** Dates a method's binding back past the longest waiting time staff can set (720 hours). */
export async function endWaitingTime(t: TestApp, methodId: number): Promise<void> {
  await sql`UPDATE withdraw_methods SET created_at = created_at - interval '721 hours' WHERE id = ${methodId}`.execute(t.db);
}

/** A bound method that can be withdrawn to at once: bound with its code, its waiting time over. */
export async function readyMethod(t: TestApp, account: Account, payload: Record<string, unknown>): Promise<number> {
  const bound = await bindWithCode(t, account, payload);
  expect(bound.body.code, bound.body.msg).toBe(1);
  await endWaitingTime(t, bound.body.data.id);
  return bound.body.data.id;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Check(payload: Uint8Array): string {
  const sum = crypto.createHash('sha256').update(crypto.createHash('sha256').update(payload).digest()).digest();
  const bytes = Buffer.concat([payload, sum.subarray(0, 4)]);
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** A well-formed Tron (TRC20) address, the same for the same name: tests bind distinct valid addresses. */
export function tronAddress(name: string): string {
  return base58Check(Buffer.concat([Buffer.from([0x41]), crypto.createHash('sha256').update(name).digest().subarray(0, 20)]));
}
