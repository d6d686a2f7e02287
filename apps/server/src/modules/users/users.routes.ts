import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CODE_PURPOSE,
  amendPasswordInput,
  demoInput,
  forgetPasswordInput,
  loginInput,
  profitsSchema,
  registerInput,
  sessionSchema,
  userSchema,
  ACCOUNT_TYPE_IDS,
} from '@tp/contracts';
import { emptyEnvelope, envelopeSchema, okEnvelope } from '../../http/envelope.js';
import { currentUser, requireRealAccount, requireUser } from '../../http/auth.js';
import { refuse } from '../../http/refusal.js';
import { consumeCaptcha, consumeCode } from '../notify/index.js';
import { verifyRegType } from '../settings/index.js';
import { findUserByEmail, findUserById } from './users.repository.js';
import * as service from './users.service.js';
import { resetDemoAccount } from './reset-demo.js';
import { publishClosed } from '../forex/index.js';
import { emitEvent } from '../../engine/event-outbox.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user'];
  const { db, config } = app;

  app.post('/api/user/register', { schema: { tags, body: registerInput, response: { 200: envelopeSchema(sessionSchema) } } }, async (req) => {
    const input = req.body;
    const inviterId = await service.checkRegistration(db, input);
    // The code or captcha is spent on its own commit, so a wrong try counts even when refused.
    if ((await verifyRegType(db)) === 2) await consumeCaptcha(db, input.key, input.sms_code);
    else await consumeCode(db, { address: input.account, purpose: CODE_PURPOSE.register, code: input.sms_code });
    const session = await db.transaction().execute((trx) => service.registerUser(trx, { ...input, inviterId }));
    return okEnvelope(req.lang, session, 'registered');
  });

  app.post(
    '/api/user/loginForU',
    {
      config: { rateLimit: { max: config.loginIpLimitPerMinute, timeWindow: 60_000 } },
      schema: { tags, body: loginInput, response: { 200: envelopeSchema(sessionSchema) } },
    },
    async (req) => {
      const session = await service.login(db, req.body, { ip: req.ip, failLimit: config.loginFailLimit, failWindowMs: config.loginFailWindowMs });
      return okEnvelope(req.lang, session, 'logged_in');
    },
  );

  // The spec gives these as GET; they answer POST too (decisions.md).
  const demoLogin = async (req: FastifyRequest, demoId: string) =>
    okEnvelope(req.lang, await db.transaction().execute((trx) => service.demoLogin(trx, demoId)), 'logged_in');
  const demoSchema = { tags, response: { 200: envelopeSchema(sessionSchema) } };
  app.get('/api/user/createAccountDemoForU', { schema: { ...demoSchema, querystring: demoInput } }, (req) => demoLogin(req, req.query.demo_id));
  app.post('/api/user/createAccountDemoForU', { schema: { ...demoSchema, body: demoInput } }, (req) => demoLogin(req, req.body.demo_id));

  app.get('/api/user/info', { preHandler: requireUser, schema: { tags, response: { 200: envelopeSchema(userSchema) } } }, async (req) =>
    okEnvelope(req.lang, await service.userInfo(db, currentUser(req).id)),
  );

  app.post('/api/user/logout', { preHandler: requireUser, schema: { tags, response: { 200: emptyEnvelope } } }, async (req) => {
    await db.transaction().execute((trx) => service.logout(trx, currentUser(req).sessionId));
    return okEnvelope(req.lang, null, 'logged_out');
  });

  app.post(
    '/api/user/amend_password',
    { preHandler: [requireUser, requireRealAccount], schema: { tags, body: amendPasswordInput, response: { 200: emptyEnvelope } } },
    async (req) => {
      const { new_password, secondary_password, auth_code } = req.body;
      if (secondary_password !== undefined && secondary_password !== new_password) refuse('password_not_equal');
      const user = await findUserById(db, currentUser(req).id);
      if (!user?.email) refuse('only_true_account');
      await consumeCode(db, { address: user.email, purpose: CODE_PURPOSE.forgot, code: auth_code });
      await db.transaction().execute((trx) => service.changePassword(trx, user.id, new_password));
      return okEnvelope(req.lang, null, 'password_changed');
    },
  );

  app.post('/api/user/forget_password', { schema: { tags, body: forgetPasswordInput, response: { 200: emptyEnvelope } } }, async (req) => {
    const { account, new_password, secondary_password, auth_code } = req.body;
    if (!secondary_password) refuse('input_full'); // both fields must be filled (spec 5)
    if (secondary_password !== new_password) refuse('password_not_equal');
    const user = await findUserByEmail(db, account);
    // No code was ever sent to an unknown address; say only that the code is wrong.
    if (!user) refuse('code_invalid');
    await consumeCode(db, { address: account, purpose: CODE_PURPOSE.forgot, code: auth_code });
    await db.transaction().execute((trx) => service.changePassword(trx, user.id, new_password));
    return okEnvelope(req.lang, null, 'password_changed');
  });

  const resetDemo = async (req: FastifyRequest) => {
    const userId = currentUser(req).id;
    const closed = await db.transaction().execute(async (trx) => {
      const ids = await resetDemoAccount(trx, userId);
      // Every balance of the demo was restored: the trigger engine re-reads the user once delivered.
      await emitEvent(trx, 'balance.changed', { userId, accountTypes: [...ACCOUNT_TYPE_IDS] });
      return ids;
    });
    // After commit: the user's sockets drop the closed orders.
    publishClosed(app.bus, userId, closed);
    return okEnvelope(req.lang, null, 'demo_reset');
  };
  const resetOpts = { preHandler: requireUser, schema: { tags, response: { 200: emptyEnvelope } } };
  app.get('/v2/api/main/user/resetForexDemoAccount', resetOpts, resetDemo);
  app.post('/v2/api/main/user/resetForexDemoAccount', resetOpts, resetDemo);

  app.get('/api/user/get_profits', { preHandler: requireUser, schema: { tags, response: { 200: envelopeSchema(profitsSchema) } } }, async (req) =>
    okEnvelope(req.lang, await service.todayProfits(db, currentUser(req).id, new Date())),
  );
};
