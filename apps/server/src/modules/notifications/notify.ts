import { sql } from 'kysely';
import type { NotificationKind, NotificationParams } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { EVENT_OUTBOX_CHANNEL } from '../../engine/event-outbox.js';

export interface NotificationRequest {
  userId: number;
  kind: NotificationKind;
  /** What the text needs (amounts as decimal strings, a symbol, an id); rendered when read. */
  params: NotificationParams;
  /** The web app's route that shows it, or null. */
  link: string | null;
}

/**
 * Asks for a notification to a user: an outbox event `notification.requested` written with the
 * caller's executor, so it exists exactly when the caller's change commits (pass the change's
 * transaction, or use it in the change's one statement). Storing, the live push and the e-mail
 * happen after commit in the event's consumer, off the caller's path: one insert here, no read.
 */
export async function notify(trx: Executor, n: NotificationRequest): Promise<void> {
  await notifyMany(trx, [n]);
}

/** Several at once, one statement (an engine batch closing many orders). */
export async function notifyMany(trx: Executor, list: readonly NotificationRequest[]): Promise<void> {
  if (list.length === 0) return;
  const rows = list.map((n) => JSON.stringify({ userId: n.userId, kind: n.kind, params: n.params, link: n.link }));
  await sql`
    WITH e AS (
      INSERT INTO event_outbox (name, payload)
      SELECT 'notification.requested', p::jsonb FROM unnest(${rows}::text[]) AS p
      RETURNING id
    )
    SELECT pg_notify(${EVENT_OUTBOX_CHANNEL}, max(e.id)::text) FROM e
  `.execute(trx);
}
