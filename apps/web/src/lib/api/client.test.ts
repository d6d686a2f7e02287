import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api, cancelAll, cancelRequest, configureApi, inFlightCount, isCancelled, request } from './client';

type FetchArgs = [string, RequestInit];

function envelope(code: number, data: unknown = null, msg = '') {
  return new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch whose answers the test releases by hand; honours AbortSignal like the real one. */
function manualFetch() {
  const calls: { url: string; init: RequestInit; resolve: (r: Response) => void }[] = [];
  const fn = vi.fn((url: string, init: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      calls.push({ url, init, resolve });
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }),
  );
  return { fn, calls };
}

let notify: Mock<(message: string) => void>;
let onUnauthenticated: Mock<() => void>;
let token: string | null;

beforeEach(() => {
  cancelAll();
  token = 'tok123';
  notify = vi.fn<(message: string) => void>();
  onUnauthenticated = vi.fn<() => void>();
  configureApi({
    getToken: () => token,
    getLang: () => 'en',
    notify,
    onUnauthenticated,
    networkMessage: (code) => `net:${code}`,
    now: () => 1700000000000,
    origin: () => 'https://api.example.com',
  });
});

describe('request headers and url', () => {
  it('GET sends lang, raw authorization and a t timestamp', async () => {
    const f = vi.fn(async (..._a: FetchArgs) => envelope(1, { ok: true }));
    configureApi({ fetch: f as unknown as typeof fetch });
    await expect(api.get('/api/user/info', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = f.mock.calls[0]!;
    expect(url).toBe('https://api.example.com/api/user/info?a=1&t=1700000000000');
    expect(init.method).toBe('GET');
    const h = init.headers as Record<string, string>;
    expect(h.lang).toBe('en');
    expect(h.authorization).toBe('tok123');
    expect(init.body).toBeUndefined();
  });

  it('DELETE adds t; POST does not', async () => {
    const f = vi.fn(async (..._a: FetchArgs) => envelope(1));
    configureApi({ fetch: f as unknown as typeof fetch });
    await api.delete('/x', { id: 3 });
    await api.post('/y', { id: 3 });
    expect(f.mock.calls[0]![0]).toBe('https://api.example.com/x?id=3&t=1700000000000');
    expect(f.mock.calls[1]![0]).toBe('https://api.example.com/y');
  });

  it('omits authorization when there is no token', async () => {
    token = null;
    const f = vi.fn(async (..._a: FetchArgs) => envelope(1));
    configureApi({ fetch: f as unknown as typeof fetch });
    await api.get('/z');
    expect((f.mock.calls[0]![1].headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('POST sends JSON by default', async () => {
    const f = vi.fn(async (..._a: FetchArgs) => envelope(1));
    configureApi({ fetch: f as unknown as typeof fetch });
    await api.post('/api/user/register', { account: 'a@b.co', type: 1 });
    const init = f.mock.calls[0]![1];
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ account: 'a@b.co', type: 1 });
  });

  it('postForm sends application/x-www-form-urlencoded (login)', async () => {
    const f = vi.fn(async (..._a: FetchArgs) => envelope(1));
    configureApi({ fetch: f as unknown as typeof fetch });
    await api.postForm('/api/user/loginForU', { login_type: 'email', account: 'a+b@c.co', password: 'p&w' });
    const init = f.mock.calls[0]![1];
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(init.body).toBe('login_type=email&account=a%2Bb%40c.co&password=p%26w');
  });

  it('sends Idempotency-Key when asked', async () => {
    const f = vi.fn(async (..._a: FetchArgs) => envelope(1));
    configureApi({ fetch: f as unknown as typeof fetch });
    await api.post('/pay', { n: 1 }, { idempotencyKey: 'k1' });
    expect((f.mock.calls[0]![1].headers as Record<string, string>)['Idempotency-Key']).toBe('k1');
  });
});

describe('envelope handling', () => {
  it('code 1: hands the success msg to onMessage (no toast of its own) and resolves with data', async () => {
    configureApi({ fetch: (async () => envelope(1, { Id: 5 }, 'Position closed')) as unknown as typeof fetch });
    const onMessage = vi.fn();
    await expect(api.post('/v2/api/forex/close', { id: 5 }, { onMessage })).resolves.toEqual({ Id: 5 });
    expect(onMessage).toHaveBeenCalledWith('Position closed');
    expect(notify).not.toHaveBeenCalled();
  });

  it('code 0: toasts msg and rejects with a refused ApiError carrying the error key', async () => {
    configureApi({ fetch: (async () => new Response(JSON.stringify({ code: 0, msg: 'Wrong password', data: null, error: 'invalid_credentials' }))) as typeof fetch });
    const err = await api.get('/a').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'refused', code: 0, message: 'Wrong password', errorKey: 'invalid_credentials' });
    expect(notify).toHaveBeenCalledWith('Wrong password');
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('an envelope on HTTP 500 is still read (generic msg toasted)', async () => {
    configureApi({ fetch: (async () => new Response(JSON.stringify({ code: 0, msg: 'Server error', data: null }), { status: 500 })) as typeof fetch });
    await expect(api.get('/a')).rejects.toMatchObject({ kind: 'refused' });
    expect(notify).toHaveBeenCalledWith('Server error');
  });

  it('silent suppresses the toast', async () => {
    configureApi({ fetch: (async () => envelope(0, null, 'no')) as typeof fetch });
    await expect(api.get('/a', undefined, { silent: true })).rejects.toMatchObject({ kind: 'refused' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('999 clears the user and goes to login', async () => {
    configureApi({ fetch: (async () => envelope(999, null, 'Please log in')) as typeof fetch });
    await expect(api.get('/api/user/get_profits')).rejects.toMatchObject({ kind: 'unauthenticated', code: 999 });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('Please log in');
  });

  it('999 on an init call neither redirects nor toasts', async () => {
    configureApi({ fetch: (async () => envelope(999, null, 'Please log in')) as typeof fetch });
    await expect(api.get('/api/user/info', undefined, { init: true })).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(onUnauthenticated).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('network failure toasts the error code', async () => {
    configureApi({ fetch: (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch });
    await expect(api.get('/a')).rejects.toMatchObject({ kind: 'network', code: 'ERR_NETWORK' });
    expect(notify).toHaveBeenCalledWith('net:ERR_NETWORK');
  });

  it('a non-envelope HTTP error toasts HTTP_<status>', async () => {
    configureApi({ fetch: (async () => new Response('<html>Bad gateway</html>', { status: 502 })) as typeof fetch });
    await expect(api.get('/a')).rejects.toMatchObject({ kind: 'network', code: 'HTTP_502' });
    expect(notify).toHaveBeenCalledWith('net:HTTP_502');
  });
});

describe('in-flight sharing and cancellation', () => {
  it('identical in-flight requests share one fetch; different bodies do not', async () => {
    const m = manualFetch();
    configureApi({ fetch: m.fn as unknown as typeof fetch });
    const a = api.post('/p', { x: 1 });
    const b = api.post('/p', { x: 1 });
    const c = api.post('/p', { x: 2 });
    expect(m.fn).toHaveBeenCalledTimes(2);
    expect(inFlightCount()).toBe(2);
    m.calls[0]!.resolve(envelope(1, 'one'));
    m.calls[1]!.resolve(envelope(1, 'two'));
    await expect(Promise.all([a, b, c])).resolves.toEqual(['one', 'one', 'two']);
    expect(inFlightCount()).toBe(0);
    // once settled, the same request goes out again
    const d = api.post('/p', { x: 1 });
    expect(m.fn).toHaveBeenCalledTimes(3);
    m.calls[2]!.resolve(envelope(1, 'three'));
    await expect(d).resolves.toBe('three');
  });

  it('GETs that differ only by t are shared (t is not part of the identity)', async () => {
    const m = manualFetch();
    let now = 1;
    configureApi({ fetch: m.fn as unknown as typeof fetch, now: () => now++ });
    const a = api.get('/g', { q: 1 });
    const b = api.get('/g', { q: 1 });
    expect(m.fn).toHaveBeenCalledTimes(1);
    m.calls[0]!.resolve(envelope(1, 5));
    await expect(Promise.all([a, b])).resolves.toEqual([5, 5]);
  });

  it('cancelRequest aborts the request; cancelled calls do not toast', async () => {
    const m = manualFetch();
    configureApi({ fetch: m.fn as unknown as typeof fetch });
    const a = api.get('/search', { name: 'ab' });
    expect(cancelRequest('/search', { params: { name: 'ab' } })).toBe(true);
    const err = await a.catch((e: unknown) => e);
    expect(isCancelled(err)).toBe(true);
    expect(notify).not.toHaveBeenCalled();
    expect(inFlightCount()).toBe(0);
  });

  it('a caller signal detaches that caller; the fetch is aborted only when no caller is left', async () => {
    const m = manualFetch();
    configureApi({ fetch: m.fn as unknown as typeof fetch });
    const c1 = new AbortController();
    const c2 = new AbortController();
    const a = request('/s', { signal: c1.signal });
    const b = request('/s', { signal: c2.signal });
    expect(m.fn).toHaveBeenCalledTimes(1);
    c1.abort();
    await expect(a).rejects.toMatchObject({ kind: 'cancelled' });
    expect(m.calls[0]!.init.signal!.aborted).toBe(false);
    c2.abort();
    await expect(b).rejects.toMatchObject({ kind: 'cancelled' });
    expect(m.calls[0]!.init.signal!.aborted).toBe(true);
    expect(notify).not.toHaveBeenCalled();
  });

  it('an already aborted signal rejects at once', async () => {
    const m = manualFetch();
    configureApi({ fetch: m.fn as unknown as typeof fetch });
    const c = new AbortController();
    c.abort();
    await expect(request('/s2', { signal: c.signal })).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('cancelAll aborts everything on the wire', async () => {
    const m = manualFetch();
    configureApi({ fetch: m.fn as unknown as typeof fetch });
    const a = api.get('/one');
    const b = api.post('/two', { z: 1 });
    cancelAll();
    await expect(a).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(b).rejects.toMatchObject({ kind: 'cancelled' });
    expect(notify).not.toHaveBeenCalled();
  });
});
