import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ErrorKey, SuccessKey } from '@tp/contracts';
import type { Transaction } from 'kysely';
import type { DB, Db, Executor } from '../db/database.js';
import { currentUser } from './auth.js';
import { okEnvelope } from './envelope.js';
import { isRefusal, refuse } from './refusal.js';

/** What a money action answers when it succeeds: its data and the success message key. */
export interface ActionResult<T> {
  data: T;
  key: SuccessKey;
}

/** The first answer, kept per (user, key). A refusal keeps its key and vars; msg is re-localized on replay. */
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

/** Inserts the key unless it exists. Waits for a concurrent holder of the same key to finish first (unique index). */
async function claimKey(db: Executor, row: { user_id: number; key: string; route: string; request_hash: string; response: StoredAnswer }): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ ...row, response: JSON.stringify(row.response) })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

async function setAnswer(db: Executor, userId: number, key: string, answer: StoredAnswer): Promise<void> {
  await db.updateTable('idempotency_keys').set({ response: JSON.stringify(answer) }).where('user_id', '=', userId).where('key', '=', key).execute();
}

/**
 * Runs a money action in one database transaction, honouring `Idempotency-Key` (DESIGN 5): the
 * key is claimed and the answer stored in the action's own transaction, so an answer exists iff
 * the action committed. The same key from the same user gets the first answer again and never
 * acts twice; concurrent requests with one key serialize on the key's unique index. A refusal
 * rolls its transaction back (nothing happened) and is then stored on its own, so a retry gets
 * the same refusal. The same key on another route or with another body is refused.
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

  if (await findKey(db, userId, key)) return replay();

  let outcome: { replay: true } | { replay: false; result: ActionResult<T> };
  try {
    outcome = await db.transaction().execute(async (trx) => {
      const placeholder: StoredAnswer = { ok: false, key: 'server_error', vars: {} };
      if (!(await claimKey(trx, { user_id: userId, key, route, request_hash: hash, response: placeholder }))) return { replay: true } as const;
      const result = await action(trx);
      await setAnswer(trx, userId, key, { ok: true, key: result.key, data: result.data });
      return { replay: false, result } as const;
    });
  } catch (err) {
    if (!isRefusal(err)) throw err;
    const stored = await claimKey(db, { user_id: userId, key, route, request_hash: hash, response: { ok: false, key: err.key, vars: err.vars } });
    if (!stored) return replay(); // a concurrent request with this key got in first: its answer stands
    throw err;
  }
  if (outcome.replay) return replay();
  return okEnvelope(req.lang, outcome.result.data, outcome.result.key);
}
