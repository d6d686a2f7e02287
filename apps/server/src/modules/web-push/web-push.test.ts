import fs from 'node:fs/promises';
import https from 'node:https';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type PushPayload } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callEndpoint, expectRefused, registerUser, type Registered } from '../../test/http-helpers.js';
import { decryptPush, newDevice, startPushService, verifyVapid, type LocalPushService } from '../../test/push-service.js';
import { EventRelay } from '../../engine/event-relay.js';
import { silentEngineLog } from '../../engine/engine-log.js';
import { createInProcessBus } from '../../realtime/bus.js';
import { notificationsModule, notify } from '../notifications/index.js';
import { webPushModule } from './index.js';
import { readVapidKeys } from './vapid-keys.js';
import { upsertSubscription } from './web-push.repository.js';
import { pushToUser } from './web-push.service.js';

/*
 * Web Push (issue 43, item 3): the VAPID key made on first start in DATA_DIR, a device's
 * subscription through the API, and delivery to a local push service that decrypts each push as a
 * browser would (RFC 8291) - no real push service is reachable here.
 */

let t: TestApp;
let ann: Registered;
let bob: Registered;
let service: LocalPushService;
const trustedBefore = https.globalAgent.options.ca;

const fcm = (id: string) => `https://fcm.googleapis.com/fcm/send/${id}`;

beforeAll(async () => {
  t = await createTestApp();
  ann = await registerUser(t.app, t.dataDir);
  bob = await registerUser(t.app, t.dataDir);
  service = await startPushService();
  // web-push sends over the global HTTPS agent: it trusts the local service's certificate.
  https.globalAgent.options.ca = service.cert;
}, 60_000);

afterAll(async () => {
  https.globalAgent.options.ca = trustedBefore;
  await service?.close();
  await t?.close();
});

const subscriptionsOf = (userId: number) => t.db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).orderBy('id').execute();

describe('the VAPID key', () => {
  it('is made on first start, kept in DATA_DIR (owner only) and answered to signed-in users', async () => {
    const file = path.join(t.dataDir, 'vapid-keys.json');
    const stat = await fs.stat(file);
    expect(stat.mode & 0o777).toBe(0o600);
    const kept = await readVapidKeys(t.dataDir);
    expect(kept.subject).toBe(`mailto:${t.app.config.adminEmail}`);
    const answer = await callEndpoint(t.app, endpoints.webPush.vapidKey, { token: ann.token });
    expect(answer.body.code).toBe(1);
    expect(answer.body.data).toEqual({ public_key: kept.publicKey });
    // An uncompressed P-256 point, as applicationServerKey takes it.
    expect(Buffer.from(kept.publicKey, 'base64url')).toHaveLength(65);
    expectRefused(await callEndpoint(t.app, endpoints.webPush.vapidKey, {}), 'not_logged_in', 999);
  });
});

