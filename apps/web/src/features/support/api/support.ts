import { supportEndpoints, type SupportHistory, type SupportMessage } from '@tp/contracts';
import { call } from '../../../lib/api/client';

export function fetchHistory(beforeId: number | undefined, signal?: AbortSignal): Promise<SupportHistory> {
  return call(supportEndpoints.history, beforeId === undefined ? {} : { before_id: beforeId }, { signal });
}

export function sendMessage(input: { client_id: string; text?: string; image?: string }): Promise<SupportMessage> {
  return call(supportEndpoints.send, input);
}

export function markRead(): Promise<unknown> {
  return call(supportEndpoints.read, {}, { silent: true });
}

export function announceTyping(): Promise<unknown> {
  return call(supportEndpoints.typing, {}, { silent: true });
}

