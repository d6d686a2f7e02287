import { sql, type Kysely } from 'kysely';

/**
 * `push_subscriptions`: the devices each user turned Web Push on for (the web-push module owns
 * it). `endpoint` is the push service's URL of one browser subscription, unique: one device
 * belongs to the account that subscribed it last. `p256dh` and `auth` are the browser's keys a
 * push is encrypted for (RFC 8291). A subscription the push service answers 404 or 410 for has
 * expired and is deleted; `last_used_at` is the last accepted push.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE push_subscriptions (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      endpoint text NOT NULL UNIQUE,
      p256dh text NOT NULL,
      auth text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    )
  `.execute(db);
  await sql`CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS push_subscriptions`.execute(db);
}
