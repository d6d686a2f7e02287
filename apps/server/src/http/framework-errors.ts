import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { refusalEnvelope } from './envelope.js';
import { resolveLang } from './messages/index.js';
import { REQUEST_ID_HEADER } from './request-id.js';

/**
 * Errors Fastify raises before any route or hook runs - today a path with a broken percent
 * escape (`/uploads/%E0%A4%A`, FST_ERR_BAD_URL) - answered as the refusal of a bad request in the
 * envelope, like every other client fault, instead of Fastify's bare 400 body.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  req.log.info({ err: { code: error.code, message: error.message } }, 'bad request');
  // No hook has run: the request id is named here as registerRequestId would have.
  void reply
    .code(200)
    .header(REQUEST_ID_HEADER, req.id)
    .type('application/json; charset=utf-8')
    .send({ ...refusalEnvelope(resolveLang(req.headers.lang), 'bad_request'), request_id: String(req.id) });
}
