import { sql, type Kysely } from 'kysely';

/**
 * The event outbox and the scheduler's run rows.
 *
 * `event_outbox`: internal events that must not be lost, inserted in the same transaction as the
 * change they announce (so a rolled-back change never announces anything), delivered after commit
 * by the relay on the engine leader. `done_at` is set once every consumer has it; the partial index
 * keeps the relay's and /healthz's look at the undelivered ones cheap however long the table is.
 * `event_deliveries` records each consumer's delivery (and failures) per event, so a retry after a
 * failure or a restart skips the consumers that already have it.
 *
 * `scheduled_runs`: one row per (job, period start), written in the transaction that holds the
 * job's lock while it runs - the primary key is what makes a period run once however many nodes
 * and restarts there are.
 *
 * Not to be confused with the e-mail/SMS outbox of notify (files on disk).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE event_outbox (
      id bigserial PRIMARY KEY,
      name text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      retry_at timestamptz,
      done_at timestamptz
    )
  `.execute(db);
  await sql`CREATE INDEX event_outbox_pending ON event_outbox (id) WHERE done_at IS NULL`.execute(db);
  await sql`CREATE INDEX event_outbox_done ON event_outbox (done_at) WHERE done_at IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE event_deliveries (
      event_id bigint NOT NULL REFERENCES event_outbox (id) ON DELETE CASCADE,
      consumer text NOT NULL,
      delivered_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      PRIMARY KEY (event_id, consumer)
    )
  `.execute(db);
  await sql`
    CREATE TABLE scheduled_runs (
      job text NOT NULL,
      period_start timestamptz NOT NULL,
      started_at timestamptz NOT NULL,
      finished_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (job, period_start)
    )
  `.execute(db);
}
