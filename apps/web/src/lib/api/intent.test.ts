import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, cancelAll, configureApi } from './client';
import { Intent } from './intent';

function envelope(code: number, data: unknown = null, msg = '') {
  return new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A server that acts once per Idempotency-Key (like the real one): a repeated key gets the
 * stored answer. `loseAnswers` drops that many answers after the server has acted.
 */
function keyedServer(opts: { loseAnswers?: number; refuse?: boolean } = {}) {
  const orders: { key: string; body: unknown }[] = [];
  const answers = new Map<string, Response>();
  const keys: string[] = [];
  let lose = opts.loseAnswers ?? 0;
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const key = (init.headers as Record<string, string>)['Idempotency-Key']!;
    keys.push(key);
    if (!answers.has(key)) {
      if (opts.refuse) answers.set(key, envelope(0, null, 'refused'));
      else {
        orders.push({ key, body: JSON.parse(init.body as string) });
        answers.set(key, envelope(1, { id: orders.length }, 'ok'));
      }
    }
    if (lose > 0) {
      lose -= 1;
      throw new TypeError('Failed to fetch');
    }
    return answers.get(key)!.clone();
  });
  return { fetch, orders, keys };
}

let notify: ReturnType<typeof vi.fn<(m: string) => void>>;
let seq = 0;
const submit = (body: { amount: string }, key: string) => api.post<{ id: number }>('/api/account/transfer', body, { idempotencyKey: key });

beforeEach(() => {
  cancelAll();
  notify = vi.fn<(m: string) => void>();
  configureApi({ notify, networkMessage: (code) => `net:${code}`, origin: () => 'https://api.example.com', retryDelays: [] });
});

describe('an intent keeps its Idempotency-Key until it has an answer', () => {
  it('a lost answer: the client retries with the same key and the server makes one order', async () => {
    const server = keyedServer({ loseAnswers: 1 });
    configureApi({ fetch: server.fetch as unknown as typeof fetch, retryDelays: [1] });
    const intent = new Intent(() => `k${++seq}`);
    const form = { amount: '10' };
    await expect(intent.run(form, (key) => submit(form, key))).resolves.toEqual({ id: 1 });
    expect(server.keys).toHaveLength(2);
    expect(server.keys[1]).toBe(server.keys[0]);
    expect(server.orders).toHaveLength(1);
    // The retry hid the lost answer: no network error was shown.
    expect(notify).not.toHaveBeenCalled();
  });

  it('no answer at all: the second tap on the unchanged form sends the same key, one order', async () => {
    const server = keyedServer({ loseAnswers: 1 });
    configureApi({ fetch: server.fetch as unknown as typeof fetch });
    const intent = new Intent(() => `k${++seq}`);
    const form = { amount: '10' };
    await expect(intent.run(form, (key) => submit(form, key))).rejects.toMatchObject({ kind: 'network' });
    expect(notify).toHaveBeenCalledTimes(1);
    await expect(intent.run({ ...form }, (key) => submit(form, key))).resolves.toEqual({ id: 1 });
    expect(server.keys).toEqual([server.keys[0], server.keys[0]]);
    expect(server.orders).toHaveLength(1);
  });

  it('after a success the next tap is a new intent with a new key', async () => {
    const server = keyedServer();
    configureApi({ fetch: server.fetch as unknown as typeof fetch });
    const intent = new Intent(() => `k${++seq}`);
    const form = { amount: '10' };
    await intent.run(form, (key) => submit(form, key));
    await intent.run(form, (key) => submit(form, key));
    expect(new Set(server.keys).size).toBe(2);
    expect(server.orders).toHaveLength(2);
  });

  it('a refusal is an answer: the next tap gets a new key', async () => {
    const server = keyedServer({ refuse: true });
    configureApi({ fetch: server.fetch as unknown as typeof fetch });
    const intent = new Intent(() => `k${++seq}`);
    const form = { amount: '10' };
    await expect(intent.run(form, (key) => submit(form, key))).rejects.toMatchObject({ kind: 'refused' });
    await expect(intent.run(form, (key) => submit(form, key))).rejects.toMatchObject({ kind: 'refused' });
    expect(server.keys).toHaveLength(2);
    expect(server.keys[1]).not.toBe(server.keys[0]);
  });

  it('changed input after a lost answer is a new intent with a new key', async () => {
    const server = keyedServer({ loseAnswers: 1 });
    configureApi({ fetch: server.fetch as unknown as typeof fetch });
    const intent = new Intent(() => `k${++seq}`);
    await expect(intent.run({ amount: '10' }, (key) => submit({ amount: '10' }, key))).rejects.toMatchObject({ kind: 'network' });
    await intent.run({ amount: '12' }, (key) => submit({ amount: '12' }, key));
    expect(server.keys[1]).not.toBe(server.keys[0]);
    expect(server.orders.map((o) => o.body)).toEqual([{ amount: '10' }, { amount: '12' }]);
  });

  it('the same values in another key order are the same input', () => {
    const intent = new Intent(() => `k${++seq}`);
    expect(intent.keyFor({ a: 1, b: { c: 2, d: 3 } })).toBe(intent.keyFor({ b: { d: 3, c: 2 }, a: 1 }));
    expect(intent.keyFor({ a: 1, b: { c: 2, d: 4 } })).not.toBe(intent.keyFor({ a: 1, b: { c: 2, d: 3 } }));
  });
});

describe('the client retries keyed calls only', () => {
  it('a keyed call retries every delay with its key, then shows the network error once', async () => {
    const f = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    configureApi({ fetch: f as unknown as typeof fetch, retryDelays: [1, 1] });
    await expect(api.post('/pay', { n: 1 }, { idempotencyKey: 'k1' })).rejects.toMatchObject({ kind: 'network' });
    expect(f).toHaveBeenCalledTimes(3);
    expect(f.mock.calls.map((c) => ((c as unknown as [string, RequestInit])[1].headers as Record<string, string>)['Idempotency-Key'])).toEqual(['k1', 'k1', 'k1']);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('net:ERR_NETWORK');
  });

  it('a call without a key is sent once: the server could act twice', async () => {
    const f = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    configureApi({ fetch: f as unknown as typeof fetch, retryDelays: [1, 1] });
    await expect(api.post('/pay', { n: 1 })).rejects.toMatchObject({ kind: 'network' });
    expect(f).toHaveBeenCalledTimes(1);
  });

  it('a refusal is not retried', async () => {
    const f = vi.fn(async () => envelope(0, null, 'no'));
    configureApi({ fetch: f as unknown as typeof fetch, retryDelays: [1, 1] });
    await expect(api.post('/pay', { n: 1 }, { idempotencyKey: 'k2' })).rejects.toMatchObject({ kind: 'refused' });
    expect(f).toHaveBeenCalledTimes(1);
  });
});
