import type { z } from 'zod';

/**
 * One endpoint of the HTTP API, written once: the server registers its route from it, the web and
 * admin apps call through it, /docs is generated from it, tests and benchmarks address it.
 */

/** GET reads; POST acts; PUT changes a record (`PUT /admin/api/<noun>/:id`) and, like POST, carries its input in the body. */
export type HttpMethod = 'GET' | 'POST' | 'PUT';

/**
 * Staff roles (admins.role): `admin` runs everything and manages staff, `reviewer` works the review
 * queues, `support` reads users and the outbox. Every admin endpoint names the roles that may call
 * it in `access.admin(...)`; the server checks it on each request (http/endpoint.ts) and the console
 * only hides what the role cannot use.
 */
export const ADMIN_ROLES = ['admin', 'reviewer', 'support'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * Who may call: anyone; a logged-in user (demo or real); a real (non-demo) account only; an admin
 * holding one of the roles. `userOrAdmin` (private uploaded files) is resolved by the handler: it
 * answers a malformed name as missing before it asks who is calling.
 */
export type EndpointAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'user' }
  | { readonly kind: 'real' }
  | { readonly kind: 'admin'; readonly roles: readonly AdminRole[] }
  | { readonly kind: 'userOrAdmin' };

export const access = {
  public: { kind: 'public' },
  user: { kind: 'user' },
  real: { kind: 'real' },
  userOrAdmin: { kind: 'userOrAdmin' },
  admin: (...roles: AdminRole[]) => ({ kind: 'admin', roles: roles.length > 0 ? roles : ['admin'] }) as const,
} as const satisfies Record<string, EndpointAccess | ((...roles: AdminRole[]) => EndpointAccess)>;

/**
 * A per-IP limit. `max: 'login'` is the server's configured login limit (LOGIN_IP_LIMIT_PER_MINUTE),
 * which an operator tunes without a release.
 */
export interface EndpointRateLimit {
  /** A number, or the configured per-IP limit of logins ('login') or of account requests that check a code ('account'). */
  readonly max: number | 'login' | 'account';
  readonly windowMs: number;
}

/** The answer is a file (an image, a logo), not the JSON envelope. */
export const FILE_OUTPUT = 'file' as const;
export type FileOutput = typeof FILE_OUTPUT;

export interface EndpointSpec {
  /**
   * What the endpoint does, in one line: the operation's summary in the API document (`/docs`).
   * Required, so no endpoint reaches the document undescribed. Its name there (`operationId`) is
   * its place in `endpoints`: `endpoints.wallet.transfer` is `wallet.transfer`.
   */
  readonly summary: string;
  /** GET for reads, POST for actions; both for the spec's GET-actions (decisions.md). */
  readonly methods: readonly [HttpMethod, ...HttpMethod[]];
  /** Exactly the spec's path; `:name` segments are path params. */
  readonly path: string;
  /** The query (GET) or body (POST) schema; absent when the endpoint reads none. */
  readonly input?: z.ZodType;
  /** Path params schema (`:id`). */
  readonly params?: z.ZodType;
  /** The schema of `data` inside the envelope, or FILE_OUTPUT. */
  readonly output: z.ZodType | FileOutput;
  /** The media types a FILE_OUTPUT answer comes in (the API document lists them); a refusal is still the JSON envelope. */
  readonly fileTypes?: readonly string[];
  readonly access: EndpointAccess;
  /** Takes an `Idempotency-Key` header: the same key never acts twice (a money action). */
  readonly idempotent: boolean;
  readonly rateLimit?: EndpointRateLimit;
  /** The body is multipart/form-data (an upload): the client sends FormData. */
  readonly multipart?: boolean;
  readonly tags: readonly string[];
  /** Left out of /docs (static assets). */
  readonly hidden?: boolean;
}

/** Keeps the literal types of the spec (path, methods, schemas) so callers and handlers infer. */
export function defineEndpoint<const E extends EndpointSpec>(spec: E): E {
  return spec;
}

type SchemaIn<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOut<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends: the query or body before parsing (FormData for an upload). */
export type EndpointInput<E extends EndpointSpec> = E['multipart'] extends true ? FormData : SchemaIn<E['input']>;
/** What a handler receives: the parsed query or body. */
export type EndpointParsedInput<E extends EndpointSpec> = SchemaOut<E['input']>;
/** The path params a caller fills in. */
export type EndpointParams<E extends EndpointSpec> = SchemaIn<E['params']>;
export type EndpointParsedParams<E extends EndpointSpec> = SchemaOut<E['params']>;
/** `data` of a successful answer (a Blob for a file). */
export type EndpointData<E extends EndpointSpec> = E['output'] extends z.ZodType ? z.output<E['output']> : Blob;

/** The path with its `:name` segments filled in (URL-encoded). */
export function endpointPath<E extends EndpointSpec>(endpoint: E, params?: Record<string, string | number>): string {
  return endpoint.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path}: missing path param ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The name an action's Idempotency-Key is recorded under: the path after its `/api/` or
 * `/v2/api/` prefix (`account/transfer`), so keys recorded before endpoints were objects still match.
 */
export function idempotencyScope(endpoint: EndpointSpec): string {
  return endpoint.path.replace(/^\/(?:v2\/)?api\//, '').replace(/^\/admin\/api\//, 'admin/');
}
