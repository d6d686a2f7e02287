import { CODE_OK, CODE_UNAUTHENTICATED, deriveApiOrigin, endpointPath, type EndpointData, type EndpointInput, type EndpointSpec, type Envelope, type HttpMethod } from '@tp/contracts';

export type Method = 'GET' | 'POST' | 'DELETE' | 'PUT';
type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: Method;
  /** Query parameters (GET and DELETE also get `t`). */
  params?: Params;
  /** Body of POST/PUT: JSON unless `form`; a FormData goes as multipart (uploads). */
  body?: Params | Record<string, unknown> | FormData;
  /** Send the body as application/x-www-form-urlencoded (login, per spec). */
  form?: boolean;
  /** An init call: a 999 answer does not sign out to the login page, and no toast is shown for it. */
  init?: boolean;
  /** Do not toast refusals or network errors (the caller shows them). */
  silent?: boolean;
  /**
   * Actions whose success the user should hear about: on code 1 the server's msg (already in the
   * user's language) is shown as a success toast (spec section 7: success messages of close,
   * cancel, stop-price set, code send, reset, bind and most submissions are the server msg).
   */
  announce?: boolean;
  /** Money actions: send an Idempotency-Key so a retry never acts twice. */
  idempotencyKey?: string;
  /** Cancel this caller's interest; the shared request is aborted when no caller is left. */
  signal?: AbortSignal;
}

export type ApiErrorKind = 'refused' | 'unauthenticated' | 'network' | 'cancelled';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** Envelope code (0, 999) or a network code such as ERR_NETWORK / HTTP_502. */
    readonly code: number | string,
    /** The envelope's machine-readable `error` key, when the server sent one. */
    readonly errorKey?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isCancelled(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'cancelled';
}

export interface ApiHooks {
  getToken(): string | null;
  getLang(): string;
  /** Show a short message (toast). */
  notify(message: string): void;
  /** Show a short success message (toast with a check mark). */
  notifySuccess(message: string): void;
  /** Text for a network error with its code. */
  networkMessage(code: string): string;
  /** A 999 answer on a normal call: clear the session and show the app's login page. */
  onUnauthenticated(): void;
  now(): number;
  fetch: typeof fetch;
  origin(): string;
  /**
   * Pauses before each automatic retry of a keyed call that got no answer; its length is the
   * number of retries. The key makes a retry safe: the server acts once however many arrive.
   */
  retryDelays: readonly number[];
}

const hooks: ApiHooks = {
  getToken: () => null,
  getLang: () => 'hk',
  notify: () => undefined,
  notifySuccess: () => undefined,
  networkMessage: (code) => `Network error (${code})`,
  onUnauthenticated: () => undefined,
  now: () => Date.now(),
  fetch: (...args) => globalThis.fetch(...args),
  // Where the API lives for this page (spec section 7); an app with overrides configures its own.
  origin: () => deriveApiOrigin(globalThis.location),
  retryDelays: [500, 1500],
};

export function configureApi(overrides: Partial<ApiHooks>): void {
  Object.assign(hooks, overrides);
}

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  callers: number;
}
const inFlight = new Map<string, Flight>();

function encode(params: Params | Record<string, unknown>): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    q.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return q;
}

let multipartSeq = 0;

/** The identity of a request for sharing: method + url (without `t`) + body. */
export function requestKey(path: string, opts: RequestOptions = {}): string {
  const method = opts.method ?? 'GET';
  const q = opts.params ? encode(opts.params).toString() : '';
  // Two uploads are never the same request: a multipart body gets an identity of its own.
  if (opts.body instanceof FormData) return `${method} ${path}${q ? `?${q}` : ''} multipart:${++multipartSeq}`;
  const body = opts.body ? (opts.form ? encode(opts.body).toString() : JSON.stringify(opts.body)) : '';
  return `${method} ${path}${q ? `?${q}` : ''} ${body}`;
}

/** Number of requests currently on the wire (for tests and diagnostics). */
export function inFlightCount(): number {
  return inFlight.size;
}

/** A server asset path ('/logos/EURUSD.svg') as a URL on the API host; absolute URLs pass through. */
export function assetUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^(https?:|data:)/i.test(path) || !path.startsWith('/')) return path;
  return hooks.origin() + path;
}

/**
 * A private server file (an uploaded proof image) as a Blob: fetched with the authorization
 * header, which an <img src> cannot send. Rejects with an ApiError (never toasts).
 */
