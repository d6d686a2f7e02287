import { isNotificationKind, type NotificationParams, type PushPayload } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { langOrDefault, notificationReaderLang, notificationSettingFor, renderNotification } from '../notifications/index.js';

/**
 * What a push carries for a stored notification, in its reader's language: undefined when the
 * user's push setting for its kind is off (or the notification is gone). The row is read here in
 * one statement from the notifications module's table on purpose: that module exports how to
 * word, whom to push and in which language, and a push needs only the row's kind, params and link.
 */
export async function notificationToPush(db: Executor, notificationId: number): Promise<PushPayload | undefined> {
  const row = await db.selectFrom('notifications').select(['id', 'user_id', 'kind', 'params', 'link']).where('id', '=', notificationId).executeTakeFirst();
  if (!row || !isNotificationKind(row.kind)) return undefined;
  const [setting, lang] = await Promise.all([notificationSettingFor(db, row.user_id, row.kind), notificationReaderLang(db, row.user_id)]);
  if (!setting.push) return undefined;
  const { title, body } = renderNotification(langOrDefault(lang), row.kind, row.params as NotificationParams);
  return { id: row.id, kind: row.kind, title, body, link: row.link };
}
