import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import {
  endpointName,
  idempotencyScope,
  type AdminRole,
  type EndpointAccess,
  type EndpointData,
  type EndpointParsedInput,
  type EndpointParsedParams,
  type EndpointSpec,
  type HttpMethod,
} from '@tp/contracts';
import { requireRealAccount, requireToken, requireUser } from './auth.js';
import { currentAdmin, requireAdmin } from './admin-auth.js';
import { isStaffEndpoint } from './docs.js';
import { envelopeSchema } from './envelope.js';
import { refuse } from './refusal.js';

/** What a handler of an endpoint gets: the parsed query (GET) or body (POST), and the path params. */
export interface EndpointContext<E extends EndpointSpec> {
  req: FastifyRequest;
  reply: FastifyReply;
  input: EndpointParsedInput<E>;
  params: EndpointParsedParams<E>;
  /** The name the endpoint's Idempotency-Key answers are recorded under (runMoneyAction). */
  scope: string;
}

/** An envelope answer for a JSON endpoint; a file endpoint answers through the reply. */
export type EndpointAnswer<E extends EndpointSpec> = E['output'] extends z.ZodType ? { code: number; msg: string; data: EndpointData<E> } : FastifyReply | void;

export type EndpointHandler<E extends EndpointSpec> = (ctx: EndpointContext<E>) => Promise<EndpointAnswer<E>>;

/**
 * A live staff token (else 999), then the staff member's role against the endpoint's roles. A
 * wrong role is refused with code 0, not 999: the staff member is signed in and stays so, the
 * console shows the refusal instead of signing them out.
 */
function requireAdminRole(roles: readonly AdminRole[]): onRequestHookHandler {
  return async function (this: FastifyInstance, req) {
    await requireAdmin.call(this, req);
    if (!roles.includes(currentAdmin(req).role)) refuse('staff_role_forbidden');
  };
}

/**
 * The access guard, run on request before the body is read: a caller who may not call the
 * endpoint learns nothing about its input rules. `userOrAdmin` is resolved by its handler.
 */
function guardOf(access: EndpointAccess): onRequestHookHandler | onRequestHookHandler[] | undefined {
  switch (access.kind) {
    case 'public':
    case 'userOrAdmin':
      return undefined;
    case 'user':
      return requireUser as onRequestHookHandler;
    case 'real':
      return [requireUser as onRequestHookHandler, requireRealAccount as onRequestHookHandler];
    case 'admin':
      return requireAdminRole(access.roles);
  }
}

function rateLimitOf(app: FastifyInstance, endpoint: EndpointSpec, options: RouteOptions): RouteShorthandOptions['config'] {
  if (options.perUserLimit) {
    // Counted after the input is validated (preHandler): a refused input costs nothing, so it
    // takes none of the user's allowance. The guard has set req.user by then.
    const { max, windowMs } = options.perUserLimit;
    return { rateLimit: { max, timeWindow: windowMs, hook: 'preHandler', keyGenerator: (req: FastifyRequest) => `user:${req.user?.id ?? req.ip}` } };
  }
  const limit = endpoint.rateLimit;
  if (!limit) return undefined;
  const max = limit.max === 'login' ? app.config.loginIpLimitPerMinute : limit.max === 'account' ? app.config.accountIpLimitPerMinute : limit.max;
  return { rateLimit: { max, timeWindow: limit.windowMs } };
}

/**
 * The route's config: the endpoint object's name (the label of its metrics), its rate limit, which
 * OpenAPI document lists it (http/docs.ts), and whether it checks the session in its read.
 */
function configOf(app: FastifyInstance, endpoint: EndpointSpec, options: RouteOptions): RouteShorthandOptions['config'] {
  const rateLimit = rateLimitOf(app, endpoint, options);
  const staff = isStaffEndpoint(endpoint);
  return { endpoint: endpointName(endpoint), ...rateLimit, ...(staff ? { docs: 'staff' as const } : {}), ...(options.sessionInRead ? { sessionInRead: true } : {}) };
}

function schemaOf(endpoint: EndpointSpec, method: HttpMethod) {
  const input = endpoint.input && (method === 'GET' ? { querystring: endpoint.input } : { body: endpoint.input });
  return {
    tags: [...endpoint.tags],
    ...(endpoint.hidden ? { hide: true } : {}),
    ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...input,
    ...(endpoint.params ? { params: endpoint.params } : {}),
    // The envelope's response schema also drops columns that must not leak (DESIGN 1).
    ...(typeof endpoint.output === 'string' ? {} : { response: { 200: envelopeSchema(endpoint.output) } }),
  };
}

export interface RouteOptions {
  /**
   * For a `user` endpoint on the hottest path: the handler checks the caller's session in its own
   * first read (auth.ts acceptSession) instead of a statement of its own before it. The guard then
   * only refuses a missing token; input refused before the handler's read is answered 999 first
   * when the session is not live (error-handler.ts), so a caller without one still learns nothing
   * about the input. A handler that answers without having checked the session is a fault.
   */
  sessionInRead?: boolean;
  /**
   * A limit per signed-in user instead of the endpoint's per-IP one, for a costly read any account
   * may ask for (a statement): users behind one address are not limited together, and one user
   * with many addresses is still one. Refused as too_many_requests. Only for `user` and `real` endpoints.
   */
  perUserLimit?: { max: number; windowMs: number };
}

/**
 * Registers an endpoint object of contracts: one route per method, with its access guard, input
 * and response schemas (validation, serialization and /docs), and rate limit. The handler gets
 * the parsed input whichever method carried it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any type provider: route plugins are typed by the zod provider
export function route<E extends EndpointSpec>(app: FastifyInstance<any, any, any, any, any>, endpoint: E, handler: EndpointHandler<E>, options: RouteOptions = {}): void {
  const scope = idempotencyScope(endpoint);
  if (options.sessionInRead && endpoint.access.kind !== 'user') throw new Error(`${endpoint.path}: only a user endpoint checks the session in its read`);
  if (options.perUserLimit && endpoint.access.kind !== 'user' && endpoint.access.kind !== 'real') throw new Error(`${endpoint.path}: a per-user limit needs a signed-in user`);
  for (const method of endpoint.methods) {
    const guard = options.sessionInRead ? (requireToken as onRequestHookHandler) : guardOf(endpoint.access);
    const config = configOf(app, endpoint, options);
    const run = (req: FastifyRequest, reply: FastifyReply) =>
      handler({
        req,
        reply,
        input: (method === 'GET' ? req.query : req.body) as EndpointParsedInput<E>,
        params: req.params as EndpointParsedParams<E>,
        scope,
      });
    app.route({
      method,
      url: endpoint.path,
      ...(guard ? { onRequest: guard } : {}),
      config,
      schema: schemaOf(endpoint, method),
      handler: options.sessionInRead
        ? async (req: FastifyRequest, reply: FastifyReply) => {
            const answer = await run(req, reply);
            if (!req.user) throw new Error(`${endpoint.path} answered without checking the session`);
            return answer;
          }
        : run,
    });
  }
}
