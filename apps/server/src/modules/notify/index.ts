import { defineModule } from '../define-module.js';
import { notifyRoutes } from './notify.routes.js';

export const notifyModule = defineModule({ name: 'notify', routes: notifyRoutes });

export { consumeCode, issueCode } from './codes.service.js';
export { consumeCaptcha, createCaptcha } from './captcha.service.js';
export { createOutbox, type Outbox } from './outbox.js';
