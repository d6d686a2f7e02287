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
  history: defineEndpoint({ methods: ['GET'], path: '/api/support/messages', input: supportHistoryQuery, output: supportHistorySchema, access: access.user, idempotent: false, tags }),
  send: defineEndpoint({ methods: ['POST'], path: '/api/support/send', input: supportSendInput, output: supportMessageSchema, access: access.user, idempotent: false, tags }),
  read: defineEndpoint({ methods: ['POST'], path: '/api/support/read', input: supportEmptyInput, output: supportUnreadSchema, access: access.user, idempotent: false, tags }),
  typing: defineEndpoint({ methods: ['POST'], path: '/api/support/typing', input: supportEmptyInput, output: supportDoneSchema, access: access.user, idempotent: false, rateLimit: typingLimit, tags }),
  unread: defineEndpoint({ methods: ['GET'], path: '/api/support/unread', output: supportUnreadSchema, access: access.user, idempotent: false, tags }),

  conversations: defineEndpoint({ methods: ['GET'], path: '/admin/api/support/conversations', input: supportConversationQuery, output: supportConversationPageSchema, access: staff, idempotent: false, tags }),
  staffUnread: defineEndpoint({ methods: ['GET'], path: '/admin/api/support/unread', output: supportStaffUnreadSchema, access: staff, idempotent: false, tags }),
  thread: defineEndpoint({ methods: ['GET'], path: '/admin/api/support/conversations/:id', params: supportConversationParams, input: supportHistoryQuery, output: supportThreadSchema, access: staff, idempotent: false, tags }),
  reply: defineEndpoint({ methods: ['POST'], path: '/admin/api/support/conversations/:id/reply', params: supportConversationParams, input: supportSendInput, output: supportMessageSchema, access: staff, idempotent: false, tags }),
  staffRead: defineEndpoint({ methods: ['POST'], path: '/admin/api/support/conversations/:id/read', params: supportConversationParams, input: supportEmptyInput, output: supportUnreadSchema, access: staff, idempotent: false, tags }),
  staffTyping: defineEndpoint({ methods: ['POST'], path: '/admin/api/support/conversations/:id/typing', params: supportConversationParams, input: supportEmptyInput, output: supportDoneSchema, access: staff, idempotent: false, rateLimit: staffTypingLimit, tags }),
  /** An image for a reply, stored as the conversation's user's upload so both sides can read it. */
  staffImage: defineEndpoint({ methods: ['POST'], path: '/admin/api/support/conversations/:id/image', params: supportConversationParams, multipart: true, output: uploadResultSchema, access: staff, idempotent: false, tags }),
};