export async function fetchPrivateFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = { lang: hooks.getLang() };
  const token = hooks.getToken();
  if (token) headers.authorization = token;
  let res: Response;
  try {
    res = await hooks.fetch(assetUrl(path), { method: 'GET', headers, signal });
  } catch {
    throw new ApiError(signal?.aborted ? 'cancelled' : 'network', 'file', 'ERR_NETWORK');
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('json')) throw new ApiError('refused', 'file', `HTTP_${res.status}`);
  return res.blob();
}

/** Abort every request on the wire (e.g. on logout). Callers get a cancelled ApiError. */
export function cancelAll(): void {
  for (const f of inFlight.values()) f.controller.abort();
  inFlight.clear();
}

/** Abort the in-flight request with this identity, if any. */
export function cancelRequest(path: string, opts: RequestOptions = {}): boolean {
  const key = requestKey(path, opts);
  const f = inFlight.get(key);
  if (!f) return false;
  f.controller.abort();
  inFlight.delete(key);
  return true;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = () => {
      clearTimeout(timer);
      reject(new ApiError('cancelled', 'cancelled', 'ERR_CANCELED'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', cancelled);
      resolve();
    }, ms);
    if (signal.aborted) cancelled();
    else signal.addEventListener('abort', cancelled, { once: true });
  });
}

/**
 * A keyed call (a money action) that got no answer is sent again with the same key, so a
 * lost answer costs the user nothing; the network error is shown only when the last try fails.
 * Calls without a key are not retried: the server could act twice.
 */
async function performRetrying<T>(path: string, opts: RequestOptions, controller: AbortController): Promise<T> {
  const delays = opts.idempotencyKey ? hooks.retryDelays : [];
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= delays.length;
    try {
      return await perform<T>(path, opts, controller, last);
    } catch (err) {
      if (last || !(err instanceof ApiError) || err.kind !== 'network') throw err;
      await pause(delays[attempt]!, controller.signal);
    }
  }
}

