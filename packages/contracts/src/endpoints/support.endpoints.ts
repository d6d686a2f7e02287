import { access, defineEndpoint } from './define-endpoint.js';
import { uploadResultSchema } from '../uploads.js';
import {
  supportConversationPageSchema,
  supportConversationParams,
  supportConversationQuery,
  supportDoneSchema,
  supportEmptyInput,
  supportHistoryQuery,
  supportHistorySchema,
  supportMessageSchema,
  supportSendInput,
  supportStaffUnreadSchema,
  supportThreadSchema,
  supportUnreadSchema,
} from '../support.js';

const tags = ['support'];
/** Staff who answer the chat. */
const staff = access.admin('admin', 'support');
/**
 * Typing is announced at most every 3 s while typing (about 20 a minute): a per-IP ceiling with
 * room for several users behind one address, and more for an office of staff.
 */
const typingLimit = { max: 120, windowMs: 60_000 };
const staffTypingLimit = { max: 600, windowMs: 60_000 };

/**
 * The built-in support chat: a logged-in user (demo or real) talks with staff. A visitor logs in
 * first. Messages are idempotent by `client_id`.
 */
export const supportEndpoints = {
  history: defineEndpoint({ summary: "The caller's support chat messages, newest first, a page before before_id", methods: ['GET'], path: '/api/support/messages', input: supportHistoryQuery, output: supportHistorySchema, access: access.user, idempotent: false, tags }),
  send: defineEndpoint({ summary: 'Send a support chat message (idempotent by client_id)', methods: ['POST'], path: '/api/support/send', input: supportSendInput, output: supportMessageSchema, access: access.user, idempotent: false, tags }),
  read: defineEndpoint({ summary: "Mark the staff's messages as read", methods: ['POST'], path: '/api/support/read', input: supportEmptyInput, output: supportUnreadSchema, access: access.user, idempotent: false, tags }),
  typing: defineEndpoint({ summary: 'Tell staff the caller is typing', methods: ['POST'], path: '/api/support/typing', input: supportEmptyInput, output: supportDoneSchema, access: access.user, idempotent: false, rateLimit: typingLimit, tags }),
  unread: defineEndpoint({ summary: 'How many staff messages the caller has not read', methods: ['GET'], path: '/api/support/unread', output: supportUnreadSchema, access: access.user, idempotent: false, tags }),

  conversations: defineEndpoint({ summary: 'The support conversations, those waiting first (paged)', methods: ['GET'], path: '/admin/api/support/conversations', input: supportConversationQuery, output: supportConversationPageSchema, access: staff, idempotent: false, tags }),
  staffUnread: defineEndpoint({ summary: 'How many conversations wait for staff', methods: ['GET'], path: '/admin/api/support/unread', output: supportStaffUnreadSchema, access: staff, idempotent: false, tags }),
  thread: defineEndpoint({ summary: "One support conversation's messages", methods: ['GET'], path: '/admin/api/support/conversations/:id', params: supportConversationParams, input: supportHistoryQuery, output: supportThreadSchema, access: staff, idempotent: false, tags }),
  reply: defineEndpoint({ summary: 'Reply in a support conversation', methods: ['POST'], path: '/admin/api/support/conversations/:id/reply', params: supportConversationParams, input: supportSendInput, output: supportMessageSchema, access: staff, idempotent: false, tags }),
  staffRead: defineEndpoint({ summary: "Mark a conversation's user messages as read", methods: ['POST'], path: '/admin/api/support/conversations/:id/read', params: supportConversationParams, input: supportEmptyInput, output: supportUnreadSchema, access: staff, idempotent: false, tags }),
  staffTyping: defineEndpoint({ summary: 'Tell the user staff is typing', methods: ['POST'], path: '/admin/api/support/conversations/:id/typing', params: supportConversationParams, input: supportEmptyInput, output: supportDoneSchema, access: staff, idempotent: false, rateLimit: staffTypingLimit, tags }),
  /** An image for a reply, stored as the conversation's user's upload so both sides can read it. */
  staffImage: defineEndpoint({ summary: 'Send an image in a support conversation (multipart part file)', methods: ['POST'], path: '/admin/api/support/conversations/:id/image', params: supportConversationParams, multipart: true, output: uploadResultSchema, access: staff, idempotent: false, tags }),
};
