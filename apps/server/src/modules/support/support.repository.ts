import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** One query per function on the support chat's own tables (and the users it names, read-only). */

export const MESSAGE_COLUMNS = ['m.id', 'm.conversation_id', 'm.sender', 'm.body', 'm.image', 'm.client_id', 'm.read_at', 'm.created_at'] as const;
export interface MessageRow {
  id: number;
  conversation_id: number;
  sender: 'user' | 'staff';
  body: string;
  image: string | null;
  client_id: string;
  read_at: Date | null;
  created_at: Date;
}

export async function findConversationOfUser(db: Executor, userId: number) {
  return db.selectFrom('support_conversations').select(['id', 'user_id']).where('user_id', '=', userId).executeTakeFirst();
}

export async function findConversation(db: Executor, id: number) {
  return db.selectFrom('support_conversations').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
}

/**
 * The user's conversation, made on their first message, with its row locked until the transaction
 * ends: one user's sends run one after the other (the rate limit counts what is committed).
 */
export async function touchConversation(trx: Executor, userId: number): Promise<number> {
  const row = await trx
    .insertInto('support_conversations')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_message_at: sql<Date>`now()` }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The conversation's row locked and its time moved on (a staff reply). */
export async function touchConversationById(trx: Executor, id: number): Promise<void> {
  await trx.updateTable('support_conversations').set({ last_message_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

export async function insertMessage(
  trx: Executor,
  row: { conversation_id: number; sender: 'user' | 'staff'; admin_id: number | null; client_id: string; body: string; image: string | null },
): Promise<MessageRow | undefined> {
  return trx
    .insertInto('support_messages')
    .values(row)
    .onConflict((oc) => oc.columns(['conversation_id', 'sender', 'client_id']).doNothing())
    .returning(['id', 'conversation_id', 'sender', 'body', 'image', 'client_id', 'read_at', 'created_at'])
    .executeTakeFirst();
}

export async function findMessageByClientId(db: Executor, conversationId: number, sender: 'user' | 'staff', clientId: string): Promise<MessageRow | undefined> {
  return db
    .selectFrom('support_messages as m')
    .select(MESSAGE_COLUMNS)
    .where('m.conversation_id', '=', conversationId)
    .where('m.sender', '=', sender)
    .where('m.client_id', '=', clientId)
    .executeTakeFirst();
}

/** Messages of the sender in the conversation within the last minute (the per-user rate limit). */
export async function recentCount(db: Executor, conversationId: number, sender: 'user' | 'staff'): Promise<number> {
  const row = await db
    .selectFrom('support_messages')
    .select(sql<string>`count(*)`.as('n'))
    .where('conversation_id', '=', conversationId)
    .where('sender', '=', sender)
    .where('created_at', '>', sql<Date>`now() - interval '1 minute'`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of history, newest first, one more than asked (to tell whether older ones exist). */
export async function historyPage(db: Executor, conversationId: number, beforeId: number | undefined, limit: number): Promise<MessageRow[]> {
  let q = db.selectFrom('support_messages as m').select(MESSAGE_COLUMNS).where('m.conversation_id', '=', conversationId);
  if (beforeId !== undefined) q = q.where('m.id', '<', beforeId);
  return q.orderBy('m.id', 'desc').limit(limit + 1).execute();
}

/** Messages of `sender` the other side has not read. */
export async function unreadCount(db: Executor, conversationId: number, sender: 'user' | 'staff'): Promise<number> {
  const row = await db
    .selectFrom('support_messages')
    .select(sql<string>`count(*)`.as('n'))
    .where('conversation_id', '=', conversationId)
    .where('sender', '=', sender)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the sender's unread messages read; answers the newest id marked, if any. */
export async function markRead(trx: Executor, conversationId: number, sender: 'user' | 'staff'): Promise<number | undefined> {
  const rows = await trx
    .updateTable('support_messages')
    .set({ read_at: sql<Date>`now()` })
    .where('conversation_id', '=', conversationId)
    .where('sender', '=', sender)
    .where('read_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length === 0 ? undefined : Math.max(...rows.map((r) => r.id));
}

/** The staff inbox: conversations newest first with user, last message and staff-unread count. */
export async function inboxPage(db: Executor, search: string | undefined, limit: number, offset: number) {
  let base = db.selectFrom('support_conversations as c').innerJoin('users as u', 'u.id', 'c.user_id');
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    base = base.where((eb) => eb.or([eb('u.uid', '=', search), eb('u.email', 'ilike', like)]));
  }
  const [rows, total] = await Promise.all([
    base
      .select((eb) => [
        'c.id',
        'c.last_message_at',
        'u.id as user_id',
        'u.uid',
        'u.email',
        'u.is_demo',
        eb
          .selectFrom('support_messages as x')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('x.conversation_id', '=', 'c.id')
          .where('x.sender', '=', 'user')
          .where('x.read_at', 'is', null)
          .as('unread'),
      ])
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The newest message of each conversation. */
export async function lastMessages(db: Executor, conversationIds: readonly number[]): Promise<MessageRow[]> {
  if (conversationIds.length === 0) return [];
  return db
    .selectFrom('support_messages as m')
    .distinctOn('m.conversation_id')
    .select(MESSAGE_COLUMNS)
    .where('m.conversation_id', 'in', [...conversationIds])
    .orderBy('m.conversation_id')
    .orderBy('m.id', 'desc')
    .execute();
}

export async function conversationWithUser(db: Executor, id: number) {
  return db
    .selectFrom('support_conversations as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.last_message_at', 'u.id as user_id', 'u.uid', 'u.email', 'u.is_demo'])
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** Across all conversations: how many have unread user messages, and how many such messages. */
export async function staffUnread(db: Executor): Promise<{ conversations: number; messages: number }> {
  const row = await db
    .selectFrom('support_messages')
    .select([sql<string>`count(DISTINCT conversation_id)`.as('c'), sql<string>`count(*)`.as('m')])
    .where('sender', '=', 'user')
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { conversations: Number(row.c), messages: Number(row.m) };
}
