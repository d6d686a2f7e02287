import { z } from 'zod';
import { wireDateTime } from './money.js';
import { ignoredT, pageQuery } from './envelope.js';
import { idField, intIn, optionalInt } from './form-fields.js';

/**
 * Notifications (decisions.md, "Notifications and price alerts"): what happened to a user's money
 * or requests, stored per user, pushed live on the private topic `NOTIFY`, and optionally e-mailed
 * or pushed to the browser. Title and body are rendered in the reader's language when read, from
 * the kind and its params, so a change of language re-words the whole list.
 */
export const NOTIFICATION_KINDS = [
  'order_filled',
  'order_closed',
  'option_settled',
  'copy_opened',
  'copy_closed',
  'deposit_decided',
  'withdrawal_decided',
  'real_name_decided',
  'loan_decided',
  'repayment_decided',
  'fund_income',
  'fund_matured',
  'support_reply',
  'price_alert',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

export function isNotificationKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** The money decisions: e-mailed by default (issue 43, item 4); every kind is shown in the app by default. */
export const EMAIL_BY_DEFAULT: readonly NotificationKind[] = ['deposit_decided', 'withdrawal_decided', 'loan_decided', 'repayment_decided'];

/** What a producer passes to `notify`: the text is made from kind + params when read. */
export type NotificationParams = Record<string, string | number>;

/** One notification as listed and as pushed on `NOTIFY`. */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** The web app's route that shows what it is about (`/mine/charge-record`), or null. */
  link: z.string().nullable(),
  created_at: wireDateTime,
});
export type NotificationPush = z.infer<typeof notificationSchema>;

export const notificationItemSchema = notificationSchema.extend({ read: z.union([z.literal(0), z.literal(1)]) });
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const notificationListInput = z.object({ ...pageQuery.shape, ...ignoredT });
export const notificationPageSchema = z.object({
  data: z.array(notificationItemSchema),
  total: z.number().int(),
  /** Unread notifications of the caller in all, whatever the page. */
  unread: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** Mark one notification read (`id`) or all of them (`all` = 1); exactly one of the two. */
export const notificationReadInput = z
  .object({ id: optionalInt(idField), all: optionalInt(intIn(1, 1)), ...ignoredT })
  .refine((v) => (v.id === undefined) !== (v.all === undefined), { message: 'id or all', path: ['id'] });
export const notificationReadResultSchema = z.object({ unread: z.number().int() });

const flag = intIn(0, 1);
export const notificationSettingSchema = z.object({
  kind: notificationKindSchema,
  in_app: z.union([z.literal(0), z.literal(1)]),
  push: z.union([z.literal(0), z.literal(1)]),
  email: z.union([z.literal(0), z.literal(1)]),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;
export const notificationSettingsSchema = z.array(notificationSettingSchema);
/** One kind's three switches; all three are sent (a form posts the row it shows). */
export const notificationSettingsInput = z.object({ kind: notificationKindSchema, in_app: flag, push: flag, email: flag, ...ignoredT });
