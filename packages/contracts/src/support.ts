import { z } from 'zod';
import { ignoredT, pageQuery, pagedSchema } from './envelope.js';
import { idField, intIn, optionalMultiLineText, optionalText, text } from './form-fields.js';
import { uploadUrlInput } from './uploads.js';
import { wireDateTime } from './money.js';
import { SUPPORT_TEXT_MAX } from './support-constants.js';

/**
 * The built-in support chat (decisions.md, Account and content pages): one conversation per
 * logged-in user, answered by staff (roles support and admin) in the admin console. Messages are
 * plain text (never rendered as html) and/or one uploaded image.
 */

/**
 * The sender's own id of a message (a random string made when it is typed): sending the same one
 * again answers the message already stored instead of a second one.
 */
export const supportClientId = text.trim().regex(/^[A-Za-z0-9_-]{8,64}$/, 'client id');

export const supportMessageSchema = z.object({
  id: z.number().int(),
  /** Who wrote it: the user, or a staff member. */
  from: z.enum(['user', 'staff']),
  text: z.string(),
  /** An upload url (`/uploads/<name>`, read with the user's or a staff token), or null. */
  image: z.string().nullable(),
  client_id: z.string(),
  /** When the other side read it, or null; `YYYY-MM-DD HH:mm:ss` UTC like every date-time. */
  read_at: wireDateTime.nullable(),
  created_at: wireDateTime,
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** The history, newest first: `before_id` pages to older messages. */
export const supportHistoryQuery = z.object({ before_id: intIn(1, 2_147_483_647).optional(), ...ignoredT });
export const supportHistorySchema = z.object({
  messages: z.array(supportMessageSchema),
  has_more: z.boolean(),
  /** Staff messages the user has not read. */
  unread: z.number().int(),
});
export type SupportHistory = z.infer<typeof supportHistorySchema>;

const messageFields = {
  client_id: supportClientId,
  text: optionalMultiLineText(SUPPORT_TEXT_MAX),
  image: uploadUrlInput.optional(),
};
/** A message: text, an image, or both (one of them is required). */
export const supportSendInput = z.object(messageFields);
export type SupportSendInput = z.input<typeof supportSendInput>;

export const supportUnreadSchema = z.object({ unread: z.number().int() });
export const supportEmptyInput = z.object({});
/** The answer of an action with nothing to tell (typing). */
export const supportDoneSchema = z.object({ ok: z.boolean() });

/** Staff: the inbox, newest conversation first; `search` finds a user by uid or e-mail. */
export const supportConversationQuery = pageQuery.extend({ search: optionalText(100), ...ignoredT });
export const supportUserSchema = z.object({ id: z.number().int(), uid: z.string(), email: z.string().nullable(), is_demo: z.number().int() });
export const supportConversationSchema = z.object({
  id: z.number().int(),
  user: supportUserSchema,
  last_message: supportMessageSchema.nullable(),
  last_message_at: wireDateTime,
  /** User messages no staff member has read. */
  unread: z.number().int(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;
export const supportConversationPageSchema = pagedSchema(supportConversationSchema);
export const supportConversationParams = z.object({ id: idField });
export const supportThreadSchema = supportHistorySchema.extend({ conversation: supportConversationSchema });
export type SupportThread = z.infer<typeof supportThreadSchema>;
export const supportStaffUnreadSchema = z.object({ conversations: z.number().int(), messages: z.number().int() });

/**
 * Pushes: `SUPPORT_CHAT` to the user's own sockets (private topic), `SUPPORT_STAFF` to staff
 * sockets (after `staff_login`). `message` carries a committed message (the history stays the
 * truth: a lost push is repaired by the next read), `typing` that the other side is typing,
 * `read` that the other side read up to `up_to_id`.
 */
export const supportChatPushSchema = z.object({
  event: z.enum(['message', 'typing', 'read']),
  message: supportMessageSchema.optional(),
  up_to_id: z.number().int().optional(),
});
export const supportStaffPushSchema = supportChatPushSchema.extend({ conversation_id: z.number().int(), user_id: z.number().int() });
export type SupportChatPush = z.infer<typeof supportChatPushSchema>;
export type SupportStaffPush = z.infer<typeof supportStaffPushSchema>;
