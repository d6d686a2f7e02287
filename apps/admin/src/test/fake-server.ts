import { vi } from 'vitest';

export type Answer = { code: number; msg?: string; data?: unknown; error?: string } | (() => Response);

/**
 * A stand-in for the server behind `fetch`: answers per path, in order, the last one repeating;
 * every request is kept for the test to look at.
 */
export function fakeServer() {
  const answers: Record<string, Answer[]> = {};
  const sent: { url: URL; method: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const u = new URL(url);
    sent.push({ url: u, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined, headers: init.headers as Record<string, string> });
    const queue = answers[u.pathname] ?? [{ code: 0, msg: 'Not found', error: 'not_found' }];
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
    if (typeof answer === 'function') return answer();
    return new Response(JSON.stringify({ msg: '', data: null, ...answer }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { answers, sent, fetch: fetch as unknown as typeof globalThis.fetch, posts: (path: string) => sent.filter((s) => s.method === 'POST' && s.url.pathname === path) };
}
