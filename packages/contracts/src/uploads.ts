import { z } from 'zod';
import { text } from './form-fields.js';

/** Uploads of proof images (spec 4): limits, accepted types and the url a form sends back. */

/** Upload ceiling when UPLOAD_MAX_BYTES is unset. */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Image types accepted, recognised by content (magic bytes), never by name or declared type. */
export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type UploadMime = (typeof UPLOAD_MIME_TYPES)[number];
/** Where uploads are served: `/uploads/<name>`; name = 32 hex chars and the sniffed extension. */
export const UPLOAD_URL_PATTERN = /^\/uploads\/([0-9a-f]{32}\.(?:png|jpg|webp))$/;

export const uploadResultSchema = z.object({ url: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** A `proofImg`: the url answered by image_upload (an absolute url of this server is accepted too). */
export const uploadUrlInput = text
  .trim()
  .min(1)
  .max(300)
  .transform((v) => v.replace(/^https?:\/\/[^/]+/, ''))
  .pipe(text.regex(UPLOAD_URL_PATTERN, 'upload url'));
