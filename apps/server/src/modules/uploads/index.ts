import { defineModule } from '../define-module.js';
import { uploadsRoutes } from './uploads.routes.js';

export const uploadsModule = defineModule({ name: 'uploads', routes: uploadsRoutes });

export { ownUploadId, storeImage, uploadUrl, uploadsDir } from './uploads.service.js';
export { imageUploadLimits, readImagePart } from './read-image-part.js';
