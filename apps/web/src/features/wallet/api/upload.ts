import { uploadsEndpoints, type UploadResult } from '@tp/contracts';
import { call } from '../../../lib/api/client';

/** POST /api/common/image_upload (multipart field `file`): the url to send as proofImg. */
export function uploadImage(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  return call(uploadsEndpoints.image, form);
}
