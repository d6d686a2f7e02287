import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ErrorKey, SuccessKey } from '@tp/contracts';
import type { Transaction } from 'kysely';
import { preparedQuery, type DB, type Db, type Executor } from '../db/database.js';
import { currentUser } from './auth.js';
import { okEnvelope } from './envelope.js';
import { isRefusal, refuse } from './refusal.js';

/** What a money action answers when it succeeds: its data and the success message key. */
export interface ActionResult<T> {
  data: T;
  key: SuccessKey;
  /**
   * Runs once the action's transaction has committed with this request's answer (publish events
   * here, DESIGN 6). Not run when the request turned out to replay an earlier answer: its own
   * action was rolled back then.
   */
  afterCommit?: () => void;
}

type StoredAnswer = { ok: true; key: SuccessKey; data: unknown } | { ok: false; key: ErrorKey; vars: Record<string, string> };

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** The `Idempotency-Key` header, or undefined; a malformed one is refused rather than ignored. */
export function idempotencyKey(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return undefined;
  if (!KEY_PATTERN.test(value)) refuse('bad_request', { field: 'Idempotency-Key' });
  return value;
}

function requestHash(input: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(input ?? null)).digest('hex');
}

async function findKey(db: Executor, userId: number, key: string) {
  return db.selectFrom('idempotency_keys').select(['route', 'request_hash', 'response']).where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
}

/**
 * Records the answer under the key unless the key exists. Waits for a concurrent holder of the
 * same key to commit or roll back first (unique index), then answers whether this one was stored.
 */
const recordAnswerStatement = preparedQuery<{ key: string }>(
  'idempotency_record',
  `INSERT INTO idempotency_keys (user_id, key, route, request_hash, response) VALUES ($1, $2, $3, $4, $5)
   ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
);

async function recordAnswer(db: Executor, row: { user_id: number; key: string; route: string; request_hash: string; response: StoredAnswer }): Promise<boolean> {
  const { rows } = await db.executeQuery(recordAnswerStatement([row.user_id, row.key, row.route, row.request_hash, JSON.stringify(row.response)]));
  return rows.length > 0;
}

/** Thrown inside the action's transaction to roll it back: an earlier request with the key answered first. */
class KeyAlreadyAnswered extends Error {}

/**
 * Runs a money action in one database transaction, honouring `Idempotency-Key` (DESIGN 5): the
 * answer is recorded under the key as the last statement of the action's own transaction, so an
 * answer exists iff the action committed, and it costs one statement. The same key from the same
 * user gets the first answer again and never acts twice: a retry (or a concurrent request with
 * the key, which waits on the key's unique index until the first commits) finds the key taken,
 * rolls its own action back and answers the stored one. Recording last is deadlock-free: a
 * transaction holding an uncommitted key waits for nothing more. A refusal rolls its transaction
 * back (nothing happened) and is then stored on its own, so a retry gets the same refusal. The
 * same key on another route or with another body is refused.
 */
export async function runMoneyAction<T>(
  db: Db,
  req: FastifyRequest,
  route: string,
  input: unknown,
  action: (trx: Transaction<DB>) => Promise<ActionResult<T>>,
) {
  const key = idempotencyKey(req);
  if (key === undefined) {
    const result = await db.transaction().execute(action);
    result.afterCommit?.();
    return okEnvelope(req.lang, result.data, result.key);
  }
  const userId = currentUser(req).id;
  const hash = requestHash(input);

  const replay = async () => {
    const row = await findKey(db, userId, key);
    if (!row) throw new Error('idempotency key vanished');
    if (row.route !== route || row.request_hash !== hash) refuse('idempotency_conflict');
    const answer = row.response as StoredAnswer;
    if (!answer.ok) refuse(answer.key, answer.vars);
    return okEnvelope(req.lang, answer.data as T, answer.key);
  };

  let result: ActionResult<T>;
  try {
    result = await db.transaction().execute(async (trx) => {
      const acted = await action(trx);
      const answer: StoredAnswer = { ok: true, key: acted.key, data: acted.data };
      if (!(await recordAnswer(trx, { user_id: userId, key, route, request_hash: hash, response: answer }))) throw new KeyAlreadyAnswered();
      return acted;
    });
  } catch (err) {
    if (err instanceof KeyAlreadyAnswered) return replay();
    if (!isRefusal(err)) throw err;
    const stored = await recordAnswer(db, { user_id: userId, key, route, request_hash: hash, response: { ok: false, key: err.key, vars: err.vars } });
    if (!stored) return replay(); // a request with this key answered first: its answer stands
    throw err;
  }
  result.afterCommit?.();
  return okEnvelope(req.lang, result.data, result.key);
}
