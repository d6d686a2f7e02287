import { SUPPORT_MESSAGES_PER_MINUTE, SUPPORT_PAGE_SIZE, type SupportConversation, type SupportHistory, type SupportMessage } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { paged } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';
import { writeAudit } from '../audit/index.js';
import { notify, SUPPORT_PREVIEW_CHARS } from '../notifications/index.js';
import { ownUploadId } from '../uploads/index.js';
import * as repo from './support.repository.js';

export interface MessageInput {
  client_id: string;
  text?: string | undefined;
  image?: string | undefined;
}

/** A stored message and whether this call wrote it (a replayed client_id did not). */
export interface Sent {
  message: SupportMessage;
  conversationId: number;
  userId: number;
  created: boolean;
}

export const INBOX_PAGE_SIZE = 20;

export function toMessage(row: repo.MessageRow): SupportMessage {
  return {
    id: row.id,
    from: row.sender,
    text: row.body,
    image: row.image,
    client_id: row.client_id,
    read_at: row.read_at ? wireDateTime(row.read_at) : null,
    created_at: wireDateTime(row.created_at),
  };
}

function checkContent(input: MessageInput): void {
  if (!input.text && !input.image) refuse('bad_request', { field: 'text' });
}

/** A user's message: their conversation made on the first one; a replayed client_id answers the stored message. */
export async function sendAsUser(trx: Executor, userId: number, input: MessageInput): Promise<Sent> {
  checkContent(input);
  const conversationId = await repo.touchConversation(trx, userId);
  const existing = await repo.findMessageByClientId(trx, conversationId, 'user', input.client_id);
  if (existing) return { message: toMessage(existing), conversationId, userId, created: false };
  if ((await repo.recentCount(trx, conversationId, 'user')) >= SUPPORT_MESSAGES_PER_MINUTE) refuse('too_many_requests');
  // An image must be the user's own upload (another user's url is refused like a made-up one).
  if (input.image) await ownUploadId(trx, userId, input.image);
  const row = await repo.insertMessage(trx, { conversation_id: conversationId, sender: 'user', admin_id: null, client_id: input.client_id, body: input.text ?? '', image: input.image ?? null });
  if (!row) refuse('server_error');
  return { message: toMessage(row), conversationId, userId, created: true };
}

/**
 * A staff reply, audited (one entry per reply: who wrote what to whom). The image must be an
 * upload stored for the conversation's user (the staff image endpoint stores it so), which is what
 * lets the user read it with their own token.
 */
export async function replyAsStaff(trx: Executor, adminId: number, conversationId: number, input: MessageInput): Promise<Sent> {
  checkContent(input);
  const conversation = await repo.findConversation(trx, conversationId);
  if (!conversation) refuse('not_found');
  await repo.touchConversationById(trx, conversationId);
  const existing = await repo.findMessageByClientId(trx, conversationId, 'staff', input.client_id);
  if (existing) return { message: toMessage(existing), conversationId, userId: conversation.user_id, created: false };
  if (input.image) await ownUploadId(trx, conversation.user_id, input.image);
  const row = await repo.insertMessage(trx, { conversation_id: conversationId, sender: 'staff', admin_id: adminId, client_id: input.client_id, body: input.text ?? '', image: input.image ?? null });
  if (!row) refuse('server_error');
  await writeAudit(trx, {
    adminId,
    action: 'support.reply',
    target: `support_conversation:${conversationId}`,
    detail: { message_id: row.id, user_id: conversation.user_id, chars: row.body.length, image: row.image },
  });
  // The body quotes the start of the reply (an image alone: its own sentence).
  await notify(trx, { userId: conversation.user_id, kind: 'support_reply', params: { text: [...row.body].slice(0, SUPPORT_PREVIEW_CHARS).join('') }, link: '/mine/chat' });
  return { message: toMessage(row), conversationId, userId: conversation.user_id, created: true };
}

async function history(db: Executor, conversationId: number | undefined, beforeId: number | undefined, unreadOf: 'user' | 'staff'): Promise<SupportHistory> {
  if (conversationId === undefined) return { messages: [], has_more: false, unread: 0 };
  const rows = await repo.historyPage(db, conversationId, beforeId, SUPPORT_PAGE_SIZE);
  return {
    messages: rows.slice(0, SUPPORT_PAGE_SIZE).map(toMessage),
    has_more: rows.length > SUPPORT_PAGE_SIZE,
    unread: await repo.unreadCount(db, conversationId, unreadOf),
  };
}

/** The user's own history (nothing before their first message). */
export async function userHistory(db: Executor, userId: number, beforeId: number | undefined): Promise<SupportHistory> {
  const conversation = await repo.findConversationOfUser(db, userId);
  return history(db, conversation?.id, beforeId, 'staff');
}

export async function userUnread(db: Executor, userId: number): Promise<number> {
  const conversation = await repo.findConversationOfUser(db, userId);
  return conversation ? repo.unreadCount(db, conversation.id, 'staff') : 0;
}

/** The user read staff's messages: answers the newest id marked (to tell staff), if any. */
export async function userRead(trx: Executor, userId: number): Promise<{ conversationId: number; upToId: number } | undefined> {
  const conversation = await repo.findConversationOfUser(trx, userId);
  if (!conversation) return undefined;
  const upToId = await repo.markRead(trx, conversation.id, 'staff');
  return upToId === undefined ? undefined : { conversationId: conversation.id, upToId };
}

export async function staffRead(trx: Executor, conversationId: number): Promise<{ userId: number; upToId: number | undefined }> {
  const conversation = await repo.findConversation(trx, conversationId);
  if (!conversation) refuse('not_found');
  return { userId: conversation.user_id, upToId: await repo.markRead(trx, conversationId, 'user') };
}

export async function conversationUser(db: Executor, conversationId: number): Promise<number> {
  const conversation = await repo.findConversation(db, conversationId);
  if (!conversation) refuse('not_found');
  return conversation.user_id;
}

type InboxRow = Awaited<ReturnType<typeof repo.conversationWithUser>> & { unread?: string | number | null };

function toConversation(row: NonNullable<InboxRow>, unread: number, last: repo.MessageRow | undefined): SupportConversation {
  return {
    id: row.id,
    user: { id: row.user_id, uid: row.uid, email: row.email, is_demo: row.is_demo ? 1 : 0 },
    last_message: last ? toMessage(last) : null,
    last_message_at: wireDateTime(row.last_message_at),
    unread,
  };
}

export async function inbox(db: Executor, page: number, search: string | undefined) {
  const { rows, total } = await repo.inboxPage(db, search, INBOX_PAGE_SIZE, (page - 1) * INBOX_PAGE_SIZE);
  const last = new Map((await repo.lastMessages(db, rows.map((r) => r.id))).map((m) => [m.conversation_id, m]));
  return paged(
    rows.map((r) => toConversation(r, Number(r.unread ?? 0), last.get(r.id))),
    total,
    page,
    INBOX_PAGE_SIZE,
  );
}

export async function thread(db: Executor, conversationId: number, beforeId: number | undefined) {
  const row = await repo.conversationWithUser(db, conversationId);
  if (!row) refuse('not_found');
  const h = await history(db, conversationId, beforeId, 'user');
  const [last] = await repo.lastMessages(db, [conversationId]);
  return { ...h, conversation: toConversation(row, h.unread, last) };
}

export { staffUnread } from './support.repository.js';

export async function userConversationId(db: Executor, userId: number): Promise<number | undefined> {
  return (await repo.findConversationOfUser(db, userId))?.id;
}
