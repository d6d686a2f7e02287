import { defineModule } from '../define-module.js';
import { webPushConsumer } from './web-push-consumer.js';
import { webPushRoutes } from './web-push.routes.js';

/**
 * Web Push: devices' subscriptions (push_subscriptions), the VAPID key made on first start in
 * DATA_DIR, and the consumer that sends each stored notification to the devices of its user
 * where the user's push setting for its kind is on.
 */
export const webPushModule = defineModule({
  name: 'web-push',
  routes: webPushRoutes,
  eventConsumers: [webPushConsumer],
  consumes: ['notification.stored'],
});
