import { defineModule } from '../define-module.js';
import { uploadsRoutes } from './uploads.routes.js';

export const uploadsModule = defineModule({ name: 'uploads', routes: uploadsRoutes });

export { ownUploadId, uploadUrl } from './uploads.service.js';
