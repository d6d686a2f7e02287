import { webPushEndpoints } from '@tp/contracts';
import { ApiError, call } from '../../../lib/api/client';

/**
 * This device's Web Push subscription: the browser's PushManager on the app's service worker
 * (public/push-sw.js shows what arrives) and the server's copy of it (push_subscribe).
 */

export type PushSupport = 'supported' | 'unsupported' | 'denied';

/** Whether this browser can receive pushes here at all, and whether the user blocked them. */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** The service worker registers a few seconds after the first screen (register-sw.js): wait for it, within reason. */
const WORKER_WAIT_MS = 15_000;

async function registration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no service worker')), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The subscription the browser already holds for this app, if any (no prompt, no network). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const existing = await navigator.serviceWorker.getRegistration();
  return existing ? existing.pushManager.getSubscription() : null;
}

/** applicationServerKey takes the raw key bytes; the server gives them base64url. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made for this key; a browser that does not say is taken at its word. */
function sameKey(held: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!held) return true;
  const bytes = new Uint8Array(held);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** Tells the server about this device's subscription (also after another account used the device). */
export async function sendSubscription(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  await call(webPushEndpoints.subscribe, { endpoint: subscription.endpoint, p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' });
}

export type TurnOnResult = 'on' | 'denied' | 'failed';

/**
 * Asks for permission (the browser's prompt, once), subscribes with the server's VAPID key and
 * tells the server. A refusal by the server undoes the browser's subscription, so the switch and
 * the device agree.
 */
export async function turnOn(): Promise<TurnOnResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'failed';
  let subscription: PushSubscription | undefined;
  try {
    const reg = await registration();
    const { public_key } = await call(webPushEndpoints.vapidKey, {});
    const key = keyBytes(public_key);
    let held = await reg.pushManager.getSubscription();
    // One made for an earlier key of the server (a replaced DATA_DIR) would never get a push.
    if (held && !sameKey(held.options?.applicationServerKey, key)) {
      await held.unsubscribe();
      held = null;
    }
    subscription = held ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
    await sendSubscription(subscription);
    return 'on';
  } catch (err) {
    await subscription?.unsubscribe().catch(() => false);
    // The server's refusal was shown already (its message says why); anything else is ours to say.
    if (err instanceof ApiError) throw err;
    return 'failed';
  }
}

/** Stops pushes to this device: the server forgets it, then the browser drops the subscription. */
export async function turnOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await call(webPushEndpoints.unsubscribe, { endpoint: subscription.endpoint }, { silent: true });
  } catch (err) {
    // Already gone on the server (another account took the device, or it expired): off is off.
    if (!(err instanceof ApiError && err.errorKey === 'push_subscription_not_found')) throw err;
  }
  await subscription.unsubscribe();
}
