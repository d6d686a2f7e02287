import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INPUT_ISSUE, MAX_AMOUNT, type ErrorKey, type Lang } from '@tp/contracts';
import { refusalEnvelope, type RefusalBody } from './envelope.js';
import { isRefusal } from './refusal.js';
import { tokenFromHeader, userForToken } from './auth.js';
import { resolveLang } from './messages/index.js';
import { isDatabaseUnavailable } from '../db/database.js';
import { noteRefusal } from './metrics.js';

/** A missing or empty field gets the spec's own prompt rather than a generic "invalid". */
const REQUIRED_FIELD_KEYS: Record<string, ErrorKey> = {
  account: 'account_required',
  to: 'account_required',
  password: 'password_required',
  new_password: 'password_required',
  re_password: 'input_full',
  secondary_password: 'input_full',
  sms_code: 'code_required',
  auth_code: 'code_required',
  demo_id: 'demo_id_required',
};
const PASSWORD_FIELDS = new Set(['password', 'new_password']);

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function fieldValue(req: FastifyRequest, context: string | undefined, field: string): unknown {
  const source = context === 'querystring' ? req.query : context === 'params' ? req.params : req.body;
  return source && typeof source === 'object' ? (source as Record<string, unknown>)[field] : undefined;
}

/** The `max` a bounded amount's issue carries (contracts money.ts), as zod reports it. */
function issueMax(first: NonNullable<FastifyError['validation']>[number] | undefined): string {
  const params = first?.params as { params?: { max?: unknown } } | undefined;
  return String(params?.params?.max ?? MAX_AMOUNT);
}

/** Refusal body for a failed input validation: the first failing field decides the message. */
function validationRefusal(req: FastifyRequest, err: FastifyError): RefusalBody {
  const lang = req.lang;
  const first = err.validation?.[0];
  const field = (first?.instancePath ?? '').replace(/^\//, '').split('/')[0] ?? '';
  if (!field) return refusalEnvelope(lang, 'bad_request');
  // Said before any other reading of the field: a NUL in a password is not a weak password.
  if (first?.message === INPUT_ISSUE.controlCharacters) return refusalEnvelope(lang, 'text_control_characters', { field });
  if (first?.message === INPUT_ISSUE.amountTooLarge) return refusalEnvelope(lang, 'amount_too_large', { field, max: issueMax(first) });
  const value = fieldValue(req, err.validationContext, field);
  const requiredKey = REQUIRED_FIELD_KEYS[field];
  if (requiredKey && isEmpty(value)) return refusalEnvelope(lang, requiredKey);
  if (PASSWORD_FIELDS.has(field)) return refusalEnvelope(lang, 'password_too_weak');
  return refusalEnvelope(lang, 'bad_request', { field });
}

/** Input the route refused before its handler ran: failed validation, malformed JSON, body too large, wrong content type. */
function isInputError(err: FastifyError): boolean {
  return err.validation !== undefined || (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 429);
}

/**
 * The database is down or unreachable: 503 with "try again shortly", not a 500 fault. Logged as a
 * warning: an outage fails every request for a while, and that is one incident to watch for, not a
 * bug per request. The request_id still ties the answer to its log line.
 */
function sendUnavailable(req: FastifyRequest, reply: FastifyReply, lang: Lang, err: unknown) {
  const message = err instanceof Error ? err.message : String(err);
  req.log.warn({ err: { code: (err as { code?: unknown }).code, message } }, 'database unavailable');
  return send(req, reply, 503, refusalEnvelope(lang, 'service_unavailable'));
}

/**
 * Every refusal names its request (request_id, the reqId of its log line and its x-request-id
 * header), so a user's screenshot of a refusal leads to the log.
 */
function send(req: FastifyRequest, reply: FastifyReply, status: number, body: RefusalBody) {
  noteRefusal(req, body.error);
  // Bypass the route's success schema: a refusal has `data: null` and an `error` key.
  // A custom serializer leaves the content type unset; every answer says it is JSON.
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send({ ...body, request_id: String(req.id) });
}

/** The one place where refusals, bad input and faults become the envelope (decisions.md). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    const lang = req.lang ?? resolveLang(req.headers.lang);
    if (isRefusal(err)) return send(req, reply, 200, refusalEnvelope(lang, err.key, err.vars));
    if (isDatabaseUnavailable(err)) return sendUnavailable(req, reply, lang, err);
    // A route that checks the session in its own read (endpoint.ts sessionInRead) has not checked
    // it yet when its input is refused: a caller without a live session gets 999, as on any other
    // user route, and learns nothing about the input.
    if (req.routeOptions.config?.sessionInRead && !req.user && isInputError(err)) {
      let live: boolean;
      try {
        live = (await userForToken(app.db, tokenFromHeader(req.headers.authorization))) !== undefined;
      } catch (lookupErr) {
        if (isDatabaseUnavailable(lookupErr)) return sendUnavailable(req, reply, lang, lookupErr);
        req.log.error({ err: lookupErr }, 'session check failed');
        return send(req, reply, 500, refusalEnvelope(lang, 'server_error'));
      }
      if (!live) return send(req, reply, 200, refusalEnvelope(lang, 'not_logged_in'));
    }
    if (err.validation) return send(req, reply, 200, validationRefusal(req, err));
    if (err.statusCode === 429) return send(req, reply, 200, refusalEnvelope(lang, 'too_many_requests'));
    if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, body too large, unsupported content type: the client's fault, not ours.
      req.log.info({ err: { code: err.code, message: err.message } }, 'bad request');
      return send(req, reply, 200, refusalEnvelope(lang, 'bad_request'));
    }
    req.log.error({ err }, 'request failed');
    return send(req, reply, 500, refusalEnvelope(lang, 'server_error'));
  });

  app.setNotFoundHandler((req, reply) => send(req, reply, 404, refusalEnvelope(req.lang ?? resolveLang(req.headers.lang), 'not_found')));
}
