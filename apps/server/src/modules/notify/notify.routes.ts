import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CODE_PURPOSE, endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { refuse } from '../../http/refusal.js';
import { findUserByEmail } from '../users/index.js';
import { findArea } from '../settings/index.js';
import { issueCode } from './codes.service.js';
import { createCaptcha } from './captcha.service.js';

export const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const notify = endpoints.notify;

  route(app, notify.sendEmail, async ({ req, input }) => {
    const { to, type } = input;
    const existing = await findUserByEmail(app.db, to);
    if (type === CODE_PURPOSE.register && existing) refuse('account_exists');
    // A reset code for an unknown address is answered like a sent one, so the form cannot be used
    // to find out who has an account; nothing is stored or sent.
    if (type === CODE_PURPOSE.forgot && !existing) return okEnvelope(req.lang, null, 'code_sent');
    const message = await app.db.transaction().execute((trx) => issueCode(trx, { channel: 'email', address: to, purpose: type, lang: req.lang }));
    await app.outbox.deliver(message); // after commit
    return okEnvelope(req.lang, null, 'code_sent');
  });

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
