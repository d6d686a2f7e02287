import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { refuse } from './refusal.js';
import { findSessionUser, touchSession } from './session-lookup.js';
import { hashToken } from '../lib/tokens.js';

export interface AuthUser {
  id: number;
  sessionId: number;
  isDemo: boolean;
}

/** The token from `authorization`: raw, or `Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim().replace(/^Bearer\s+/i, '').trim();
  return value.length > 0 && value.length <= 200 ? value : undefined;
}

/**
 * Sessions this process marked used in the last minute: touchSession writes at most once a
 * minute anyway, so within that minute the round trip is skipped (one statement less on every
 * authenticated request). Bounded: cleared when it grows past TOUCHED_MAX.
 */
const touchedAt = new Map<string, number>();
const TOUCH_EVERY_MS = 60_000;
const TOUCHED_MAX = 100_000;

/** Resolves a token to its live session and active user, or undefined. */
export async function userForToken(db: Db, token: string | undefined): Promise<AuthUser | undefined> {
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  const row = await findSessionUser(db, tokenHash);
  if (!row) return undefined;
  const now = Date.now();
  if ((touchedAt.get(tokenHash) ?? 0) <= now - TOUCH_EVERY_MS) {
    await touchSession(db, row.session_id);
    if (touchedAt.size >= TOUCHED_MAX) touchedAt.clear();
    touchedAt.set(tokenHash, now);
  }
  return { id: row.user_id, sessionId: row.session_id, isDemo: row.is_demo };
}

/** preHandler: answers 999 unless a valid token is sent. Sets `req.user`. */
export async function requireUser(this: { db: Db }, req: FastifyRequest): Promise<void> {
  const user = await userForToken(this.db, tokenFromHeader(req.headers.authorization));
  if (!user) refuse('not_logged_in');
  req.user = user;
}

/**
 * preHandler for real-money features (deposit, withdraw, transfer, real-name, invite, password):
 * a demo account is refused with 'only_true_account'. Runs after requireUser.
 */
export async function requireRealAccount(req: FastifyRequest): Promise<void> {
  if (!req.user) refuse('not_logged_in');
  if (req.user.isDemo) refuse('only_true_account');
}

/** The authenticated user of a route guarded by requireUser. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) refuse('not_logged_in');
  return req.user;
}
