import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@tp/contracts';
import { call, cancelAll, configureApi } from './client';

type FetchArgs = [string, RequestInit];
const ok = (data: unknown) => new Response(JSON.stringify({ code: 1, msg: '', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
let f: ReturnType<typeof vi.fn<(...a: FetchArgs) => Promise<Response>>>;
const headers = (i: number) => f.mock.calls[i]![1].headers as Record<string, string>;

beforeEach(() => {
  cancelAll();
  f = vi.fn(async (..._a: FetchArgs) => ok({ done: true }));
  configureApi({ fetch: f as unknown as typeof fetch, origin: () => 'https://api.example.com', now: () => 1700000000000, retryDelays: [] });
});

describe('call: an endpoint object decides method, path, query or body', () => {
  it('a GET endpoint sends its input as the query', async () => {
    await expect(call(endpoints.forex.myDeal, { status: 0, page: 2 })).resolves.toEqual({ done: true });
    const [url, init] = f.mock.calls[0]!;
    expect(init.method).toBe('GET');
    expect(url).toBe('https://api.example.com/v2/api/forex/my_deal?status=0&page=2&t=1700000000000');
    expect(init.body).toBeUndefined();
  });

  it('a POST endpoint sends its input as a JSON body, with the key when it takes one', async () => {
    await call(endpoints.wallet.transfer, { balance: '5', from: 1, to: 2 }, { idempotencyKey: 'k-1' });
    const [url, init] = f.mock.calls[0]!;
    expect(init.method).toBe('POST');
    expect(url).toBe('https://api.example.com/api/account/transfer');
    expect(JSON.parse(init.body as string)).toEqual({ balance: '5', from: 1, to: 2 });
    expect(headers(0)['Idempotency-Key']).toBe('k-1');
  });

  it('an endpoint that does not honour keys gets none (a retry there could act twice)', async () => {
    await call(endpoints.withdrawals.deleteMethod, { id: 3 }, { idempotencyKey: 'k-2' });
    expect(headers(0)['Idempotency-Key']).toBeUndefined();
  });

  it('an endpoint with GET and POST uses its first method unless told', async () => {
    await call(endpoints.users.resetDemo, undefined, { idempotencyKey: 'k-3' });
    await call(endpoints.users.resetDemo, undefined, { method: 'POST', idempotencyKey: 'k-4' });
    expect(f.mock.calls.map((c) => c[1].method)).toEqual(['GET', 'POST']);
  });

  it('path params fill the :name segments', async () => {
    f.mockImplementation(async () => ok(null));
    await call(endpoints.uploads.file, undefined, { pathParams: { name: 'a b.png' } });
    expect(f.mock.calls[0]![0]).toBe('https://api.example.com/uploads/a%20b.png?t=1700000000000');
  });
});