describe('subscribing a device', () => {
  it('stores the subscription of a browser push service and forgets it on unsubscribe', async () => {
    const device = newDevice(fcm('ann-phone'));
    const input = { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth };
    expect((await callEndpoint(t.app, endpoints.webPush.subscribe, { token: ann.token, input })).body.code).toBe(1);
    // Subscribing again (the settings screen re-sends it) keeps one row.
    expect((await callEndpoint(t.app, endpoints.webPush.subscribe, { token: ann.token, input })).body.code).toBe(1);
    expect(await subscriptionsOf(ann.user.id)).toEqual([{ endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth }]);

    // Another user can neither unsubscribe nor take over Ann's device with keys of their own.
    expectRefused(await callEndpoint(t.app, endpoints.webPush.unsubscribe, { token: bob.token, input: { endpoint: device.endpoint } }), 'push_subscription_not_found');
    const other = newDevice(device.endpoint);
    expectRefused(await callEndpoint(t.app, endpoints.webPush.subscribe, { token: bob.token, input: { endpoint: device.endpoint, p256dh: other.p256dh, auth: other.auth } }), 'push_subscription_invalid');
    expect(await subscriptionsOf(ann.user.id)).toHaveLength(1);
    expect(await subscriptionsOf(bob.user.id)).toHaveLength(0);

    expect((await callEndpoint(t.app, endpoints.webPush.unsubscribe, { token: ann.token, input: { endpoint: device.endpoint } })).body.code).toBe(1);
    expect(await subscriptionsOf(ann.user.id)).toEqual([]);
    expectRefused(await callEndpoint(t.app, endpoints.webPush.unsubscribe, { token: ann.token, input: { endpoint: device.endpoint } }), 'push_subscription_not_found');
  });

  it('moves a device to the account now signed in on it when the browser sends the same subscription', async () => {
    const device = newDevice(fcm('shared-tablet'));
    const input = { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth };
    expect((await callEndpoint(t.app, endpoints.webPush.subscribe, { token: ann.token, input })).body.code).toBe(1);
    expect((await callEndpoint(t.app, endpoints.webPush.subscribe, { token: bob.token, input })).body.code).toBe(1);
    expect(await subscriptionsOf(ann.user.id)).toEqual([]);
    expect(await subscriptionsOf(bob.user.id)).toEqual([input]);
    await callEndpoint(t.app, endpoints.webPush.unsubscribe, { token: bob.token, input: { endpoint: device.endpoint } });
  });

  it('refuses a URL that is not a browser push service, and malformed keys', async () => {
    const device = newDevice(`${service.origin}/push/x`);
    for (const endpoint of [device.endpoint, 'https://169.254.169.254/latest', 'https://fcm.googleapis.com.evil.example/x', 'https://user@fcm.googleapis.com/x']) {
      expectRefused(await callEndpoint(t.app, endpoints.webPush.subscribe, { token: ann.token, input: { endpoint, p256dh: device.p256dh, auth: device.auth } }), 'push_service_unknown');
    }
    const bad = [
      { endpoint: 'http://fcm.googleapis.com/fcm/send/x', p256dh: device.p256dh, auth: device.auth },
      { endpoint: fcm('x'), p256dh: device.p256dh.slice(1), auth: device.auth },
      { endpoint: fcm('x'), p256dh: device.p256dh, auth: `${device.auth}AA` },
    ];
    for (const input of bad) expectRefused(await callEndpoint(t.app, endpoints.webPush.subscribe, { token: ann.token, input }), 'bad_request');
    expect(await subscriptionsOf(ann.user.id)).toEqual([]);
  });

  it('keeps the newest ten devices of a user', async () => {
    for (let i = 0; i < 12; i += 1) {
      const d = newDevice(fcm(`many-${i}`));
      expect((await callEndpoint(t.app, endpoints.webPush.subscribe, { token: bob.token, input: { endpoint: d.endpoint, p256dh: d.p256dh, auth: d.auth } })).body.code).toBe(1);
    }
    const kept = await subscriptionsOf(bob.user.id);
    expect(kept.map((s) => s.endpoint)).toEqual(Array.from({ length: 10 }, (_, i) => fcm(`many-${i + 2}`)));
    await t.db.deleteFrom('push_subscriptions').where('user_id', '=', bob.user.id).execute();
  });
});

