import { defineModule } from '../define-module.js';
import { notifyRoutes } from './notify.routes.js';
import { notifyAdminRoutes } from './outbox-reader.js';

export const notifyModule = defineModule({ name: 'notify', routes: notifyRoutes, adminRoutes: notifyAdminRoutes });

export { checkCode, consumeCode, issueCode, useCheckedCode } from './codes.service.js';
export { consumeCaptcha, createCaptcha } from './captcha.service.js';
export { createOutbox, outboxFile, type Outbox } from './outbox.js';
