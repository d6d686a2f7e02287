import { z } from 'zod';
import { text } from '../form-fields.js';
import { access, defineEndpoint, FILE_OUTPUT } from './define-endpoint.js';
import { uploadResultSchema } from '../uploads.js';
import { UPLOAD_MIME_TYPES } from '../uploads-constants.js';

const tags = ['wallet'];

export const uploadsEndpoints = {
  /** One image as the multipart part `file`. */
  image: defineEndpoint({ summary: 'Upload an image (a deposit proof, an identity document) as the multipart part file', methods: ['POST'], path: '/api/common/image_upload', multipart: true, output: uploadResultSchema, access: access.real, idempotent: false, tags }),
  /** A private upload: its owner (user token) or an admin (admin token) reads it. */
  file: defineEndpoint({ summary: 'Read a private upload: its owner or staff', methods: ['GET'], path: '/uploads/:name', params: z.object({ name: text.max(64) }), output: FILE_OUTPUT, fileTypes: UPLOAD_MIME_TYPES, access: access.userOrAdmin, idempotent: false, tags }),
};
