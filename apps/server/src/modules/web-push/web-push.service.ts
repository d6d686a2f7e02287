import { MAX_PUSH_SUBSCRIPTIONS_PER_USER, type PushPayload } from '@tp/contracts';
import webpush from 'web-push';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import type { VapidKeys } from './vapid-keys.js';
import { deleteOwnSubscription, deleteSubscription, markUsed, subscriptionsOf, trimSubscriptions, upsertSubscription, type SubscriptionKeys } from './web-push.repository.js';

/**
 * The browsers' push services (Chrome, Edge, Opera and Samsung Internet use Google's; Firefox
 * Mozilla's; Safari Apple's; Windows' own). The server POSTs to a subscription's URL, so only these
 * hosts are accepted: any other URL would make the server send requests wherever a user says.
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

export function isPushServiceUrl(endpoint: string, hosts: readonly string[] = PUSH_SERVICE_HOSTS): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

export async function subscribe(trx: Executor, userId: number, s: SubscriptionKeys): Promise<null> {
  if (!isPushServiceUrl(s.endpoint)) refuse('push_service_unknown');
  const stored = await upsertSubscription(trx, userId, s);
  if (!stored) refuse('push_subscription_invalid');
  await trimSubscriptions(trx, userId, MAX_PUSH_SUBSCRIPTIONS_PER_USER);
  return null;
}

export async function unsubscribe(trx: Executor, userId: number, endpoint: string): Promise<null> {
  if (!(await deleteOwnSubscription(trx, userId, endpoint))) refuse('push_subscription_not_found');
  return null;
}

/** How long a push service keeps a push for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 3600;
const PUSH_TIMEOUT_MS = 10_000;

export interface PushOutcome {
  sent: number;
  /** Subscriptions the push service called gone (404, 410): deleted. */
  removed: number;
  failed: number;
}

/**
 * Sends one notification to every device of the user, encrypted for each (aes128gcm, RFC 8291)
 * and signed with the VAPID key. A failure of one device neither stops the others nor is retried:
 * the notification is stored in the app already, and a retry would show it twice on the devices
 * that did get it. The topic makes the push service replace a copy it still holds for an offline
 * device instead of queueing a second one.
 */
export async function pushToUser(db: Executor, keys: VapidKeys, userId: number, payload: PushPayload, warn: (m: string) => void): Promise<PushOutcome> {
  const subscriptions = await subscriptionsOf(db, userId);
  const body = JSON.stringify(payload);
  const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 };
  const used: number[] = [];
  await Promise.all(
    subscriptions.map(async (s) => {
      try {
        await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, body, {
          vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: PUSH_TTL_SECONDS,
          topic: `n${payload.id}`,
          urgency: 'normal',
          timeout: PUSH_TIMEOUT_MS,
          contentEncoding: 'aes128gcm',
        });
        used.push(s.id);
        outcome.sent += 1;
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await deleteSubscription(db, s.id);
          outcome.removed += 1;
        } else {
          outcome.failed += 1;
          warn(`web push to subscription ${s.id} of user ${userId} failed: ${status ?? ''} ${(err as Error).message}`);
        }
      }
    }),
  );
  await markUsed(db, used);
  return outcome;
}
