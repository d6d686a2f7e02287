import type { FastifyRequest } from 'fastify';
import { isRefusal, refuse } from '../../http/refusal.js';

/**
 * The content of the multipart field `file` of an upload request (the route's plugin registers
 * @fastify/multipart with `limits.fileSize = maxBytes`). Refusals: upload_missing, upload_too_large,
 * and bad_request for a malformed body. Shared by every endpoint that takes an image.
 */
export async function readImagePart(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!req.isMultipart()) refuse('upload_missing');
  let content: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || content) {
          part.file.resume();
          continue;
        }
        content = await part.toBuffer();
      }
    }
  } catch (err) {
    if (isRefusal(err)) throw err;
    // @fastify/multipart throws once a file passes limits.fileSize.
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') refuse('upload_too_large', { max_mb: String(+(maxBytes / 1024 / 1024).toFixed(2)) });
    // Anything else here is the body itself: no boundary, cut short, a malformed part. The
    // client's fault, refused like any bad input rather than answered as a fault of ours.
    req.log.info({ err: { code: (err as { code?: string }).code, message: (err as Error).message } }, 'malformed multipart body');
    refuse('bad_request', { field: 'file' });
  }
  if (!content) refuse('upload_missing');
  return content;
}

/** The multipart limits of an image upload route: one file of at most maxBytes. */
export function imageUploadLimits(maxBytes: number) {
  return { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 } };
}
