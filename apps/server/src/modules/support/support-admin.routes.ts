import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentAdmin } from '../../http/admin-auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { imageUploadLimits, readImagePart, storeImage } from '../uploads/index.js';
import * as service from './support.service.js';
import { pushToStaff, pushToUser } from './support-push.js';

/** Staff actions of the support inbox: replies (audited), read marks, typing, reply images. */
export const supportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = endpoints.support;
  const { db, config } = app;
  await app.register(multipart, imageUploadLimits(config.uploadMaxBytes));

  route(app, e.reply, async ({ req, input, params }) => {
    const adminId = currentAdmin(req).id;
    const sent = await db.transaction().execute((trx) => service.replyAsStaff(trx, adminId, params.id, input));
    pushToUser(app.bus, sent.userId, { event: 'message', message: sent.message });
    pushToStaff(app.bus, sent.conversationId, sent.userId, { event: 'message', message: sent.message });
    return okEnvelope(req.lang, sent.message);
  });

  route(app, e.staffRead, async ({ req, params }) => {
    const read = await db.transaction().execute((trx) => service.staffRead(trx, params.id));
    if (read.upToId !== undefined) {
      pushToUser(app.bus, read.userId, { event: 'read', up_to_id: read.upToId });
      pushToStaff(app.bus, params.id, read.userId, { event: 'read', up_to_id: read.upToId });
    }
    return okEnvelope(req.lang, { unread: 0 });
  });

  route(app, e.staffTyping, async ({ req, params }) => {
    const userId = await service.conversationUser(db, params.id);
    pushToUser(app.bus, userId, { event: 'typing' });
    return okEnvelope(req.lang, { ok: true });
  });

  /** Stored as the conversation's user's upload: the user reads it with their own token. */
  route(app, e.staffImage, async ({ req, params }) => {
    const userId = await service.conversationUser(db, params.id);
    const content = await readImagePart(req, config.uploadMaxBytes);
    const quota = { perHour: config.uploadsPerHour, bytesPerDay: config.uploadBytesPerDay };
    return okEnvelope(req.lang, await storeImage(db, config.dataDir, userId, content, quota), 'uploaded');
  });
};
