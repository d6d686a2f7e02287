import { expect, test } from '@playwright/test';
import { screenLoaded } from './support.js';

/*
 * Web Push in the app's service worker (issue 43, item 3): a push as the server sends it
 * ({id, kind, title, body, link}, contracts/web-push.ts) becomes a system notification. Headless
 * Chromium here reaches no push service, so pushManager.subscribe cannot succeed (the switch is
 * tested with a browser double in push-opt-in.test.tsx, the server's encrypted send against a
 * local push service in web-push.test.ts); the push itself is delivered to the worker through the
 * DevTools protocol, as the browser delivers what its push service hands it.
 */

test('a push reaches the service worker and shows one notification per stored notification', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.goto('/');
  await screenLoaded(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseURL!));
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const push = { id: 7, kind: 'deposit_decided', title: 'Deposit approved', body: '250 USDT were credited to your funding account', link: '/mine/charge-record' };
  const deliver = async (data: object) => cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL!).origin, registrationId: await registrationId, data: JSON.stringify(data) });

  await deliver(push);
  // The same notification delivered again (the outbox's at-least-once) replaces the first.
  await deliver(push);
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
    });
  await expect.poll(shown).toEqual([{ title: push.title, body: push.body, tag: 'notification-7', data: { link: '/mine/charge-record' } }]);

  // A push that is not JSON still shows, under the app's name.
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL!).origin, registrationId: await registrationId, data: 'plain text' });
  await expect.poll(async () => (await shown()).map((n) => n.title)).toEqual(expect.arrayContaining(['Deposit approved', 'TradePlatform']));
});
