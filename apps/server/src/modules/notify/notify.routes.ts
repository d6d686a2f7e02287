import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CODE_PURPOSE, captchaSchema, sendEmailInput, sendSmsInput } from '@tp/contracts';
import { emptyEnvelope, envelopeSchema, okEnvelope } from '../../http/envelope.js';
import { refuse } from '../../http/refusal.js';
import { findUserByEmail } from '../users/index.js';
import { findArea } from '../settings/index.js';
import { issueCode } from './codes.service.js';
import { createCaptcha } from './captcha.service.js';

export const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notify'];
  const rateLimit = { max: 20, timeWindow: 60_000 };

  app.post('/api/notify/send_email', { config: { rateLimit }, schema: { tags, body: sendEmailInput, response: { 200: emptyEnvelope } } }, async (req) => {
    const { to, type } = req.body;
    const existing = await findUserByEmail(app.db, to);
    if (type === CODE_PURPOSE.register && existing) refuse('account_exists');
    // A reset code for an unknown address is answered like a sent one, so the form cannot be used
    // to find out who has an account; nothing is stored or sent.
    if (type === CODE_PURPOSE.forgot && !existing) return okEnvelope(req.lang, null, 'code_sent');
    const message = await app.db.transaction().execute((trx) => issueCode(trx, { channel: 'email', address: to, purpose: type, lang: req.lang }));
    await app.outbox.deliver(message); // after commit
    return okEnvelope(req.lang, null, 'code_sent');
  });

  app.post('/api/notify/send_sms', { config: { rateLimit }, schema: { tags, body: sendSmsInput, response: { 200: emptyEnvelope } } }, async (req) => {
    const area = await findArea(app.db, req.body.area_id);
    if (!area) refuse('bad_request', { field: 'area_id' });
    const address = `+${area.global_code}${req.body.to}`;
    const message = await app.db
      .transaction()
      .execute((trx) => issueCode(trx, { channel: 'sms', address, purpose: req.body.type, lang: req.lang }));
    await app.outbox.deliver(message);
    return okEnvelope(req.lang, null, 'code_sent');
  });

  app.get('/api/captcha', { config: { rateLimit: { max: 60, timeWindow: 60_000 } }, schema: { tags, response: { 200: envelopeSchema(captchaSchema) } } }, async (req) => {
    const { id, b64s } = await createCaptcha(app.db);
    return okEnvelope(req.lang, { id, b64s });
  });

};
