import type { SupportMessage } from '@tp/contracts';

/** A message the user sent that the server has not confirmed yet (or refused: failed). */
export interface PendingMessage {
  client_id: string;
  text: string;
  /** The uploaded image's url, and a local preview of it. */
  image?: string;
  preview?: string;
  state: 'sending' | 'failed';
}

/** The thread in id order, each message once (history pages, pushes and answers overlap). */
export function mergeMessages(current: readonly SupportMessage[], incoming: readonly SupportMessage[]): SupportMessage[] {
  if (incoming.length === 0) return current as SupportMessage[];
  const byId = new Map<number, SupportMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) {
    const had = byId.get(m.id);
    // A read mark only ever appears: an older copy of the message never clears it.
    byId.set(m.id, had && had.read_at && !m.read_at ? { ...m, read_at: had.read_at } : m);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The other side read `from`'s messages up to `upToId`. */
export function markReadUpTo(messages: readonly SupportMessage[], from: SupportMessage['from'], upToId: number, at: string): SupportMessage[] {
  return messages.map((m) => (m.from === from && m.id <= upToId && !m.read_at ? { ...m, read_at: at } : m));
}

/** Pending messages the server has confirmed are dropped (the stored one shows instead). */
export function stillPending(pending: readonly PendingMessage[], messages: readonly SupportMessage[]): PendingMessage[] {
  const stored = new Set(messages.filter((m) => m.from === 'user').map((m) => m.client_id));
  return pending.filter((p) => !stored.has(p.client_id));
}

/** The sender's own id of a message: random, in the server's pattern. */
export function newClientId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether any staff message is unread by the user. */
export function hasUnreadFromStaff(messages: readonly SupportMessage[]): boolean {
  return messages.some((m) => m.from === 'staff' && !m.read_at);
}

/** Now as a wire date-time (`YYYY-MM-DD HH:mm:ss`, UTC), the format of the server's read_at. */
export function wireTimeNow(): string {
  return new Date().toISOString().slice(0, 19).replace('T', ' ');
}
