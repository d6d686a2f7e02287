/*
 * The shape of an idempotency record (table idempotency_keys), below http/ and the modules: the
 * HTTP layer writes records on its own, and a module's one-statement write (the forex submit)
 * inserts one as a companion row of its ledger post - both from this one column list.
 */

/** The columns of an idempotency record (one list for both ways of recording). */
export const ANSWER_COLUMNS = ['user_id', 'key', 'route', 'request_hash', 'response'] as const;

/**
 * The idempotency record as a companion row of a one-statement ledger post: a plain INSERT, so a
 * key already taken fails the whole statement with a unique violation and nothing of the action
 * is written.
 */
export const ANSWER_RECORD = { table: 'idempotency_keys', columns: ANSWER_COLUMNS } as const;

/**
 * An idempotency record's values (ANSWER_COLUMNS order, the response as JSON text) as a row,
 * column -> value, with the response as the JSON value itself (for a batched insert from JSON).
 */
export function answerRow(values: readonly unknown[]): Record<string, unknown> {
  if (values.length !== ANSWER_COLUMNS.length) throw new Error(`an idempotency record has ${ANSWER_COLUMNS.length} values, got ${values.length}`);
  return Object.fromEntries(ANSWER_COLUMNS.map((c, i) => [c, c === 'response' ? JSON.parse(String(values[i])) : values[i]]));
}
