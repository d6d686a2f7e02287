import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ErrorKey, SuccessKey } from '@tp/contracts';
import type { Transaction } from 'kysely';
import { pgErrorCode, preparedQuery, retryingConflicts, type DB, type Db, type Executor } from '../db/database.js';
import { ANSWER_COLUMNS } from '../db/idempotency-record.js';
import { groupTransactions } from '../db/group-transaction.js';
import { idempotentReplays } from '../lib/metrics.js';
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

export const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

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

/** The request's key, its route and body hash: what replays and records need. */
interface KeyedRequest {
  userId: number;
  key: string;
  route: string;
  hash: string;
}

/** The values of an idempotency record (db/idempotency-record.ts) for an answer. */
function answerValues(k: KeyedRequest, answer: StoredAnswer): unknown[] {
  return [k.userId, k.key, k.route, k.hash, JSON.stringify(answer)];
}

/**
 * Records the answer under the key unless the key exists. Waits for a concurrent holder of the
 * same key to commit or roll back first (unique index), then answers whether this one was stored.
 */
const recordAnswerStatement = preparedQuery<{ key: string }>(
  'idempotency_record',
  `INSERT INTO idempotency_keys (${ANSWER_COLUMNS.join(', ')}) VALUES (${ANSWER_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
   ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
);

async function recordAnswer(db: Executor, k: KeyedRequest, answer: StoredAnswer): Promise<boolean> {
  const { rows } = await db.executeQuery(recordAnswerStatement(answerValues(k, answer)));
  return rows.length > 0;
}

/** Thrown inside the action's transaction to roll it back: an earlier request with the key answered first. */
class KeyAlreadyAnswered extends Error {}

/** The earlier answer under the key, as this request's answer (or the conflict refusal). */
async function replay<T>(db: Db, req: FastifyRequest, k: KeyedRequest) {
  const row = await findKey(db, k.userId, k.key);
  if (!row) throw new Error('idempotency key vanished');
  idempotentReplays.inc({ scope: k.route });
  if (row.route !== k.route || row.request_hash !== k.hash) refuse('idempotency_conflict');
  const answer = row.response as StoredAnswer;
  if (!answer.ok) refuse(answer.key, answer.vars);
  return okEnvelope(req.lang, answer.data as T, answer.key);
}

/**
 * A refusal: nothing happened, and it is stored on its own so a retry gets the same refusal;
 * if a request with the key answered first, its answer stands.
 */
async function refusedOrReplayed<T>(db: Db, req: FastifyRequest, k: KeyedRequest, err: { key: ErrorKey; vars: Record<string, string> }) {
  const stored = await recordAnswer(db, k, { ok: false, key: err.key, vars: err.vars });
  if (!stored) return replay<T>(db, req, k);
  throw err;
}

function keyedRequest(req: FastifyRequest, route: string, input: unknown): KeyedRequest | undefined {
  const key = idempotencyKey(req);
  return key === undefined ? undefined : { userId: currentUser(req).id, key, route, hash: requestHash(input) };
}

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
 *
 * With `grouped`, the action's transaction is shared with the money actions that arrive while
 * others are being written (db/group-transaction.ts: one transaction per batch, a savepoint per
 * action, a refusal rolls back only its own action); everything above holds per action, and the
 * answer comes once the batch has committed.
 *
 * With `retryConflicts`, a transaction that PostgreSQL aborted as a deadlock victim or for a
 * serialization failure is run again from the start (it wrote nothing), up to that many times:
 * for actions that must lock in an order other work cannot always share (the demo reset locks
 * the user's accounts before the rows it ends; the engine locks rows before accounts).
 */
export async function runMoneyAction<T>(
  db: Db,
  req: FastifyRequest,
  route: string,
  input: unknown,
  action: (trx: Transaction<DB>) => Promise<ActionResult<T>>,
  opts: { grouped?: boolean; retryConflicts?: number } = {},
) {
  const transact = <R>(fn: (trx: Transaction<DB>) => Promise<R>): Promise<R> =>
    opts.grouped
      ? groupTransactions(db).run(fn, (err) => isRefusal(err) || err instanceof KeyAlreadyAnswered, req.user ? [req.user.id] : [])
      : retryingConflicts(() => db.transaction().execute(fn), opts.retryConflicts ?? 0);
  const keyed = keyedRequest(req, route, input);
  if (keyed === undefined) {
    const result = await transact(action);
    result.afterCommit?.();
    return okEnvelope(req.lang, result.data, result.key);
  }

  let result: ActionResult<T>;
  try {
    result = await transact(async (trx) => {
      const acted = await action(trx);
      const answer: StoredAnswer = { ok: true, key: acted.key, data: acted.data };
      if (!(await recordAnswer(trx, keyed, answer))) throw new KeyAlreadyAnswered();
      return acted;
    });
  } catch (err) {
    if (err instanceof KeyAlreadyAnswered) return replay<T>(db, req, keyed);
    if (!isRefusal(err)) throw err;
    return refusedOrReplayed<T>(db, req, keyed, err);
  }
  result.afterCommit?.();
  return okEnvelope(req.lang, result.data, result.key);
}

/** Gives the values of ANSWER_RECORD for the action's answer, which the action knows before it writes. */
export type AnswerRecorder = <T>(answer: { data: T; key: SuccessKey }) => unknown[];

function isKeyTaken(err: unknown): boolean {
  return pgErrorCode(err) === '23505' && typeof err === 'object' && err !== null && 'constraint' in err && err.constraint === 'idempotency_keys_pkey';
}

/**
 * runMoneyAction for an action whose whole write is ONE statement, with no transaction around it
 * (the forex order submit: its reads come first, then a single ledger post with its order row).
 * The action knows its answer before it writes and puts the idempotency record into that same
 * statement through `record` (given iff the request has an Idempotency-Key; using it is
 * mandatory then), so the action, its money and its answer commit together in one round trip. A
 * key already taken makes the statement fail whole (unique violation; a concurrent holder of the
 * key is waited for first) and the stored answer is replayed; a refusal is recorded as in
 * runMoneyAction.
 */
export async function runOneStatementMoneyAction<T>(
  db: Db,
  req: FastifyRequest,
  route: string,
  input: unknown,
  action: (record: AnswerRecorder | undefined) => Promise<ActionResult<T>>,
) {
  const keyed = keyedRequest(req, route, input);
  let recorded = false;
  const record: AnswerRecorder | undefined = keyed && ((answer) => {
    recorded = true;
    return answerValues(keyed, { ok: true, key: answer.key, data: answer.data });
  });
  let result: ActionResult<T>;
  try {
    result = await action(record);
  } catch (err) {
    if (keyed === undefined) throw err;
    if (isKeyTaken(err)) return replay<T>(db, req, keyed);
    if (!isRefusal(err)) throw err;
    return refusedOrReplayed<T>(db, req, keyed, err);
  }
  if (keyed !== undefined && !recorded) throw new Error(`${route} acted without recording its idempotent answer`);
  result.afterCommit?.();
  return okEnvelope(req.lang, result.data, result.key);
}