describe('sending to the push service', () => {
  it('encrypts the payload for each device, signs with the VAPID key, and removes a subscription answered 410', async () => {
    const phone = newDevice(`${service.origin}/push/phone`);
    const laptop = newDevice(`${service.origin}/push/laptop`);
    const gone = newDevice(`${service.origin}/push/gone`);
    const flaky = newDevice(`${service.origin}/push/flaky`);
    service.statusOf.set('/push/gone', 410);
    service.statusOf.set('/push/flaky', 500);
    // Stored as the route stores them (its host check passes only real push services).
    for (const d of [phone, laptop, gone, flaky]) await upsertSubscription(t.db, ann.user.id, d);
    const payload: PushPayload = { id: 41, kind: 'deposit_decided', title: 'Deposit approved', body: '100 USDT credited · ✓', link: '/mine/charge-record' };
    const keys = await readVapidKeys(t.dataDir);
    const warnings: string[] = [];
    service.received.length = 0;

    const outcome = await pushToUser(t.db, keys, ann.user.id, payload, (m) => warnings.push(m));

    expect(outcome).toEqual({ sent: 2, removed: 1, failed: 1 });
    expect(service.received.map((r) => r.path).sort()).toEqual(['/push/flaky', '/push/gone', '/push/laptop', '/push/phone']);
    for (const device of [phone, laptop, gone, flaky]) {
      const push = service.received.find((r) => r.path === new URL(device.endpoint).pathname)!;
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.topic).toBe('n41');
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      expect(verifyVapid(push.headers.authorization as string, service.origin)).toEqual({ publicKey: keys.publicKey, subject: keys.subject });
      expect(JSON.parse(decryptPush(push.body, device))).toEqual(payload);
    }
    // A push for one device cannot be read with another device's keys.
    const phonePush = service.received.find((r) => r.path === '/push/phone')!;
    expect(() => decryptPush(phonePush.body, laptop)).toThrow();

    const left = await t.db.selectFrom('push_subscriptions').select(['endpoint', 'last_used_at']).where('user_id', '=', ann.user.id).orderBy('id').execute();
    expect(left.map((s) => s.endpoint)).toEqual([phone.endpoint, laptop.endpoint, flaky.endpoint]);
    expect(left.map((s) => s.last_used_at !== null)).toEqual([true, true, false]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('500');
    await t.db.deleteFrom('push_subscriptions').where('user_id', '=', ann.user.id).execute();
  });
});

describe('a stored notification', () => {
  it('reaches the devices of its user, in their language, only for kinds with push on', async () => {
    const carol = await registerUser(t.app, t.dataDir);
    const phone = newDevice(`${service.origin}/push/carol-phone`);
    await upsertSubscription(t.db, carol.user.id, phone);
    // Carol reads in German (her list was read with lang de) and wants deposit decisions pushed.
    expect((await callEndpoint(t.app, endpoints.notifications.list, { token: carol.token, headers: { lang: 'de' }, input: {} })).body.code).toBe(1);
    const saved = await callEndpoint(t.app, endpoints.notifications.saveSettings, { token: carol.token, input: { kind: 'deposit_decided', in_app: 1, push: 1, email: 0 } });
    expect(saved.body.code).toBe(1);
    // The relay as the engine runs it: notification.requested is stored, notification.stored pushed.
    const relay = new EventRelay({
      db: t.db,
      bus: createInProcessBus(),
      log: silentEngineLog,
      consumers: [...notificationsModule.eventConsumers, ...webPushModule.eventConsumers],
      dataDir: t.dataDir,
      pollMs: 0,
      retryBaseMs: 0,
    });
    service.received.length = 0;
    await t.db.transaction().execute(async (trx) => {
      await notify(trx, { userId: carol.user.id, kind: 'deposit_decided', params: { outcome: 'approved', amount: '250', currency: 'USDT' }, link: '/mine/charge-record' });
      // push is off by default for every other kind
      await notify(trx, { userId: carol.user.id, kind: 'withdrawal_decided', params: { outcome: 'approved', amount: '20', currency: 'USDT' }, link: '/mine/draw-record' });
    });
    await relay.drain();
    await relay.drain();

    expect(service.received.map((r) => r.path)).toEqual(['/push/carol-phone']);
    const pushed = JSON.parse(decryptPush(service.received[0]!.body, phone)) as PushPayload;
    const listed = await callEndpoint(t.app, endpoints.notifications.list, { token: carol.token, headers: { lang: 'de' }, input: {} });
    const deposit = listed.body.data.data.find((n) => n.kind === 'deposit_decided')!;
    expect(pushed).toEqual({ id: deposit.id, kind: 'deposit_decided', title: deposit.title, body: deposit.body, link: '/mine/charge-record' });
    const english = await callEndpoint(t.app, endpoints.notifications.list, { token: carol.token, headers: { lang: 'en' }, input: {} });
    expect(english.body.data.data.find((n) => n.id === deposit.id)!.title).not.toBe(pushed.title);

    // Delivered once: a second pass sends nothing more.
    await relay.drain();
    expect(service.received).toHaveLength(1);
  });
});
