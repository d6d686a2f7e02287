import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { currentUser, tokenFromHeader, userForToken } from '../../http/auth.js';
import { route } from '../../http/endpoint.js';
import { adminForToken } from '../../http/admin-auth.js';
import { refuse } from '../../http/refusal.js';
import { imageUploadLimits, readImagePart } from './read-image-part.js';
import { findUploadByName } from './uploads.repository.js';
import { storeImage, uploadsDir } from './uploads.service.js';

const NAME_PATTERN = /^[0-9a-f]{32}\.(?:png|jpg|webp)$/;

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const maxBytes = config.uploadMaxBytes;
  // One file per request; other parts are not expected.
  await app.register(multipart, imageUploadLimits(maxBytes));

  route(app, endpoints.uploads.image, async ({ req }) => {
    const user = currentUser(req);
    const content = await readImagePart(req, maxBytes);
    const quota = { perHour: config.uploadsPerHour, bytesPerDay: config.uploadBytesPerDay };
    return okEnvelope(req.lang, await storeImage(db, config.dataDir, user.id, content, quota), 'uploaded');
  });

  /**
   * Proof images are private: only their owner (user token) or an admin (admin token) reads them.
   * Served with the sniffed type, never sniffed again by the browser, and never as a document.
   */
  route(app, endpoints.uploads.file, async ({ req, reply, params }) => {
    if (!NAME_PATTERN.test(params.name)) refuse('not_found');
    const token = tokenFromHeader(req.headers.authorization);
    const user = await userForToken(db, token);
    const admin = user ? undefined : await adminForToken(db, token);
    if (!user && !admin) refuse('not_logged_in');
    const row = await findUploadByName(db, params.name);
    // Another user's upload answers exactly like a missing one.
    if (!row || (user && row.user_id !== user.id)) refuse('not_found');
    const file = path.join(uploadsDir(config.dataDir), row.stored_name);
    if (!fs.existsSync(file)) refuse('not_found');
    return reply
      .header('Content-Type', row.mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `inline; filename="${row.stored_name}"`)
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, max-age=86400')
      .send(fs.createReadStream(file));
  });
};
