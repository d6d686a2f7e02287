import { z } from 'zod';
import { text } from '../form-fields.js';
import { access, defineEndpoint, FILE_OUTPUT } from './define-endpoint.js';
import { uploadResultSchema } from '../uploads.js';

const tags = ['wallet'];

export const uploadsEndpoints = {
  /** One image as the multipart part `file`. */
  image: defineEndpoint({ methods: ['POST'], path: '/api/common/image_upload', multipart: true, output: uploadResultSchema, access: access.real, idempotent: false, tags }),
  /** A private upload: its owner (user token) or an admin (admin token) reads it. */
  file: defineEndpoint({ methods: ['GET'], path: '/uploads/:name', params: z.object({ name: text.max(64) }), output: FILE_OUTPUT, access: access.userOrAdmin, idempotent: false, tags }),
};
