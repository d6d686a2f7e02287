import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentUser } from '../../http/auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import * as service from './support.service.js';
import { pushToStaff, pushToUser } from './support-push.js';

/** The user's side of the chat: their own conversation only (no id is ever taken). */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = endpoints.support;
  const { db } = app;

  route(app, e.history, async ({ req, input }) => okEnvelope(req.lang, await service.userHistory(db, currentUser(req).id, input.before_id)));

  route(app, e.unread, async ({ req }) => okEnvelope(req.lang, { unread: await service.userUnread(db, currentUser(req).id) }));

  route(app, e.send, async ({ req, input }) => {
    const userId = currentUser(req).id;
    const sent = await db.transaction().execute((trx) => service.sendAsUser(trx, userId, input));
    // After commit: the user's other devices and the staff inbox hear of it.
    pushToUser(app.bus, userId, { event: 'message', message: sent.message });
    pushToStaff(app.bus, sent.conversationId, userId, { event: 'message', message: sent.message });
    return okEnvelope(req.lang, sent.message);
  });

  route(app, e.read, async ({ req }) => {
    const userId = currentUser(req).id;
    const read = await db.transaction().execute((trx) => service.userRead(trx, userId));
    if (read) {
      pushToStaff(app.bus, read.conversationId, userId, { event: 'read', up_to_id: read.upToId });
      pushToUser(app.bus, userId, { event: 'read', up_to_id: read.upToId });
    }
    return okEnvelope(req.lang, { unread: 0 });
  });

  route(app, e.typing, async ({ req }) => {
    const userId = currentUser(req).id;
    // Nothing is stored; staff see it only once the user has a conversation.
    const conversation = await service.userConversationId(db, userId);
    if (conversation !== undefined) pushToStaff(app.bus, conversation, userId, { event: 'typing' });
    return okEnvelope(req.lang, { ok: true });
  });
};
