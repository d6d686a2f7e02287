import { z } from 'zod';
import { text } from './form-fields.js';
import { UPLOAD_URL_PATTERN } from './uploads-constants.js';

/** Uploads of proof images (spec 4): limits, accepted types and the url a form sends back. */

export const uploadResultSchema = z.object({ url: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** A `proofImg`: the url answered by image_upload (an absolute url of this server is accepted too). */
export const uploadUrlInput = text
  .trim()
  .min(1)
  .max(300)
  .transform((v) => v.replace(/^https?:\/\/[^/]+/, ''))
  .pipe(text.regex(UPLOAD_URL_PATTERN, 'upload url'));
