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

/** A live session as the token check reads it (http/session-lookup.ts, or a route's own read that checks it). */
export interface LiveSession {
  session_id: number;
  user_id: number;
  is_demo: boolean;
}

/** The user of a live session, which is marked used (at most once a minute). */
async function sessionUser(db: Db, tokenHash: string, row: LiveSession): Promise<AuthUser> {
  const now = Date.now();
  if ((touchedAt.get(tokenHash) ?? 0) <= now - TOUCH_EVERY_MS) {
    await touchSession(db, row.session_id);
    if (touchedAt.size >= TOUCHED_MAX) touchedAt.clear();
    touchedAt.set(tokenHash, now);
  }
  return { id: row.user_id, sessionId: row.session_id, isDemo: row.is_demo };
}

/** Resolves a token to its live session and active user, or undefined. */
export async function userForToken(db: Db, token: string | undefined): Promise<AuthUser | undefined> {
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  const row = await findSessionUser(db, tokenHash);
  return row ? sessionUser(db, tokenHash, row) : undefined;
}

/** preHandler: answers 999 unless a valid token is sent. Sets `req.user`. */
export async function requireUser(this: { db: Db }, req: FastifyRequest): Promise<void> {
  const user = await userForToken(this.db, tokenFromHeader(req.headers.authorization));
  if (!user) refuse('not_logged_in');
  req.user = user;
}

/*
 * The token check inside a route's own first read (endpoint.ts, `sessionInRead`): on the hottest
 * money path (the order submit) the check of the session and the route's read go to the database
 * as one statement instead of two in a row. The rule is the same - the session must be live and
 * its user active at that moment (a submit from the kept copy of that read checks it in its
 * write's statement instead, liveSessionHolds) - and so is what a caller without one learns: 999,
 * before anything about the input (error-handler.ts checks the session first when the input is
 * refused before the route's read).
 */

/** onRequest of a route that checks the session in its own read: no token at all is 999 at once. */
export async function requireToken(req: FastifyRequest): Promise<void> {
  if (!tokenFromHeader(req.headers.authorization)) refuse('not_logged_in');
}

/** The request's token, hashed as sessions keep it: the route's read looks the session up by it. */
export function requestTokenHash(req: FastifyRequest): string {
  const token = tokenFromHeader(req.headers.authorization);
  if (!token) refuse('not_logged_in');
  return hashToken(token);
}

/** Takes the session a route's read found for `tokenHash` (or 999 when it found none) as the request's user. */
export async function acceptSession(db: Db, req: FastifyRequest, tokenHash: string, row: LiveSession | undefined): Promise<AuthUser> {
  if (!row) refuse('not_logged_in');
  req.user = await sessionUser(db, tokenHash, row);
  return req.user;
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
