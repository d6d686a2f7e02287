import { sql, type Kysely } from 'kysely';

/**
 * The built-in support chat (issue 14, item 7): one conversation per user, its messages kept.
 *
 * - A message is written once per sender and `client_id` (the sender's own id of it): a retried
 *   send finds the stored message instead of adding a second one.
 * - `read_at` is set when the other side reads it; unread counts are counted from it (partial
 *   index), so no counter can drift from the messages.
 * - `body` is plain text (clients never render it as html); `image` is an upload url.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE support_conversations (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL UNIQUE REFERENCES users(id),
      last_message_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- the staff inbox: newest conversation first
    CREATE INDEX support_conversations_inbox_idx ON support_conversations (last_message_at DESC, id DESC);

    CREATE TABLE support_messages (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      conversation_id integer NOT NULL REFERENCES support_conversations(id),
      sender text NOT NULL CHECK (sender IN ('user', 'staff')),
      admin_id integer REFERENCES admins(id),
      client_id text NOT NULL CHECK (length(client_id) BETWEEN 8 AND 64),
      body text NOT NULL DEFAULT '' CHECK (length(body) <= 2000),
      image text CHECK (image IS NULL OR length(image) <= 300),
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (body <> '' OR image IS NOT NULL),
      CHECK ((sender = 'staff') = (admin_id IS NOT NULL)),
      UNIQUE (conversation_id, sender, client_id)
    );
    CREATE INDEX support_messages_history_idx ON support_messages (conversation_id, id DESC);
    CREATE INDEX support_messages_unread_idx ON support_messages (conversation_id, sender) WHERE read_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE support_messages;
    DROP TABLE support_conversations;
  `.execute(db);
}
