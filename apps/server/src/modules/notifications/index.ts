import { defineModule } from '../define-module.js';
import { notificationRequestedConsumer } from './notification-consumer.js';
import { notificationsRoutes } from './notifications.routes.js';

export { notify, notifyMany, type NotificationRequest } from './notify.js';
export { renderNotification, langOrDefault, SUPPORT_PREVIEW_CHARS } from './render.js';
export { settingFor as notificationSettingFor } from './notifications.service.js';
export { readerLang as notificationReaderLang } from './notifications.repository.js';

/**
 * Notifications (issue 43): producers call `notify` in their transaction; the consumer of
 * `notification.requested` stores each once, pushes `NOTIFY` to the user's sockets, e-mails where
 * the settings say so and announces `notification.stored` (web push).
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  routes: notificationsRoutes,
  eventConsumers: [notificationRequestedConsumer],
  publishes: ['notification.requested', 'notification.stored', 'NOTIFY'],
  consumes: ['notification.requested'],
});
