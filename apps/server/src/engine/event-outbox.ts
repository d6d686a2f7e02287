import { sql, type Transaction } from 'kysely';
import type { OutboxEventName, OutboxEventPayload } from '@tp/contracts';
import type { DB, Executor } from '../db/database.js';

/** NOTIFY channel of the event outbox: the relay LISTENs on it to deliver at once after a commit. */
export const EVENT_OUTBOX_CHANNEL = 'tp_event_outbox';

/**
 * Writes an internal event into the event outbox inside the transaction of the change it
 * announces: it exists if and only if the change committed. The NOTIFY in the same statement is
 * delivered by PostgreSQL only on commit, waking the relay; the relay's poll is the safety net.
 * Takes a Transaction (not the pool) on purpose: an event written outside the change's
 * transaction could announce a change that then rolled back.
 */
export async function emitEvent<N extends OutboxEventName>(trx: Transaction<DB>, name: N, payload: OutboxEventPayload<N>): Promise<void> {
  await sql`
    WITH e AS (INSERT INTO event_outbox (name, payload) VALUES (${name}, ${JSON.stringify(payload)}::jsonb) RETURNING id)
    SELECT pg_notify(${EVENT_OUTBOX_CHANNEL}, e.id::text) FROM e
  `.execute(trx);
}

/**
 * Age in milliseconds of the oldest event not yet delivered to all its consumers (database clock),
 * or null when none waits: the delivery lag /healthz reports.
 */
export async function eventDeliveryLagMs(db: Executor): Promise<number | null> {
  const { rows } = await sql<{ lag: string | null }>`
    SELECT (extract(epoch FROM now() - min(created_at)) * 1000)::bigint::text AS lag FROM event_outbox WHERE done_at IS NULL
  `.execute(db);
  const lag = rows[0]?.lag;
  return lag === null || lag === undefined ? null : Math.max(0, Number(lag));
}