async function perform<T>(path: string, opts: RequestOptions, controller: AbortController, showNetworkError = true): Promise<T> {
  const method = opts.method ?? 'GET';
  const query = encode(opts.params ?? {});
  if (method === 'GET' || method === 'DELETE') query.set('t', String(hooks.now()));
  const qs = query.toString();
  const url = `${hooks.origin()}${path}${qs ? `?${qs}` : ''}`;

  const headers: Record<string, string> = { lang: hooks.getLang(), Accept: 'application/json' };
  const token = hooks.getToken();
  if (token) headers.authorization = token;
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  let body: string | FormData | undefined;
  if (opts.body && method !== 'GET' && method !== 'DELETE') {
    if (opts.body instanceof FormData) {
      // The browser sets multipart/form-data with its boundary.
      body = opts.body;
    } else if (opts.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = encode(opts.body).toString();
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
  }

  let res: Response;
  try {
    res = await hooks.fetch(url, { method, headers, body, signal: controller.signal });
  } catch (err) {
    if (controller.signal.aborted || (err instanceof Error && err.name === 'AbortError')) {
      throw new ApiError('cancelled', 'cancelled', 'ERR_CANCELED');
    }
    throw networkError('ERR_NETWORK', opts, showNetworkError);
  }
  let envelope: Envelope<T> | null = null;
  try {
    const json: unknown = await res.json();
    if (json && typeof json === 'object' && 'code' in json) envelope = json as Envelope<T>;
  } catch (err) {
    if (controller.signal.aborted) throw new ApiError('cancelled', 'cancelled', 'ERR_CANCELED');
    void err;
  }
  if (!envelope) throw networkError(res.ok ? 'ERR_BAD_RESPONSE' : `HTTP_${res.status}`, opts, showNetworkError);

  if (envelope.code === CODE_OK) {
    if (opts.announce && envelope.msg) hooks.notifySuccess(envelope.msg);
    return envelope.data;
  }
  if (envelope.code === CODE_UNAUTHENTICATED) {
    if (!opts.init) {
      if (!opts.silent && envelope.msg) hooks.notify(envelope.msg);
      hooks.onUnauthenticated();
    }
    throw new ApiError('unauthenticated', envelope.msg, envelope.code, envelope.error);
  }
  if (!opts.silent && envelope.msg) hooks.notify(envelope.msg);
  throw new ApiError('refused', envelope.msg, envelope.code, envelope.error);
}

function networkError(code: string, opts: RequestOptions, show: boolean): ApiError {
  const message = hooks.networkMessage(code);
  if (show && !opts.silent) hooks.notify(message);
  return new ApiError('network', message, code);
}

/**
 * Call the API. Resolves with the envelope's `data` when code is 1; otherwise rejects with an
 * ApiError after the side effects of spec section 8 (toast, 999 handling). Identical requests
 * already on the wire are shared rather than sent twice; keyed calls retry a lost answer.
 */
export function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const key = requestKey(path, opts);
  let flight = inFlight.get(key);
  if (!flight) {
    const controller = new AbortController();
    const created: Flight = { controller, callers: 0, promise: Promise.resolve() };
    created.promise = performRetrying<T>(path, opts, controller).finally(() => {
      if (inFlight.get(key) === created) inFlight.delete(key);
    });
    // The shared promise may be abandoned by every caller; never let it go unhandled.
    created.promise.catch(() => undefined);
    inFlight.set(key, created);
    flight = created;
  }
  const shared = flight;
  shared.callers += 1;
  const signal = opts.signal;
  if (!signal) return shared.promise as Promise<T>;
  if (signal.aborted) {
    release(key, shared);
    return Promise.reject(new ApiError('cancelled', 'cancelled', 'ERR_CANCELED'));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      release(key, shared);
      reject(new ApiError('cancelled', 'cancelled', 'ERR_CANCELED'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    shared.promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v as T);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

function release(key: string, flight: Flight): void {
  flight.callers -= 1;
  if (flight.callers <= 0 && inFlight.get(key) === flight) {
    flight.controller.abort();
    inFlight.delete(key);
  }
}

export const api = {
  get: <T>(path: string, params?: Params, opts: Omit<RequestOptions, 'method' | 'params'> = {}) =>
    request<T>(path, { ...opts, method: 'GET', params }),
  post: <T>(path: string, body?: RequestOptions['body'], opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  postForm: <T>(path: string, body?: RequestOptions['body'], opts: Omit<RequestOptions, 'method' | 'body' | 'form'> = {}) =>
    request<T>(path, { ...opts, method: 'POST', body, form: true }),
  delete: <T>(path: string, params?: Params, opts: Omit<RequestOptions, 'method' | 'params'> = {}) =>
    request<T>(path, { ...opts, method: 'DELETE', params }),
};

/** What a call adds to an endpoint's input; the Idempotency-Key is required where the endpoint takes one. */
type CallBase = Omit<RequestOptions, 'method' | 'params' | 'body' | 'idempotencyKey'> & {
  /** For an endpoint that takes both (the spec's GET-actions): the method to use; else its first. */
  method?: HttpMethod;
  /** The `:name` segments of the path. */
  pathParams?: Record<string, string | number>;
};
export type CallOptions<E extends EndpointSpec> = E['idempotent'] extends true ? CallBase & { idempotencyKey: string } : CallBase & { idempotencyKey?: string };

type CallArgs<E extends EndpointSpec> = E['idempotent'] extends true
  ? [input: EndpointInput<E>, options: CallOptions<E>]
  : undefined extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions<E>]
    : object extends EndpointInput<E>
      ? [input?: EndpointInput<E>, options?: CallOptions<E>]
    : [input: EndpointInput<E>, options?: CallOptions<E>];

/**
 * Calls an endpoint of contracts: its method and path, the input as the query (GET) or the body,
 * the answer typed by its output schema. The Idempotency-Key goes only to endpoints that declare
 * they honour it: elsewhere a repeated request could act twice, so it is neither sent nor retried.
 */
export function call<E extends EndpointSpec>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<EndpointData<E>> {
  const { method: chosen, pathParams, idempotencyKey, ...rest } = (options ?? {}) as CallBase & { idempotencyKey?: string };
  const method = chosen ?? endpoint.methods[0];
  const path = endpointPath(endpoint, pathParams);
  const key = endpoint.idempotent ? idempotencyKey : undefined;
  const sent = input as RequestOptions['body'] | undefined;
  if (method === 'GET') return request<EndpointData<E>>(path, { ...rest, method, params: sent as Params | undefined, idempotencyKey: key });
  return request<EndpointData<E>>(path, { ...rest, method, body: sent, idempotencyKey: key });
}
