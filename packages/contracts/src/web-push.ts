import { z } from 'zod';
import { ignoredT } from './envelope.js';
import { text } from './form-fields.js';

/**
 * Web Push (decisions.md, "Notifications and price alerts"): a device subscribes with the
 * PushSubscription its browser made for the server's VAPID key; notifications whose kind has
 * `push` on are sent to each of the user's subscriptions, encrypted for it (RFC 8291).
 */

/** A push service's URL for one subscription, as the browser hands it out (https only). */
const pushEndpoint = text.trim().min(1).max(1024).regex(/^https:\/\/[^\s]+$/);
/**
 * The subscription's P-256 public key: base64url (no padding) of the 65-byte uncompressed point,
 * which always starts with 0x04 - so its first character is `B`.
 */
const p256dh = text.regex(/^B[A-Za-z0-9_-]{86}$/);
/** The subscription's 16-byte authentication secret, base64url without padding. */
const authSecret = text.regex(/^[A-Za-z0-9_-]{22}$/);

/** What `PushSubscription.toJSON()` gives, flattened: `endpoint`, `keys.p256dh`, `keys.auth`. */
export const pushSubscribeInput = z.object({ endpoint: pushEndpoint, p256dh, auth: authSecret, ...ignoredT });
export type PushSubscribeInput = z.input<typeof pushSubscribeInput>;
export const pushUnsubscribeInput = z.object({ endpoint: pushEndpoint, ...ignoredT });

/** The server's VAPID public key (base64url), for `pushManager.subscribe({ applicationServerKey })`. */
export const vapidKeySchema = z.object({ public_key: z.string() });
export type VapidKey = z.infer<typeof vapidKeySchema>;

/** How many devices one user may have subscribed at once; the oldest gives way to a new one. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** What a push carries to the service worker: the notification's text in the user's language. */
export const pushPayloadSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The web app's route (`/mine/charge-record`), opened on a click; null opens the app. */
  link: z.string().nullable(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
