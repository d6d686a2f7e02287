import { uploadsEndpoints, type UploadResult } from '@tp/contracts';
import { call } from './client';

/**
 * POST /api/common/image_upload (multipart field `file`): the url of a photo, a proof or a drawn
 * signature, to send in the form that uses it. A File keeps its own name unless `name` is given.
 */
export function uploadImage(file: Blob, name?: string): Promise<UploadResult> {
  const form = new FormData();
  if (name === undefined) form.append('file', file);
  else form.append('file', file, name);
  return call(uploadsEndpoints.image, form);
}
