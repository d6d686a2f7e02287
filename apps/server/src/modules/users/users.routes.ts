import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_TYPE_IDS, CODE_PURPOSE, endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { currentUser, tokenFromHeader, userForToken } from '../../http/auth.js';
import { route } from '../../http/endpoint.js';
import { runMoneyAction } from '../../http/idempotency.js';
import { refuse } from '../../http/refusal.js';
import { addressKey } from '../../lib/client-address.js';
import { consumeCaptcha, consumeCode, issueCode } from '../notify/index.js';
import { verifyRegType } from '../settings/index.js';
import { findUserByEmail, findUserById } from './users.repository.js';
import * as service from './users.service.js';
import { resetDemoAccount } from './reset-demo.js';
import { copyChangesOfIds, publishClosed, publishCopyTrades } from '../forex/index.js';
import { emitEvent } from '../../engine/event-outbox.js';
import { publishBusEvent } from '../../realtime/typed-bus.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const users = endpoints.users;

  // The account e-mail code: whether it goes out depends on whether the address has an account.
  route(app, endpoints.notify.sendEmail, async ({ req, input }) => {
    const { to, type } = input;
    if (type === CODE_PURPOSE.withdrawal) {
      // A withdrawal code goes to the signed-in real account's own e-mail, never to an address
      // the request names: a stolen session alone cannot have it sent elsewhere.
      const caller = await userForToken(db, tokenFromHeader(req.headers.authorization));
      if (!caller) refuse('not_logged_in');
      if (caller.isDemo) refuse('only_true_account');
      const own = await findUserById(db, caller.id);
      const address = own?.email;
      if (!address) refuse('only_true_account');
      const message = await db.transaction().execute((trx) => issueCode(trx, { channel: 'email', address, purpose: type, lang: req.lang }));
      await app.outbox.deliver(message); // after commit
      return okEnvelope(req.lang, null, 'code_sent');
    }
    if (to === undefined) refuse('account_required'); // the input schema requires it for types 1 and 2
    const existing = await findUserByEmail(db, to);
    if (type === CODE_PURPOSE.register && existing) refuse('account_exists');
    // A reset code for an unknown address is answered like a sent one, so the form cannot be used
    // to find out who has an account; nothing is stored or sent.
    if (type === CODE_PURPOSE.forgot && !existing) return okEnvelope(req.lang, null, 'code_sent');
    const message = await db.transaction().execute((trx) => issueCode(trx, { channel: 'email', address: to, purpose: type, lang: req.lang }));
    await app.outbox.deliver(message); // after commit
    return okEnvelope(req.lang, null, 'code_sent');
  });


  route(app, users.register, async ({ req, input }) => {
    const inviterId = await service.checkRegistration(db, input);
    // The code or captcha is spent on its own commit, so a wrong try counts even when refused.
    if ((await verifyRegType(db)) === 2) await consumeCaptcha(db, input.key, input.sms_code);
    else await consumeCode(db, { address: input.account, purpose: CODE_PURPOSE.register, code: input.sms_code });
    const session = await db.transaction().execute((trx) => service.registerUser(trx, { ...input, inviterId }, config.userSession));
    return okEnvelope(req.lang, session, 'registered');
  });

  route(app, users.login, async ({ req, input }) => {
    const session = await service.login(db, input, { ip: req.ip, failLimit: config.loginFailLimit, failWindowMs: config.loginFailWindowMs, sessionLifetime: config.userSession });
    return okEnvelope(req.lang, session, 'logged_in');
  });

  route(app, users.demoLogin, async ({ req, input }) => {
    // req.ip: the client's address; behind a proxy only with TRUST_PROXY=1 (else the proxy's).
    const signup = { ip: addressKey(req.ip), perIpPerHour: config.demoAccountsPerIpPerHour };
    return okEnvelope(req.lang, await db.transaction().execute((trx) => service.demoLogin(trx, input.demo_id, signup, config.userSession)), 'logged_in');
  });

  route(app, users.info, async ({ req }) => okEnvelope(req.lang, await service.userInfo(db, currentUser(req).id)));

  route(app, users.logout, async ({ req }) => {
    const { id: userId, sessionId } = currentUser(req);
    await db.transaction().execute((trx) => service.logout(trx, sessionId));
    // After commit: sockets logged in with this token end their login (on every server process).
    publishBusEvent(app.bus, 'session.revoked', { userId, sessionId });
    return okEnvelope(req.lang, null, 'logged_out');
  });

  route(app, users.amendPassword, async ({ req, input }) => {
    const { new_password, secondary_password, auth_code } = input;
    if (secondary_password !== undefined && secondary_password !== new_password) refuse('password_not_equal');
    const user = await findUserById(db, currentUser(req).id);
    if (!user?.email) refuse('only_true_account');
    await consumeCode(db, { address: user.email, purpose: CODE_PURPOSE.forgot, code: auth_code });
    await db.transaction().execute((trx) => service.changePassword(trx, user.id, new_password));
    // After commit: every token of the user was revoked, so every socket of the user ends its login.
    publishBusEvent(app.bus, 'session.revoked', { userId: user.id });
    return okEnvelope(req.lang, null, 'password_changed');
  });

  route(app, users.forgetPassword, async ({ req, input }) => {
    const { account, new_password, secondary_password, auth_code } = input;
    if (!secondary_password) refuse('input_full'); // both fields must be filled (spec 5)
    if (secondary_password !== new_password) refuse('password_not_equal');
    const user = await findUserByEmail(db, account);
    // No code was ever sent to an unknown address; say only that the code is wrong.
    if (!user) refuse('code_invalid');
    await consumeCode(db, { address: account, purpose: CODE_PURPOSE.forgot, code: auth_code });
    await db.transaction().execute((trx) => service.changePassword(trx, user.id, new_password));
    // After commit: every token of the user was revoked, so every socket of the user ends its login.
    publishBusEvent(app.bus, 'session.revoked', { userId: user.id });
    return okEnvelope(req.lang, null, 'password_changed');
  });

  // Keyed like the money actions: a retried reset after a lost answer resets once.
  route(app, users.resetDemo, async ({ req, input, scope }) => {
    const userId = currentUser(req).id;
    return runMoneyAction(db, req, scope, input ?? {}, async (trx) => {
      const closed = await resetDemoAccount(trx, userId);
      // Copies among the closed orders: their follower and trader hear of the close as of any other.
      const copies = await copyChangesOfIds(trx, closed);
      // Every balance of the demo was restored: the trigger engine re-reads the user once delivered.
      await emitEvent(trx, 'balance.changed', { userId, accountTypes: [...ACCOUNT_TYPE_IDS] });
      // After commit, what every close pushes: the user's sockets drop the closed orders, the copies'
      // followers and traders hear of them (the engine hears of the user through the outbox event above).
      return {
        data: null,
        key: 'demo_reset',
        afterCommit: () => {
          publishClosed(app.bus, userId, closed);
          publishCopyTrades(app.bus, copies);
        },
      };
    }, { retryConflicts: 3 });
  });

  route(app, users.profits, async ({ req }) => okEnvelope(req.lang, await service.todayProfits(db, currentUser(req).id, new Date())));
};
