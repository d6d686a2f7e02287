import { defineEventConsumer } from '../../engine/event-consumer.js';
import { readVapidKeys } from './vapid-keys.js';
import { pushToUser } from './web-push.service.js';
import { notificationToPush } from './notification-text.js';

/**
 * Sends each stored notification to the user's subscribed devices when the user's `push` setting
 * for its kind is on. The outbox delivers at least once; a second delivery after a crash would
 * send again, which the service worker shows as the same notification (tag per id) and the push
 * service collapses while it still holds the first (topic per id).
 */
export const webPushConsumer = defineEventConsumer({
  name: 'web-push.send',
  event: 'notification.stored',
  async handle(payload, ctx) {
    if (!ctx.dataDir) throw new Error('web push needs DATA_DIR (the VAPID key) in the event consumers\' context');
    const push = await notificationToPush(ctx.db, payload.notificationId);
    if (!push) return;
    const keys = await readVapidKeys(ctx.dataDir);
    await pushToUser(ctx.db, keys, payload.userId, push, (m) => ctx.log.warn(m));
  },
});
