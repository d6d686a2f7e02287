import { sql, type Kysely } from 'kysely';

/**
 * Notifications (issue 43; decisions.md "Notifications and price alerts"), owned by the
 * notifications module.
 *
 * `notifications`: one row per `notification.requested` outbox event (`event_id` unique, so a
 * redelivered event stores nothing twice). Title and body are not stored: they are rendered from
 * `kind` and `params` in the reader's language when read. `in_app` keeps what the user's setting
 * said when it was stored: a row the user did not want in the app still exists for web push, which
 * refers to it by id, but the list and the unread count skip it.
 *
 * `notification_settings`: a row only for a kind the user changed; an absent row means the
 * defaults (in the app on for every kind, e-mail on for the money decisions, push off).
 *
 * `notification_readers`: the language a user last read their notifications in, for the texts
 * that leave without a request (the live push, e-mail, web push). No row: the default language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL,
      params jsonb NOT NULL DEFAULT '{}'::jsonb,
      link text,
      in_app boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz,
      event_id bigint NOT NULL UNIQUE
    )
  `.execute(db);
  // The list (newest first) and the unread count of one user.
  await sql`CREATE INDEX notifications_user_list ON notifications (user_id, id DESC) WHERE in_app`.execute(db);
  await sql`CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE in_app AND read_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE notification_settings (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL,
      in_app boolean NOT NULL,
      push boolean NOT NULL,
      email boolean NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, kind)
    )
  `.execute(db);
  await sql`
    CREATE TABLE notification_readers (
      user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      lang text NOT NULL
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS notification_readers`.execute(db);
  await sql`DROP TABLE IF EXISTS notification_settings`.execute(db);
  await sql`DROP TABLE IF EXISTS notifications`.execute(db);
}
