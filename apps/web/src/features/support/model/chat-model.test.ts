import { describe, expect, it } from 'vitest';
import type { SupportMessage } from '@tp/contracts';
import { hasUnreadFromStaff, markReadUpTo, mergeMessages, newClientId, stillPending } from './chat-model';

const msg = (id: number, from: SupportMessage['from'] = 'user', read_at: string | null = null): SupportMessage => ({
  id,
  from,
  text: `m${id}`,
  image: null,
  client_id: `client-${id}xx`,
  read_at,
  created_at: '2026-11-24 10:00:00',
});

describe('support chat model', () => {
  it.each([
    ['pushes and pages overlap: each message once, in id order', [msg(3), msg(1)], [msg(2), msg(3)], [1, 2, 3]],
    ['nothing new keeps the list', [msg(1)], [], [1]],
    ['older page before the newest', [msg(5)], [msg(4), msg(2)], [2, 4, 5]],
  ])('%s', (_name, current, incoming, ids) => {
    expect(mergeMessages(current, incoming).map((m) => m.id)).toEqual(ids);
  });

  it('a read mark is never cleared by an older copy', () => {
    expect(mergeMessages([msg(1, 'user', 'x')], [msg(1)])[0]!.read_at).toBe('x');
  });

  it('marks the side read up to an id', () => {
    const out = markReadUpTo([msg(1), msg(2, 'staff'), msg(3)], 'user', 2, 'now');
    expect(out.map((m) => m.read_at)).toEqual(['now', null, null]);
    expect(hasUnreadFromStaff(out)).toBe(true);
    expect(hasUnreadFromStaff(markReadUpTo(out, 'staff', 9, 'now'))).toBe(false);
  });

  it('drops a pending message once the server holds it', () => {
    const pending = [{ client_id: 'client-1xx', text: 'a', state: 'sending' as const }, { client_id: 'other-123', text: 'b', state: 'failed' as const }];
    expect(stillPending(pending, [msg(1)]).map((p) => p.client_id)).toEqual(['other-123']);
  });

  it('makes client ids the server accepts', () => {
    expect(newClientId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newClientId()).not.toBe(newClientId());
  });
});
