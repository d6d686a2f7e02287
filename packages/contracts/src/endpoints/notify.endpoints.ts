import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import { captchaSchema, sendEmailInput, sendSmsInput } from '../users.js';

const tags = ['notify'];
const codeLimit = { max: 20, windowMs: 60_000 };

export const notifyEndpoints = {
  sendEmail: defineEndpoint({ summary: 'Send a verification code by e-mail (register, password reset, withdrawal)', methods: ['POST'], path: '/api/notify/send_email', input: sendEmailInput, output: z.null(), access: access.public, idempotent: false, rateLimit: codeLimit, tags }),
  sendSms: defineEndpoint({ summary: 'Send a verification code by text message', methods: ['POST'], path: '/api/notify/send_sms', input: sendSmsInput, output: z.null(), access: access.public, idempotent: false, rateLimit: codeLimit, tags }),
  captcha: defineEndpoint({ summary: 'A new image captcha', methods: ['GET'], path: '/api/captcha', output: captchaSchema, access: access.public, idempotent: false, rateLimit: { max: 60, windowMs: 60_000 }, tags }),
};
