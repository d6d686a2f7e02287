import type { SupportMessage } from '@tp/contracts';

/** The thread in id order, each message once (pages, pushes and answers overlap); read marks never go back. */
export function mergeMessages(current: readonly SupportMessage[], incoming: readonly SupportMessage[]): SupportMessage[] {
  if (incoming.length === 0) return current as SupportMessage[];
  const byId = new Map<number, SupportMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) {
    const had = byId.get(m.id);
    byId.set(m.id, had && had.read_at && !m.read_at ? { ...m, read_at: had.read_at } : m);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function markReadUpTo(messages: readonly SupportMessage[], from: SupportMessage['from'], upToId: number, at: string): SupportMessage[] {
  return messages.map((m) => (m.from === from && m.id <= upToId && !m.read_at ? { ...m, read_at: at } : m));
}
