import type { SupportChatPush } from '@tp/contracts';
import type { Bus } from '../../realtime/bus.js';
import { publishPush } from '../../realtime/typed-bus.js';

/**
 * Pushes of the chat, sent after commit only: the history endpoints are the truth and a lost push
 * is repaired by the next read (the apps re-read on reconnect and on focus).
 */
export function pushToUser(bus: Bus, userId: number, push: SupportChatPush): void {
  publishPush(bus, 'SUPPORT_CHAT', push, userId);
}

export function pushToStaff(bus: Bus, conversationId: number, userId: number, push: SupportChatPush): void {
  publishPush(bus, 'SUPPORT_STAFF', { ...push, conversation_id: conversationId, user_id: userId });
}
