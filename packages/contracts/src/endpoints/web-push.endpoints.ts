import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import { ignoredT } from '../envelope.js';
import { pushSubscribeInput, pushUnsubscribeInput, vapidKeySchema } from '../web-push.js';

const tags = ['notifications'];

/** This device's Web Push subscription (decisions.md, Notifications and price alerts). */
export const webPushEndpoints = {
  vapidKey: defineEndpoint({ summary: "The server's VAPID public key for subscribing a device to Web Push", methods: ['GET'], path: '/api/notification/vapid_key', input: z.object({ ...ignoredT }), output: vapidKeySchema, access: access.user, idempotent: false, tags }),
  subscribe: defineEndpoint({ summary: "Subscribe this device (its browser's push subscription) to the caller's notifications", methods: ['POST'], path: '/api/notification/push_subscribe', input: pushSubscribeInput, output: z.null(), access: access.user, idempotent: false, tags }),
  unsubscribe: defineEndpoint({ summary: "Stop Web Push to one of the caller's devices", methods: ['POST'], path: '/api/notification/push_unsubscribe', input: pushUnsubscribeInput, output: z.null(), access: access.user, idempotent: false, tags }),
};
