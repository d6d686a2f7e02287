import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { refuse } from '../../http/refusal.js';
import { findArea } from '../settings/index.js';
import { issueCode } from './codes.service.js';
import { createCaptcha } from './captcha.service.js';

/**
 * Codes by text message and the captcha. The e-mail code is sent by the users module: whether one
 * goes out depends on whether the address has an account (register vs. forgot), which is the
 * users module's knowledge; notify stays a service below it.
 */
export const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const notify = endpoints.notify;

  route(app, notify.sendSms, async ({ req, input }) => {
    const area = await findArea(app.db, input.area_id);
    if (!area) refuse('bad_request', { field: 'area_id' });
    const address = `+${area.global_code}${input.to}`;
    const message = await app.db.transaction().execute((trx) => issueCode(trx, { channel: 'sms', address, purpose: input.type, lang: req.lang }));
    await app.outbox.deliver(message);
    return okEnvelope(req.lang, null, 'code_sent');
  });

  route(app, notify.captcha, async ({ req }) => {
    const { id, b64s } = await createCaptcha(app.db);
    return okEnvelope(req.lang, { id, b64s });
  });
};
