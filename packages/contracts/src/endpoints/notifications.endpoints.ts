import { access, defineEndpoint } from './define-endpoint.js';
import {
  notificationListInput,
  notificationPageSchema,
  notificationReadInput,
  notificationReadResultSchema,
  notificationSettingsInput,
  notificationSettingsSchema,
} from '../notifications.js';

const tags = ['notifications'];

/** The caller's notifications and their per-kind settings (decisions.md, Notifications and price alerts). */
export const notificationsEndpoints = {
  list: defineEndpoint({ summary: "The caller's notifications, newest first (paged), with the unread count", methods: ['GET'], path: '/api/notification/list', input: notificationListInput, output: notificationPageSchema, access: access.user, idempotent: false, tags }),
  read: defineEndpoint({ summary: 'Mark one notification (id) or all of them (all=1) as read', methods: ['POST'], path: '/api/notification/read', input: notificationReadInput, output: notificationReadResultSchema, access: access.user, idempotent: false, tags }),
  settings: defineEndpoint({ summary: "The caller's notification settings, one row per kind", methods: ['GET'], path: '/api/notification/settings', output: notificationSettingsSchema, access: access.user, idempotent: false, tags }),
  saveSettings: defineEndpoint({ summary: "Set one kind's in-app, push and e-mail switches", methods: ['POST'], path: '/api/notification/settings', input: notificationSettingsInput, output: notificationSettingsSchema, access: access.user, idempotent: false, tags }),
};
