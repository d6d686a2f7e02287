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
