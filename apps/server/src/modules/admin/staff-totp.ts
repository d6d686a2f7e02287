import { authenticator } from 'otplib';
import type { Executor } from '../../db/database.js';
import { seal, unseal } from '../../lib/secret-box.js';
import * as repo from './admin.repository.js';

/*
 * The staff second factor: TOTP (RFC 6238) with otplib's authenticator - SHA-1, six digits, 30 s
 * steps, the parameters every authenticator app reads from an otpauth:// URI. One step of clock
 * skew either way is accepted, and a code's step is taken once (repo.advanceTotpStep).
 */

const STEP_SECONDS = 30;
/** The name the authenticator app shows next to the staff member's e-mail. */
const ISSUER = 'Trading platform admin';

/** A new secret (160 bits, as RFC 4226 recommends) and its URI for the authenticator app. */
export function newTotpSecret(key: Buffer, email: string): { secret: string; sealed: string; otpauthUri: string } {
  const secret = authenticator.generateSecret(20);
  return { secret, sealed: seal(key, secret), otpauthUri: authenticator.keyuri(email, ISSUER, secret) };
}

/** The time step a code belongs to (now, or one step either side), or null when it matches none. */
export function matchingStep(secret: string, code: string, nowMs: number): number | null {
  const delta = authenticator.clone({ window: 1, step: STEP_SECONDS, epoch: nowMs }).checkDelta(code, secret);
  return delta === null ? null : Math.floor(nowMs / 1000 / STEP_SECONDS) + delta;
}

/** Checks a code against the staff member's sealed secret and takes its step: false if wrong or used before. */
export async function consumeTotpCode(db: Executor, adminId: number, sealedSecret: string, code: string, key: Buffer, nowMs = Date.now()): Promise<boolean> {
  const step = matchingStep(unseal(key, sealedSecret), code, nowMs);
  return step !== null && (await repo.advanceTotpStep(db, adminId, step));
}
